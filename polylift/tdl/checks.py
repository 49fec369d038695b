"""Semantic checks of templates, run after parsing and before any template is used."""

from __future__ import annotations

from polylift.errors import SourceLoc
from polylift.subscripts import plain_subscript
from polylift.tdl.ast import (
    Access,
    And,
    ArrayDecl,
    Bin,
    Call,
    Compare,
    Cond,
    Expr,
    Lookup,
    Neg,
    Num,
    Ref,
    ScalarDecl,
    Span,
    Step,
    Template,
)
from polylift.tdl.errors import TemplateError
from polylift.tdl.program_checks import bound_arrays, check_program
from polylift.tdl.steps import (
    accesses,
    definitions_read,
    is_point,
    is_recurrence,
    is_scatter,
    lookups,
    names_read,
    step_indices,
    target_array,
    walk,
    written_access,
    written_indices,
)

# The name of the element size (bytes) in cost expressions.
ELEMENT_SIZE = "esize"
COST_OPERATORS = ("+", "-", "*", "/")

# `u8`, `u16`: unsigned pixels (MLIR keeps them in i8, i16; C promotes them to int by
# zero extension).
DTYPES = ("f16", "f32", "f64", "i8", "i16", "i32", "i64", "u8", "u16")
BACKENDS = ("ref", "host", "cublas", "cublaslt", "cudnn", "cusolver", "npp", "pva")
# `rdiv(x, d)`: x / d rounded to nearest, halves away from zero, for integers
# (`x >= 0 ? (x + d/2) / d : -((d/2 - x) / d)` with C's truncating `/`).
# `unsigned(x)`: x's bits read as an unsigned number, only as a lookup's subscript.
# `i64(x)`: x sign-extended to 64 bits (C's conversion to int64_t).
# `f64(x)`, `f32(x)`: a float converted to double (exactly) or rounded to float, as C
# converts `sqrt(v)` of a float v or a double result stored into a float.
FUNCTIONS = {"max": 2, "min": 2, "sqrt": 1, "exp": 1, "tanh": 1, "abs": 1, "rdiv": 2,
             "unsigned": 1, "i64": 1, "f64": 1, "f32": 1}
# Operators and functions of integer templates only, and of f32 templates only.
INTEGER_ONLY = (">>", "<<", "rdiv", "unsigned", "i64")
F32_ONLY = ("f64", "f32")
# `border` says what a window operator does at the edges (see templates/pva.tpl).
BORDERS = ("replicate", "halo")
# Item key in the AST -> the keyword a user writes.
REQUIRED = {"types": "types", "steps": "compute", "launch": "launch", "shim": "shim",
            "backends": "backends", "accuracy": "accuracy", "cost": "cost"}


class _Checker:
    """Collects the first error of one template (errors name the node's position)."""

    def __init__(self, tpl: Template, source: str | None):
        self.tpl, self.source = tpl, source

    def fail(self, span: Span, message: str) -> TemplateError:
        loc = SourceLoc(self.tpl.file, span.line or 1, span.col or 1)
        return TemplateError(f"template '{self.tpl.name}': {message}", loc, self.source)

    def run(self) -> None:
        tpl = self.tpl
        present = {k for k, _ in tpl.item_spans}
        for item, word in REQUIRED.items():
            if item not in present:
                raise self.fail(tpl.span, f"missing '{word}'")
        self.check_params()
        for name in tpl.types:
            if name not in DTYPES:
                raise self.fail(tpl.span_of("types"), f"unknown element type '{name}'")
        for name in tpl.backends:
            if name not in BACKENDS:
                raise self.fail(tpl.span_of("backends"), f"unknown backend '{name}'")
        self.check_types()
        self.check_locals()
        for step in tpl.steps:
            self.check_step(step)
        if tpl.program:
            check_program(tpl, self.fail)
        else:
            self.check_index_extents()
            self.check_windows()
        self.check_roles()
        self.check_shim()
        self.check_cost()
        self.check_used()
        border = dict(tpl.attrs).get("border")
        if border is not None and border not in BORDERS:
            raise self.fail(tpl.span_of("attrs"), f"unknown border rule '{border}' "
                                                  f"(known: {', '.join(BORDERS)})")

    def check_params(self) -> None:
        seen: set[str] = set()
        for param in self.tpl.params:
            if param.name in seen:
                raise self.fail(param.span, f"parameter '{param.name}' declared twice")
            seen.add(param.name)
        sizes = {d for a in self.tpl.arrays for d in a.dims}
        clash = sizes & seen
        if clash:
            raise self.fail(self.tpl.span, f"'{sorted(clash)[0]}' is both a size and a parameter")

    def check_types(self) -> None:
        """Scalar types, the accumulation type, and integer-only operators."""
        tpl = self.tpl
        for decl in tpl.params:
            if decl.dtype is not None and decl.dtype not in DTYPES:
                kind = "scalar" if isinstance(decl, ScalarDecl) else "array"
                raise self.fail(decl.span, f"unknown {kind} type '{decl.dtype}'")
        ints = all(t[0] in "iu" for t in tpl.types)
        if tpl.accumulate:
            span = tpl.span_of("accumulate")
            if len({t[0] for t in tpl.types}) > 1:
                raise self.fail(span, "'accumulate' extends reads one way: the element types "
                                      "are all signed or all unsigned")
            if tpl.accumulate not in DTYPES or not tpl.accumulate.startswith("i"):
                raise self.fail(span, f"accumulation type '{tpl.accumulate}' is not an "
                                      "integer type")
            if not ints:
                raise self.fail(span, "'accumulate' needs integer element types only")
            narrower = [t for t in tpl.types if _bits(t) > _bits(tpl.accumulate)]
            if narrower:
                raise self.fail(span, f"element type '{narrower[0]}' is wider than the "
                                      f"accumulation type '{tpl.accumulate}'")
        for step in tpl.steps:
            for node in walk(step.value):
                name = node.op if isinstance(node, Bin) else \
                    node.fn if isinstance(node, Call) else ""
                if name in INTEGER_ONLY and not ints:
                    raise self.fail(node.span, f"'{name}' needs integer element types only")
                if name in F32_ONLY and tuple(tpl.types) != ("f32",):
                    raise self.fail(node.span, f"'{name}' needs the element type f32 only")

    def check_access(self, access: Access) -> None:
        decl = self.tpl.param(access.array)
        if not isinstance(decl, ArrayDecl):
            raise self.fail(access.span, f"'{access.array}' is not an array parameter")
        if decl.rank != len(access.indices):
            raise self.fail(access.span, f"'{access.array}' has rank {decl.rank}, "
                                         f"indexed with {len(access.indices)} subscripts")
        for index in access.indices:
            for var in index.vars:
                if self.tpl.param(var) is not None:
                    raise self.fail(index.span, f"parameter '{var}' used as an index")

    def check_locals(self) -> None:
        """Local scalars: declared once, of a known type, no parameter or size, defined
        before they are read, and a fold (a definition over indices) updates a value
        defined before it."""
        names = {p.name for p in self.tpl.params} | \
            {d for a in self.tpl.arrays for d in a.dims}
        seen: set[str] = set()
        for decl in self.tpl.locals:
            if decl.name in seen or decl.name in names:
                raise self.fail(decl.span, f"local '{decl.name}' is declared twice or is "
                                           "also a parameter or size")
            if decl.dtype not in DTYPES and (decl.dtype or not self.tpl.program):
                raise self.fail(decl.span, f"unknown local type '{decl.dtype}'")
            seen.add(decl.name)
        defined: set[str] = set()
        for step in self.tpl.steps:
            for node in walk(step.value):
                if isinstance(node, Ref) and self.tpl.local(node.name) is not None \
                        and node.name not in defined:
                    raise self.fail(node.span, f"local '{node.name}' is read before a step "
                                               "defines it")
            if isinstance(step.target, Ref):
                if (step.op != "=" and step.target.name not in defined) or step.where or \
                        (step.op != "=" and not self.tpl.program):
                    raise self.fail(step.span, "a local is defined by an '=' step without "
                                               "'where'")
                defined.add(step.target.name)

    def check_used(self) -> None:
        """Each parameter and local is used by a step that an op computes, or by a
        definition such a step reads: the matched ops bind every launch operand."""
        steps, used = self.tpl.steps, bound_arrays(self.tpl)
        for k, step in enumerate(steps):
            if not isinstance(step.target, Ref):
                for s in (*definitions_read(steps[:k], step), step):
                    used |= names_read(s) | {target_array(s)} | \
                        {a.array for a in accesses(s) + lookups(s)}
        for decl in (*self.tpl.locals, *self.tpl.params):
            if decl.name not in used and getattr(decl, "fixed", None) is None:
                raise self.fail(decl.span, f"'{decl.name}' is used by no step that an op "
                                           "computes")

    def check_step(self, step: Step) -> None:
        if isinstance(step.target, Lookup):
            self.check_scatter(step, step.target)
        elif isinstance(step.target, Ref):
            if self.tpl.local(step.target.name) is None:
                raise self.fail(step.target.span, f"'{step.target.name}' is not a local "
                                                  "scalar (declare it with 'local')")
        else:
            self.check_target(step, step.target)
        self.check_nodes(step)
        if step.op == "-=" and not self.tpl.program:
            raise self.fail(step.span, "'-=' is a statement of a loop program")
        if not self.tpl.program:
            self.check_indices(step)

    def check_nodes(self, step: Step) -> None:
        """Every node of the right side: known names, and operators where they belong."""
        keys = {id(n.key) for n in lookups(step)}
        tests = {id(n) for c in walk(step.value) if isinstance(c, Cond) for n in [c.test]} | \
            {id(n) for c in walk(step.value) if isinstance(c, And) for n in [c.lhs, c.rhs]}
        for node in walk(step.value):
            self.check_node(node, step)
            if isinstance(node, Call) and node.fn == "unsigned" and id(node) not in keys:
                raise self.fail(node.span, "unsigned(x) is only a lookup's subscript")
            if isinstance(node, Compare | And) and id(node) not in tests:
                raise self.fail(node.span, "a comparison is only the test of 'c ? a : b'")
            if isinstance(node, Cond) and not isinstance(node.test, Compare | And):
                raise self.fail(node.test.span, "the test of 'c ? a : b' is a comparison")

    def check_indices(self, step: Step) -> None:
        """Indices have extents; what a step reduces over, it reduces as it may."""
        written = written_indices(step)
        used = {v for a in accesses(step) for sub in a.indices for v in sub.vars}
        plain = {plain_subscript(sub) for a in accesses(step) + written_access(step)
                 for sub in a.indices} - {None}
        unsized = used - plain - {w.name for w in self.tpl.windows}
        if unsized:
            # An index seen only inside `y+r` or `2*y` has no size to bound its loop.
            raise self.fail(step.span, f"index '{sorted(unsized)[0]}' is never a plain "
                                       "subscript, so it has no extent (declare it with "
                                       "'window')")
        # `y = max(x[..r..], y)` folds into its target: a reduction other than a sum.
        folds = any(isinstance(n, Access | Ref) and n == step.target for n in walk(step.value))
        if step.op == "=" and used - written and not folds and not is_scatter(step):
            raise self.fail(step.span, f"'=' step reduces over '{sorted(used - written)[0]}': "
                                       "write a zero step and '+='")
        if is_recurrence(step) and (step.op != "=" or used - written):
            raise self.fail(step.span, "a step that reads its target at other elements (a "
                                       "recurrence) is an '=' step over the indices it "
                                       "writes")
        for cond in step.where:
            for index in (cond.lhs, cond.rhs):
                unknown = [v for v in index.vars if v not in used | written]
                if unknown:
                    raise self.fail(index.span, f"'where' names '{unknown[0]}', which the "
                                                "step does not index")

    def check_target(self, step: Step, target: Access) -> None:
        """Plain indices (`C[i, j]`), or constants only for a step without indices."""
        self.check_access(target)
        single = all(not sub.terms for sub in target.indices)
        for sub in target.indices:
            plain = plain_subscript(sub, shifted=False) is not None
            if not plain and not (single and target.indices):
                raise self.fail(sub.span, "a written element must be indexed by plain indices "
                                          "(or by constants only, for one element)")
        if single and target.indices and not is_point(step):
            raise self.fail(target.span, "a step writing one element (constant subscripts) "
                                         "reads elements at constant subscripts only")

    def check_scatter(self, step: Step, target: Lookup) -> None:
        """`hist[unsigned(src[i,j])] += 1`: an accumulation at a subscript from data."""
        self.check_node(target)
        if step.op != "+=":
            raise self.fail(step.span, "a step writing at a computed subscript (a scatter) "
                                       "accumulates: write '+='")
        if step.where:
            raise self.fail(step.where[0].span, "a scatter has no 'where'")
        for node in [*walk(target.key), *walk(step.value)]:
            if isinstance(node, Access | Lookup) and node.array == target.array:
                raise self.fail(node.span, f"a scatter reads '{target.array}' only at the "
                                           "element it accumulates into")

    def check_node(self, node: Expr, step: Step | None = None) -> None:
        if isinstance(node, Access):
            self.check_access(node)
        elif isinstance(node, Ref) and not isinstance(self.tpl.param(node.name), ScalarDecl) \
                and self.tpl.local(node.name) is None \
                and (step is None or node.name not in step_indices(step)):
            raise self.fail(node.span, f"'{node.name}' is not a scalar parameter, a local "
                                       "or an index of the step")
        elif isinstance(node, Call) and FUNCTIONS.get(node.fn) != len(node.args):
            raise self.fail(node.span, f"unknown function '{node.fn}' with "
                                       f"{len(node.args)} arguments")
        elif isinstance(node, Lookup):
            decl = self.tpl.param(node.array)
            if not isinstance(decl, ArrayDecl) or decl.rank != 1:
                raise self.fail(node.span, f"'{node.array}' is not a one-dimensional array, "
                                           "so it has no computed subscript")
        elif isinstance(node, Call) and node.fn == "rdiv":
            divisor = node.args[1]
            # A constant divisor is proved against the C idiom (k == d / 2): it must be
            # one the idiom can have.
            if isinstance(divisor, Num) and (divisor.value < 1 or
                                             divisor.value != int(divisor.value)):
                raise self.fail(node.span, "rdiv divides by a positive integer constant or "
                                           f"an expression, not '{divisor}'")

    def check_index_extents(self) -> None:
        """Each index variable of a step ranges over one size symbol."""
        for step in self.tpl.steps:
            extent: dict[str, str] = {}
            for access in accesses(step) + written_access(step):
                decl = self.tpl.param(access.array)
                assert isinstance(decl, ArrayDecl)
                for sub, size in zip(access.indices, decl.dims, strict=True):
                    var = plain_subscript(sub)
                    if var is None:
                        continue  # `y+p` or `2*y` ranges over a window, not one size
                    if extent.setdefault(var, size) != size:
                        raise self.fail(access.span, f"index '{var}' ranges over both "
                                                     f"'{extent[var]}' and '{size}'")

    def check_windows(self) -> None:
        """Window indices: declared once, not a parameter, positive, used, never sized."""
        seen: set[str] = set()
        plain = {plain_subscript(sub) for step in self.tpl.steps
                 for a in accesses(step) + written_access(step) for sub in a.indices} - {None}
        used = {v for step in self.tpl.steps for a in accesses(step)
                for sub in a.indices for v in sub.vars}
        sizes = {d for a in self.tpl.arrays for d in a.dims}
        for decl in self.tpl.windows:
            if decl.name in seen:
                raise self.fail(decl.span, f"window index '{decl.name}' declared twice")
            seen.add(decl.name)
            if self.tpl.param(decl.name) is not None or decl.name in sizes:
                raise self.fail(decl.span, f"window index '{decl.name}' is also a size or "
                                           "a parameter")
            if decl.extent < 1:
                raise self.fail(decl.span, f"window index '{decl.name}' has an empty extent")
            if decl.name not in used:
                raise self.fail(decl.span, f"window index '{decl.name}' is not used")
            if decl.name in plain:
                raise self.fail(decl.span, f"window index '{decl.name}' is a plain subscript, "
                                           "which gives it a size already")

    def check_roles(self) -> None:
        """The declared role of each array must be what the steps do with it."""
        for decl in self.tpl.arrays:
            derived = self.derived_role(decl.name)
            if derived != decl.role:
                raise self.fail(decl.span, f"array '{decl.name}' is declared '{decl.role}' "
                                           f"but the computation makes it '{derived}'")

    def derived_role(self, name: str) -> str:
        written = False
        for step in self.tpl.steps:
            reads = any(a.array == name for a in accesses(step) + lookups(step))
            if reads and not written:
                return "inout" if any(target_array(s) == name for s in self.tpl.steps) \
                    else "in"
            written = written or target_array(step) == name
        return "out" if written else "in"

    def check_shim(self) -> None:
        sizes = {d for a in self.tpl.arrays for d in a.dims}
        wanted = sizes | {p.name for p in self.tpl.params}
        span = self.tpl.span_of("shim")
        for name in self.tpl.shim:
            if name not in wanted:
                raise self.fail(span, f"shim argument '{name}' is neither a size nor a parameter")
            if self.tpl.shim.count(name) > 1:
                raise self.fail(span, f"shim argument '{name}' appears twice")
        missing = sorted(wanted - set(self.tpl.shim))
        if missing:
            raise self.fail(span, f"shim signature lacks '{missing[0]}'")

    def check_cost(self) -> None:
        """Costs and ULP bounds are arithmetic on sizes that holds for every size, 0
        included (an empty launch): a division is by a positive number."""
        sizes = {d for a in self.tpl.arrays for d in a.dims} | {ELEMENT_SIZE}
        for expr in (self.tpl.flops, self.tpl.bytes, self.tpl.accuracy[1]):
            for node in walk(expr) if expr is not None else ():
                if isinstance(node, Ref) and node.name not in sizes:
                    raise self.fail(node.span, f"cost uses '{node.name}', which is not a size")
                if not isinstance(node, Num | Ref | Neg | Bin) or \
                        isinstance(node, Bin) and node.op not in COST_OPERATORS:
                    raise self.fail(node.span, "a cost is an expression of sizes and numbers "
                                               "with + - * /")
                if isinstance(node, Bin) and node.op == "/" and \
                        not (isinstance(node.rhs, Num) and node.rhs.value > 0):
                    raise self.fail(node.rhs.span, "a cost divides by a positive number only")


def _bits(dtype: str) -> int:
    return int(dtype[1:]) if dtype[1:].isdigit() else 0


def check_template(tpl: Template, source: str | None = None) -> None:
    """Raise `TemplateError` at the first semantic error of `tpl`."""
    _Checker(tpl, source).run()


def check_unique(templates: list[Template], sources: dict[str, str]) -> None:
    """Template names are unique and templates sharing a launch share a shim signature."""
    by_name: dict[str, Template] = {}
    by_launch: dict[str, Template] = {}
    for tpl in templates:
        checker = _Checker(tpl, sources.get(tpl.file))
        if tpl.name in by_name:
            first = by_name[tpl.name]
            raise checker.fail(tpl.span, f"defined twice (first at {first.file}:"
                                         f"{first.span.line})")
        by_name[tpl.name] = tpl
        other = by_launch.setdefault(tpl.launch, tpl)
        if shim_kinds(other) != shim_kinds(tpl):
            raise checker.fail(tpl.span_of("shim"), f"launch '{tpl.launch}' has another shim "
                                                    f"signature in '{other.name}'")


def shim_kinds(tpl: Template) -> tuple[str, ...]:
    """The shape of a shim signature: `size`, `scalar` or `array<rank>` per argument."""
    kinds = []
    for name in tpl.shim:
        decl = tpl.param(name)
        if isinstance(decl, ArrayDecl):
            # Inputs are `const T *` in the C prototype, so the role is part of the shape.
            kinds.append(f"array{decl.rank}{' in' if decl.role == 'in' else ''}")
        elif isinstance(decl, ScalarDecl):
            kinds.append(f"scalar {decl.dtype}" if decl.dtype else "scalar")
        else:
            kinds.append("size")
    return tuple(kinds)


def is_zero(expr: Expr) -> bool:
    """Whether `expr` is the literal 0."""
    return isinstance(expr, Num) and expr.value == 0
