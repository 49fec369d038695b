"""The shims of element-wise and reduction launches, rendered from their templates.

An element-wise template is one step `Z[i] = f(X[i], Y[i], scalars)` (or over `[i, j]`,
a matrix with leading dimensions), out of place or in place; a reduction template is
`r[] = s` then `r[] += f(x[i], ...)` or `r[] = g(x[i], r[])` over i, then optionally
`r[] = h(r[])`, or only the step over i (accumulating into r). Their `ref` shims are the
steps as loops in the template's order (`expr_c.py`); the element-wise `host` shims run
the same expression row by row (`rows.py`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Protocol

from polylift.shims.render.expr_c import c_type, render
from polylift.tdl.ast import Access, Bin, Expr, Ref, Step
from polylift.tdl.library import KernelTemplate
from polylift.tdl.steps import accesses, step_kind


class ShimView(Protocol):
    """What these renderers read of the shim (generate.Shim)."""

    @property
    def template(self) -> KernelTemplate: ...

    @property
    def dtype(self) -> str: ...

    @property
    def T(self) -> str: ...

    @property
    def output(self) -> str: ...

    @property
    def params(self) -> str: ...

    @property
    def args(self) -> str: ...

    @property
    def ref_name(self) -> str: ...

    def at(self, array: str, *index: str) -> str: ...

    def stride(self, array: str, dim: int) -> str: ...


def _steps(tpl: KernelTemplate) -> tuple[Step, ...]:
    return tuple(step for _, step in tpl.element_steps)


@dataclass(frozen=True)
class Elementwise:
    """One element-wise launch: `Z[idx] = f(...)` for every idx of Z's box."""

    shim: ShimView

    @property
    def step(self) -> Step:
        steps = _steps(self.shim.template)
        if len(steps) != 1 or step_kind(steps[0]) not in ("op", "store") or steps[0].op != "=":
            raise ValueError(f"{self.shim.template.name} is no element-wise template")
        return steps[0]

    @property
    def target(self) -> Access:
        target = self.step.target
        assert isinstance(target, Access)
        return target

    @property
    def indices(self) -> tuple[str, ...]:
        """The loop counters, outermost first: the target's index names."""
        return tuple(str(ix) for ix in self.target.indices)

    @property
    def extents(self) -> tuple[str, ...]:
        """The size each counter runs to."""
        decl = self.shim.template.ast.param(self.target.array)
        return tuple(getattr(decl, "dims", ()))

    @property
    def accumulate(self) -> str:
        return self.shim.template.accumulate

    def expression(self, expr: Expr, at: Callable[[Access], str],
                   named: Mapping[Expr, str] | None = None) -> str:
        """A part of the step's value as C: `at(access)` is the element's C lvalue, read
        as the arithmetic's type; `named` subexpressions are variables holding them."""
        s = self.shim
        return render(expr, lambda a: self._read(a, at), s.dtype, self.accumulate,
                      named=named)

    def value(self, at: Callable[[Access], str],
              named: Mapping[Expr, str] | None = None) -> str:
        """The stored value, as the element type."""
        text = self.expression(self.step.value, at, named)
        return f"({self.shim.T})({text})" if self.accumulate else text

    def _read(self, access: Access, at: Callable[[Access], str]) -> str:
        text = at(access)
        return f"({c_type(self.accumulate)}){text}" if self.accumulate else text

    def ref(self) -> str:
        """The template's loops, through the strides."""
        s = self.shim
        at = lambda a: s.at(a.array, *(str(ix) for ix in a.indices))  # noqa: E731
        body = f"{s.at(self.target.array, *self.indices)} = {self.value(at)};"
        return loops(self.indices, self.extents, body)


@dataclass(frozen=True)
class Reduction:
    """One reduction launch into `r[]`, or into `r[b, g]` per row of a grid of rows (the
    reduced index then the innermost of the input): its steps in order, the running
    value `acc` of each row."""

    shim: ShimView

    @property
    def result(self) -> str:
        return self.shim.output

    @property
    def rows(self) -> tuple[str, ...]:
        """The result's indices, outermost first (none for a single value)."""
        target = _steps(self.shim.template)[0].target
        return tuple(str(ix) for ix in getattr(target, "indices", ()))

    @property
    def result_at(self) -> str:
        """The C element of the current row's result."""
        return self.shim.at(self.result, *self.rows)

    def ref(self) -> str:
        """Per row: `acc` starts at the row's result or at the first step's value, takes
        every step in order, and is stored once."""
        return self.each_row(self.row_ref())

    def each_row(self, body: str) -> str:
        """`body` (C lines at the first level) once per row, the rows in the template's
        order (their loops, outermost first)."""
        decl = self.shim.template.ast.param(self.result)
        return row_loops(self.rows, tuple(getattr(decl, "dims", ())), body)

    def row_ref(self) -> str:
        """One row: the template's steps in order into `acc`, stored once."""
        s = self.shim
        started = False
        lines: list[str] = []

        def element(a: Access) -> str:
            nonlocal started
            if a.array == self.result:
                if not started:
                    lines.append(f"  {s.T} acc = {self.result_at};")
                    started = True
                return "acc"
            return s.at(a.array, *(str(ix) for ix in a.indices))

        for step in _steps(s.template):
            text = render(assigned(step), element, s.dtype)
            index = sorted({v for a in accesses(step) for ix in a.indices for v in ix.vars}
                           - set(self.rows))
            assign = f"acc = {text};"
            if not started:
                assign, started = f"{s.T} acc = {text};", True
            if not index:
                lines.append(f"  {assign}")
                continue
            if len(index) != 1:
                raise ValueError(f"{s.template.name}: a reduction over more than one index")
            size = index_extent(s.template, step, index[0])
            lines.append(loops((index[0],), (size,), assign).rstrip("\n"))
        lines.append(f"  {self.result_at} = acc;")
        return "\n".join(lines) + "\n"

    def row_start(self, array: str) -> str:
        """The pointer to the current row of an input read along the rows."""
        return " + ".join([array, *(f"{ix} * {self.shim.stride(array, d)}"
                                    for d, ix in enumerate(self.rows))])

    @property
    def init(self) -> str:
        """The value the reduction starts from: the first step's (a scalar), or r[0]."""
        first = _steps(self.shim.template)[0]
        if first.op == "=" and isinstance(first.value, Ref):
            return first.value.name
        return self.result_at


@dataclass(frozen=True)
class FoldSteps:
    """A fold's steps around its one step over the folded index: those before it (the
    start value), that step, those after it."""

    before: tuple[Step, ...]
    fold: Step
    after: tuple[Step, ...]


def uses_index(step: Step, index: str) -> bool:
    """Whether some subscript of the step uses `index`."""
    return any(index in ix.vars for a in accesses(step) for ix in a.indices)


def fold_steps(steps: tuple[Step, ...], index: str) -> FoldSteps | None:
    """The steps around the one over `index`; None unless exactly one step uses it."""
    over = [k for k, step in enumerate(steps) if uses_index(step, index)]
    if len(over) != 1:
        return None
    k = over[0]
    return FoldSteps(steps[:k], steps[k], steps[k + 1:])


def assigned(step: Step) -> Expr:
    """The value a step leaves in its target: `t += v` is `t = t + v`."""
    return Bin("+", step.target, step.value) if step.op == "+=" else step.value


def index_extent(tpl: KernelTemplate, step: Step, index: str) -> str:
    """The size an index runs to in a step: the extent of an array it alone subscripts."""
    for a in accesses(step):
        decl = tpl.ast.param(a.array)
        for ix, size in zip(a.indices, getattr(decl, "dims", ()), strict=False):
            if ix.vars == (index,):
                return size
    raise ValueError(f"{tpl.name}: no array gives the extent of {index}")


def loops(indices: tuple[str, ...], extents: tuple[str, ...], body: str) -> str:
    lines = []
    for depth, (ix, size) in enumerate(zip(indices, extents, strict=True)):
        lines.append(f"{'  ' * (depth + 1)}for (int64_t {ix} = 0; {ix} < {size}; {ix}++)")
    lines.append(f"{'  ' * (len(indices) + 1)}{body}")
    return "\n".join(lines) + "\n"


def row_loops(indices: tuple[str, ...], extents: tuple[str, ...], body: str) -> str:
    """`body` (C lines at the first level) inside the loops over `indices`, outermost
    first, each a block; `body` itself without indices."""
    if not indices:
        return body
    heads = loops(indices, extents, "").splitlines()[:-1]
    depth = len(indices)
    inner = "".join(f"{'  ' * depth}{line}\n" for line in body.splitlines())
    return "\n".join(heads) + f" {{\n{inner}{'  ' * depth}}}\n"
