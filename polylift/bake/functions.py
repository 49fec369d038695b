"""Per function of a file translated whole: translated or skipped (and why), coverage,
launches, and what blocks it.

A library's sources have no `main` and no one kernel: every function is a candidate.
The front end translates what it can (`--function='*'`) and says why it skipped the
rest; the match report says, per translated function (its versions merged), what
became a launch and what stayed. `polylift bake` (a directory of such files) and
`polylift match-report` both report this way.

Blockers are counted by category: for a skipped function, the kind of construct the
front end refused (`while loop`, `call`, `struct`, ...); otherwise `raising` (loops
stayed) or `no template` (raised ops no template matches); "" when fully lifted.
"""

from __future__ import annotations

import json
import tempfile
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from polylift.matcher.explain.report import merge_reports

RAISING, NO_TEMPLATE = "raising", "no template"

# The first keyword found in a refusal names its category (order matters: the most
# specific first).
_CATEGORIES: tuple[tuple[str, str], ...] = (
    ("recursive call", "recursion"), ("variadic", "variadic function"),
    ("call", "call"), ("struct", "struct"), ("field", "struct"),
    ("while loop", "while loop"), ("do-while", "while loop"),
    ("goto", "jump"), ("label", "jump"), ("break", "jump"), ("continue", "jump"),
    ("return", "jump"), ("pointer", "pointer"), ("address-of", "pointer"),
    ("loop", "loop bounds"), ("non-affine", "loop bounds"),
    ("type", "type"), ("literal", "literal"), ("initializer", "initializer"),
    ("local variable", "declaration"), ("declaration", "declaration"),
    ("syntax error", "syntax"),
)


def skip_category(reason: str) -> str:
    """The category of a front-end refusal (`file:line:col: error: unsupported ...`)."""
    first = reason.splitlines()[0] if reason else ""
    message = first.split("error: ", 1)[-1]
    for keyword, category in _CATEGORIES:
        if keyword in message:
            return category
    return "other"


def _base(function: str) -> str:
    """The C function a version of it belongs to (`f.noalias` -> `f`)."""
    return function.split(".", 1)[0]


def function_rows(translated: list[str], skipped: list[dict[str, str]],
                  report: dict[str, Any] | None) -> list[dict[str, Any]]:
    """One row per function, in name order: name, status, reason, blocker, coverage,
    launches (count) and the templates of the launches."""
    entries: dict[str, list[dict[str, Any]]] = {}
    for entry in (report or {}).get("functions", []):
        entries.setdefault(_base(entry["function"]), []).append(entry)
    rows = []
    for name in translated:
        merged = merge_reports(entries.get(name, []))
        residual = merged["residual"]
        blocker = RAISING if any(not r["op"].startswith("linalg.") for r in residual) \
            else NO_TEMPLATE if residual else ""
        rows.append({"name": name, "status": "translated", "reason": "", "blocker": blocker,
                     "coverage": merged["coverage"] if entries.get(name) else "NONE",
                     "launches": len(merged["launches"]),
                     "templates": sorted({x["template"] for x in merged["launches"]})})
    for item in skipped:
        rows.append({"name": item["name"], "status": "skipped", "reason": item["reason"],
                     "blocker": skip_category(item["reason"]), "coverage": "-",
                     "launches": 0, "templates": []})
    return sorted(rows, key=lambda r: r["name"])


def file_coverage(rows: list[dict[str, Any]]) -> str:
    """FULL when every function is translated and fully lifted, NONE without a launch."""
    if not any(r["launches"] for r in rows):
        return "NONE"
    return "FULL" if all(r["coverage"] == "FULL" for r in rows) else "PARTIAL"


def blocker_counts(rows: list[dict[str, Any]]) -> dict[str, int]:
    """How many functions each blocker stops, most frequent first (then by name)."""
    counts = Counter(r["blocker"] for r in rows if r["blocker"])
    return dict(sorted(counts.items(), key=lambda item: (-item[1], item[0])))


def report_file(path: str, include_dirs: Sequence[str] = (), defines: Sequence[str] = (),
                assume_noalias: bool = False, templates: str = "") -> list[dict[str, Any]]:
    """The rows of one C file: every function through the front end, the raising and
    match-kernels (`polylift match-report`)."""
    from polylift.frontend import translate_file_detailed
    from polylift.mlir import new_context, parse_module
    from polylift.passes.pipeline import Step, run_pipeline
    from polylift.passes.registry import PassRun

    translation, skipped = translate_file_detailed(path, include_dirs, defines, "*",
                                                   assume_noalias, allow_empty=True)
    items = [{"name": s.name, "reason": s.reason} for s in skipped]
    if not translation.signatures:
        return function_rows([], items, None)
    with tempfile.TemporaryDirectory(prefix="polylift-report-") as tmp:
        out = Path(tmp) / "report.json"
        options = f"match-report={out}" + (f" templates={templates}" if templates else "")
        module = parse_module(translation.mlir, new_context(), path)
        run_pipeline([Step("raise-affine-to-linalg"), Step("match-kernels", options)], module,
                     PassRun(filename=path))
        report = json.loads(out.read_text())
    return function_rows(sorted(translation.signatures), items, report)
