"""Results people can script: the one JSON shape of `check`, `bake`, `report` and
`check-app` (`--json FILE`, or `--json -` for stdout alone), versioned by its schema.

    {"schema": 1, "kind": "check" | "bake" | "build" | "app",
     "polylift": "0.1.0", "mlir": "22.1.8", "config": {...},
     "results": [{"source": "linalg/gemm.c", "function": "kernel_gemm", "suite": "linalg",
                  "lift": {"status": "lifted", "coverage": "FULL", ...} | null,
                  "checks": [{"backend": "ref", "verdict": "BIT-EXACT", ...}]}]}

`polylift/schemas/results-1.json` (JSON Schema) defines every field; a change that a
reader of version 1 would misread makes version 2. A value of an array element is a
JSON number (`"nan"`, `"inf"` or `"-inf"` where it is none) with its bits beside it as
hex (`element`), so a script compares numbers without parsing text and bits without
rounding. Below every other module: it imports nothing of polylift but its version.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

SCHEMA_VERSION = 1
SCHEMA_FILE = Path(__file__).resolve().parent / "schemas" / f"results-{SCHEMA_VERSION}.json"
KINDS = ("check", "bake", "build", "app")
# Lift statuses: launches replace some loops; translated, nothing launched; not
# translated (the front end's reason); a bug of polylift met in the function.
LIFTED, KEPT, SKIPPED, FAILED = "lifted", "kept", "skipped", "failed"


def mlir_version() -> str:
    """The MLIR release polylift runs on (`22.1.8`), or `unknown`."""
    from importlib import metadata

    try:
        return metadata.version("xtc-mlir-python-bindings").rsplit(".", 1)[0]
    except metadata.PackageNotFoundError:
        return "unknown"


def number(value: float | int) -> float | int | str:
    """A value as JSON holds it: a number, or `nan`/`inf`/`-inf` (JSON has none)."""
    if isinstance(value, float) and not math.isfinite(value):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf")
    return value


def value_of(value: float | int | str) -> float | int:
    """A value read back: `number`'s inverse."""
    return float(value) if isinstance(value, str) else value


def element(value: float | int, bits: str) -> dict[str, Any]:
    """An array element: `{"value": 9.84, "bits": "0x4023ae147ae147af"}`."""
    return {"value": number(value), "bits": bits}


def lift(status: str, coverage: str = "-", templates: Sequence[str] = (), reason: str = "",
         line: int | None = None) -> dict[str, Any]:
    """What became of a function: its status, coverage, launches' templates, and why
    nothing was lifted (`reason`), at its C line where known."""
    return {"status": status, "coverage": coverage, "templates": list(templates),
            "reason": reason, "line": line}


def result(source: str, function: str, lifted: dict[str, Any] | None,
           checks: Sequence[dict[str, Any]] = (), suite: str | None = None) -> dict[str, Any]:
    """One function's entry: where it is, what became of it, and its checks."""
    return {"source": source, "function": function, "suite": suite, "lift": lifted,
            "checks": list(checks)}


def document(kind: str, config: dict[str, Any], results: Sequence[dict[str, Any]],
             **extra: Any) -> dict[str, Any]:
    """The whole document of one command (`extra`: `shard`, or `app` for check-app)."""
    from polylift import __version__

    assert kind in KINDS, kind
    ordered = sorted(results, key=lambda r: (r["suite"] or "", r["source"], r["function"]))
    return {"schema": SCHEMA_VERSION, "kind": kind, "polylift": __version__,
            "mlir": mlir_version(), "config": config, "results": ordered, **extra}


def dumps(doc: dict[str, Any]) -> str:
    """The document's text: sorted keys, strict JSON (a NaN left anywhere is a bug)."""
    return json.dumps(doc, indent=2, sort_keys=True, allow_nan=False) + "\n"


def load(path: str) -> dict[str, Any]:
    """A results document read back (for a merge): a `ValueError` where it is not one of
    this schema version."""
    data = json.loads(Path(path).read_text())
    if not isinstance(data, dict) or data.get("schema") != SCHEMA_VERSION:
        found = data.get("schema") if isinstance(data, dict) else None
        raise ValueError(f"not a polylift results file of schema {SCHEMA_VERSION} "
                         f"(schema {found!r})")
    return data


__all__ = ["FAILED", "KEPT", "KINDS", "LIFTED", "SCHEMA_FILE", "SCHEMA_VERSION", "SKIPPED",
           "document", "dumps", "element", "lift", "load", "mlir_version", "number",
           "result", "value_of"]
