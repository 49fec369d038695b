"""Expression templates as launches carry them: the template's text, read back.

A listed template is found by name in the library. An expression template (stated for
the op it matched, `matcher/expression/shapes.py`) is in no file: its launch carries
its whole text in the attribute `expression`, and every later stage (lowering, shims,
the harness's facts, a shadow check) reads the template from that text. The text is the
canonical, printable form of the expression, so a module alone says what its launches
compute.
"""

from __future__ import annotations

import pickle
from dataclasses import replace
from functools import lru_cache

from polylift.tdl import disk_cache
from polylift.tdl.library import SETTLED, KernelTemplate, Library, load_sources

# The launch attribute that holds an expression template's text.
EXPRESSION_ATTR = "expression"
# The domain of expression templates' names (`expr.map_<hash>`).
DOMAIN = "expr."


def is_expression(name: str) -> bool:
    """Whether a template name is an expression template's."""
    return name.startswith(DOMAIN)


@lru_cache(maxsize=4096)
def expression_template(source: str) -> KernelTemplate:
    """The one template of `source`, parsed and checked (raises `TemplateError`); from
    the disk cache when an earlier run read the same text, so a warm run loads no
    parser, as for the library's files."""
    return disk_cache.cached("expression", disk_cache.key(source), lambda: _parsed(source),
                             _pickled, _unpickled)


def _parsed(source: str) -> KernelTemplate:
    library = load_sources({"<expression>": source})
    if len(library.templates) != 1:
        raise ValueError("an expression template's text holds one template")
    return replace(next(iter(library.templates.values())), source=source)


def _pickled(tpl: KernelTemplate) -> bytes:
    for name in SETTLED:
        getattr(tpl, name)
    return pickle.dumps(tpl, protocol=pickle.HIGHEST_PROTOCOL)


def _unpickled(data: bytes) -> KernelTemplate:
    tpl = pickle.loads(data)
    if not isinstance(tpl, KernelTemplate):
        raise TypeError(f"an expression cache entry holds a {type(tpl).__name__}")
    return tpl


def template_of(library: Library, name: str, source: str = "") -> KernelTemplate | None:
    """The template a launch names: the library's, else the one its text states."""
    found = library.templates.get(name)
    if found is None and source and is_expression(name):
        found = expression_template(source)
        return found if found.name == name else None
    return found
