"""A build through the driver, and an application checked, as results documents
(`polylift.results`), the shape `polylift check --json` writes.

`polylift report --json` gives one entry per function of every file the build compiled
(its last record: `records.py`), with what became of it (`lift`) and no checks;
`polylift check-app --json` the same of the polylift build, each function the shadow
build checked with one check made of the shadow summary's counts, and the
application's own verdict, outputs and times in `app`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from polylift.driver.check_app import AppResult
from polylift.harness.comparison.compare import BIT_EXACT, DIFF, PASS
from polylift.results import document, lift, result

# One function's line of a shadow summary (`shadow_runtime/polylift_shadow.c`).
_SHADOW = re.compile(r"\s+(?P<name>\S+) \((?P<where>[^)]*)\): (?P<calls>\d+) calls, "
                     r"(?P<checked>\d+) checked, (?P<skipped>\d+) skipped, "
                     r"(?P<mismatched>\d+) mismatched, worst (?P<worst>\S+) ULP"
                     r"(?:, not checked: (?P<unchecked>.*))?$")
UNSUPPORTED = "UNSUPPORTED"


def units(records: Iterable[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Each compiled source's last unit, by source."""
    found: dict[str, dict[str, Any]] = {}
    for record in records:
        for unit in record["units"]:
            found[unit["source"]] = unit
    return found


def build_results(records: Iterable[dict[str, Any]],
                  checks: dict[str, dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """One entry per function of the build; `checks`: a function's check, by name."""
    checks = checks or {}
    return [result(source, f["name"], lift(f["status"], f["coverage"], f["templates"],
                                           f["reason"], f["line"] or None),
                   [checks[f["name"]]] if f["name"] in checks else [])
            for source, unit in sorted(units(records).items()) for f in unit["functions"]]


@dataclass
class _Tally:
    calls: int = 0
    checked: int = 0
    skipped: int = 0
    mismatched: int = 0
    worst: float = 0.0
    notes: list[str] = field(default_factory=list)

    def check(self) -> dict[str, Any]:
        if self.mismatched:
            verdict = DIFF
        elif not self.checked:
            verdict = UNSUPPORTED
        else:
            verdict = PASS if self.worst else BIT_EXACT
        message = "; ".join(dict.fromkeys(self.notes))
        return {"verdict": verdict, "message": f"not checked: {message}" if message else "",
                "calls": self.calls, "checked": self.checked, "skipped": self.skipped,
                "mismatched": self.mismatched, "max_ulp": self.worst}


def shadow_checks(summary: str) -> dict[str, dict[str, Any]]:
    """Each function's check from the shadow summaries of a run (one per process
    that ran: their counts add up)."""
    tallies: dict[str, _Tally] = {}
    for line in summary.splitlines():
        found = _SHADOW.match(line)
        if not found:
            continue
        tally = tallies.setdefault(found["name"], _Tally())
        for name in ("calls", "checked", "skipped", "mismatched"):
            setattr(tally, name, getattr(tally, name) + int(found[name]))
        tally.worst = max(tally.worst, float(found["worst"]))
        if found["unchecked"]:
            tally.notes.append(found["unchecked"])
    return {name: tally.check() for name, tally in tallies.items()}


def app_document(app: AppResult, records: Iterable[dict[str, Any]],
                 config: dict[str, Any]) -> dict[str, Any]:
    """The document of `polylift check-app`."""
    outputs = [{"name": name, "verdict": text.split(":", 1)[0],
                "message": text.split(": ", 1)[1] if ": " in text else ""}
               for name, text in sorted(app.outputs.items())]
    summary = {"verdict": app.verdict, "stdout_equal": app.stdout_equal, "outputs": outputs,
               "build_s": {"gcc": app.gcc.build_s, "polylift": app.polylift.build_s},
               "run_s": {"gcc": app.gcc.run_s, "polylift": app.polylift.run_s}}
    return document("app", config, build_results(records, shadow_checks(app.shadow)),
                    app=summary)


__all__ = ["app_document", "build_results", "shadow_checks", "units"]
