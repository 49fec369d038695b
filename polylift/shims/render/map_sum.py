"""The shims of a map that also sums what it stores: `y[..., i] = f(x[..., i], ...)`,
`r[...] = s` and `r[...] += f(...)` with the same f (softmax's exponentials and their
sum: `ew.expsum_scaled` over one vector, `ew.expsum_scaled_rows` over each row of a grid
of rows `[b, g]`, f then reading per-row values such as the row's largest `m[b, g]`).

`ref` runs the three steps in the template's order, over the whole grid each: the map
(computing f), and the sums, each row's from s in order i = 0, 1, ..., computing f again
from x and stored once after its row. The host shim takes each row once: it computes
the parts of f that read no element of the row (`m / t`) once, then f once per element,
stores it and adds it, in the same order: the same operations on the same values, so
the same bits wherever the order of the steps cannot matter, that is where no byte a
step writes is one another array holds (x and the per-row values then keep theirs
until every step has read them). Elsewhere, or with a negative stride (the spans
assume none), it runs the template's loops. The sum is never vectorised: that would
reorder it, and f calls the C library's exponential per element either way.
"""

from __future__ import annotations

from dataclasses import dataclass

from polylift.shims.render.elementwise import ShimView, loops, row_loops
from polylift.shims.render.expr_c import render
from polylift.shims.render.rows import hoisted, span
from polylift.tdl.ast import Access, Expr, Ref, Step
from polylift.tdl.library import KernelTemplate
from polylift.tdl.steps import walk


@dataclass(frozen=True)
class MapSumSteps:
    """The three steps: the map's target and the array it reads along the rows, the
    per-row arrays f reads, the sum and its start, f, the row indices (the sum's), the
    index along a row, and whether the map comes before the sums."""

    stored: str
    read: str
    per_row: tuple[str, ...]
    total: str
    start: str
    value: Expr
    rows: tuple[str, ...]
    index: str
    map_first: bool


def map_sum_steps(tpl: KernelTemplate) -> MapSumSteps:
    """The steps of a map-and-sum template, or ValueError for any other template."""
    steps = tuple(step for _, step in tpl.element_steps)
    match steps:
        case (Step(op="=") as mapped, Step(op="=") as start, Step(op="+=") as summed):
            found = _map_sum(tpl, mapped, start, summed, map_first=True)
        case (Step(op="=") as start, Step(op="+=") as summed, Step(op="=") as mapped):
            found = _map_sum(tpl, mapped, start, summed, map_first=False)
        case _:
            found = None
    if found is None:
        raise ValueError(f"{tpl.name} is no map that sums what it stores")
    return found


def _map_sum(tpl: KernelTemplate, mapped: Step, start: Step, summed: Step,
             map_first: bool) -> MapSumSteps | None:
    """The steps when `mapped` stores f over the rows of the sum's indices plus one,
    `start` sets the sum to a scalar and `summed` adds the same f; f reading one array
    along the rows and others at the rows' indices only."""
    match (mapped.target, start.target, start.value, summed.target):
        case (Access(array=stored, indices=at), Access(array=total, indices=rows),
              Ref(name=first), Access(array=again, indices=rows_again)):
            pass
        case _:
            return None
    if (again != total or rows_again != rows or summed.value != mapped.value
            or at[:-1] != rows or len(at[-1].vars) != 1):
        return None
    reads = [a for a in walk(mapped.value) if isinstance(a, Access)]
    along = {a.array for a in reads if a.indices == at}
    per_row = [a.array for a in reads if a.indices == rows]
    if len(along) != 1 or len(per_row) + sum(a.indices == at for a in reads) != len(reads):
        return None
    order = [p.name for p in tpl.params if p.name in per_row]
    return MapSumSteps(stored, along.pop(), tuple(order), total, first, mapped.value,
                       tuple(str(ix) for ix in rows), at[-1].vars[0], map_first)


@dataclass(frozen=True)
class MapSum:
    """One map-and-sum launch, as ref and host C."""

    shim: ShimView

    @property
    def steps(self) -> MapSumSteps:
        return map_sum_steps(self.shim.template)

    def _dims(self, array: str) -> tuple[str, ...]:
        return tuple(getattr(self.shim.template.ast.param(array), "dims", ()))

    def _f(self, named: dict[Expr, str] | None = None) -> str:
        """f at the current row and element, `named` parts by their names."""
        s = self.shim
        return render(self.steps.value, lambda a: s.at(a.array, *map(str, a.indices)),
                      s.dtype, named=named)

    def _each_row(self, body: str) -> str:
        """`body` (C lines at the first level) once per row, in the template's order."""
        return row_loops(self.steps.rows, self._dims(self.steps.total), body)

    def ref(self) -> str:
        """The steps in the template's order: the map over the grid, and each row's sum
        from s in order (f again from x), stored once after its row."""
        st, s = self.steps, self.shim
        size = self._dims(st.stored)[-1]
        stored = s.at(st.stored, *st.rows, st.index)
        mapped = self._each_row(loops((st.index,), (size,), f"{stored} = {self._f()};"))
        summed = self._each_row(f"  {s.T} acc = {st.start};\n"
                                + loops((st.index,), (size,), f"acc = acc + {self._f()};")
                                + f"  {s.at(st.total, *st.rows)} = acc;\n")
        return mapped + summed if st.map_first else summed + mapped

    def host(self, fallback: str) -> str:
        """One pass per row where the views allow it (see the module's docstring), else
        `fallback` (the template's loops)."""
        st, s = self.steps, self.shim
        arrays = (st.read, *st.per_row, st.stored, st.total)
        spans = {a: span(s, a, self._dims(a)) for a in arrays}
        fits = [f"{s.stride(a, d)} >= 0" for a in arrays for d in range(len(self._dims(a)))
                if s.stride(a, d) != "1"]
        fits += [f"polylift_disjoint({spans[out]}, {spans[other]})"
                 for out in (st.stored, st.total) for other in arrays
                 if other != out and (out, other) != (st.total, st.stored)]
        parts = hoisted(st.value, frozenset((st.read,)))
        named = {part: f"h{k}" for k, part in enumerate(parts)}
        at = lambda a: s.at(a.array, *map(str, a.indices))  # noqa: E731
        once = "".join(f"  const __typeof__({text}) {named[part]} = {text};\n"
                       for part in parts for text in [render(part, at, s.dtype)])
        value = self._f(named)
        body = (f"    const __typeof__({value}) e = {value};\n"
                f"    {s.at(st.stored, *st.rows, st.index)} = e;\n"
                f"    acc = acc + e;\n")
        size = self._dims(st.stored)[-1]
        row = (f"{once}  {s.T} acc = {st.start};\n"
               f"  for (int64_t {st.index} = 0; {st.index} < {size}; {st.index}++) {{\n"
               f"{body}  }}\n  {s.at(st.total, *st.rows)} = acc;\n")
        run = "".join(f"  {line}\n" for line in self._each_row(row).splitlines())
        test = "\n      && ".join(fits)
        return f"  if ({test}) {{\n{run}    return;\n  }}\n  {fallback}\n"
