"""Render the shim sources of a backend from the shim families (build products).

For every launch of the template library that a backend implements, the launch's family
(`families.py`) renders one translation unit, `<launch>.c` (or `.cu` for the cuda
backends), with one function per element type the launch's templates list. What a
family's macros read comes from the template (`Shim`): the signature, the element type,
the ranks and shapes of the arrays (hence the transposes of a product), the attributes;
and from the family's line for the launch.

Every shim but `ref` starts with the same guard: when a size is zero it runs the
template's own loops (the family's `ref` macro, compiled into the unit as a static
function), because libraries return early on empty ranges with or without applying
beta, and a zero-sized problem still has to give the template's result.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property

from polylift.shims.families import Family, environment, family_of
from polylift.shims.header import (
    backward_prototype,
    c_parameters,
    c_type,
    launch_decls,
    shim_symbol,
)
from polylift.shims.render.columns import ColumnFold, column_fold
from polylift.shims.render.elementwise import Elementwise, Reduction
from polylift.shims.render.expr_c import helpers as expression_helpers
from polylift.shims.render.map_sum import MapSum
from polylift.shims.render.row_folds import RowFold, row_fold
from polylift.shims.render.rows import Rows
from polylift.shims.render.taps import Stencil
from polylift.tdl.ast import ArrayDecl
from polylift.tdl.library import KernelTemplate, Library

CUDA_BACKENDS = ("cublas", "cublaslt", "cudnn", "cusolver", "npp")
_UNIT_TEMPLATE = "shim_unit.j2"
_INT_LIMITS = {"i8": ("-128", "127", "uint8_t"), "i16": ("-32768", "32767", "uint16_t")}


@dataclass(frozen=True)
class Shim:
    """One shim to render: a launch for one backend and element type, as its family's
    macros see it. `shim.x` reads the family's fact `x` for the launch."""

    template: KernelTemplate
    backend: str
    dtype: str
    facts: Mapping[str, object]

    def __getitem__(self, name: str) -> object:
        return self.facts[name]

    @property
    def launch(self) -> str:
        """The launch name (`gemm_nt`)."""
        return self.template.launch

    @property
    def symbol(self) -> str:
        """The C symbol (`polylift_host_gemm_nt_f64`), also the name in messages."""
        return shim_symbol(self.backend, self.launch, self.dtype)

    @property
    def T(self) -> str:
        """The C element type (`double`)."""
        return c_type(self.dtype)

    @property
    def params(self) -> str:
        """The C parameter list, exactly the header's."""
        return ", ".join(c_parameters(self.template, self.dtype)) or "void"

    @property
    def backward_prototype(self) -> str:
        """The definition line of the launch's backward error measure (`header.py`)."""
        return backward_prototype(self.template, self.dtype)

    @property
    def args(self) -> str:
        """The parameter names, to pass them all on."""
        return ", ".join(arg.name for arg in self.template.shim_args)

    @property
    def sizes(self) -> tuple[str, ...]:
        """The size arguments, in signature order."""
        return tuple(a.name for a in self.template.shim_args if a.kind == "size")

    @property
    def empty(self) -> str:
        """The C condition that some size is zero (or negative)."""
        return " || ".join(f"{size} <= 0" for size in self.sizes) or "0"

    @property
    def strided(self) -> str:
        """The C condition that some vector's increment is not 1 (its elements are not
        adjacent)."""
        return " || ".join(f"{a.name} != 1" for a in self.template.shim_args
                           if a.kind == "ld") or "0"

    @property
    def ref_name(self) -> str:
        """The unit's static copy of the template's loops."""
        return f"ref_{self.dtype}"

    @property
    def cuda(self) -> bool:
        """Whether the unit is CUDA C++ (compiled by nvcc)."""
        return self.backend in CUDA_BACKENDS

    @property
    def fallback(self) -> str:
        """The statement that computes the launch with the template's loops instead.

        A cuda shim then wrote host memory behind the device-buffer cache, so the cache
        forgets what it holds.
        """
        call = f"{self.ref_name}({self.args});"
        return f"{{ {call} polylift_cuda_invalidate(); }}" if self.cuda else call

    def has(self, name: str) -> bool:
        """Whether the signature has an argument (array, scalar or size) called `name`."""
        return any(a.name == name for a in self.template.shim_args)

    def dims(self, array: str) -> tuple[str, ...]:
        """The size names of an array's dimensions, outermost first."""
        decl = self.template.ast.param(array)
        if not isinstance(decl, ArrayDecl):
            raise KeyError(f"{self.launch} has no array '{array}'")
        return decl.dims

    def rank(self, array: str) -> int:
        """The rank of an array (0 for a one-element array)."""
        return len(self.dims(array))

    @cached_property
    def outputs(self) -> tuple[str, ...]:
        """The arrays the launch writes, in parameter order."""
        return tuple(p.name for p in self.template.params
                     if p.kind == "array" and p.role != "in")

    @property
    def output(self) -> str:
        """The first array the launch writes."""
        return self.outputs[0]

    @cached_property
    def inputs(self) -> tuple[str, ...]:
        """The arrays the launch only reads, in parameter order."""
        return tuple(p.name for p in self.template.params
                     if p.kind == "array" and p.role == "in")

    def role(self, array: str) -> str:
        """`in`, `out` or `inout` (an `out` array is never read)."""
        return next(p.role for p in self.template.params if p.name == array)

    def attr(self, name: str) -> str:
        """A launch attribute the template declares (`border`), or ""."""
        return self.template.attrs.get(name, "")

    @property
    def trans_a(self) -> bool:
        """Whether the left operand `A` of a product is stored transposed: its row
        dimension is not a dimension of the output (A[k,m] for C[m,n])."""
        return self.dims("A")[-2] not in self.dims(self.output)

    @property
    def trans_b(self) -> bool:
        """Whether the right operand (`B`, else `A` again as in A.A^T) is stored
        transposed: its column dimension is not a dimension of the output."""
        right = "B" if self.has("B") else "A"
        return self.dims(right)[-1] not in self.dims(self.output)

    @property
    def blas(self) -> str:
        """The BLAS prefix of the element type (`s`, `d`)."""
        return {"f32": "s", "f64": "d"}[self.dtype]

    @property
    def lo(self) -> str:
        """The least value of an 8- or 16-bit element type."""
        return _INT_LIMITS[self.dtype][0]

    @property
    def hi(self) -> str:
        """The greatest value of an 8- or 16-bit element type."""
        return _INT_LIMITS[self.dtype][1]

    @property
    def unsigned(self) -> str:
        """The unsigned C type of an 8- or 16-bit element type (a pixel read as a key)."""
        return _INT_LIMITS[self.dtype][2]

    def stride(self, array: str, dim: int) -> str:
        """The stride argument of dimension `dim` of an array (`ldA`, `incx`, `ldC1`)."""
        for arg in self.template.shim_args:
            if arg.kind == "ld" and arg.param == array and arg.dim == dim:
                return arg.name
        return "1"  # the last dimension of a matrix or tensor

    def at(self, array: str, *index: str) -> str:
        """The C element `array[index]` through the strides: `A[i * ldA + p]`."""
        if not index:
            return f"{array}[0]"
        terms = [f"{_grouped(ix)} * {self.stride(array, d)}" for d, ix in enumerate(index)]
        if len(index) > 1:
            terms[-1] = index[-1]
        return f"{array}[{' + '.join(terms)}]"

    @property
    def scalars(self) -> tuple[str, ...]:
        """The C declarations of the scalar arguments (`double c`), in signature order."""
        decls = c_parameters(self.template, self.dtype)
        return tuple(d for d, a in zip(decls, self.template.shim_args, strict=True)
                     if a.kind == "scalar")

    @property
    def scalar_names(self) -> tuple[str, ...]:
        """The names of the scalar arguments, in signature order."""
        return tuple(a.name for a in self.template.shim_args if a.kind == "scalar")

    def stencil(self, point: str) -> Stencil:
        """A point expression written with taps (`A[0,-1]`), for the stencil families."""
        return Stencil(self, point)

    @property
    def elementwise(self) -> Elementwise:
        """The template's one step as loops and rows, for the element-wise family."""
        return Elementwise(self)

    @property
    def rows(self) -> Rows:
        """The element-wise step row by row, for the host shims of that family."""
        return Rows(Elementwise(self))

    @property
    def map_sum(self) -> MapSum:
        """The map and the sum of what it stores, for the map_sum family."""
        return MapSum(self)

    @property
    def reduction(self) -> Reduction:
        """The template's steps as a running value, for the reduction family."""
        return Reduction(self)

    @cached_property
    def columns(self) -> ColumnFold | None:
        """The fold per column as rows outer, where the template is one (`columns.py`)."""
        return column_fold(self)

    @cached_property
    def row_fold(self) -> RowFold | None:
        """The fold per row as blocks of rows, where the template is one (`row_folds.py`)."""
        return row_fold(self)

    @property
    def expression_helpers(self) -> str:
        """The C helpers (max, min, abs) that rendered template expressions call."""
        return expression_helpers(self.dtype, self.template.accumulate)


def _grouped(index: str) -> str:
    """An index expression ready to be multiplied."""
    return index if re.fullmatch(r"\w+", index) else f"({index})"


def shims_of(family: Family, template: KernelTemplate, dtypes: tuple[str, ...],
             backend: str) -> tuple[Shim, ...]:
    """The shims of one launch for one backend, one per element type."""
    return tuple(Shim(template, backend, d, family.variants[template.launch]) for d in dtypes)


def render_unit(family: Family, shims: tuple[Shim, ...]) -> str:
    """The translation unit of one launch for one backend."""
    first = shims[0]
    unit = environment().get_template(_UNIT_TEMPLATE)
    return unit.render(family=family.name, launch=first.launch, backend=first.backend,
                       cuda=first.cuda, includes=family.includes(first.backend),
                       shims=shims, fam=family.module)


def generate_sources(backend: str, library: Library) -> dict[str, str]:
    """`<launch>.c` (`.cu` for cuda backends) -> text, for every launch of the library
    that `backend` implements and a family serves, sorted by launch."""
    suffix = ".cu" if backend in CUDA_BACKENDS else ".c"
    units: dict[str, str] = {}
    for decl in launch_decls(library):
        family = family_of(decl.name)
        if backend not in decl.backends or family is None or backend not in family.backends:
            continue
        shims = shims_of(family, decl.templates[0], decl.dtypes, backend)
        units[decl.name + suffix] = render_unit(family, shims)
    return units
