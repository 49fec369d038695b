"""The pages of the site, each rendered by a pure `render_*() -> str` function.

One jinja2 `Environment` with autoescape renders every page; highlighted code and diffs
arrive as `Markup` built by `highlight`. Every link is relative (`root` is the way back
to the site root from the page), so the site works from `file://` and anywhere it is
copied.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape
from markupsafe import Markup

from polylift.harness.comparison.figures import seconds, ulp_text
from polylift.matcher.explain.report import merge_reports
from polylift.passes.stages import MATCH_REPORT, MATCHED, SOURCE, STAGES
from polylift.site.codeview import StageOps, render_mlir, render_source
from polylift.site.highlight import highlight, render_diff
from polylift.site.locations import LocatedText, locate, located_file
from polylift.site.model import (
    BLOCKERS,
    Bake,
    coverage_summary,
    index_row,
    kernel_href,
    kernel_notes,
    library_blockers,
    search_key,
    template_href,
)
from polylift.site.search import search_entries


@cache
def environment() -> Environment:
    """The one jinja2 environment of the site (autoescaped, strict about names)."""
    env = Environment(loader=PackageLoader("polylift.site", "templates"),
                      autoescape=select_autoescape(["html", "j2"], default=True),
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                      keep_trailing_newline=True)
    env.filters["seconds"] = seconds
    env.filters["ulp"] = ulp_text
    env.globals.update(kernel_href=kernel_href, template_href=template_href,
                       search_key=search_key, kernel_notes=kernel_notes)
    return env


@dataclass(frozen=True)
class StageView:
    """One tab of a kernel page: a baked file, highlighted, or why the stage is missing."""

    key: str
    title: str
    status: str
    error: str = ""
    code: Markup | None = None
    diff: Markup | None = None
    diff_from: str = ""


def _stage_names(kernel: dict[str, Any], backends: list[str]) -> list[tuple[str, str]]:
    """(stage, file name) in pipeline order, as the stage table lists the baked stages
    (the match report after the matched stage, each backend's stages together); stages
    of unknown status come last, sorted."""
    baked = [s for s in STAGES if s.baked]
    names = []
    for stage in (s for s in baked if not s.per_backend):
        names.append((stage.name(), stage.file()))
        if stage is MATCHED:
            names.append(("match-report", MATCH_REPORT))
    for backend in backends:  # each backend's stages together, in pipeline order
        names += [(s.name(backend), s.file(backend)) for s in baked if s.per_backend]
    known = {n for n, _ in names}
    names += [(n, n) for n in sorted(kernel["stages"]) if n not in known]
    return names


def _previous(stage: str) -> str | None:
    """The stage a stage's tab is compared with (its table entry's `diff_from`)."""
    for entry in STAGES:
        if entry.diff_from and (stage == entry.key or stage.startswith(entry.key + "-")):
            return entry.diff_from
    return None


def _located(bake: Bake, kernel: dict[str, Any],
             baked: list[tuple[str, str, str | None]]) -> dict[str, LocatedText]:
    """The MLIR stages of `baked` (stage, file name, text) without their locations, each
    op with its C line (from the stage's copy with locations, where the bake wrote one)."""
    found = {}
    for stage, filename, text in baked:
        if text is None or not filename.endswith(".mlir"):
            continue
        with_locations = bake.read(kernel, located_file(filename))
        found[stage] = locate(with_locations or text)
        if with_locations and found[stage].text != text:  # not the same module: unmarked
            found[stage] = locate(text)
    return found


def _shown_name(filename: str, located: LocatedText | None, text: str) -> str:
    """A stage's name in a diff header, saying when its locations were dropped."""
    return filename + (" (locations dropped)" if located and located.text != text else "")


def _code(stage: str, filename: str, text: str, located: dict[str, LocatedText]) -> Markup:
    """A stage's code: the C source linked to the ops from each of its lines, an MLIR
    stage marked with the C line of each op, any other file highlighted."""
    if stage == SOURCE.key:
        ops = [StageOps(name, found.ops_by_c_line()) for name, found in located.items()]
        return render_source(text, filename, ops)
    if stage in located:
        return render_mlir(stage, located[stage], filename)
    return highlight(text, filename)


def kernel_stages(bake: Bake, kernel: dict[str, Any], backends: list[str]) -> list[StageView]:
    """The stage tabs of a kernel page, with the diff from the stage before each (their
    locations dropped)."""
    baked = [(stage, filename, bake.read(kernel, filename))
             for stage, filename in _stage_names(kernel, backends)]
    located = _located(bake, kernel, baked)
    shown: dict[str, tuple[str, str]] = {}  # stage -> (text without locations, its name)
    views = []
    for stage, filename, text in baked:
        status = "ok" if stage in (SOURCE.key, "match-report") else kernel["stages"].get(
            stage, "absent")
        if text is None:
            if stage == "match-report":
                continue
            error = kernel["errors"].get(stage, "")
            views.append(StageView(stage, filename, status if status != "ok" else "absent",
                                   error))
            continue
        found = located.get(stage)
        shown[stage] = (found.text if found else text, _shown_name(filename, found, text))
        prev = _previous(stage)
        diff = None
        if prev and prev in shown:
            diff = render_diff(shown[prev][0], shown[stage][0], shown[prev][1], shown[stage][1])
        views.append(StageView(stage, filename, status, "",
                               _code(stage, filename, text, located), diff, prev or ""))
    return views


def _report(bake: Bake, kernel: dict[str, Any]) -> dict[str, Any]:
    """Launches and residual ops of the kernel's match report, merged as the bake summary
    merges them: a versioned kernel's `.flat` fallback is not part of its residual ops
    (so the table agrees with the coverage shown) but listed apart as `fallback`, with
    what its guard tests (array views, arguments that may alias). Launches of a function
    whose arguments an entry guard found apart are `guarded`."""
    text = bake.read(kernel, MATCH_REPORT)
    functions = json.loads(text)["functions"] if text else []
    merged = merge_reports(functions)
    fallback = [{**item, "function": f["function"]} for f in functions
                if f["function"] in merged["fallback"] for item in f["residual"]]
    return {"launches": merged["launches"], "residual": merged["residual"],
            "fallback": fallback, "several": len(functions) > 1,
            "guarded": {f["function"] for f in functions if f.get("alias_guarded")},
            "alias_guarded": merged["alias_guarded"],
            "views": any(f["function"].endswith(".delinearized") for f in functions)}


def render_index(bake: Bake) -> str:
    """The index: coverage across suites, one table per suite, the template library."""
    suites = []
    for name in sorted(bake.suites):
        config = bake.suites[name]["config"]
        kernels = bake.suites[name]["kernels"]
        rows = [index_row(k, config) for k in kernels]
        suites.append({"name": name, "config": config, "rows": rows,
                       "library": bool(config.get("library")),
                       "blockers": library_blockers(kernels)})
    used = bake.matches
    templates = [(name, len(used.get(name, []))) for name in sorted(bake.templates)]
    return environment().get_template("index.html.j2").render(
        root="", title="polylift: IR explorer", summary=coverage_summary(bake),
        blockers=BLOCKERS, suites=suites, templates=templates,
        templates_error=bake.templates_error, search=search_entries(bake))


def render_kernel(bake: Bake, kernel: dict[str, Any]) -> str:
    """A kernel's page: stages in tabs with diffs, matches, residual ops, verdicts, commands."""
    config = bake.suites[kernel["suite"]]["config"]
    return environment().get_template("kernel.html.j2").render(
        root="../../", title=f"{kernel['suite']}/{kernel['kernel']}", kernel=kernel,
        stages=kernel_stages(bake, kernel, config["backends"]), report=_report(bake, kernel),
        known_templates=set(bake.templates),
        commands=highlight(bake.read(kernel, "commands.txt") or "", "commands.sh"))


def shim_declarations(template: dict[str, Any]) -> Markup | None:
    """The C declarations of the template's shims, each backend's together, highlighted;
    None when the bake did not record them."""
    shims = template.get("shims")
    if shims is None:
        return None
    lines = []
    for backend in dict.fromkeys(shim["backend"] for shim in shims):
        lines.append(f"/* {backend} */")
        lines += [shim["prototype"] for shim in shims if shim["backend"] == backend]
    return highlight("\n".join(lines) + "\n", "shims.c") if lines else Markup("")


def render_template(bake: Bake, name: str) -> str:
    """A template's page: its source, its shims' C declarations, which backends implement
    it, where it matched, and where it was the closest template of a residual op."""
    template = bake.templates[name]
    return environment().get_template("template.html.j2").render(
        root="../", title=name, template=template, matches=bake.matches.get(name, []),
        near_misses=bake.near_misses.get(name, []), shims=shim_declarations(template),
        source=highlight(template["source"], "template.tpl"))
