"""The host form of a fold per column: `r[j]` folds `x[i, j]` over the rows i.

The template's order (and the `ref` shim's) takes one column at a time, down the rows:
every read is a stride apart, and the shim runs at memory latency where the source
loops, rows outer, stream the matrix. Each r[j] sees the same operations in the same
order whichever loop is outer, and r[j] keeps its value in memory between two rows
with the same bits as a running value, so the host shim runs the rows outer and each
row's update of all columns as one contiguous loop, which gcc vectorises across the
columns: nothing is reassociated. Views that are not contiguous along the columns, and
folds of any other form, run the template's loops.
"""

from __future__ import annotations

from dataclasses import dataclass

from polylift.shims.render.elementwise import ShimView, assigned, fold_steps
from polylift.shims.render.expr_c import c_type, render
from polylift.shims.render.rows import VECTORISE
from polylift.tdl.ast import Access, ArrayDecl, Step
from polylift.tdl.steps import accesses


@dataclass(frozen=True)
class ColumnFold:
    """A fold of the rows i into r[j]: steps before the fold (the start value), the one
    step over i, steps after it; every element read at [i, j], [j] or [i]."""

    shim: ShimView
    column: str  # j: the result's index, the inputs' innermost
    row: str  # i: the index folded

    @property
    def steps(self) -> tuple[Step, ...]:
        return tuple(step for _, step in self.shim.template.element_steps)

    def _extent(self, array: str) -> str:
        """The size symbol of an array's first dimension."""
        decl = self.shim.template.ast.param(array)
        assert isinstance(decl, ArrayDecl)
        return decl.dims[0]

    @property
    def columns(self) -> str:
        """The size symbol of the columns (r's extent)."""
        return self._extent(self.shim.output)

    @property
    def rows(self) -> str:
        """The size symbol of the rows: the first dimension of an array read at row i."""
        return next(self._extent(a.array) for a in self._reads()
                    if a.indices and str(a.indices[0]) == self.row)

    def _reads(self) -> list[Access]:
        return [a for step in self.steps for a in accesses(step)]

    def _element(self, a: Access) -> str:
        """An element as the row helper reads it: a row pointer's [j], or *p for [i]."""
        if [str(ix) for ix in a.indices] == [self.row]:
            return f"{a.array}[0]"
        return f"{a.array}[{self.column}]" if a.indices else f"{a.array}[0]"

    def _value(self, step: Step) -> str:
        return render(assigned(step), self._element, self.shim.dtype)

    def _params(self) -> list[str]:
        """The row helper's parameters: the columns, every array as a row pointer, the
        scalars; the names the shim gives them."""
        tpl = self.shim.template
        params = [f"int64_t {self.columns}"]
        for p in tpl.params:
            if p.kind == "array":
                const = "" if p.name == self.shim.output else "const "
                params.append(f"{const}{self.shim.T} *restrict {p.name}")
        for decl in tpl.ast.scalars:
            params.append(f"{c_type(decl.dtype or self.shim.dtype)} {decl.name}")
        return params

    def _arguments(self, row: str) -> list[str]:
        tpl = self.shim.template
        args = [self.columns]
        for p in tpl.params:
            if p.kind != "array":
                continue
            dims = [str(ix) for a in self._reads() if a.array == p.name for ix in a.indices]
            args.append(f"{p.name} + {row} * {self.shim.stride(p.name, 0)}"
                        if dims and dims[0] == self.row else p.name)
        return args + [decl.name for decl in tpl.ast.scalars]

    def _helper(self, name: str, steps: tuple[Step, ...]) -> str:
        body = "\n".join(f"    {self.shim.output}[{self.column}] = {self._value(s)};"
                         for s in steps)
        return (f"static {VECTORISE}\nvoid {name}({', '.join(self._params())})\n{{\n"
                f"  for (int64_t {self.column} = 0; {self.column} < {self.columns}; "
                f"{self.column}++) {{\n{body}\n  }}\n}}\n")

    def helpers(self) -> str:
        """The static row functions: the steps before the fold, the fold's step for one
        row, the steps after it."""
        before, fold, after = self._split()
        text = self._helper(f"fold_row_{self.shim.dtype}", (fold,))
        if before:
            text += "\n" + self._helper(f"fold_start_{self.shim.dtype}", before)
        if after:
            text += "\n" + self._helper(f"fold_end_{self.shim.dtype}", after)
        return text

    def _split(self) -> tuple[tuple[Step, ...], Step, tuple[Step, ...]]:
        split = fold_steps(self.steps, self.row)
        assert split is not None  # column_fold made sure
        return split.before, split.fold, split.after

    def _contiguous(self) -> str:
        """The C condition that every view the helpers read along the columns is."""
        checks = {self.shim.stride(a.array, len(a.indices) - 1)
                  for a in self._reads() if a.indices and str(a.indices[-1]) == self.column}
        return " && ".join(f"{c} == 1" for c in sorted(checks - {"1"})) or "1"

    def body(self) -> str:
        """The host shim's fast path: the rows outer over contiguous views (the shim
        runs the template's loops after it for any other view)."""
        before, _, after = self._split()
        d = self.shim.dtype
        args = ", ".join(self._arguments("0"))
        lines = [f"  if ({self._contiguous()}) {{"]
        if before:
            lines.append(f"    fold_start_{d}({args});")
        row_args = ", ".join(self._arguments(self.row))
        lines.append(f"    for (int64_t {self.row} = 0; {self.row} < {self.rows}; {self.row}++)")
        lines.append(f"      fold_row_{d}({row_args});")
        if after:
            lines.append(f"    fold_end_{d}({args});")
        lines += ["    return;", "  }"]
        return "\n".join(lines) + "\n"


def column_fold(shim: ShimView) -> ColumnFold | None:
    """The column form of a fold, where the template is one: r[j] (a vector) folded over
    i with every element read at [i, j] (j innermost), [j] or [i], and one step over i."""
    tpl = shim.template
    steps = tuple(step for _, step in tpl.element_steps)
    target = steps[0].target if steps else None
    if not isinstance(target, Access) or len(target.indices) != 1:
        return None
    column = str(target.indices[0])
    folded = {v for s in steps for a in accesses(s) for ix in a.indices for v in ix.vars}
    folded.discard(column)
    if len(folded) != 1:
        return None
    row = folded.pop()
    forms = ([column], [row, column], [row], [])
    for step in steps:
        for a in accesses(step):
            if [str(ix) for ix in a.indices] not in forms:
                return None
            if a.array == shim.output and [str(ix) for ix in a.indices] != [column]:
                return None
    fold = ColumnFold(shim, column, row)
    if fold_steps(steps, row) is None or not any(
            [str(ix) for ix in a.indices] == [row, column] for a in fold._reads()):
        return None
    return fold
