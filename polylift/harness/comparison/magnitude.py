"""The magnitude run: the lifted kernel evaluated on the absolute values of its data.

A template that reorders a sum (`accuracy reassoc`) is held to a bound in ULPs, and a
ULP of the result says nothing when the terms cancel: `1 + 1.2 * (-1) * (-1/3) + ...`
is 0 in exact arithmetic, and two orders of it leave residues far apart in ULPs of
themselves. Any two orders of a sum of products differ by at most a few unit roundoffs
per term of the sum of |terms|, which is the kernel evaluated on absolute values; the
launch audit measures a backend call that way, and this run gives the same measure to
a whole kernel's outputs, for the `ref` backend (whose order is the template's, not
the source's) and for the outputs the audit checks with the ref results in place.

It applies where the values the reordered launches compute reach the outputs through
polynomials alone: the kernel has a launch whose template adds, multiplies and takes
max/min (`shim_calls.polynomial`); its other launches compute the source's own bits
(`accuracy exact`); and nothing but polynomial launches reads what a polynomial launch
writes (`facts/storage.py`): neither residual code (the loops a partly lifted kernel
keeps) nor an exact launch. Then every output is a polynomial of values both programs
compute alike, and has a magnitude; what else the kernel contains does not change the
verdict. The magnitude program is the lifted program linked with `-Wl,--wrap` in front of every shim
the kernel calls (and the `ref` shims they stand for): each call runs the ref shim on
the absolute values of its inputs, outputs and scalars, in place, so later launches
read magnitudes too; its dumped outputs are the magnitudes M of the kernel's results.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np

from polylift.harness.comparison.shim_calls import (
    ShimCall,
    array_view,
    magnitude_call,
    shim_calls,
    undefined_symbols,
    wrap_flags,
)
from polylift.harness.facts.coverage import LiftSummary
from polylift.harness.facts.manifest import MAGNITUDE, Program
from polylift.harness.programs.build import LiftedParts, compile_c
from polylift.harness.programs.run import run_program
from polylift.harness.programs.toolchain import Toolchain
from polylift.shims.build import shim_library
from polylift.shims.header import c_parameters, c_templates, shim_symbol
from polylift.tdl.library import Library

_RUNTIME = Path(__file__).with_name("audit_runtime.h")


def has_magnitudes(summary: LiftSummary, library: Library) -> bool:
    """Whether the magnitudes of the kernel's outputs can be measured (module doc)."""
    polynomial, exact = [], []
    for launch in summary.launches:
        tpl = launch.template_in(library)
        if magnitude_call(tpl, launch.dtype) is not None:
            polynomial.append(launch)
        elif tpl.accuracy[0] == "exact":
            exact.append(launch)
        else:
            return False
    reordered = {name for launch in polynomial for name in launch.writes}
    readers = [summary.residual_reads, *(launch.reads for launch in exact)]
    return bool(polynomial) and not any(reordered & set(names) for names in readers)


def _wrapped(calls: Iterable[ShimCall]) -> list[ShimCall]:
    """The calls of polynomial templates, and the `ref` shim of each (a backend library
    may call it too); an exact launch's call runs as it is."""
    found = {c.symbol: c for c in calls if magnitude_call(c.template, c.dtype) is not None}
    for call in list(found.values()):
        ref = shim_symbol("ref", call.template.launch, call.dtype)
        found.setdefault(ref, ShimCall(ref, "ref", call.template, call.dtype))
    return [found[s] for s in sorted(found)]


def magnitude_source(calls: Iterable[ShimCall]) -> str:
    """The C of the magnitude wrappers of `calls` (each a polynomial template)."""
    contexts = []
    for call in calls:
        tpl = call.template
        contexts.append({
            "symbol": call.symbol, "template": tpl.name,
            "params": ", ".join(c_parameters(tpl, call.dtype)) or "void",
            "reference": shim_symbol("ref", tpl.launch, call.dtype),
            "views": [array_view(tpl, a, call.dtype) for a in tpl.ast.arrays
                      if a.role != "in"],
            "magnitude": magnitude_call(tpl, call.dtype)})
    return c_templates(Path(__file__).parent).get_template("magnitude.c.j2").render(
        runtime=_RUNTIME.read_text(), shims=contexts)


def build_magnitude(parts: LiftedParts, summary: LiftSummary, library: Library,
                    tc: Toolchain, template_dirs: Sequence[str]) -> Program | None:
    """The magnitude program; None for a kernel that is not launches of polynomial
    templates only."""
    if not has_magnitudes(summary, library):
        return None
    calls = shim_calls(undefined_symbols(parts.kernel_obj, tc), library, with_ref=True)
    if not calls:
        return None
    wrapped = _wrapped(calls)
    ref = shim_library("ref", tc.target.name, template_dirs=[Path(d) for d in template_dirs])
    obj = compile_c(tc, "magnitude.c", magnitude_source(wrapped),
                    "compiling the magnitude run", [ref.include_dir])
    exe = parts.build(tc, MAGNITUDE, [obj], [ref], wrap_flags(c.symbol for c in wrapped))
    return Program(MAGNITUDE, exe.name)


def kernel_magnitudes(parts: LiftedParts, summary: LiftSummary, library: Library,
                      tc: Toolchain, inputs: str, template_dirs: Sequence[str],
                      timeout: float | None) -> dict[str, np.ndarray] | None:
    """The magnitude of every element the kernel writes, on the inputs of the checked
    runs; None for a kernel that is not launches of polynomial templates only."""
    program = build_magnitude(parts, summary, library, tc, template_dirs)
    if program is None:
        return None
    return run_program(tc.workdir / program.path, parts.sig, tc, 1, timeout, inputs).arrays


__all__ = ["build_magnitude", "has_magnitudes", "kernel_magnitudes", "magnitude_source"]
