"""How check results are shown: a verdict line, a suite table, and deterministic JSON."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict

from polylift.harness.check import CheckOptions, CheckResult
from polylift.harness.comparison.figures import seconds
from polylift.harness.verdict import SOURCE_RUNS

# The speedup cell of a kernel whose lifted program runs the source's own code.
SOURCE_MARK = " (source)"


def _speedup(result: CheckResult) -> str:
    """The speedup, marked where it is the source's own code against itself."""
    if result.speedup is None:
        return "-"
    return f"{result.speedup:.2f}x" + (SOURCE_MARK if result.source_runs else "")


def verdict_line(result: CheckResult) -> str:
    """`kernel_gemm: BIT-EXACT  reference 1.2 ms  lifted 1.1 ms  speedup 1.09x`, plus details."""
    line = (f"{result.kernel}: {result.verdict}  reference {seconds(result.reference_s)}  "
            f"lifted {seconds(result.lifted_s)}  speedup {_speedup(result)}")
    if result.verdict != "FAIL":
        line += f"\n  coverage {result.coverage}, {len(result.launches)} launch(es)"
        line += "".join(f" {name}" for name in result.launches)
        if result.flops:
            line += f"; {_flops(result.flops)} flops, {_gflops(result)} GFLOP/s"
        if result.source_runs:
            line += f"; the MLIR build {seconds(result.mlir_s)}"
    if result.message:
        line += "\n  " + result.message.replace("\n", "\n  ")
    if result.reproducer:
        line += f"\n  reproducer: {result.reproducer}"
    return line


def _flops(value: float | None) -> str:
    if value is None:
        return "-"
    for scale, unit in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if value >= scale:
            return f"{value / scale:.3g}{unit}"
    return f"{value:.0f}"


def _gflops(result: CheckResult) -> str:
    return f"{result.gflops:.2f}" if result.gflops is not None else "-"


def _row(r: CheckResult, with_flops: bool) -> tuple[str, ...]:
    row = (r.kernel, r.coverage, str(len(r.launches)), r.verdict, seconds(r.reference_s),
           seconds(r.lifted_s), _speedup(r))
    return row + ((_flops(r.flops), _gflops(r)) if with_flops else ())


def table(results: Sequence[CheckResult]) -> str:
    """One row per benchmark: kernel, coverage, launches, verdict, times, speedup.

    Where some kernel's flop count is known, two more columns: the flops of one kernel
    call and the lifted kernel's GFLOP/s.
    """
    with_flops = any(r.flops for r in results)
    head = ("kernel", "coverage", "launches", "verdict", "reference", "lifted", "speedup")
    head += ("flops", "GFLOP/s") if with_flops else ()
    rows = [_row(r, with_flops) for r in results]
    widths = [max(len(str(row[i])) for row in [head, *rows]) for i in range(len(head))]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
             for row in [head, *rows]]
    lines.insert(1, "  ".join("-" * w for w in widths))
    ok = sum(r.ok for r in results)
    lines.append(f"{ok} of {len(results)} ok")
    if any(r.source_runs for r in results):
        lines.append(f"{SOURCE_MARK.strip()}: {SOURCE_RUNS}")
    failures = [r for r in results if not r.ok]
    for r in failures:
        lines.append(f"{r.kernel}: {r.verdict}: {r.message}".rstrip(": "))
        if r.reproducer:
            lines.append(f"  reproducer: {r.reproducer}")
    return "\n".join(lines) + "\n"


def _result_json(result: CheckResult) -> dict:
    data = asdict(result)
    data["speedup"] = result.speedup
    data["gflops"] = result.gflops
    data["arrays"] = [asdict(c) for c in result.arrays]
    for array in data["arrays"]:
        if array["first_index"] is not None:
            array["first_index"] = list(array["first_index"])
    return data


def results_json(results: Sequence[CheckResult], options: CheckOptions) -> str:
    """All results as JSON with sorted keys (the reproducer paths are machine-local)."""
    config = {"backend": options.backend, "target": options.target, "size": options.size,
              "inputs": options.inputs, "repeat": options.repeat, "ulp_bound": options.ulp_bound,
              "templates": list(options.templates)}
    body = {"config": config,
            "results": [_result_json(r) for r in sorted(results, key=lambda r: r.kernel)]}
    return json.dumps(body, indent=2, sort_keys=True) + "\n"
