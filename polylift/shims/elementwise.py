"""The shims of element-wise and reduction launches, rendered from their templates.

An element-wise template is one step `Z[i] = f(X[i], Y[i], scalars)` (or over `[i, j]`,
a matrix with leading dimensions), out of place or in place; a reduction template is
`r[] = s` then `r[] += f(x[i], ...)` or `r[] = g(x[i], r[])` over i, then optionally
`r[] = h(r[])`, or only the step over i (accumulating into r). Their `ref` shims are the
steps as loops in the template's order (`expr_c.py`); the element-wise `host` shims run
the same expression over contiguous rows through `restrict` pointers in a function gcc
vectorises (each element is still computed as the template states, so the result keeps
every bit), and the template's loops for other strides.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from polylift.shims.expr_c import c_type, render
from polylift.tdl.ast import Access, Bin, Ref, Step
from polylift.tdl.library import KernelTemplate
from polylift.tdl.steps import accesses, step_kind

# Lets gcc -O2 vectorise a loop whose trip count it does not know (its default cost
# model at -O2 does not); it changes no operation, so every bit stays.
VECTORISE = '__attribute__((optimize("tree-vectorize", "vect-cost-model=dynamic")))'


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

    def at(self, array: str, *index: str) -> str: ...


def _steps(tpl: KernelTemplate) -> tuple[Step, ...]:
    return tuple(step for _, step in tpl.element_steps)


@dataclass(frozen=True)
class Elementwise:
    """One element-wise launch: `Z[idx] = f(...)` for every idx of Z's box."""

    shim: ShimView

    @property
    def step(self) -> Step:
        steps = _steps(self.shim.template)
        if len(steps) != 1 or step_kind(steps[0]) != "op" or steps[0].op != "=":
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

    def value(self, element) -> str:
        """The stored value, as the element type."""
        s = self.shim
        text = render(self.step.value, element, s.dtype, self.accumulate)
        return f"({s.T})({text})" if self.accumulate else text

    def _read(self, access: Access, at) -> str:
        text = at(access)
        return f"({c_type(self.accumulate)}){text}" if self.accumulate else text

    def ref(self) -> str:
        """The template's loops, through the strides."""
        s = self.shim
        at = lambda a: s.at(a.array, *(str(ix) for ix in a.indices))  # noqa: E731
        body = f"{s.at(self.target.array, *self.indices)} = " \
               f"{self.value(lambda a: self._read(a, at))};"
        return _loops(self.indices, self.extents, body)

    @property
    def arrays(self) -> tuple[str, ...]:
        """The arrays the step reads besides its target, in parameter order."""
        read = {a.array for a in accesses(self.step)}
        return tuple(p.name for p in self.shim.template.params
                     if p.kind == "array" and p.name in read and p.name != self.target.array)

    @property
    def contiguous(self) -> bool:
        """Whether every access is at the target's own indices (a pure map), so one
        pointer per array walks a row."""
        return all(a.indices == self.target.indices for a in accesses(self.step))

    def row_params(self) -> str:
        """The parameters of the row function: the count, each input row, the scalars,
        the output row."""
        s = self.shim
        params = ["int64_t count"]
        params += [f"const {s.T} *restrict {a}" for a in self.arrays]
        params += [p for p in _scalar_decls(s)]
        params.append(f"{s.T} *restrict {self.target.array}")
        return ", ".join(params)

    def row_function(self) -> str:
        """A static function computing one contiguous row (vectorised)."""
        s = self.shim
        if not self.contiguous:
            return ""
        at = lambda a: f"{a.array}[q]"  # noqa: E731
        value = self.value(lambda a: self._read(a, at))
        return (f"static {VECTORISE} void row_{s.dtype}({self.row_params()})\n{{\n"
                f"  for (int64_t q = 0; q < count; q++)\n"
                f"    {self.target.array}[q] = {value};\n}}\n")

    def host(self, fallback: str) -> str:
        """Rows through `row_<dtype>` where every array's rows are contiguous and the
        output shares no byte with an input (the row function's pointers are restrict),
        else `fallback` (the template's loops)."""
        s = self.shim
        if not self.contiguous:
            return f"  {fallback}\n"
        out = self.target.array
        scalars = _scalar_names(s)
        if len(self.indices) == 1:
            (n,) = self.extents
            fits = [f"inc{a} == 1" for a in (*self.arrays, out)]
            span = lambda a: f"polylift_span_of({a}, 0, {n}, sizeof({s.T}))"  # noqa: E731
            call = ", ".join([n, *self.arrays, *scalars, out])
            run = f"    row_{s.dtype}({call});\n"
        else:
            rows, cols = self.extents
            fits = [f"ld{a} >= {cols}" for a in (*self.arrays, out)]
            span = lambda a: (f"polylift_span_of({a}, 0, ({rows} - 1) * ld{a} + {cols}, "  # noqa: E731
                              f"sizeof({s.T}))")
            at = lambda a: f"{a} + r * ld{a}"  # noqa: E731
            call = ", ".join([cols, *(at(a) for a in self.arrays), *scalars, at(out)])
            run = (f"    for (int64_t r = 0; r < {rows}; r++)\n"
                   f"      row_{s.dtype}({call});\n")
        fits += [f"polylift_disjoint({span(out)}, {span(a)})" for a in self.arrays]
        test = "\n      && ".join(fits)
        return f"  if ({test}) {{\n{run}    return;\n  }}\n  {fallback}\n"


@dataclass(frozen=True)
class Reduction:
    """One reduction launch into `r[]`: its steps in order, the running value `acc`."""

    shim: ShimView

    @property
    def result(self) -> str:
        return self.shim.output

    def ref(self) -> str:
        """`acc` starts at r[0] or at the first step's value, takes every step in order,
        and is stored once."""
        s = self.shim
        started = False
        lines: list[str] = []

        def element(a: Access) -> str:
            nonlocal started
            if a.array == self.result:
                if not started:
                    lines.append(f"  {s.T} acc = {self.result}[0];")
                    started = True
                return "acc"
            return s.at(a.array, *(str(ix) for ix in a.indices))

        for step in _steps(s.template):
            value = Bin("+", step.target, step.value) if step.op == "+=" else step.value
            text = render(value, element, s.dtype)
            index = sorted({v for a in accesses(step) for ix in a.indices for v in ix.vars})
            assign = f"acc = {text};"
            if not started:
                assign, started = f"{s.T} acc = {text};", True
            if not index:
                lines.append(f"  {assign}")
                continue
            if len(index) != 1:
                raise ValueError(f"{s.template.name}: a reduction over more than one index")
            size = _extent(s.template, step, index[0])
            lines.append(_loops((index[0],), (size,), assign).rstrip("\n"))
        lines.append(f"  {self.result}[0] = acc;")
        return "\n".join(lines) + "\n"

    @property
    def init(self) -> str:
        """The value the reduction starts from: the first step's (a scalar), or r[0]."""
        first = _steps(self.shim.template)[0]
        if first.op == "=" and isinstance(first.value, Ref):
            return first.value.name
        return f"{self.result}[0]"


def _extent(tpl: KernelTemplate, step: Step, index: str) -> str:
    for a in accesses(step):
        decl = tpl.ast.param(a.array)
        for ix, size in zip(a.indices, getattr(decl, "dims", ()), strict=False):
            if ix.vars == (index,):
                return size
    raise ValueError(f"{tpl.name}: no array gives the extent of {index}")


def _loops(indices: tuple[str, ...], extents: tuple[str, ...], body: str) -> str:
    lines = []
    for depth, (ix, size) in enumerate(zip(indices, extents, strict=True)):
        lines.append(f"{'  ' * (depth + 1)}for (int64_t {ix} = 0; {ix} < {size}; {ix}++)")
    lines.append(f"{'  ' * (len(indices) + 1)}{body}")
    return "\n".join(lines) + "\n"


def _scalar_decls(s: ShimView) -> list[str]:
    out = []
    for p in s.template.params:
        if p.kind == "scalar":
            out.append(f"{c_type(s.template.scalar_dtype(p.name, s.dtype))} {p.name}")
    return out


def _scalar_names(s: ShimView) -> list[str]:
    return [p.name for p in s.template.params if p.kind == "scalar"]
