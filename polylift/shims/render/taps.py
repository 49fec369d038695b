"""Stencil points written with taps, as the stencil families state them.

A family gives a point as a C expression in which `X[d0,d1,..]` (X an array of the
launch, the d constant offsets) reads X at that offset from the current point, e.g.
`c * ((A[0,0] + A[0,-1]) + A[0,1])`. From it this module renders the ref form (every
tap an element through the strides, `A[i * ldA + j - 1]`) and the row form of the
vectorised host path (the rows a point reads become `restrict` row pointers, `A_m1[j]`),
and says which rows and which address spans the point reads, so both forms come from
the one expression.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

_TAP = re.compile(r"\b([A-Za-z_]\w*)\[(\s*-?\d+\s*(?:,\s*-?\d+\s*)*)\]")
_INDICES = ("i", "j", "k")


class ShimView(Protocol):
    """What a stencil reads of the shim it renders (generate.Shim)."""

    @property
    def launch(self) -> str: ...

    @property
    def output(self) -> str: ...

    def dims(self, array: str) -> tuple[str, ...]: ...

    def stride(self, array: str, dim: int) -> str: ...

    def at(self, array: str, *index: str) -> str: ...


Tap = tuple[str, tuple[int, ...]]


def _shifted(index: str, offset: int) -> str:
    """`i`, `i + 1`, `i - 1`."""
    if offset == 0:
        return index
    return f"{index} {'+' if offset > 0 else '-'} {abs(offset)}"


def _row_name(array: str, outer: tuple[int, ...]) -> str:
    """The row pointer of `array` at outer offsets: `A_m1`, `A_0`, `A_p1_0`, `x_row`."""
    tags = ["0" if o == 0 else f"{'p' if o > 0 else 'm'}{abs(o)}" for o in outer]
    return f"{array}_{'_'.join(tags) or 'row'}"


@dataclass(frozen=True)
class Stencil:
    """One point expression of a launch, and the forms and facts derived from it."""

    shim: ShimView
    point: str

    def _substitute(self, render: Callable[[str, tuple[int, ...]], str]) -> str:
        def replace(found: re.Match[str]) -> str:
            name = found.group(1)
            offsets = tuple(int(d) for d in found.group(2).split(","))
            if len(offsets) != len(self.shim.dims(name)):
                raise ValueError(f"{self.shim.launch}: tap '{found.group(0)}' does not give "
                                 f"one offset per dimension of {name}")
            return render(name, offsets)
        return _TAP.sub(replace, self.point)

    @property
    def taps(self) -> tuple[Tap, ...]:
        """Every tap, in the order written."""
        found: list[Tap] = []

        def note(name: str, offsets: tuple[int, ...]) -> str:
            found.append((name, offsets))
            return ""
        self._substitute(note)
        return tuple(found)

    @property
    def extents(self) -> tuple[str, ...]:
        """The sizes the point runs over: the output's dimensions."""
        return self.shim.dims(self.shim.output)

    @property
    def indices(self) -> tuple[str, ...]:
        """The loop indices of the ref form, outermost first."""
        return _INDICES[:len(self.extents)]

    def ref(self) -> str:
        """The point with every tap an element through the strides."""
        return self._substitute(lambda name, offsets: self.shim.at(
            name, *(_shifted(ix, o) for ix, o in zip(self.indices, offsets, strict=True))))

    def target(self) -> str:
        """The output element the ref form writes."""
        return self.shim.at(self.shim.output, *self.indices)

    def rows(self) -> tuple[Tap, ...]:
        """The input rows a point reads: (array, offsets but the last), first use first.
        The output is read only at the point itself (it is the row being written)."""
        rows: list[Tap] = []
        for name, offsets in self.taps:
            if name == self.shim.output:
                if any(offsets):
                    raise ValueError(f"{self.shim.launch}: the output {name} is read at an "
                                     "offset, which the row form cannot give")
                continue
            if (name, offsets[:-1]) not in rows:
                rows.append((name, offsets[:-1]))
        return tuple(rows)

    def row_form(self) -> str:
        """The point inside a row loop over `j`: taps read row pointers, the output `out`."""
        def render(name: str, offsets: tuple[int, ...]) -> str:
            base = "out" if name == self.shim.output else _row_name(name, offsets[:-1])
            return f"{base}[{_shifted('j', offsets[-1])}]"
        return self._substitute(render)

    def row_params(self, ctype: str) -> str:
        """The row pointers as `restrict` parameters of the row function."""
        return ", ".join(f"const {ctype} *restrict {_row_name(a, o)}" for a, o in self.rows())

    def row_args(self) -> str:
        """The row pointers for the current outer indices, in `row_params` order, then the
        output's row."""
        outer = self.indices[:-1]
        rows = [*self.rows(), (self.shim.output, (0,) * len(outer))]
        return ", ".join(
            _sum([array] + [_times(_shifted(ix, o), self.shim.stride(array, d))
                            for d, (ix, o) in enumerate(zip(outer, offsets, strict=True))])
            for array, offsets in rows)

    def span(self, array: str) -> tuple[str, str]:
        """The first and one-past-last element offsets (from the array's element 0) the
        launch may touch in `array` over the output's extents: a box around its taps."""
        dims = len(self.shim.dims(array))
        offsets = [o for name, o in self.taps if name == array] or [(0,) * dims]
        strides = [self.shim.stride(array, d) for d in range(dims)]
        low, high = [], []
        for d, (extent, stride) in enumerate(zip(self.extents, strides, strict=True)):
            least, most = min(o[d] for o in offsets), max(o[d] for o in offsets)
            if least:
                low.append(_times(str(least), stride))
            last = d == dims - 1 and stride == "1"  # the one-past step folds in here
            high.append(_times(_shifted(extent, most if last else most - 1), stride))
        if not (dims and strides[-1] == "1"):
            high.append("1")
        return _sum(low), _sum(high)

    def strides_fit(self) -> str:
        """The C condition under which the row form may run: every outer stride is
        non-negative (the spans are then right) and every vector's increment is 1."""
        tests = []
        for array in self.arrays():
            dims = len(self.shim.dims(array))
            if dims == 1:
                tests.append(f"{self.shim.stride(array, 0)} == 1")
            tests += [f"{self.shim.stride(array, d)} >= 0" for d in range(dims - 1)]
        return " && ".join(tests) or "1"

    def arrays(self) -> tuple[str, ...]:
        """Every array the point reads or writes, the output first."""
        names = [self.shim.output]
        for name, _ in self.taps:
            if name not in names:
                names.append(name)
        return tuple(names)


def _times(term: str, stride: str) -> str:
    """`term * stride`, the term grouped when it is a sum."""
    if stride == "1":
        return term
    if term == "-1":
        return f"-{stride}"
    grouped = term if re.fullmatch(r"-?\w+", term) else f"({term})"
    return f"{grouped} * {stride}"


def _sum(terms: list[str]) -> str:
    """The C sum of signed terms (`0` when there are none)."""
    text = " + ".join(terms) or "0"
    return text.replace("+ -", "- ")
