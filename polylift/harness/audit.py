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

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from polylift.errors import BuildError
from polylift.harness.build import LiftedParts, compile_c
from polylift.harness.compare import BIT_EXACT, DIFF, PASS, compare_arrays, overall_verdict
from polylift.harness.coverage import LiftSummary, inexact_ops, ulp_bound
from polylift.harness.figures import INFINITE_ULP, ulp_text
from polylift.harness.run import RunResult, dumped_names, run_program
from polylift.harness.toolchain import Toolchain
from polylift.shims.build import shim_library
from polylift.shims.header import backward_symbol, c_parameters, c_templates, c_type, shim_symbol
from polylift.tdl.ast import Access, ArrayDecl, Bin, Call, Expr, Neg, Num, Ref
from polylift.tdl.library import KernelTemplate, Library, load_library
from polylift.tdl.steps import walk

AUDIT_ENV = "POLYLIFT_AUDIT_OUT"
EXACT_ENV = "POLYLIFT_AUDIT_EXACT"
AUDIT_FILE = "audit.txt"
_SYMBOL = re.compile(r"polylift_([a-z0-9]+)_(\w+)_([a-z]\d+)")
_RUNTIME = Path(__file__).with_name("audit_runtime.h")


@dataclass(frozen=True)
class AuditedShim:
    """One backend shim the kernel calls, and the template that defines its semantics."""

    symbol: str
    backend: str
    template: KernelTemplate
    dtype: str


def backend_shims(symbols: Iterable[str], library: Library) -> list[AuditedShim]:
    """The shims among `symbols` (a kernel object's undefined names) that a backend other
    than `ref` implements, sorted; other names are ignored."""
    found = []
    for symbol in sorted(set(symbols)):
        parsed = _SYMBOL.fullmatch(symbol)
        if parsed is None or parsed.group(1) == "ref":
            continue
        backend, launch, dtype = parsed.groups()
        templates = [t for t in library.by_launch(launch) if dtype in t.dtypes]
        if templates:
            found.append(AuditedShim(symbol, backend, templates[0], dtype))
    return found


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


def _kind(dtype: str) -> str:
    return {"f": "f", "u": "u"}.get(dtype[0], "i")


def _view(tpl: KernelTemplate, array: ArrayDecl, dtype: str) -> dict[str, str | int]:
    """One array argument of a shim call as a strided view (extents and strides)."""
    strides = [a.name for a in tpl.shim_args if a.kind == "ld" and a.param == array.name]
    if array.rank >= 2:
        strides.append("1")
    return {"name": array.name, "rank": array.rank, "dims": ", ".join(array.dims) or "0",
            "strides": ", ".join(strides) or "0", "kind": _kind(array.dtype or dtype)}


def _polynomial(tpl: KernelTemplate, dtype: str) -> bool:
    """Whether the template's float arithmetic only adds, multiplies and takes max/min, so
    that it reads |terms| when given absolute values (no subtraction to cancel)."""
    if not dtype.startswith("f") or dtype == "f16" or tpl.accuracy[0] != "reassoc":
        return False
    nodes = [n for step in tpl.ast.steps for n in walk(step.value)]
    return all(isinstance(n, Access | Ref | Num) or (isinstance(n, Bin) and n.op in "+*")
               or (isinstance(n, Call) and n.fn in ("max", "min")) for n in nodes)


def _magnitude(tpl: KernelTemplate, dtype: str) -> dict[str, object] | None:
    """The magnitude run's input views and call arguments: packed absolute copies of the
    inputs, absolute scalars; None for a template it does not apply to."""
    if not _polynomial(tpl, dtype):
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
    return {"inputs": [_view(tpl, a, dtype) for a in inputs], "args": ", ".join(args)}


def _backward(tpl: KernelTemplate, dtype: str) -> dict[str, object] | None:
    """For a template bounding a backward error: its measure and the arguments after the
    shim's own (each `inout` array as it was, from the packed copy of the outputs)."""
    if tpl.accuracy[0] != "backward":
        return None
    outputs = [a for a in tpl.ast.arrays if a.role != "in"]
    before = [f"({c_type(dtype)} *)polylift_audit_packed(polylift_views_, {k}, "
              "polylift_before_)" for k, a in enumerate(outputs) if a.role == "inout"]
    return {"symbol": backward_symbol(tpl.launch, dtype), "before": before}


def _shim_context(shim: AuditedShim) -> dict[str, object]:
    tpl = shim.template
    for array in tpl.ast.arrays:
        c_type(array.dtype or shim.dtype)  # fails clearly on a type with no C spelling
    bound = tpl.ast.accuracy[1]
    return {"symbol": shim.symbol, "template": tpl.name,
            "backward": _backward(tpl, shim.dtype),
            "params": ", ".join(c_parameters(tpl, shim.dtype)) or "void",
            "args": ", ".join(a.name for a in tpl.shim_args),
            "reference": shim_symbol("ref", tpl.launch, shim.dtype),
            "views": [_view(tpl, a, shim.dtype) for a in tpl.ast.arrays if a.role != "in"],
            "magnitude": _magnitude(tpl, shim.dtype),
            "inexact": int(inexact_ops(tpl.ast.steps)),
            "bound": _c_bound(bound), "bound_text": str(bound) if bound is not None else "0"}


def audit_source(shims: Iterable[AuditedShim]) -> str:
    """The C of the audit wrappers of `shims` (compiled against `polylift_shims.h`)."""
    contexts = [_shim_context(s) for s in shims]
    return c_templates(Path(__file__).parent).get_template("audit.c.j2").render(
        runtime=_RUNTIME.read_text(), shims=contexts)


def wrap_flags(shims: Iterable[AuditedShim]) -> tuple[str, ...]:
    """The linker flags that send the kernel's calls of `shims` to their audit wrappers."""
    return tuple(f"-Wl,--wrap={s.symbol}" for s in shims)


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


def _undefined_symbols(obj: Path, tc: Toolchain) -> list[str]:
    out = tc.run([tc.target.tool("nm"), "-u", obj.name], "listing the kernel's calls").stdout
    return [line.split()[-1] for line in out.splitlines() if line.strip()]


def audit_launches(parts: LiftedParts, summary: LiftSummary, tc: Toolchain,
                   reference: RunResult, inputs: str, template_dirs: Sequence[str],
                   timeout: float | None) -> Audit | None:
    """Build and run the audited program; None when the kernel calls no backend shim."""
    library = load_library(template_dirs)
    shims = backend_shims(_undefined_symbols(parts.kernel_obj, tc), library)
    if not shims:
        return None
    ref = shim_library("ref", tc.target.name, template_dirs=[Path(d) for d in template_dirs])
    audit_obj = compile_c(tc, "audit.c", audit_source(shims), "compiling the launch audit",
                          [ref.include_dir])
    exe = parts.build(tc, "audited", [audit_obj], [ref], wrap_flags(shims))
    env = {AUDIT_ENV: AUDIT_FILE}
    if inputs == "exact" and not summary.inexact:
        env[EXACT_ENV] = "1"
    tc.log.lines.append(f"rm -f {AUDIT_FILE}")
    (tc.workdir / AUDIT_FILE).unlink(missing_ok=True)
    run = run_program(exe, parts.sig, tc, 1, timeout, inputs, env)
    records = tuple(read_audit(tc.workdir / AUDIT_FILE))
    bound = ulp_bound(summary, library, "ref", inputs, run.scalars)
    comparisons = [compare_arrays(name, reference.arrays[name], run.arrays[name], bound)
                   for name in dumped_names(parts.sig, reference.arrays)]
    outputs = overall_verdict(comparisons)
    shown = "; ".join(c.describe() for c in comparisons if c.verdict != BIT_EXACT)
    ok = bool(records) and all(r.failed_calls == 0 for r in records) and outputs != DIFF
    return Audit(PASS if ok else DIFF, records, outputs + (f" ({shown})" if shown else ""))


__all__ = ["Audit", "AuditedShim", "LaunchAudit", "audit_launches", "audit_source",
           "backend_shims", "read_audit", "wrap_flags"]
