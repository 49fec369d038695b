"""A bake as a results document (`polylift.results`), the shape `check --json` writes.

A kernel of a program suite is one entry: its function's lift, from the kernel's summary
(`summary.py`), and one check per backend, size and target. A library file (no `main`)
gives one entry per function, from its rows (`functions.py`), with no checks. The
bake writes the document of every kernel as `BAKE_DIR/results.json` and of each kernel
as `<suite>/<kernel>/results.json`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from polylift.results import KEPT, LIFTED, SKIPPED, document, lift, result

RESULTS_NAME = "results.json"


def _kernel_lift(summary: dict[str, Any]) -> dict[str, Any]:
    """The kernel's function: lifted where it launches, else kept or (the front end
    refused it) skipped, with the first note as the reason."""
    notes = summary.get("notes") or []
    reason = notes[0] if notes else summary["blocker"]
    if summary["launches"]:
        status = LIFTED
    else:
        status = SKIPPED if summary["blocker"] == "front end" else KEPT
    return lift(status, summary["coverage"], summary["templates"],
                "" if status == LIFTED and not summary["blocker"] else reason)


def _row_lift(row: dict[str, Any]) -> dict[str, Any]:
    """A library function's row as a lift."""
    if row["status"] == "skipped":
        return lift(SKIPPED, "-", (), row["reason"])
    status = LIFTED if row["launches"] else KEPT
    return lift(status, row["coverage"], row["templates"], row["blocker"])


def kernel_results(summary: dict[str, Any]) -> list[dict[str, Any]]:
    """The entries of one baked kernel (a library file's: one per function)."""
    suite, source = summary["suite"], summary["source"]
    if "functions" in summary:
        return [result(source, row["name"], _row_lift(row), (), suite)
                for row in summary["functions"]]
    return [result(source, summary["function"], _kernel_lift(summary), summary["results"],
                   suite)]


def suite_config(backends: Iterable[str], sizes: Iterable[str], targets: Iterable[str],
                 checked: bool, library: bool) -> dict[str, Any]:
    """What a suite was baked with (`index.json` holds it per suite)."""
    return {"backends": list(backends), "sizes": list(sizes), "targets": list(targets),
            "checked": checked, "library": library}


def bake_document(suites: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The document of `index.json`'s suites (each with its config and kernels)."""
    entries = [e for s in suites.values() for k in s["kernels"] for e in kernel_results(k)]
    config = {name: s["config"] for name, s in sorted(suites.items())}
    return document("bake", {"suites": config}, entries)


def kernel_document(summary: dict[str, Any], config: dict[str, Any]) -> dict[str, Any]:
    """The document of one kernel (its `results.json`)."""
    return document("bake", {"suites": {summary["suite"]: config}}, kernel_results(summary))


def verdicts(entries: Iterable[dict[str, Any]]) -> str:
    """`ref/MINI/x86_64 BIT-EXACT, ...`: the checks of some entries, for a line."""
    return ", ".join(f"{c['backend']}/{c['size']}/{c['target']} {c['verdict']}"
                     for e in entries for c in e["checks"])


__all__ = ["RESULTS_NAME", "bake_document", "kernel_document", "kernel_results", "suite_config",
           "verdicts"]
