"""The template AST: frozen dataclasses, each with the source span it came from."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property


@dataclass(frozen=True)
class Span:
    """Where a node starts in its template file (1-based line and column)."""

    line: int = 0
    col: int = 0


@dataclass(frozen=True)
class Index:
    """One subscript: a linear combination of index variables plus a constant.

    The template language's form, over index names: it imports nothing of MLIR or the
    front end, so it keeps its own (`frontend.affine.Affine` is the front end's, over
    SSA names); `subscripts.plain_subscript` asks it and the others one question alike.
    """

    terms: tuple[tuple[str, int], ...]
    const: int = 0
    span: Span = field(default=Span(), compare=False)

    @property
    def vars(self) -> tuple[str, ...]:
        """The index variables this subscript uses, in order."""
        return tuple(name for name, _ in self.terms)

    def __str__(self) -> str:
        text = ""
        for name, coeff in self.terms:
            sign = "-" if coeff < 0 else "+"
            mag = "" if abs(coeff) == 1 else f"{abs(coeff)}*"
            text += f"{sign}{mag}{name}"
        if self.const or not text:
            text += f"{self.const:+d}"
        return text.lstrip("+")


@dataclass(frozen=True)
class Access:
    """`A[i, k+1]`: an element of an array parameter."""

    array: str
    indices: tuple[Index, ...]
    span: Span = field(default=Span(), compare=False)

    def __str__(self) -> str:
        return f"{self.array}[{', '.join(map(str, self.indices))}]"


@dataclass(frozen=True)
class Lookup:
    """`wr[abs(d) >> 8]`: the entry of a one-dimensional table at a computed subscript."""

    array: str
    key: Expr
    span: Span = field(default=Span(), compare=False)

    def __str__(self) -> str:
        return f"{self.array}[{self.key}]"


@dataclass(frozen=True)
class Ref:
    """A scalar parameter (in a computation) or a size symbol (in a cost)."""

    name: str
    span: Span = field(default=Span(), compare=False)

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class Num:
    """A numeric literal, kept as written so that `0` and `0.0` both read as zero."""

    value: float
    span: Span = field(default=Span(), compare=False)

    def __str__(self) -> str:
        return f"{self.value:g}"


@dataclass(frozen=True)
class Bin:
    """A binary operation: one of `+ - * / >> <<`."""

    op: str
    lhs: Expr
    rhs: Expr
    span: Span = field(default=Span(), compare=False)

    def __str__(self) -> str:
        return f"({self.lhs} {self.op} {self.rhs})"


@dataclass(frozen=True)
class Neg:
    """Unary minus."""

    operand: Expr
    span: Span = field(default=Span(), compare=False)

    def __str__(self) -> str:
        return f"-{self.operand}"


@dataclass(frozen=True)
class Call:
    """A function of the language: max, min, sqrt, exp, abs."""

    fn: str
    args: tuple[Expr, ...]
    span: Span = field(default=Span(), compare=False)

    def __str__(self) -> str:
        return f"{self.fn}({', '.join(map(str, self.args))})"


@dataclass(frozen=True)
class Compare:
    """`a < b` (one of `< <= > >= == !=`): a condition of integers."""

    op: str
    lhs: Expr
    rhs: Expr
    span: Span = field(default=Span(), compare=False)

    def __str__(self) -> str:
        return f"{self.lhs} {self.op} {self.rhs}"


@dataclass(frozen=True)
class And:
    """`c1 && c2`: C's lazy conjunction (c2 is evaluated only where c1 holds)."""

    lhs: Expr
    rhs: Expr
    span: Span = field(default=Span(), compare=False)

    def __str__(self) -> str:
        return f"{self.lhs} && {self.rhs}"


@dataclass(frozen=True)
class Cond:
    """`c ? a : b`: only the arm the condition picks is evaluated."""

    test: Expr
    then: Expr
    other: Expr
    span: Span = field(default=Span(), compare=False)

    def __str__(self) -> str:
        return f"({self.test} ? {self.then} : {self.other})"


Expr = Access | Lookup | Ref | Num | Bin | Neg | Call | Compare | And | Cond


@dataclass(frozen=True)
class Condition:
    """`j <= i` in a step's `where`: the step runs only where it holds (a triangle)."""

    lhs: Index
    op: str  # one of < <= > >=
    rhs: Index
    span: Span = field(default=Span(), compare=False)

    def __str__(self) -> str:
        return f"{self.lhs} {self.op} {self.rhs}"


@dataclass(frozen=True)
class Step:
    """One statement: `target = value` (overwrite) or `target += value` (accumulate),
    over the points where every `where` condition holds. The target is an element, a
    table entry at a computed subscript (a scatter) or a local scalar (`Ref`).

    `with_previous`: the step is one of a joint update `(r[], k[]) = (a, b)` and runs
    together with the step before it, point by point: both read the values their
    targets held before the point (two accumulators a loop carries side by side, such as
    the largest element and its index), and one op with an output per target computes
    them."""

    target: Access | Lookup | Ref
    op: str
    value: Expr
    span: Span = field(default=Span(), compare=False)
    where: tuple[Condition, ...] = ()
    with_previous: bool = False

    def __str__(self) -> str:
        where = f" where {', '.join(map(str, self.where))}" if self.where else ""
        joint = " (with the step before)" if self.with_previous else ""
        return f"{self.target} {self.op} {self.value}{where}{joint}"


@dataclass(frozen=True)
class DataBound:
    """A loop bound read from data: an element of an integer array plus a constant
    (`rowptr[i+1]`, `rowptr[i] - 1`), read once before the loop's first iteration."""

    element: Access
    const: int = 0
    span: Span = field(default=Span(), compare=False)

    def __str__(self) -> str:
        shift = f" + {self.const}" if self.const > 0 else f" - {-self.const}" if self.const else ""
        return f"{self.element}{shift}"


@dataclass(frozen=True)
class Loop:
    """`for lower <= var < upper { body }` in a loop program: the body's statements in
    order at each value of `var`, increasing, or decreasing when `reversed`. The bounds
    are sums of sizes, the counters of enclosing loops and integers, or elements of
    integer arrays (data bounds: `rowptr[i]`, read once before the first iteration)."""

    var: str
    lower: Index | DataBound
    upper: Index | DataBound
    body: tuple[Step | Loop, ...]
    reversed: bool = False
    span: Span = field(default=Span(), compare=False)

    def __str__(self) -> str:
        zero = isinstance(self.lower, Index) and not (self.lower.terms or self.lower.const)
        lower = "" if zero else f"{self.lower} <= "
        order = " reversed" if self.reversed else ""
        return f"for {lower}{self.var} < {self.upper}{order} {{ ... }}"


@dataclass(frozen=True)
class ArrayDecl:
    """`array A[m, k] in`: an array parameter, its size symbols per dimension, its role,
    and its element type when it is not the launch's (`array wr[n] in : i32`)."""

    name: str
    dims: tuple[str, ...]
    role: str
    span: Span = field(default=Span(), compare=False)
    dtype: str | None = None

    @property
    def rank(self) -> int:
        """Number of dimensions."""
        return len(self.dims)


@dataclass(frozen=True)
class ScalarDecl:
    """`scalar alpha`, `scalar beta = 0` or `scalar shift : i32`: a scalar parameter."""

    name: str
    fixed: float | None = None
    span: Span = field(default=Span(), compare=False)
    dtype: str | None = None  # the scalar's C type when not the element type


@dataclass(frozen=True)
class WindowDecl:
    """`window r < 2`: an index with a constant extent that no array dimension states."""

    name: str
    extent: int
    span: Span = field(default=Span(), compare=False)


@dataclass(frozen=True)
class LocalDecl:
    """`local cmin : i32`: a scalar the computation defines, not a launch parameter; a
    loop program's local may leave its type ("") to the launch's element type."""

    name: str
    dtype: str
    span: Span = field(default=Span(), compare=False)


Param = ArrayDecl | ScalarDecl


@dataclass(frozen=True)
class Template:
    """One kernel template as written; `checks.check_template` validates it."""

    name: str
    span: Span
    file: str
    params: tuple[Param, ...] = ()
    steps: tuple[Step, ...] = ()
    doc: str = ""
    types: tuple[str, ...] = ()
    launch: str = ""
    shim: tuple[str, ...] = ()
    backends: tuple[str, ...] = ()
    # (`exact`, None), (`reassoc`, the ULP bound) or (`backward`, the backward error
    # bound in unit roundoffs): bounds are expressions of sizes
    accuracy: tuple[str, Expr | None] = ("exact", None)
    flops: Expr | None = None
    bytes: Expr | None = None
    attrs: tuple[tuple[str, str], ...] = ()
    accumulate: str = ""  # integer templates: the type arithmetic runs in
    windows: tuple[WindowDecl, ...] = ()
    locals: tuple[LocalDecl, ...] = ()
    item_spans: tuple[tuple[str, Span], ...] = ()
    # A loop program (`compute { for ... }`): its top-level loops; `steps` then holds
    # its statements in source order, for the analyses that read every statement.
    program: tuple[Loop, ...] = ()

    @property
    def arrays(self) -> tuple[ArrayDecl, ...]:
        """The array parameters, in declaration order."""
        return tuple(p for p in self.params if isinstance(p, ArrayDecl))

    @property
    def scalars(self) -> tuple[ScalarDecl, ...]:
        """The scalar parameters, in declaration order."""
        return tuple(p for p in self.params if isinstance(p, ScalarDecl))

    def param(self, name: str) -> Param | None:
        """The parameter called `name`, if any."""
        return self._params_by_name.get(name)

    @cached_property
    def _params_by_name(self) -> dict[str, Param]:
        """The parameters by name (the first of a name, as checks.py reports a second):
        a match looks one up on every access it binds."""
        return {p.name: p for p in reversed(self.params)}

    def local(self, name: str) -> LocalDecl | None:
        """The local scalar called `name`, if any."""
        return next((v for v in self.locals if v.name == name), None)

    def window(self, name: str) -> WindowDecl | None:
        """The window declaration of index `name`, if any."""
        return next((w for w in self.windows if w.name == name), None)

    def span_of(self, item: str) -> Span:
        """Where the item (`launch`, `shim`, ...) was written, else the template's span."""
        return next((s for k, s in self.item_spans if k == item), self.span)
