"""The program tree the fuzzer generates, renders to C and shrinks.

A program is one kernel function over arrays, size parameters, scalar parameters and
local scalars, whose body is loops and statements. Every node is a frozen dataclass, so
a shrinking step is a new tree built by `dataclasses.replace`, and two trees compare by
value (the shrinker never tries the same candidate twice).

Array extents are not part of the tree: the renderer derives them from the subscripts'
ranges (`render.extents`), so every edit (a shifted read, a longer loop) stays in bounds.
"""

from __future__ import annotations

from dataclasses import dataclass

# A comparison with its operands swapped (`a > b` is `b < a`), or turned the other way.
REVERSED = {">": "<", "<": ">", ">=": "<=", "<=": ">="}

# The element types a program may use, by their C spelling.
FLOAT_TYPES = ("double", "float")
INT_TYPES = ("int32_t", "int16_t", "int8_t")


@dataclass(frozen=True)
class Term:
    """`coef * var` in an affine expression (`var` a loop counter or a size parameter)."""

    var: str
    coef: int


@dataclass(frozen=True)
class Affine:
    """An affine expression of loop counters and size parameters: sum of terms + const."""

    terms: tuple[Term, ...] = ()
    const: int = 0

    def plus(self, value: int) -> Affine:
        """This expression with `value` added."""
        return Affine(self.terms, self.const + value)

    def names(self) -> set[str]:
        """The variables this expression reads."""
        return {t.var for t in self.terms if t.coef}


def var(name: str, offset: int = 0, coef: int = 1) -> Affine:
    """`coef * name + offset`."""
    return Affine((Term(name, coef),), offset)


def const(value: int) -> Affine:
    """The constant `value`."""
    return Affine((), value)


@dataclass(frozen=True)
class Const:
    """A literal of the program's element type (`value` is exact in it)."""

    value: float


@dataclass(frozen=True)
class Scalar:
    """A scalar parameter or local variable, by name."""

    name: str


@dataclass(frozen=True)
class Read:
    """`array[index...]`."""

    array: str
    index: tuple[Affine, ...]


@dataclass(frozen=True)
class Binary:
    """`left op right` with op one of + - * / >> (/ and >> only by constants)."""

    op: str
    left: Expr
    right: Expr


@dataclass(frozen=True)
class Select:
    """`left cmp right ? then : other`, C's max and min among them."""

    cmp: str
    left: Expr
    right: Expr
    then: Expr
    other: Expr


@dataclass(frozen=True)
class Index:
    """An `int` value of loop counters and sizes: a counter as a value (`k = i`, the
    position an argmax keeps), or an integer constant (`k = -1`)."""

    value: Affine


@dataclass(frozen=True)
class Abs:
    """`fabs(arg)` (`fabsf` in a float program): the magnitude an i?amax compares."""

    arg: Expr


@dataclass(frozen=True)
class Guarded:
    """`(e >= 0 && e < h && ...) ? array[e, ...] : other`: a read that C first tests
    against the array's extents, a pooling window's padding. `bounds[k]` names the size
    parameter subscript k is tested against ("" for one not tested); the array's extent
    there is that size, so the read is in bounds whatever the subscript's range."""

    read: Read
    bounds: tuple[str, ...]
    other: Expr


Expr = Const | Scalar | Read | Binary | Select | Index | Abs | Guarded


@dataclass(frozen=True)
class Store:
    """`array[index] op value`; op is =, +=, *=, or max / min (written with `?:`)."""

    array: str
    index: tuple[Affine, ...]
    op: str
    value: Expr


@dataclass(frozen=True)
class SetLocal:
    """`name op value` for a local scalar (a temporary or a carried accumulator)."""

    name: str
    op: str
    value: Expr


@dataclass(frozen=True)
class Loop:
    """`for (v = lo; v < hi; v += step)`, or counting down from hi - 1 to lo.

    `hi` is exclusive; a triangular loop has an outer counter in `lo` or `hi`.
    """

    var: str
    lo: Affine
    hi: Affine
    body: tuple[Stmt, ...]
    step: int = 1
    down: bool = False


@dataclass(frozen=True)
class If:
    """`if (left cmp right) { body }`: several locals updated under one comparison (an
    argmax keeps the value and its position)."""

    cmp: str
    left: Expr
    right: Expr
    body: tuple[Stmt, ...]


Stmt = Store | SetLocal | Loop | If


def inner(stmt: Stmt) -> tuple[Stmt, ...]:
    """The statements nested in `stmt`: a loop's or an `if`'s body; none for the rest."""
    match stmt:
        case Loop(body=body) | If(body=body):
            return body
    return ()


@dataclass(frozen=True)
class Array:
    """A kernel array parameter: its name, C element type and rank."""

    name: str
    ctype: str
    rank: int
    # The values main fills it with, element k taking values[k % len(values)]; none: a
    # formula of varied values. A table makes ties, signed zeros and NaNs as often as
    # a shape needs them (the cases where a reduction's library call may differ).
    values: tuple[float, ...] = ()


@dataclass(frozen=True)
class SizeParam:
    """An `int` parameter that loop bounds may use; main passes `value`."""

    name: str
    value: int


@dataclass(frozen=True)
class ScalarParam:
    """A scalar parameter of the element type (alpha, beta); main passes `value`."""

    name: str
    value: float


@dataclass(frozen=True)
class Alias:
    """Main's second call passes `array` for parameter `param` (same type and rank)."""

    param: str
    array: str


@dataclass(frozen=True)
class Program:
    """One kernel: `dtype` is the element type of scalars, locals and float arrays."""

    dtype: str
    arrays: tuple[Array, ...]
    sizes: tuple[SizeParam, ...]
    scalars: tuple[ScalarParam, ...]
    locals: tuple[str, ...]
    body: tuple[Stmt, ...]
    shape: str = "random"  # what the generator built: a library shape's name, or random
    # Without `restrict` the arrays may overlap for the front end: it versions the kernel
    # (an entry guard on the address ranges, a fallback), and main passes distinct arrays.
    restrict: bool = True
    # A second call of the kernel that passes array `alias.array` as parameter
    # `alias.param` too: overlapping arguments, which only a version at entry may handle.
    alias: Alias | None = None
    # Locals of C's `int` (an argmax's position), beside `locals` of type `dtype`.
    int_locals: tuple[str, ...] = ()

    def array(self, name: str) -> Array:
        """The array called `name`."""
        return next(a for a in self.arrays if a.name == name)

    @property
    def is_int(self) -> bool:
        """Whether the program computes in integers."""
        return self.dtype in INT_TYPES


def walk_stmts(body: tuple[Stmt, ...]):
    """Every statement of `body`, loops and `if`s before their bodies."""
    for stmt in body:
        yield stmt
        yield from walk_stmts(inner(stmt))


def walk_expr(expr: Expr):
    """`expr` and every expression inside it."""
    yield expr
    match expr:
        case Binary(_, left, right):
            yield from walk_expr(left)
            yield from walk_expr(right)
        case Select(_, left, right, then, other):
            for part in (left, right, then, other):
                yield from walk_expr(part)
        case Abs(arg):
            yield from walk_expr(arg)
        case Guarded(_, _, other):
            # Not the read: its subscripts may leave the array where the test fails, so
            # extents and edits treat it on its own (`render.extents`).
            yield from walk_expr(other)


def stmt_exprs(stmt: Stmt) -> tuple[Expr, ...]:
    """The expressions a statement evaluates (not those of a loop's body)."""
    match stmt:
        case Store(_, _, _, value) | SetLocal(_, _, value):
            return (value,)
        case If(_, left, right, _):
            return (left, right)
    return ()


def written_arrays(program: Program) -> set[str]:
    """The arrays some statement stores to."""
    return {s.array for s in walk_stmts(program.body) if isinstance(s, Store)}


def used_names(program: Program) -> set[str]:
    """Every array, parameter and local the body mentions."""
    names: set[str] = set()
    for stmt in walk_stmts(program.body):
        match stmt:
            case Loop(_, lo, hi, _, _, _):
                names |= lo.names() | hi.names()
            case Store(array, index, _, _):
                names.add(array)
                names |= {n for a in index for n in a.names()}
            case SetLocal(name, _, _):
                names.add(name)
        for expr in stmt_exprs(stmt):
            for node in walk_expr(expr):
                match node:
                    case Read(array, index):
                        names.add(array)
                        names |= {n for a in index for n in a.names()}
                    case Scalar(name):
                        names.add(name)
                    case Index(value):
                        names |= value.names()
                    case Guarded(Read(array, index), bounds, _):
                        names.add(array)
                        names |= {n for a in index for n in a.names()} | set(bounds) - {""}
    return names
