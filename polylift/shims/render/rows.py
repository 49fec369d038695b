"""The host form of an element-wise launch: each row of its innermost index through a
function gcc vectorises.

A one-step element-wise template `Z[..., j] = f(...)` reads arrays of two kinds: *row*
arrays, at the target's own indices (one pointer walks a row; Z itself when in place),
and *per-row* reads, at indices without the innermost one (`bias[f]` in
`x[b,f,j] = x[b,f,j] + bias[f]`: one value for a whole row). The host shim calls
`row_<dtype>` once per row, in the order of the template's loops, with the row pointers
(`restrict`) and the per-row values. The row function computes the parts of the
expression that read only per-row values, scalars and numbers once, before its loop
(`sqrt(f64(variance[f])) + 1e-6` of the batch normalisation), and the rest per element,
as the template states it. Every element takes the template's operations on the same
values in the same types, so the result keeps every bit; only the number of times a
per-row part is computed changes. A part under the arms of `?:` or right of `&&` stays
in the loop, as C evaluates it only where the test picks it.

When may the rows run this way? The row function reads its per-row values once, and
its `restrict` pointers let gcc load and store a row in any order, so no byte the launch
writes may be one it reads through another array: the shim compares the address span of
the output with that of every other array and runs the template's loops where they
meet, or where a stride is negative (the spans assume none is) or a vector's increment
is not 1 (its row would not be contiguous). Rows of the output may overlap each other:
they run one after the other in the template's order, as its loops do, and within a row
each element reads only itself of the output.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from polylift.shims.render.elementwise import Elementwise, ShimView, loops
from polylift.shims.render.expr_c import c_type
from polylift.tdl.ast import Access, And, Bin, Call, Compare, Cond, Expr, Neg, Num, Ref
from polylift.tdl.steps import accesses, lookups, walk

# Lets gcc -O2 vectorise a loop whose trip count it does not know (its default cost
# model at -O2 does not); it changes no operation, so every bit stays.
VECTORISE = '__attribute__((optimize("tree-vectorize", "vect-cost-model=dynamic")))'


@dataclass(frozen=True)
class RowForm:
    """How a step's reads meet a row: `rows`, the input arrays read at the target's
    indices, and `per_row`, the reads fixed along a row (one access per array), both in
    parameter order."""

    rows: tuple[str, ...]
    per_row: tuple[Access, ...]


def row_form(ew: Elementwise) -> RowForm | None:
    """The step's reads as rows and per-row values, or None where some read moves along
    the row otherwise than the target (a shifted or transposed subscript), an array is
    read at two places, or the target is read elsewhere than where it is written."""
    target = ew.target
    inner = target.indices[-1].vars
    if lookups(ew.step) or len(inner) != 1:
        return None
    places: dict[str, Access] = {}
    for read in accesses(ew.step):
        if places.setdefault(read.array, read).indices != read.indices:
            return None
    rows, per_row = [], []
    for name in (p.name for p in ew.shim.template.params if p.name in places):
        read = places[name]
        if read.indices == target.indices:
            rows.append(name)
        elif name == target.array or any(inner[0] in ix.vars for ix in read.indices):
            return None
        else:
            per_row.append(read)
    return RowForm(tuple(a for a in rows if a != target.array), tuple(per_row))


def hoisted(expr: Expr, moving: frozenset[str]) -> tuple[Expr, ...]:
    """The largest parts of `expr` that read no array of `moving` and compute something
    (not a bare element, scalar or number), each once, in the order they appear."""
    found: list[Expr] = []

    def visit(e: Expr) -> None:
        if not any(isinstance(a, Access) and a.array in moving for a in walk(e)):
            if not isinstance(e, Access | Ref | Num) and e not in found:
                found.append(e)
            return
        for part in _evaluated(e):
            visit(part)

    visit(expr)
    return tuple(found)


def _evaluated(e: Expr) -> tuple[Expr, ...]:
    """The operands C evaluates whenever it evaluates `e`."""
    if isinstance(e, Bin | Compare):
        return (e.lhs, e.rhs)
    if isinstance(e, And):
        return (e.lhs,)
    if isinstance(e, Cond):
        return (e.test,)
    if isinstance(e, Neg):
        return (e.operand,)
    if isinstance(e, Call):
        return e.args
    return ()


@dataclass(frozen=True)
class Rows:
    """The host shim of one element-wise launch: its row function and the calls of it."""

    map: Elementwise

    @cached_property
    def form(self) -> RowForm | None:
        return row_form(self.map)

    def function(self) -> str:
        """`row_<dtype>`: one row, its per-row parts first (empty without a row form)."""
        form, s, out = self.form, self.map.shim, self.map.target.array
        if form is None:
            return ""
        params = ["int64_t count", *(f"const {s.T} *restrict {a}" for a in form.rows),
                  *(f"{s.T} {a.array}" for a in form.per_row), *_scalar_decls(self.map),
                  f"{s.T} *restrict {out}"]
        per_row = {a.array for a in form.per_row}
        at = lambda a: a.array if a.array in per_row else f"{a.array}[q]"  # noqa: E731
        parts = hoisted(self.map.step.value, frozenset((*form.rows, out)))
        named = {part: f"h{k}" for k, part in enumerate(parts)}
        once = "".join(f"  const __typeof__({text}) {named[part]} = {text};\n"
                       for part in parts for text in [self.map.expression(part, at)])
        return (f"static {VECTORISE} void row_{s.dtype}({', '.join(params)})\n{{\n{once}"
                f"  for (int64_t q = 0; q < count; q++)\n"
                f"    {out}[q] = {self.map.value(at, named)};\n}}\n")

    def host(self, fallback: str) -> str:
        """The rows through `row_<dtype>` where the strides and spans allow it (see the
        module's docstring), else `fallback` (the template's loops)."""
        form, s, out = self.form, self.map.shim, self.map.target.array
        if form is None:
            return f"  {fallback}\n"
        fits = [*self._strides_fit(form), *(
            f"polylift_disjoint({self._span(out)}, {self._span(a)})"
            for a in (*form.rows, *(r.array for r in form.per_row)))]
        outer = self.map.indices[:-1]
        call = ", ".join([self.map.extents[-1], *(self._row(a) for a in form.rows),
                          *(s.at(r.array, *map(str, r.indices)) for r in form.per_row),
                          *_scalar_names(self.map), self._row(out)])
        run = loops(outer, self.map.extents[:-1], f"row_{s.dtype}({call});")
        run = "".join(f"  {line}\n" for line in run.splitlines())
        test = "\n      && ".join(fits)
        return f"  if ({test}) {{\n{run}    return;\n  }}\n  {fallback}\n"

    def _strides_fit(self, form: RowForm) -> list[str]:
        """Rows contiguous (a vector's increment 1) and no stride negative."""
        rows = (*form.rows, self.map.target.array)
        rank = len(self.map.indices)
        fits = [f"{self._stride(a, 0)} == 1" for a in rows if rank == 1]
        arrays = [a for a in rows if rank > 1] + [r.array for r in form.per_row]
        return fits + [f"{self._stride(a, d)} >= 0" for a in arrays
                       for d in range(self._rank(a)) if self._stride(a, d) != "1"]

    def _rank(self, array: str) -> int:
        return len(getattr(self.map.shim.template.ast.param(array), "dims", ()))

    def _stride(self, array: str, dim: int) -> str:
        return self.map.shim.stride(array, dim)

    def _span(self, array: str) -> str:
        dims = getattr(self.map.shim.template.ast.param(array), "dims", ())
        return span(self.map.shim, array, tuple(dims))

    def _row(self, array: str) -> str:
        """The pointer to the current row of a row array (or of the output)."""
        offsets = [f"{ix} * {self._stride(array, d)}"
                   for d, ix in enumerate(self.map.indices[:-1])]
        return " + ".join([array, *offsets])


def span(shim: ShimView, array: str, dims: tuple[str, ...]) -> str:
    """The bytes an array's view of `dims` may touch, from its first element, through
    its strides (none negative)."""
    steps = [(size, shim.stride(array, d)) for d, size in enumerate(dims)]
    far = " + ".join(["1", *(f"({size} - 1)" + ("" if step == "1" else f" * {step}")
                             for size, step in steps)])
    return f"polylift_span_of({array}, 0, {far}, sizeof({shim.T}))"


def _scalar_decls(ew: Elementwise) -> list[str]:
    tpl, dtype = ew.shim.template, ew.shim.dtype
    return [f"{c_type(tpl.scalar_dtype(p.name, dtype))} {p.name}"
            for p in tpl.params if p.kind == "scalar"]


def _scalar_names(ew: Elementwise) -> list[str]:
    return [p.name for p in ew.shim.template.params if p.kind == "scalar"]
