"""The match report: per function, launches, residual ops, coverage and closest templates."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from polylift.function_versions import fallback_functions
from polylift.mlir import source_loc


def _where(op: Any, filename: str) -> str:
    loc = source_loc(op.location, filename)
    return f"{loc.line}:{loc.col}" if loc else "?"


@dataclass
class FunctionReport:
    """What match-kernels made of one function."""

    op: Any
    name: str
    launches: list[dict] = field(default_factory=list)
    residual: list[dict] = field(default_factory=list)
    # Argument pairs that may alias and that an entry guard found apart: the function
    # (and every launch in it) runs only then.
    alias_guarded: list[list[str]] = field(default_factory=list)

    def launch(self, launch: Any, bindings: Any, filename: str) -> None:
        """Record one emitted launch."""
        self.launches.append({
            "template": bindings.template.name,
            "callee": str(launch.attributes["callee"]).lstrip("@"),
            "ops": len(bindings.ops),
            "source_order_matches": bindings.source_order_matches,
            "derived": list(bindings.derived),
            "at": _where(launch, filename),
            # An expression template's text: in no file, so the report carries it.
            **({"expression": bindings.template.source} if bindings.template.source else {}),
        })

    def residual_op(self, op: Any, closest: tuple[str, str], filename: str) -> None:
        """Record one op left unmatched, with the closest template and the difference."""
        self.residual.append({"op": op.name, "at": _where(op, filename),
                              "closest": closest[0], "difference": closest[1]})

    @property
    def coverage(self) -> str:
        """FULL (all computation in launches), PARTIAL or NONE."""
        if not self.residual:
            return "FULL" if self.launches else "NONE"
        return "PARTIAL" if self.launches else "NONE"

    def to_json(self) -> dict:
        """The report entry of this function (sorted keys, no absolute paths)."""
        return {"function": self.name, "coverage": self.coverage,
                "launches": self.launches, "residual": self.residual,
                "alias_guarded": self.alias_guarded}


def render_summary(report: FunctionReport) -> list[str]:
    """Readable lines for `--remarks`: coverage, then one line per residual op."""
    guarded = ", ".join(f"{a} and {b}" for a, b in report.alias_guarded)
    lines = [f"match-kernels: @{report.name}: coverage {report.coverage}, "
             f"{len(report.launches)} launch(es), {len(report.residual)} residual op(s)"
             + (f"; launches guarded at entry ({guarded} apart)"
                if guarded and report.launches else "")]
    for item in report.residual:
        closest = f"closest {item['closest']}: " if item["closest"] else ""
        lines.append(f"  residual {item['op']} at {item['at']}: {closest}{item['difference']}")
    return lines


def merge_reports(entries: list[dict]) -> dict:
    """The report entries of one kernel's functions (the kernel, helpers it calls, the
    versions the front end made of it) as one: coverage, launches and residual ops (each
    naming its function). A versioned kernel is covered by its delinearised path; its
    `.flat` fallback, taken only when the guard fails, is kept apart as `fallback`
    (function -> number of residual ops) and not counted. `guarded_launches` counts the
    launches that run only when arguments that may alias were found apart at entry."""
    fallback = fallback_functions({e["function"] for e in entries})
    primary = [e for e in entries if e["function"] not in fallback]
    launches = [dict(x, function=e["function"]) for e in primary for x in e["launches"]]
    residual = [dict(x, function=e["function"]) for e in primary for x in e["residual"]]
    coverage = "NONE" if not launches else ("PARTIAL" if residual else "FULL")
    guarded = [e for e in primary if e.get("alias_guarded")]
    return {"coverage": coverage, "launches": launches, "residual": residual,
            "guarded_launches": sum(len(e["launches"]) for e in guarded),
            "alias_guarded": [list(p) for p in sorted({tuple(p) for e in guarded
                                                        for p in e["alias_guarded"]})],
            "fallback": {e["function"]: len(e["residual"]) for e in entries
                         if e["function"] in fallback}}
