"""The shim header `polylift_shims.h`, generated from the template library.

One prototype per (launch, dtype, backend) for every backend a launch's templates
declare, so a template, its launch, its lowering and its shims cannot drift apart.
`python -m polylift.cli.shim_header [--write]` prints it or updates the checked-in copy.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from polylift.errors import PolyliftError, SourceLoc
from polylift.tdl.checks import BACKENDS, DTYPES
from polylift.tdl.library import KernelTemplate, Library, ShimArg

if TYPE_CHECKING:
    import jinja2

HEADER_NAME = "polylift_shims.h"
INCLUDE_DIR = Path(__file__).parent / "include"
CHECKED_IN = INCLUDE_DIR / HEADER_NAME
_TEMPLATE = "polylift_shims.h.j2"

# The C spelling of each element type the templates may name.
C_TYPES = {
    "f16": "_Float16", "f32": "float", "f64": "double", "i8": "int8_t", "i16": "int16_t",
    "i32": "int32_t", "i64": "int64_t", "u8": "uint8_t", "u16": "uint16_t",
}
_DTYPE_ORDER = DTYPES


class ShimSignatureError(PolyliftError):
    """Templates of one launch that disagree on the shim signature, or an unknown type."""


def shim_symbol(backend: str, launch: str, dtype: str) -> str:
    """The C symbol of one shim: `polylift_<backend>_<launch>_<dtype>`."""
    return f"polylift_{backend}_{launch}_{dtype}"


def c_type(dtype: str) -> str:
    """The C type of an element type name (`f64` -> `double`)."""
    try:
        return C_TYPES[dtype]
    except KeyError:
        raise ShimSignatureError(f"element type '{dtype}' has no C type "
                                 f"(known: {', '.join(sorted(C_TYPES))})") from None


def _c_param(template: KernelTemplate, arg: ShimArg, elem: str) -> str:
    if arg.kind in ("size", "ld"):
        return f"int64_t {arg.name}"
    ctype = c_type(arg.dtype) if arg.dtype else elem
    if arg.kind == "scalar":
        return f"{ctype} {arg.name}"
    role = next(p.role for p in template.params if p.name == arg.param)
    const = "const " if role == "in" else ""
    return f"{const}{ctype} *{arg.name}"


def c_parameters(template: KernelTemplate, dtype: str | None) -> tuple[str, ...]:
    """The C parameter declarations of a template's shim; element type `T` when None."""
    elem = c_type(dtype) if dtype is not None else "T"
    return tuple(_c_param(template, arg, elem) for arg in template.shim_args)


def backward_symbol(launch: str, dtype: str) -> str:
    """The C symbol of a launch's backward error measure (templates declaring `accuracy
    backward`): `polylift_backward_<launch>_<dtype>`, defined with the ref shims."""
    return f"polylift_backward_{launch}_{dtype}"


def backward_prototype(template: KernelTemplate, dtype: str) -> str:
    """`double polylift_backward_<launch>_<dtype>(...)`: the shim's parameters (the
    result in its arrays), then each `inout` array as it was before the call, packed
    row-major (`const T *<name>_in`); it returns the result's largest componentwise
    backward error in unit roundoffs."""
    elem = c_type(dtype)
    before = [f"const {elem} *{p.name}_in" for p in template.params
              if p.kind == "array" and p.role == "inout"]
    params = ", ".join([*c_parameters(template, dtype), *before])
    return f"double {backward_symbol(template.launch, dtype)}({params})"


def c_prototype(template: KernelTemplate, backend: str, dtype: str) -> str:
    """`void polylift_<backend>_<launch>_<dtype>(...)`, without the final semicolon."""
    params = ", ".join(c_parameters(template, dtype)) or "void"
    return f"void {shim_symbol(backend, template.launch, dtype)}({params})"


@dataclass(frozen=True)
class LaunchDecl:
    """What the header declares for one launch."""

    name: str
    templates: tuple[KernelTemplate, ...]
    dtypes: tuple[str, ...]
    backends: tuple[str, ...]

    @property
    def symbols(self) -> tuple[tuple[str, str, str], ...]:
        """(backend, dtype, symbol) for every shim of the launch."""
        return tuple((b, d, shim_symbol(b, self.name, d))
                     for b in self.backends for d in self.dtypes)

    @property
    def backward(self) -> bool:
        """Whether the launch's templates bound a backward error (`accuracy backward`):
        the ref library then defines its measure (`backward_symbol`) for every dtype."""
        return any(t.accuracy[0] == "backward" for t in self.templates)


def _ordered(names: set[str], order: Sequence[str]) -> tuple[str, ...]:
    return tuple(sorted(names, key=lambda n: (order.index(n) if n in order else len(order), n)))


def _check_same_signature(templates: Sequence[KernelTemplate]) -> None:
    first = templates[0]
    want = c_parameters(first, None)
    for other in templates[1:]:
        got = c_parameters(other, None)
        if got != want:
            span = other.ast.span_of("shim")
            raise ShimSignatureError(
                f"template '{other.name}' gives launch '{other.launch}' the shim signature "
                f"({', '.join(got)}), but '{first.name}' gives it ({', '.join(want)}): "
                "templates sharing a launch must agree on argument names, kinds, roles and "
                "types", SourceLoc(other.ast.file, span.line or 1, span.col or 1))


def launch_decls(library: Library) -> tuple[LaunchDecl, ...]:
    """Every launch of the library, sorted by name, after checking its signature."""
    by_launch: dict[str, list[KernelTemplate]] = {}
    for tpl in library.templates.values():
        by_launch.setdefault(tpl.launch, []).append(tpl)
    decls = []
    for name in sorted(by_launch):
        templates = by_launch[name]
        _check_same_signature(templates)
        dtypes = _ordered({d for t in templates for d in t.dtypes}, _DTYPE_ORDER)
        for dtype in dtypes:
            c_type(dtype)
        backends = _ordered({b for t in templates for b in t.backends}, BACKENDS)
        decls.append(LaunchDecl(name, tuple(templates), dtypes, backends))
    return tuple(decls)


@cache
def c_templates(folder: Path) -> jinja2.Environment:
    """The jinja2 templates of C source in `folder`."""
    # jinja2 (about 25 ms) only where C text is rendered: the lowering, which names
    # shims (`shim_symbol`), renders none.
    import jinja2

    # C text, not HTML: nothing to escape. Undefined names fail loudly.
    return jinja2.Environment(loader=jinja2.FileSystemLoader(folder),
                              autoescape=False, trim_blocks=True, lstrip_blocks=True,
                              keep_trailing_newline=True, undefined=jinja2.StrictUndefined)


def _describe(tpl: KernelTemplate) -> str:
    doc = tpl.ast.doc.replace("*/", "* /")
    return f"{tpl.name} ({doc})" if doc else tpl.name


def render_header(library: Library) -> str:
    """The text of `polylift_shims.h` for a template library."""
    launches = []
    for decl in launch_decls(library):
        protos = [c_prototype(decl.templates[0], b, d) for b, d, _ in decl.symbols]
        if decl.backward:
            protos += [backward_prototype(decl.templates[0], d) for d in decl.dtypes]
        launches.append({"name": decl.name, "prototypes": protos,
                         "templates": [_describe(t) for t in decl.templates]})
    return c_templates(Path(__file__).parent).get_template(_TEMPLATE).render(launches=launches)


def declared_symbols(library: Library, backend: str) -> tuple[str, ...]:
    """Every shim symbol the header declares for one backend, sorted (the ref backend's
    include the backward error measures)."""
    measures = [backward_symbol(decl.name, d) for decl in launch_decls(library)
                if decl.backward and backend == "ref" for d in decl.dtypes]
    return tuple(sorted([*measures, *(sym for decl in launch_decls(library)
                                      for b, _, sym in decl.symbols if b == backend)]))
