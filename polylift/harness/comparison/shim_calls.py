"""The shims a lifted kernel calls, and what generated C in front of them needs.

The launch audit (`audit.py`) and the magnitude run (`magnitude.py`) both link the
lifted program again with `-Wl,--wrap=<shim>` and a wrapper per shim: they need the
shims the kernel object calls, each shim's output arrays as strided views, and, for a
template that only adds, multiplies and takes max/min, the call of the `ref` shim on
the absolute values of its data.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from polylift.harness.programs.toolchain import Toolchain
from polylift.tdl.ast import Access, ArrayDecl, Bin, Call, Num, Ref
from polylift.tdl.library import KernelTemplate, Library
from polylift.tdl.steps import walk

_SYMBOL = re.compile(r"polylift_([a-z0-9]+)_(\w+)_([a-z]\d+)")


@dataclass(frozen=True)
class ShimCall:
    """One shim the kernel calls, and the template that defines its semantics."""

    symbol: str
    backend: str
    template: KernelTemplate
    dtype: str


def shim_calls(symbols: Iterable[str], library: Library,
               with_ref: bool = False) -> list[ShimCall]:
    """The shims among `symbols` (a kernel object's undefined names), sorted: those of
    the backends other than `ref`, and the `ref` ones too with `with_ref`; other names
    are ignored."""
    found = []
    for symbol in sorted(set(symbols)):
        parsed = _SYMBOL.fullmatch(symbol)
        if parsed is None or (parsed.group(1) == "ref" and not with_ref):
            continue
        backend, launch, dtype = parsed.groups()
        templates = [t for t in library.by_launch(launch) if dtype in t.dtypes]
        if templates:
            found.append(ShimCall(symbol, backend, templates[0], dtype))
    return found


def undefined_symbols(obj: Path, tc: Toolchain) -> list[str]:
    """The names an object file calls but does not define."""
    out = tc.run([tc.target.tool("nm"), "-u", obj.name], "listing the kernel's calls").stdout
    return [line.split()[-1] for line in out.splitlines() if line.strip()]


def wrap_flags(symbols: Iterable[str]) -> tuple[str, ...]:
    """The linker flags that send calls of `symbols` to their `__wrap_` functions."""
    return tuple(f"-Wl,--wrap={s}" for s in symbols)


def _kind(dtype: str) -> str:
    return {"f": "f", "u": "u"}.get(dtype[0], "i")


def array_view(tpl: KernelTemplate, array: ArrayDecl, dtype: str) -> dict[str, str | int]:
    """One array argument of a shim call as a strided view (extents and strides)."""
    strides = [a.name for a in tpl.shim_args if a.kind == "ld" and a.param == array.name]
    if array.rank >= 2:
        strides.append("1")
    return {"name": array.name, "rank": array.rank, "dims": ", ".join(array.dims) or "0",
            "strides": ", ".join(strides) or "0", "kind": _kind(array.dtype or dtype)}


def polynomial(tpl: KernelTemplate, dtype: str) -> bool:
    """Whether the template's float arithmetic only adds, multiplies and takes max/min
    with constants that are not negative, so that on absolute values it gives the sum
    of the magnitudes of its terms (no subtraction to cancel)."""
    if not dtype.startswith("f") or dtype == "f16":
        return False
    nodes = [n for step in tpl.ast.steps for n in walk(step.value)]
    return all(isinstance(n, Access | Ref) or (isinstance(n, Num) and n.value >= 0)
               or (isinstance(n, Bin) and n.op in "+*")
               or (isinstance(n, Call) and n.fn in ("max", "min")) for n in nodes)


def magnitude_call(tpl: KernelTemplate, dtype: str) -> dict[str, object] | None:
    """What the `ref` shim takes to compute the magnitudes of a call: packed absolute
    copies of the inputs (their views) and the call's arguments with absolute scalars;
    None for a template that is not a polynomial."""
    if not polynomial(tpl, dtype):
        return None
    inputs = [a for a in tpl.ast.arrays if a.role == "in"]
    if any(a.dtype not in (None, dtype) for a in inputs):
        return None
    packed = {a.name: a for a in inputs}
    fabs = "fabs" if dtype == "f64" else "fabsf"
    args = []
    for arg in tpl.shim_args:
        array = packed.get(arg.param)
        if array is not None and arg.kind == "pointer":
            args.append(f"polylift_abs_{array.name}_")
        elif array is not None and arg.kind == "ld":
            args.append("*".join(array.dims[arg.dim + 1:]) or "1")
        elif arg.kind == "scalar" and arg.dtype is None:
            args.append(f"{fabs}({arg.name})")
        else:
            args.append(arg.name)
    return {"inputs": [array_view(tpl, a, dtype) for a in inputs], "args": ", ".join(args)}


__all__ = ["ShimCall", "array_view", "magnitude_call", "polynomial", "shim_calls",
           "undefined_symbols", "wrap_flags"]
