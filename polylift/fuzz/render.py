"""A program tree as a benchmark C file in the project's format.

The file holds `static void kernel_<stem>(...)` and a `main` that allocates every array
(extents derived here from the subscripts' ranges at the sizes main passes, so no access
is out of bounds), fills it with deterministic values, calls the kernel once and prints
the checksum of every array it writes (`polylift_bench.h`'s format). The harness's
wrapper dumps the same arrays around the call, which is what `polylift check` compares.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from polylift.fuzz.program import (
    FLOAT_TYPES,
    Abs,
    Affine,
    Array,
    Binary,
    Const,
    Expr,
    Guarded,
    If,
    Index,
    Loop,
    Program,
    Read,
    Scalar,
    Select,
    SetLocal,
    Stmt,
    Store,
    stmt_exprs,
    used_names,
    walk_expr,
    walk_stmts,
    written_arrays,
)

_CHECKSUM = {"double": "f64", "float": "f32", "int32_t": "i32", "int16_t": "i16",
             "int8_t": "i8"}


@dataclass(frozen=True)
class Range:
    """The values an affine expression takes, inclusive, over its loops' ranges."""

    lo: int
    hi: int


def _affine_range(expr: Affine, ranges: dict[str, Range]) -> Range:
    lo = hi = expr.const
    for term in expr.terms:
        r = ranges[term.var]
        a, b = term.coef * r.lo, term.coef * r.hi
        lo, hi = lo + min(a, b), hi + max(a, b)
    return Range(lo, hi)


def _loop_range(loop: Loop, ranges: dict[str, Range]) -> Range:
    lo = _affine_range(loop.lo, ranges).lo
    return Range(lo, max(lo, _affine_range(loop.hi, ranges).hi - 1))


def extents(program: Program) -> dict[str, tuple[Range, ...]]:
    """Per array, the range of each subscript over every access (at main's sizes)."""
    found: dict[str, list[Range]] = {}

    sizes = {s.name: s.value for s in program.sizes}

    def access(array: str, index: tuple[Affine, ...], ranges: dict[str, Range],
               bounds: tuple[str, ...] = ()) -> None:
        spans = [Range(0, sizes[b] - 1) if b else _affine_range(a, ranges)
                 for a, b in zip(index, bounds or ("",) * len(index), strict=True)]
        old = found.setdefault(array, spans)
        found[array] = [Range(min(o.lo, s.lo), max(o.hi, s.hi)) for o, s in zip(old, spans,
                                                                                strict=True)]

    def visit(body: tuple[Stmt, ...], ranges: dict[str, Range]) -> None:
        for stmt in body:
            if isinstance(stmt, Loop):
                visit(stmt.body, {**ranges, stmt.var: _loop_range(stmt, ranges)})
                continue
            if isinstance(stmt, Store):
                access(stmt.array, stmt.index, ranges)
            for value in stmt_exprs(stmt):
                for node in walk_expr(value):
                    if isinstance(node, Read):
                        access(node.array, node.index, ranges)
                    elif isinstance(node, Guarded):
                        access(node.read.array, node.read.index, ranges, node.bounds)
            if isinstance(stmt, If):
                visit(stmt.body, ranges)

    visit(program.body, {s.name: Range(s.value, s.value) for s in program.sizes})
    return {name: tuple(spans) for name, spans in found.items()}


@dataclass(frozen=True)
class _Layout:
    """Each used array's extents and the shift that makes its lowest subscript 0."""

    dims: dict[str, tuple[int, ...]]
    shifts: dict[str, tuple[int, ...]]


def _layout(program: Program) -> _Layout:
    spans = extents(program)
    shifts = {name: tuple(max(0, -r.lo) for r in rs) for name, rs in spans.items()}
    dims = {name: tuple(r.hi + s + 1 for r, s in zip(rs, shifts[name], strict=True))
            for name, rs in spans.items()}
    alias = program.alias
    if alias is not None and alias.param in dims and alias.array in dims:
        # One array passed for both parameters: both take the larger extents.
        both = tuple(map(max, dims[alias.param], dims[alias.array]))
        dims[alias.param] = dims[alias.array] = both
    return _Layout(dims, shifts)


class _Writer:
    """Renders statements and expressions with one array layout."""

    def __init__(self, program: Program, layout: _Layout):
        self.program = program
        self.layout = layout

    def affine(self, expr: Affine, shift: int = 0) -> str:
        parts: list[str] = []
        for term in expr.terms:
            if term.coef == 0:
                continue
            text = term.var if abs(term.coef) == 1 else f"{abs(term.coef)} * {term.var}"
            sign = "-" if term.coef < 0 else "+"
            parts.append(("-" + text if sign == "-" else text) if not parts
                         else f" {sign} {text}")
        value = expr.const + shift
        if not parts:
            return str(value)
        if value:
            parts.append(f" {'-' if value < 0 else '+'} {abs(value)}")
        return "".join(parts)

    def access(self, array: str, index: tuple[Affine, ...]) -> str:
        shifts = self.layout.shifts[array]
        return array + "".join(f"[{self.affine(a, s)}]" for a, s in zip(index, shifts,
                                                                         strict=True))

    def expr(self, expr: Expr) -> str:
        match expr:
            case Const(value):
                return self.const(value)
            case Scalar(name):
                return name
            case Read(array, index):
                return self.access(array, index)
            case Binary(op, left, right):
                return f"({self.expr(left)} {op} {self.expr(right)})"
            case Select(cmp, left, right, then, other):
                return (f"({self.expr(left)} {cmp} {self.expr(right)} ? {self.expr(then)} : "
                        f"{self.expr(other)})")
            case Index(value):
                text = self.affine(value)
                return text if value.const == 0 or not value.names() else f"({text})"
            case Abs(arg):
                return f"{'fabsf' if self.program.dtype == 'float' else 'fabs'}({self.expr(arg)})"
            case Guarded(read, bounds, other):
                tests = [f"{e} >= 0 && {e} < {b}" for a, b in zip(read.index, bounds,
                                                                  strict=True)
                         if b for e in [self.affine(a)]]
                return (f"(({' && '.join(tests)}) ? {self.access(read.array, read.index)} : "
                        f"{self.expr(other)})")
        raise TypeError(expr)

    def const(self, value: float) -> str:
        return c_literal(value, self.program.dtype)

    def stmt(self, stmt: Stmt, indent: str) -> list[str]:
        match stmt:
            case Loop(v, lo, hi, body, step, down):
                inc = "++" if step == 1 else f" += {step}"
                head = (f"for ({v} = {self.affine(lo)}; {v} < {self.affine(hi)}; {v}{inc})"
                        if not down else
                        f"for ({v} = {self.affine(hi, -1)}; {v} >= {self.affine(lo)}; "
                        f"{v}{'--' if step == 1 else f' -= {step}'})")
                lines = [f"{indent}{head} {{"]
                for inner in body:
                    lines += self.stmt(inner, indent + "  ")
                return [*lines, f"{indent}}}"]
            case Store(array, index, op, value):
                return [indent + self.assign(self.access(array, index), op, value,
                                             self.program.array(array).ctype)]
            case SetLocal(name, op, value):
                ctype = "int" if name in self.program.int_locals else self.program.dtype
                return [indent + self.assign(name, op, value, ctype)]
            case If(cmp, left, right, body):
                lines = [f"{indent}if ({self.expr(left)} {cmp} {self.expr(right)}) {{"]
                for inner in body:
                    lines += self.stmt(inner, indent + "  ")
                return [*lines, f"{indent}}}"]
        raise TypeError(stmt)

    def assign(self, target: str, op: str, value: Expr, ctype: str) -> str:
        rhs = self.expr(value)
        if op in ("max", "min"):
            cmp = ">" if op == "max" else "<"
            # The library's canonical max(v, m): `v > m ? v : m`.
            return f"{target} = {rhs} {cmp} {target} ? {rhs} : {target};"
        if op == "=" and self.program.is_int and ctype not in ("int32_t", "int"):
            rhs = f"({ctype}){rhs}"  # a narrowing store, as the image kernels write it
        return f"{target} {op} {rhs};"


def c_literal(value: float, ctype: str) -> str:
    """`value` as a C literal of `ctype`, parenthesized when negative (-0.0 included)."""
    if math.isnan(value):
        return "NAN"  # math.h's quiet NaN, a float that converts to a double NaN
    if math.isinf(value):
        return "INFINITY" if value > 0 else "(-INFINITY)"  # math.h's, likewise
    if ctype not in FLOAT_TYPES:
        text = str(int(value))
    else:
        text = repr(float(value)) + ("f" if ctype == "float" else "")
    return f"({text})" if value < 0 or text.startswith("-") else text


def _scalar_ctype(program: Program) -> str:
    return "int" if program.is_int else program.dtype


def render(program: Program, stem: str = "fz") -> str:
    """The benchmark C file of `program`; its kernel is `kernel_<stem>`."""
    layout = _layout(program)
    used = used_names(program)
    writer = _Writer(program, layout)
    arrays = [a for a in program.arrays if a.name in layout.dims]
    sizes = [s for s in program.sizes if s.name in used]
    scalars = [s for s in program.scalars if s.name in used]
    stype = _scalar_ctype(program)
    qualifier = "restrict " if program.restrict else ""
    params = ([f"int {s.name}" for s in sizes] + [f"{stype} {s.name}" for s in scalars]
              + [f"{a.ctype} {a.name}" + "".join(f"[{qualifier if d == 0 else ''}{n}]"
                                                  for d, n in enumerate(layout.dims[a.name]))
                 for a in arrays])
    counters = sorted({s.var for s in walk_stmts(program.body) if isinstance(s, Loop)})
    lines = [f"/* polylift fuzz program (shape: {program.shape}). */",
             '#include "polylift_bench.h"', "",
             f"static void kernel_{stem}({', '.join(params)})", "{"]
    if counters:
        lines.append(f"  int {', '.join(counters)};")
    lines += [f"  {stype} {name} = 0;" for name in program.locals if name in used]
    lines += [f"  int {name} = 0;" for name in program.int_locals if name in used]
    for stmt in program.body:
        lines += writer.stmt(stmt, "  ")
    lines += ["}", ""]
    lines += _main(program, stem, arrays, layout, [str(s.value) for s in sizes]
                   + [writer.const(s.value) for s in scalars])
    return "\n".join(lines) + "\n"


def _main(program: Program, stem: str, arrays: list, layout: _Layout,
          values: list[str]) -> list[str]:
    lines = ["int main(void)", "{", "  size_t k;"]
    written = written_arrays(program)
    for n, array in enumerate(arrays):
        dims = layout.dims[array.name]
        count = " * ".join(map(str, dims))
        inner = "".join(f"[{d}]" for d in dims[1:])
        pointer = f"(*{array.name}){inner}" if inner else f"*{array.name}"
        lines.append(f"  {array.ctype} {pointer} = POLYLIFT_ALLOC({count}, {array.ctype});")
        if array.values:
            lines += _table(array)
        lines.append(f"  for (k = 0; k < (size_t)({count}); k++)")
        lines.append(f"    (({array.ctype} *){array.name})[k] = {_init(array, n)};")
    args = values + [a.name for a in arrays]
    lines.append(f"  kernel_{stem}({', '.join(args)});")
    alias = program.alias
    if alias is not None and {alias.param, alias.array} <= set(layout.dims):
        twice = values + [alias.array if a.name == alias.param else a.name for a in arrays]
        lines.append(f"  kernel_{stem}({', '.join(twice)});")
    for array in arrays:
        if array.name in written:
            count = " * ".join(map(str, layout.dims[array.name]))
            lines.append(f'  polylift_checksum_{_CHECKSUM[array.ctype]}("{array.name}", '
                         f"({array.ctype} *){array.name}, {count});")
    lines += [f"  free({a.name});" for a in arrays]
    return [*lines, "  return 0;", "}"]


def _table(array: Array) -> list[str]:
    """The table of an array's own values, `<name>_values`."""
    items = ", ".join(c_literal(v, array.ctype) for v in array.values)
    return [f"  static const {array.ctype} {array.name}_values[] = {{{items}}};"]


def _init(array: Array, n: int) -> str:
    """The array's own values in turn, or deterministic, varied values: small integers,
    or fractions in [0, 1) for floats."""
    if array.values:
        return f"{array.name}_values[k % {len(array.values)}]"
    ctype = array.ctype
    mod = 13 + 2 * n
    if ctype in ("double", "float"):
        return f"({ctype})((k * {7 + n} + {n + 1}) % {mod}) / {mod}"
    return f"({ctype})((int)((k * {7 + n} + {n + 1}) % {mod}) - {mod // 2})"
