"""The per-function table of files translated whole, as `polylift bake` (a library's
directory) and `polylift match-report` print it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any


def _row(name: str, row: dict[str, Any]) -> tuple[str, ...]:
    launches = str(row["launches"])
    if row["templates"]:
        launches += f" ({', '.join(row['templates'])})"
    why = row["reason"].splitlines()[0] if row["reason"] else row["blocker"]
    return (name, row["name"], row["status"], row["coverage"], launches, why or "-")


def function_table(files: Sequence[tuple[str, list[dict[str, Any]]]]) -> list[str]:
    """Aligned lines: one per function of each file, then the totals and the blockers
    counted by category."""
    head = ("file", "function", "status", "coverage", "launches", "blocker / reason")
    rows = [head] + [_row(name, r) for name, functions in files for r in functions]
    widths = [max(len(r[i]) for r in rows) for i in range(len(head) - 1)]
    lines = ["  ".join([*(c.ljust(w) for c, w in zip(r, widths, strict=False)), r[-1]])
             for r in rows]
    lines.insert(1, "  ".join("-" * w for w in widths) + "  " + "-" * len(head[-1]))
    everything = [r for _, functions in files for r in functions]
    translated = [r for r in everything if r["status"] in ("translated", "lifted")]
    lines.append(f"{len(everything)} functions: {len(translated)} translated, "
                 f"{len(everything) - len(translated)} skipped, "
                 f"{sum(1 for r in everything if r['launches'])} with a launch")
    counts = Counter(r["blocker"] for r in everything if r["blocker"])
    if counts:
        ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
        lines.append("blockers: " + ", ".join(f"{name} {n}" for name, n in ranked))
    return lines
