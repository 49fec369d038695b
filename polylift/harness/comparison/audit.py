"""The launch audit: every backend shim call checked in place against the `ref` shim.

An end-to-end comparison holds a backend that reorders a template's arithmetic to the
template's bound only while the kernel does not amplify a launch's rounding. Classical
algorithms do: Gram-Schmidt divides by norms it computed from earlier launches, so a
host gemv within 3 ULP of the template's order moves the outputs by a thousand. When
the end-to-end comparison fails the bound, the harness audits the launches instead:

- the audited program is the lifted one linked with `-Wl,--wrap=<shim>` for every
  backend shim the kernel calls. The generated `__wrap_<shim>` saves the call's output
  views, runs the backend (`__real_<shim>`), keeps its results aside, restores the
  outputs and runs `polylift_ref_<launch>_<dtype>` on the same arguments, then compares
  the two element by element (`audit_runtime.h`);
- each backend call is held to its template's bound at that call's own sizes (0 with
  exact inputs, unless the template divides or takes roots, or the kernel computed the
  launch's inputs inexactly: see `harness.check`);
- the ref results stay in place, so the program's outputs are those of the ref backend,
  and the harness holds them to the ref bound: that proves the matching.

Both must hold for a PASS. The audit record of every shim (calls, largest distance,
the first element outside its bound) goes to `audit.txt`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from polylift.errors import BuildError
from polylift.harness.comparison.compare import (
    BIT_EXACT,
    DIFF,
    PASS,
    compare_arrays,
    overall_verdict,
)
from polylift.harness.comparison.figures import INFINITE_ULP, ulp_text
from polylift.harness.comparison.shim_calls import (
    ShimCall,
    array_view,
    magnitude_call,
    shim_calls,
    undefined_symbols,
    wrap_flags,
)
from polylift.harness.facts.coverage import LiftSummary, inexact_ops, ulp_bound
from polylift.harness.facts.manifest import AUDITED, Program
from polylift.harness.programs.build import LiftedParts, compile_c
from polylift.harness.programs.run import RunResult, dumped_names, run_program
from polylift.harness.programs.toolchain import Toolchain
from polylift.harness.programs.wrapper import SignatureLike
from polylift.shims.build import shim_library
from polylift.shims.header import backward_symbol, c_parameters, c_templates, c_type, shim_symbol
from polylift.tdl.ast import Bin, Expr, Neg, Num, Ref
from polylift.tdl.library import KernelTemplate, Library, load_library

AUDIT_ENV = "POLYLIFT_AUDIT_OUT"
EXACT_ENV = "POLYLIFT_AUDIT_EXACT"
AUDIT_FILE = "audit.txt"
_RUNTIME = Path(__file__).with_name("audit_runtime.h")


def _c_bound(expr: Expr | None) -> str:
    """A ULP bound expression of sizes as C arithmetic in double (sizes are int64_t)."""
    if expr is None:
        return "0.0"
    if isinstance(expr, Num):
        return repr(float(expr.value))
    if isinstance(expr, Ref):
        return f"(double){expr.name}"
    if isinstance(expr, Neg):
        return f"(-{_c_bound(expr.operand)})"
    if isinstance(expr, Bin) and expr.op in "+-*/":
        return f"({_c_bound(expr.lhs)} {expr.op} {_c_bound(expr.rhs)})"
    raise BuildError(f"ULP bound '{expr}' is not arithmetic on sizes")


def _backward(tpl: KernelTemplate, dtype: str) -> dict[str, object] | None:
    """For a template bounding a backward error: its measure and the arguments after the
    shim's own (each `inout` array as it was, from the packed copy of the outputs)."""
    if tpl.accuracy[0] != "backward":
        return None
    outputs = [a for a in tpl.ast.arrays if a.role != "in"]
    before = [f"({c_type(dtype)} *)polylift_audit_packed(polylift_views_, {k}, "
              "polylift_before_)" for k, a in enumerate(outputs) if a.role == "inout"]
    return {"symbol": backward_symbol(tpl.launch, dtype), "before": before}


def _shim_context(shim: ShimCall) -> dict[str, object]:
    tpl = shim.template
    for array in tpl.ast.arrays:
        c_type(array.dtype or shim.dtype)  # fails clearly on a type with no C spelling
    bound = tpl.ast.accuracy[1]
    # Only a call that reorders its sums needs the precision of its terms.
    reorders = tpl.accuracy[0] == "reassoc"
    return {"symbol": shim.symbol, "template": tpl.name,
            "backward": _backward(tpl, shim.dtype),
            "params": ", ".join(c_parameters(tpl, shim.dtype)) or "void",
            "args": ", ".join(a.name for a in tpl.shim_args),
            "reference": shim_symbol("ref", tpl.launch, shim.dtype),
            "views": [array_view(tpl, a, shim.dtype) for a in tpl.ast.arrays
                      if a.role != "in"],
            "magnitude": magnitude_call(tpl, shim.dtype) if reorders else None,
            "inexact": int(inexact_ops(tpl.ast.steps)),
            "bound": _c_bound(bound), "bound_text": str(bound) if bound is not None else "0"}


def audit_source(shims: Iterable[ShimCall]) -> str:
    """The C of the audit wrappers of `shims` (compiled against `polylift_shims.h`)."""
    contexts = [_shim_context(s) for s in shims]
    return c_templates(Path(__file__).parent).get_template("audit.c.j2").render(
        runtime=_RUNTIME.read_text(), shims=contexts)


@dataclass(frozen=True)
class LaunchAudit:
    """What the audit saw of one backend shim over a run."""

    symbol: str
    calls: int
    failed_calls: int
    max_ulp: int
    bound: int  # the bound of the call with the largest distance
    first: str = ""  # the first element outside its bound
    # `ulp`: distances of elements; `backward`: backward errors of results, in unit
    # roundoffs (0 for a result bit for bit the ref's)
    measure: str = "ulp"

    def describe(self) -> str:
        """One line: the shim, its calls and its largest distance against its bound."""
        unit = "ULP" if self.measure == "ulp" else "u of backward error"
        text = (f"{self.symbol}: {self.calls} call(s), max {ulp_text(self.max_ulp)} {unit} "
                f"(bound {self.bound})")
        if self.failed_calls:
            text += f", {self.failed_calls} call(s) outside the bound, first at {self.first}"
        return text


def read_audit(path: Path) -> list[LaunchAudit]:
    """The records an audited program wrote, sorted by shim (empty if it wrote none)."""
    if not path.exists():
        return []
    records: list[LaunchAudit] = []
    for line in path.read_text().splitlines():
        fields = line.split()
        if fields and fields[0] == "launch":
            values = dict(zip(fields[2::2], fields[3::2], strict=True))
            far = int(values["max_ulp"])
            records.append(LaunchAudit(fields[1], int(values["calls"]), int(values["failed"]),
                                       INFINITE_ULP if far == 2**64 - 1 else far,
                                       int(values["bound"]),
                                       measure=values.get("measure", "ulp")))
        elif fields and fields[0] == "first" and records:
            records[-1] = replace(records[-1], first=line.removeprefix("first "))
    return sorted(records, key=lambda r: r.symbol)


@dataclass(frozen=True)
class Audit:
    """The verdict of an audited run: every backend call within its bound, and the
    outputs (ref results in place) within the ref bound."""

    verdict: str
    records: tuple[LaunchAudit, ...]
    outputs: str  # the outputs against the reference, with the ref results in place

    def describe(self) -> str:
        """What the audit found, one line per shim, for the check's message."""
        lines = ["launch audit (each backend call against ref on the same data, in ULP of "
                 "the result or, where larger, of the sum of |terms|; a factorization or "
                 "solve that differs, by its backward error):"]
        lines += [f"  {r.describe()}" for r in self.records]
        lines.append(f"  with the ref results in place the outputs are {self.outputs}")
        return "\n".join(lines)


def build_audited(parts: LiftedParts, summary: LiftSummary, tc: Toolchain, inputs: str,
                  template_dirs: Sequence[str]) -> Program | None:
    """The audited program and how to run it; None when the kernel calls no backend shim."""
    library = load_library(template_dirs)
    shims = shim_calls(undefined_symbols(parts.kernel_obj, tc), library)
    if not shims:
        return None
    ref = shim_library("ref", tc.target.name, template_dirs=[Path(d) for d in template_dirs])
    audit_obj = compile_c(tc, "audit.c", audit_source(shims), "compiling the launch audit",
                          [ref.include_dir])
    exe = parts.build(tc, AUDITED, [audit_obj], [ref], wrap_flags(s.symbol for s in shims))
    env = {AUDIT_ENV: AUDIT_FILE}
    if inputs == "exact" and not summary.inexact:
        env[EXACT_ENV] = "1"
    return Program(AUDITED, exe.name, 1, tuple(sorted(env.items())))


def judge_audit(run: RunResult, records: Sequence[LaunchAudit], reference: RunResult,
                sig: SignatureLike, summary: LiftSummary, library: Library, inputs: str,
                magnitudes: dict[str, np.ndarray] | None = None) -> Audit:
    """The audit's verdict from the audited run and its records. `magnitudes` (the
    kernel's, `magnitude.py`) measure the outputs' cancelling sums."""
    bound = ulp_bound(summary, library, "ref", inputs, run.scalars)
    comparisons = [compare_arrays(name, reference.arrays[name], run.arrays[name], bound,
                                  (magnitudes or {}).get(name))
                   for name in dumped_names(sig, reference.arrays)]
    outputs = overall_verdict(comparisons)
    shown = "; ".join(c.describe() for c in comparisons if c.verdict != BIT_EXACT)
    ok = bool(records) and all(r.failed_calls == 0 for r in records) and outputs != DIFF
    return Audit(PASS if ok else DIFF, tuple(records),
                 outputs + (f" ({shown})" if shown else ""))


def audit_launches(parts: LiftedParts, summary: LiftSummary, tc: Toolchain,
                   reference: RunResult, inputs: str, template_dirs: Sequence[str],
                   timeout: float | None,
                   magnitudes: dict[str, np.ndarray] | None = None) -> Audit | None:
    """Build and run the audited program; None when the kernel calls no backend shim."""
    program = build_audited(parts, summary, tc, inputs, template_dirs)
    if program is None:
        return None
    tc.log.lines.append(f"rm -f {AUDIT_FILE}")
    (tc.workdir / AUDIT_FILE).unlink(missing_ok=True)
    run = run_program(tc.workdir / program.path, parts.sig, tc, 1, timeout, inputs,
                      dict(program.env))
    return judge_audit(run, read_audit(tc.workdir / AUDIT_FILE), reference, parts.sig,
                       summary, load_library(template_dirs), inputs, magnitudes)


__all__ = ["AUDIT_FILE", "Audit", "LaunchAudit", "audit_launches", "audit_source",
           "build_audited", "judge_audit", "read_audit"]
