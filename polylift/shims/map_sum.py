"""The shims of a map that also sums what it stores: `y[i] = f(x[i], scalars)`, then
`r[] = s` and `r[] += f(x[i], scalars)` with the same f (softmax's exponentials and
their sum, `ew.expsum_scaled`).

`ref` runs the three steps as the template states them: the map, then the sum from s in
order i = 0, 1, ..., computing f again from x. The host shim computes f once per element,
stores it and adds it, in the same order and with parts that read only scalars (`m / t`)
computed once before the loop: the same operations on the same values, so the same bits
wherever x still holds its values when the sum reads them, that is where y shares no
byte with x (r is written once, after the loops, by both). Elsewhere, or with a
negative increment (the spans assume none), it runs the template's loops. The sum is
never vectorised: that would reorder it, and the exponential is the C library's call
per element either way.
"""

from __future__ import annotations

from dataclasses import dataclass

from polylift.shims.elementwise import ShimView, loops
from polylift.shims.expr_c import render
from polylift.shims.rows import hoisted
from polylift.tdl.ast import Access, Expr, Ref, Step
from polylift.tdl.library import KernelTemplate
from polylift.tdl.steps import walk


@dataclass(frozen=True)
class MapSumSteps:
    """The three steps: the map's target and source, the sum and its start, f."""

    stored: str
    read: str
    size: str
    total: str
    start: str
    value: Expr


def map_sum_steps(tpl: KernelTemplate) -> MapSumSteps:
    """The steps of a map-and-sum template, or ValueError for any other template."""
    steps = tuple(step for _, step in tpl.element_steps)
    match steps:
        case (Step(target=Access(array=stored, indices=(index,)), op="=", value=value),
              Step(target=Access(array=total, indices=()), op="=", value=Ref(name=start)),
              Step(target=Access(array=again, indices=()), op="+=", value=summed)) \
                if again == total and summed == value:
            reads = [a for a in walk(value) if isinstance(a, Access)]
            if len({a.array for a in reads}) == 1 and all(a.indices == (index,) for a in reads):
                size = getattr(tpl.ast.param(stored), "dims", ("",))[0]
                return MapSumSteps(stored, reads[0].array, size, total, start, value)
    raise ValueError(f"{tpl.name} is no map that sums what it stores")


@dataclass(frozen=True)
class MapSum:
    """One map-and-sum launch, as ref and host C."""

    shim: ShimView

    @property
    def steps(self) -> MapSumSteps:
        return map_sum_steps(self.shim.template)

    def _f(self, at: str, named: dict[Expr, str] | None = None) -> str:
        """f at element `at` of the source (`i * incx`), `named` parts by their names."""
        st = self.steps
        return render(st.value, lambda a: f"{a.array}[{at}]", self.shim.dtype, named=named)

    def ref(self) -> str:
        """The map, then the sum from s in order (f again from x), stored once."""
        st, s = self.steps, self.shim
        read, stored = f"i * {s.stride(st.read, 0)}", f"i * {s.stride(st.stored, 0)}"
        return (loops(("i",), (st.size,), f"{st.stored}[{stored}] = {self._f(read)};")
                + f"  {s.T} acc = {st.start};\n"
                + loops(("i",), (st.size,), f"acc = acc + {self._f(read)};")
                + f"  {st.total}[0] = acc;\n")

    def host(self, fallback: str) -> str:
        """One pass where the views allow it (see the module's docstring), else
        `fallback` (the template's loops)."""
        st, s = self.steps, self.shim
        incs = [s.stride(st.read, 0), s.stride(st.stored, 0)]
        spans = [f"polylift_span_of({a}, 0, 1 + ({st.size} - 1) * {inc}, sizeof({s.T}))"
                 for a, inc in zip((st.read, st.stored), incs, strict=True)]
        fits = [f"{inc} >= 0" for inc in incs] + [f"polylift_disjoint({', '.join(spans)})"]
        parts = hoisted(st.value, frozenset((st.read,)))
        named = {part: f"h{k}" for k, part in enumerate(parts)}
        once = "".join(f"    const __typeof__({text}) {named[part]} = {text};\n"
                       for part in parts for text in [render(part, str, s.dtype)])
        value = self._f(f"i * {incs[0]}", named)
        body = (f"      const __typeof__({value}) e = {value};\n"
                f"      {st.stored}[i * {incs[1]}] = e;\n"
                f"      acc = acc + e;\n")
        test = "\n      && ".join(fits)
        return (f"  if ({test}) {{\n{once}    {s.T} acc = {st.start};\n"
                f"    for (int64_t i = 0; i < {st.size}; i++) {{\n{body}    }}\n"
                f"    {st.total}[0] = acc;\n    return;\n  }}\n  {fallback}\n")
