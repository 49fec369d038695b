"""What a compile through the driver made of a file: a record per function and the
outcome of the file, the values the build report is written from (`records.py`).

Kept apart from the work (`unit/compile.py`, `unit/lift.py`) so that reading or writing
them loads nothing of MLIR: a rebuild that finds its objects in the cache loads none
either.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from polylift.results import FAILED, KEPT, LIFTED, SKIPPED


@dataclass(frozen=True)
class FunctionRecord:
    """What became of one C function: `lifted` (with its launches' templates and its
    coverage), `kept` (translated, no launch: why), `skipped` (the front end's reason)
    or `failed` (a bug of polylift: the internal error)."""

    name: str
    status: str
    reason: str = ""
    coverage: str = "-"
    templates: tuple[str, ...] = ()
    line: int = 0

    @staticmethod
    def from_json(data: dict[str, Any]) -> FunctionRecord:
        """A record read back from a report."""
        return FunctionRecord(data["name"], data["status"], data["reason"], data["coverage"],
                              tuple(data["templates"]), data["line"])


@dataclass(frozen=True)
class UnitOutcome:
    """A compiled source: gcc's exit status, what became of each function, whether the
    object came from the cache, and why nothing was lifted where that is the file's
    business ("" otherwise)."""

    source: str
    object: str
    status: int
    records: tuple[FunctionRecord, ...] = ()
    cached: bool = False
    note: str = ""
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        """The unit as the build report writes it (`records.py`)."""
        return {"source": self.source, "object": self.object, "cached": self.cached,
                "note": self.note, "seconds": round(self.seconds, 3),
                "functions": [asdict(r) for r in self.records]}

    def failures(self) -> list[FunctionRecord]:
        """The functions polylift met a bug in (each compiled by gcc, with a warning)."""
        return [r for r in self.records if r.status == FAILED]


__all__ = ["FAILED", "KEPT", "LIFTED", "SKIPPED", "FunctionRecord", "UnitOutcome"]
