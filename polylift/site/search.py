"""The index's search: one entry per kernel and per template, embedded in the page.

A page opened from disk (`file://`) may not `fetch()` another file, so the entries
travel inside the index itself (a `<script type="application/json">`), and the page's
script filters the rows and list items whose `data-search` is an entry's `key` as the
reader types. Each entry's `text` is every word a reader may look a kernel or template
up by, lower-cased once here.
"""

from __future__ import annotations

from typing import Any

from polylift.site.model import Bake, search_key


def _text(words: list[str]) -> str:
    return " ".join(w for w in words if w).lower()


def kernel_entry(kernel: dict[str, Any]) -> dict[str, str]:
    """A kernel's entry: its suite and name, C file and function (a library's functions),
    coverage, blocker, templates launched, and notes."""
    functions = [f["name"] for f in kernel.get("functions") or []]
    function = kernel["function"] if kernel["function"] != "*" else ""  # a library: all
    words = [f"{kernel['suite']}/{kernel['kernel']}", kernel["source"], function,
             *functions, kernel["coverage"], kernel["blocker"], *kernel["templates"],
             *kernel["notes"]]
    return {"key": search_key(kernel), "kind": "kernel", "text": _text(words)}


def template_entry(template: dict[str, Any]) -> dict[str, str]:
    """A template's entry: its name, launch, doc, file, backends and element types."""
    words = [template["name"], template["launch"], template.get("doc", ""), template["file"],
             *template["backends"], *template["dtypes"]]
    return {"key": f"t:{template['name']}", "kind": "template", "text": _text(words)}


def search_entries(bake: Bake) -> list[dict[str, str]]:
    """Every kernel's entry, by suite then name, then every template's, by name."""
    return [*(kernel_entry(k) for k in bake.kernels()),
            *(template_entry(bake.templates[name]) for name in sorted(bake.templates))]
