"""`polylift demo`: the main job on the bundled benchmarks.

Every kernel of `benchmarks/{linalg,cnn,image}` goes through the front end and the
raising (and matching, once that pass exists); the command prints one row per kernel:
how many loop nests became `linalg.generic`, how many loops remain, how many launches
were matched, and the first reason a nest was kept.
"""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from polylift.errors import PolyliftError
from polylift.mlir import ir, new_context, parse_module
from polylift.passes.pipeline import Step, run_pipeline
from polylift.passes.registry import PASS_FLAGS, PassRun

SUITES = ("linalg", "cnn", "image")
ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Row:
    """The outcome for one kernel."""

    suite: str
    kernel: str
    generics: int = 0
    loops: int = 0
    launches: int = 0
    note: str = ""


def process(path: Path, suite: str) -> Row:
    """Translate, raise (and match) one benchmark kernel."""
    from polylift.frontend import translate_file
    from polylift.harness.check import default_include_dirs, kernel_name

    row = Row(suite, path.stem)
    try:
        mlir = translate_file(str(path), default_include_dirs(path), ["MINI_DATASET"],
                              kernel_name(path)).mlir
        ctx = new_context()
        module = parse_module(mlir, ctx, str(path))
        steps = [Step(flag) for flag in ("raise-affine-to-linalg", "match-kernels")
                 if flag in PASS_FLAGS]
        run = PassRun(filename=str(path))
        run_pipeline(steps, module, run)
    except PolyliftError as exc:
        row.note = "front end: " + exc.message.splitlines()[0][:60]
        return row
    counts = op_counts(module)
    row.generics = counts["linalg.generic"]
    row.loops = counts["affine.for"]
    row.launches = counts["kernel.launch"]
    missed = [d.message for kind, d in run.remarks if kind == "missed"]
    row.note = missed[0][:70] if missed else ""
    return row


def op_counts(module: ir.Module) -> Counter[str]:
    """How many ops of each name the module holds."""
    counts: Counter[str] = Counter()

    def visit(op: ir.Operation) -> ir.WalkResult:
        counts[op.name] += 1
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    return counts


def render(rows: list[Row]) -> str:
    """The summary table."""
    lines = [f"{'suite':<7} {'kernel':<20} {'generics':>8} {'loops':>6} {'launches':>8}  note"]
    for r in rows:
        lines.append(f"{r.suite:<7} {r.kernel:<20} {r.generics:>8} {r.loops:>6} "
                     f"{r.launches:>8}  {r.note}")
    raised = sum(1 for r in rows if r.generics and not r.loops)
    lines.append(f"\n{len(rows)} kernels: {raised} fully raised, "
                 f"{sum(1 for r in rows if r.generics and r.loops)} partly, "
                 f"{sum(1 for r in rows if not r.generics)} not raised")
    return "\n".join(lines)


def run_demo(argv: list[str]) -> int:
    """Run the main job and print the summary table."""
    root = Path(argv[0]) if argv else ROOT / "benchmarks"
    rows = []
    for suite in SUITES:
        for path in sorted((root / suite).glob("*.c")):
            rows.append(process(path, suite))
    sys.stdout.write(render(rows) + "\n")
    return 0
