"""A bake directory as the site sees it, and the view data the page templates show.

Everything the site shows comes from the bake: `index.json`, `templates.json` and each
kernel's files; nothing is recomputed, so the site of a bake is the same on any machine.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from polylift.errors import PolyliftError
from polylift.function_versions import fallback_functions
from polylift.harness.comparison.figures import seconds
from polylift.harness.report import SOURCE_MARK
from polylift.passes.stages import MATCH_REPORT

OK_VERDICTS = ("BIT-EXACT", "PASS")
BLOCKERS = ("front end", "raising", "no template", "lowering")


@dataclass(frozen=True)
class Bake:
    """The contents of a bake directory."""

    root: Path
    suites: dict[str, dict[str, Any]]
    templates: dict[str, dict[str, Any]]
    templates_error: str = ""  # why the bake could not record its template library

    @classmethod
    def load(cls, root: Path) -> Bake:
        """Read `root/index.json` and `root/templates.json`."""
        try:
            index = json.loads((root / "index.json").read_text())
        except OSError:
            raise PolyliftError(f"'{root}' is not a bake directory (no index.json; "
                                "run 'polylift bake' first)") from None
        except ValueError as exc:
            raise PolyliftError(f"{root / 'index.json'}: not valid JSON: {exc}") from None
        library: dict[str, Any]
        try:
            library = json.loads((root / "templates.json").read_text())
        except (OSError, ValueError):
            library = {"error": "the bake has no readable templates.json"}
        templates = library.get("templates", [])
        return cls(root, index.get("suites", {}), {t["name"]: t for t in templates},
                   library.get("error", ""))

    def kernels(self) -> list[dict[str, Any]]:
        """Every kernel's summary, by suite then name."""
        return [k for name in sorted(self.suites) for k in self.suites[name]["kernels"]]

    def read(self, kernel: dict[str, Any], filename: str) -> str | None:
        """The text of one baked file of `kernel`, or None when it was not written."""
        try:
            return (self.root / kernel["suite"] / kernel["kernel"] / filename).read_text()
        except OSError:
            return None

    @cached_property
    def reports(self) -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
        """Each kernel with a match report, and the report's functions."""
        found = []
        for kernel in self.kernels():
            report = self.read(kernel, MATCH_REPORT)
            if report is not None:
                found.append((kernel, json.loads(report)["functions"]))
        return found

    @cached_property
    def matches(self) -> dict[str, list[tuple[dict[str, Any], int]]]:
        """For each template, the kernels with launches of it and how many."""
        found: dict[str, list[tuple[dict[str, Any], int]]] = {}
        for kernel, functions in self.reports:
            counts = Counter(launch["template"] for function in functions
                             for launch in function["launches"])
            for name, count in sorted(counts.items()):
                found.setdefault(name, []).append((kernel, count))
        return found

    @cached_property
    def near_misses(self) -> dict[str, list[dict[str, Any]]]:
        """For each template, the residual ops the match report names it the closest
        template of: kernel, function, op, C location, why it did not match, and whether
        the function is a fallback (`f.flat`, which runs only where the entry guard
        fails), in kernel order, then the report's."""
        found: dict[str, list[dict[str, Any]]] = {}
        for kernel, functions in self.reports:
            fallback = fallback_functions({f["function"] for f in functions})
            for function in functions:
                for item in function["residual"]:
                    if item["closest"]:
                        found.setdefault(item["closest"], []).append(
                            {**item, "kernel": kernel, "function": function["function"],
                             "fallback": function["function"] in fallback})
        return found


def kernel_href(kernel: dict[str, Any]) -> str:
    """The kernel page, relative to the site root."""
    return f"kernels/{kernel['suite']}/{kernel['kernel']}.html"


def template_href(name: str) -> str:
    """The template page, relative to the site root."""
    return f"templates/{name}.html"


def kernel_notes(kernel: dict[str, Any]) -> list[tuple[str, str]]:
    """The kernel's notes, each with the fallback version (`f.flat`) it is about, '' for
    the others (and for every note of a bake that did not record it)."""
    versions = kernel.get("notes_fallback") or []
    return [(note, versions[i] if i < len(versions) else "")
            for i, note in enumerate(kernel["notes"])]


def search_key(kernel: dict[str, Any]) -> str:
    """The key of a kernel's entry in the index's search (`k:<suite>/<kernel>`)."""
    return f"k:{kernel['suite']}/{kernel['kernel']}"


def launch_text(calls: dict[str, int] | None) -> str:
    """`host 2, ref 1` (calls per backend shim), `0`, or `-` when not lowered."""
    if calls is None:
        return "-"
    return ", ".join(f"{backend} {n}" for backend, n in sorted(calls.items())) or "0"


def _result(kernel: dict[str, Any], backend: str | None, size: str,
            target: str) -> dict[str, Any] | None:
    for result in kernel["results"]:
        if (result["size"], result["target"]) == (size, target) and \
                backend in (None, result["backend"]) and result.get("reference_s") is not None:
            return result
    return None


def _speedup_text(speed: float | None, source_runs: bool) -> str:
    """A speedup cell; `(source)` where no launch left the source's own code running."""
    if not speed:
        return "-"
    return f"{speed:.2f}x" + (SOURCE_MARK if source_runs else "")


def index_row(kernel: dict[str, Any], config: dict[str, Any]) -> dict[str, Any]:
    """The cells of one kernel's row in its suite's table."""
    target = config["targets"][0]
    verdicts = []
    for backend in config["backends"]:
        for tgt in config["targets"]:
            cell = [r for r in kernel["results"]
                    if (r["backend"], r["target"]) == (backend, tgt)]
            verdicts.append(cell)
    times = []
    for size in config["sizes"]:
        ref = _result(kernel, None, size, target)
        lifted = []
        for backend in config["backends"]:
            found = _result(kernel, backend, size, target)
            speed = found.get("speedup") if found else None
            lifted.append((seconds(found["lifted_s"]) if found else "-",
                           _speedup_text(speed, bool(found and found.get("source_runs")))))
        times.append((seconds(ref["reference_s"]) if ref else "-", lifted))
    return {"kernel": kernel, "href": kernel_href(kernel), "verdicts": verdicts,
            "times": times,
            "launches": [(b, launch_text(kernel["launches_by_backend"].get(b)))
                         for b in config["backends"]]}


def coverage_summary(bake: Bake) -> list[dict[str, Any]]:
    """Per suite and in total: kernels by coverage, blockers, and checks that passed."""
    rows = []
    for name in [*sorted(bake.suites), None]:
        kernels = bake.suites[name]["kernels"] if name else bake.kernels()
        coverage = Counter(k["coverage"] for k in kernels)
        blockers = Counter(k["blocker"] for k in kernels)
        results = [r for k in kernels for r in k["results"] if r["verdict"] != "UNSUPPORTED"]
        unsupported = sum(r["verdict"] == "UNSUPPORTED" for k in kernels for r in k["results"])
        rows.append({"suite": name or "all suites", "kernels": len(kernels),
                     "coverage": [coverage[c] for c in ("FULL", "PARTIAL", "NONE")],
                     "blockers": [blockers[b] for b in BLOCKERS],
                     "ok": sum(r["verdict"] in OK_VERDICTS for r in results),
                     "checks": len(results), "unsupported": unsupported})
    return rows


def library_blockers(kernels: list[dict[str, Any]]) -> list[tuple[str, int]]:
    """A library suite's blockers, counted per function by category (what the front end
    refused, `raising`, `no template`), most frequent first."""
    counts: Counter[str] = Counter()
    for kernel in kernels:
        counts.update(kernel.get("blockers", {}))
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))
