"""The host form of a fold per row: `r[i]` folds over j, eight rows at a time.

Each row's fold is one chain of dependent operations (`acc = acc + x[i + j] * h[j]`),
so the template's loops (and the `ref` shim) run at the latency of one operation per
element. Eight rows' running values side by side are eight independent chains: each
row still takes the same operations in the same order, so its bits are the template's,
and gcc runs the eight as one vector operation per element where the rows' elements
are next to each other (a filter's `x[i + j]`). The last rows, and views that are not
contiguous, run the template's loops.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from polylift.shims.render.elementwise import ShimView, assigned, fold_steps, index_extent
from polylift.shims.render.expr_c import render
from polylift.shims.render.rows import VECTORISE
from polylift.tdl.ast import Access, ArrayDecl, Step
from polylift.tdl.steps import accesses

BLOCK = 8


@dataclass(frozen=True)
class RowFold:
    """A fold over j into r[i] (r a vector): steps before the fold give its start, one
    step over j, steps after it; i appears in subscripts with coefficient 1 only."""

    shim: ShimView
    row: str  # i: the result's index
    folded: str  # j

    @property
    def steps(self) -> tuple[Step, ...]:
        return tuple(step for _, step in self.shim.template.element_steps)

    def _split(self) -> tuple[tuple[Step, ...], Step, tuple[Step, ...]]:
        split = fold_steps(self.steps, self.folded)
        assert split is not None  # row_fold made sure
        return split.before, split.fold, split.after

    def _element(self, a: Access) -> str:
        """An element of row i0 + k, or the running value for r."""
        if a.array == self.shim.output:
            return "acc[k]"
        shifted = [re.sub(rf"\b{self.row}\b", "(i0 + k)", str(ix)) for ix in a.indices]
        return self.shim.at(a.array, *shifted)

    def _assign(self, step: Step) -> str:
        return f"acc[k] = {render(assigned(step), self._element, self.shim.dtype)};"

    def helper(self) -> str:
        """The static function that folds rows i0 .. i0 + 7."""
        s = self.shim
        before, fold, after = self._split()
        out = s.at(s.output, "(i0 + k)")
        start = [self._assign(step) for step in before] or [f"acc[k] = {out};"]
        each = f"    for (int k = 0; k < {BLOCK}; k++)\n"
        lines = [f"static {VECTORISE}",
                 f"void fold_rows_{s.dtype}({s.params}, int64_t i0)", "{",
                 f"  {s.T} acc[{BLOCK}];",
                 *(f"  for (int k = 0; k < {BLOCK}; k++)\n    {a}" for a in start),
                 f"  for (int64_t {self.folded} = 0; {self.folded} < "
                 f"{index_extent(s.template, fold, self.folded)}; "
                 f"{self.folded}++)",
                 f"{each}      {self._assign(fold)}",
                 *(f"  for (int k = 0; k < {BLOCK}; k++)\n    {self._assign(a)}" for a in after),
                 f"  for (int k = 0; k < {BLOCK}; k++)\n    {out} = acc[k];", "}"]
        return "\n".join(lines) + "\n"

    def body(self) -> str:
        """The host shim: blocks of eight rows, then the last rows through the
        template's loops, on views shifted to start at the first of them."""
        s = self.shim
        rows = self._rows()
        lines = ["  int64_t i0 = 0;",
                 f"  for (; i0 + {BLOCK} <= {rows}; i0 += {BLOCK})",
                 f"    fold_rows_{s.dtype}({s.args}, i0);",
                 f"  if (i0 < {rows})",
                 f"    {s.ref_name}({', '.join(self._rest())});"]
        return "\n".join(lines) + "\n"

    def _rows(self) -> str:
        decl = self.shim.template.ast.param(self.shim.output)
        assert isinstance(decl, ArrayDecl)
        return decl.dims[0]

    def _rest(self) -> list[str]:
        """The shim's arguments for rows i0 .. on: the rows' count less i0, every array
        that rows index advanced by i0 rows."""
        offsets = self._offsets()
        rows = self._rows()
        args = []
        for arg in self.shim.template.shim_args:
            if arg.kind == "size" and arg.name == rows:
                args.append(f"{rows} - i0")
            elif arg.kind == "pointer" and arg.name in offsets:
                args.append(f"{arg.name} + i0 * {offsets[arg.name]}")
            else:
                args.append(arg.name)
        return args

    def _offsets(self) -> dict[str, str]:
        """Per array whose subscripts use i: the stride of the dimension they use it in."""
        found: dict[str, str] = {}
        for a in (a for step in self.steps for a in accesses(step)):
            for d, ix in enumerate(a.indices):
                if self.row in ix.vars:
                    found[a.array] = self.shim.stride(a.array, d)
        return found


def row_fold(shim: ShimView) -> RowFold | None:
    """The row form of a fold, where the template is one: r[i] (a vector) folded over j
    in one step, i in every subscript with coefficient 1 and in at most one dimension of
    each array (so that rows i0 .. are a view advanced by i0 rows)."""
    steps = tuple(step for _, step in shim.template.element_steps)
    target = steps[0].target if steps else None
    if not isinstance(target, Access) or len(target.indices) != 1 or \
            len(target.indices[0].vars) != 1 or target.indices[0].const:
        return None
    row = str(target.indices[0])
    names = {v for s in steps for a in accesses(s) for ix in a.indices for v in ix.vars}
    folded = names - {row}
    if len(folded) != 1:
        return None
    fold = RowFold(shim, row, folded.pop())
    if fold_steps(steps, fold.folded) is None:
        return None
    dims: dict[str, set[int | None]] = {}
    for a in (a for s in steps for a in accesses(s)):
        used = [d for d, ix in enumerate(a.indices) if row in ix.vars]
        if len(used) > 1 or any(c != 1 for ix in a.indices for v, c in ix.terms if v == row):
            return None
        if a.array == shim.output and [str(ix) for ix in a.indices] != [row]:
            return None
        dims.setdefault(a.array, set()).add(used[0] if used else None)
    # Rows i0 .. are each array advanced by i0 along one dimension, the same for all
    # its reads (an array read at [j] and at [i + j] is not one such view).
    return fold if all(len(d) == 1 for d in dims.values()) else None
