"""What a baked kernel amounts to: coverage, blocker, launches, notes, and its commands.

Blocker categories, in pipeline order: `front end` (polylift-cc failed), `raising` (the
raising failed or left loops), `no template` (linalg ops no template matches),
`lowering` (lowering a launch or translating to LLVM IR failed). A kernel with none
is fully lifted.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from polylift.bake.checks import check_command
from polylift.bake.functions import blocker_counts, file_coverage, function_rows
from polylift.bake.job import KernelJob
from polylift.bake.stages import FAILED, OK, SOURCE_NAME, StageResult
from polylift.matcher.explain.report import merge_reports
from polylift.passes.stages import (
    AFFINE,
    LINALG,
    LLVM,
    LOWERED,
    MATCH_REPORT,
    MATCHED,
    lowering_flags,
)

FRONT_END, RAISING, NO_TEMPLATE, LOWERING = "front end", "raising", "no template", "lowering"
_STAGE_BLOCKER = {AFFINE.key: FRONT_END, LINALG.key: RAISING, MATCHED.key: NO_TEMPLATE}


def _report(stages: dict[str, StageResult], function: str) -> dict[str, Any] | None:
    """The match report of the kernel's function and its variants (`<function>.<variant>`,
    which the front end may emit beside it), merged; coverage as match-kernels defines it,
    over the delinearised path of a versioned kernel (its `.flat` fallback left out, as
    the harness does)."""
    matched = stages[MATCHED.key]
    if matched.status != OK:
        return None
    entries = [e for e in matched.data["report"]["functions"]
               if e["function"] == function or e["function"].startswith(function + ".")]
    if not entries:
        return None
    return merge_reports(entries)


def blocker(stages: dict[str, StageResult], report: dict[str, Any] | None) -> str:
    """The first reason the kernel is not entirely in launches ('' when none)."""
    for name, category in _STAGE_BLOCKER.items():
        if stages[name].status == FAILED:
            return category
    if report is None:
        return ""
    residual = report["residual"]
    if any(not r["op"].startswith("linalg.") for r in residual):
        return RAISING
    if residual:
        return NO_TEMPLATE
    if any(s.status == FAILED for n, s in stages.items() if n.startswith((LOWERED.key, LLVM.key))):
        return LOWERING
    return ""


def notes(stages: dict[str, StageResult],
          report: dict[str, Any] | None) -> list[tuple[str, str]]:
    """Short notes for the index: the first error, why loops stayed, the closest
    templates; each with the fallback version (`f.flat`) it is about, '' for the rest,
    since the fallback runs only where the entry guard fails."""
    out: list[tuple[str, str]] = []
    for name, stage in stages.items():
        if stage.status == FAILED:
            out.append((f"{name}: {stage.error.splitlines()[0]}", ""))
            return out
    raised = stages[LINALG.key]
    if raised.status == OK and raised.data.get("missed"):
        fallback = raised.data.get("missed_fallback") or [""]
        out.append((raised.data["missed"][0], fallback[0]))
    for item in (report or {}).get("residual", []):
        if item["closest"]:
            out.append((f"closest {item['closest']}: {item['difference']}", ""))
            break
    unavailable = sorted({s.error for s in stages.values() if s.status == "unavailable"})
    out.extend((text, "") for text in unavailable[:1])
    return out


def _library_summary(job: KernelJob, stages: dict[str, StageResult]) -> dict[str, Any]:
    """A library file's entry: one row per function (`functions.py`), the file's coverage
    and launches from them, its blocker in the index's categories (`front end` when a
    function is skipped, else the most frequent), and the blockers counted by their own
    categories (`blockers`)."""
    front = stages[AFFINE.key].data
    matched = stages[MATCHED.key]
    report = matched.data.get("report") if matched.status == OK else None
    # Reasons name the baked copy `source.c`; the rows name the file as the suite does.
    skipped = [{**item, "reason": item["reason"].replace(SOURCE_NAME, job.display)}
               for item in front.get("skipped", [])]
    rows = function_rows(front.get("translated", []), skipped, report)
    counts = blocker_counts(rows)
    lifted = [r["blocker"] for r in rows if r["status"] == "translated" and r["blocker"]]
    blocker = FRONT_END if any(r["status"] == "skipped" for r in rows) or not rows \
        else next(iter(blocker_counts([{"blocker": b} for b in lifted])), "")
    return {"functions": rows, "coverage": file_coverage(rows),
            "launches": sum(r["launches"] for r in rows),
            "residual": sum(len(e["residual"]) for e in (report or {}).get("functions", [])),
            "blocker": blocker, "blockers": counts,
            "templates": sorted({t for r in rows for t in r["templates"]}),
            "expressions": expressions([launch for entry in (report or {}).get("functions", [])
                                        for launch in entry["launches"]])}


def expressions(launches: list[dict[str, Any]]) -> dict[str, str]:
    """The text of each expression template the launches name (`tdl/expression.py`),
    by name: the site's page of such a template shows it."""
    return {item["template"]: item["expression"] for item in launches if "expression" in item}


def summarize(job: KernelJob, stages: dict[str, StageResult],
              results: list[dict[str, Any]]) -> dict[str, Any]:
    """The kernel's entry in `index.json` (for a library's file, with its functions)."""
    summary = _kernel_summary(job, stages, results)
    if job.library:
        summary.update(_library_summary(job, stages))
    return summary


def _kernel_summary(job: KernelJob, stages: dict[str, StageResult],
                    results: list[dict[str, Any]]) -> dict[str, Any]:
    report = _report(stages, job.function)
    launches = report["launches"] if report else []
    found = notes(stages, report)
    by_backend = {}
    for backend in job.backends:
        lowered = stages[LOWERED.name(backend)]
        by_backend[backend] = lowered.data.get("calls") if lowered.status == OK else None
    return {
        "suite": job.suite,
        "kernel": job.kernel,
        "source": job.display,
        "function": job.function,
        "stages": {name: s.status for name, s in stages.items()},
        "errors": {name: s.error for name, s in stages.items() if s.error},
        "coverage": report["coverage"] if report else "NONE",
        "launches": len(launches),
        # Launches that run only when arguments that may alias are apart at entry.
        "guarded_launches": report["guarded_launches"] if report else 0,
        "templates": sorted({item["template"] for item in launches}),
        "expressions": expressions(launches),
        "launches_by_backend": by_backend,
        "residual": len(report["residual"]) if report else 0,
        "blocker": blocker(stages, report),
        "notes": [text for text, _ in found],
        # Parallel to `notes`: the fallback version a note is about ('' when none).
        "notes_fallback": [fallback for _, fallback in found],
        "results": results,
    }


def _opt_flags(flags: Sequence[str]) -> str:
    return " ".join(f"--{f}" for f in flags)


def commands_text(job: KernelJob) -> str:
    """Shell commands that reproduce every stage, run from the kernel's bake directory:
    each stage of the stage table from the affine one, with the passes that make it."""
    inc = " ".join(f'-I "$ROOT/{d}"' for d in job.include_display)
    defines = " ".join(f"-D{d}" for d in (f"{job.sizes[0]}_DATASET", *job.defines))
    affine, opt = AFFINE.file(), LINALG.tool
    to_matched = (*LINALG.flags, *MATCHED.flags)
    policy = "".join(f" {flag}" for flag in job.offload.flags())
    lines = [
        f"# Reproduces every stage of {job.suite}/{job.kernel} ({job.display}).",
        "# Run from this directory with ROOT set to the directory that path is relative to",
        "# (the polylift repository for the bundled suites).",
        f"{AFFINE.tool} {SOURCE_NAME} {inc} {defines} --function={job.function} "
        f"{'--assume-noalias ' if job.assume_noalias else ''}-o {affine}",
        f"{opt} {affine} {_opt_flags(LINALG.flags)} -o {LINALG.file()}",
        f"{opt} {affine} {_opt_flags(to_matched)}{policy} --match-report={MATCH_REPORT} "
        f"-o {MATCHED.file()}",
    ]
    for backend in job.backends:
        lowered = LOWERED.file(backend)
        lines += [
            f"{opt} {affine} {_opt_flags((*to_matched, *lowering_flags(backend)))}{policy} "
            f"-o {lowered}",
            f"{opt} {lowered} {_opt_flags(LLVM.flags)} | "
            f"{LLVM.tool} --mlir-to-llvmir -o {LLVM.file(backend)}",
        ]
    if job.check:
        extra = job.include_display[job.default_includes:]
        lines += [check_command(job.display, c, extra, job.defines, job.polybench,
                                job.assume_noalias, job.offload) for c in job.configs]
    return "\n".join(lines) + "\n"
