"""Shim families: one jinja2 source per family of launches, and the launches it serves.

A family file `families/<family>.j2` holds, for launches that differ only by a transpose,
a triangle, a border mode, an epilogue or an element expression:

- `variants`: a dict from launch name to that launch's facts (often empty: transposes,
  ranks and the presence of beta are read from the launch's template instead); adding
  a launch to a family is one line here;
- one macro per backend it implements (`ref`, `host`, `pva`, `cublas`, `cublaslt`,
  `cudnn`), each rendering the body of one shim from a `generate.Shim`; `ref` is
  required, since every other backend falls back on it;
- optionally `includes` (a dict from backend to the headers its units include) and a
  macro `definitions(backend)` for helpers its units share (device kernels, tables).

This module finds the families and says which one serves a launch; `generate.py`
renders them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import jinja2

from polylift.errors import PolyliftError
from polylift.shims.header import c_templates
from polylift.tdl.checks import BACKENDS

SHIM_DIR = Path(__file__).parent


class ShimFamilyError(PolyliftError):
    """A family file that does not say what it serves, or two families for one launch."""


@dataclass(frozen=True)
class Family:
    """One family file, loaded: its launches and their facts, and its backends."""

    name: str
    path: Path
    module: Any  # the jinja2 template module: its macros and tables
    variants: Mapping[str, Mapping[str, object]]
    backends: tuple[str, ...]

    def includes(self, backend: str) -> tuple[str, ...]:
        """The headers a unit of `backend` includes besides the shim header."""
        table = getattr(self.module, "includes", None)
        return tuple(table.get(backend, ())) if isinstance(table, dict) else ()


def environment() -> jinja2.Environment:
    """The jinja2 environment of the shim sources (the header's: C text, strict names)."""
    return c_templates(SHIM_DIR)


def _load(env: jinja2.Environment, path: Path) -> Family:
    module = env.get_template(f"families/{path.name}").module
    variants = getattr(module, "variants", None)
    if not isinstance(variants, dict) or not variants or \
            not all(isinstance(f, dict) for f in variants.values()):
        raise ShimFamilyError(f"{path}: a family file sets `variants` to a dict from launch "
                              "name to that launch's facts (a dict)")
    backends = tuple(b for b in BACKENDS if callable(getattr(module, b, None)))
    if "ref" not in backends:
        raise ShimFamilyError(f"{path}: a family defines the macro `ref` (the fallback of "
                              "every other backend)")
    return Family(path.stem, path, module, variants, backends)


def load_families(root: Path) -> tuple[Family, ...]:
    """The families of `root/families/*.j2`, sorted by name, after checking that no launch
    has two. `_<name>.j2` files hold macros families share and serve no launch."""
    env = environment() if root == SHIM_DIR else c_templates(root)
    loaded = tuple(_load(env, p) for p in sorted((root / "families").glob("*.j2"))
                   if not p.name.startswith("_"))
    owner: dict[str, str] = {}
    for family in loaded:
        for launch in family.variants:
            if launch in owner:
                raise ShimFamilyError(f"launch '{launch}' is in two shim families: "
                                      f"{owner[launch]} and {family.name}")
            owner[launch] = family.name
    return loaded


@cache
def families() -> tuple[Family, ...]:
    """The built-in families (polylift/shims/families/)."""
    return load_families(SHIM_DIR)


def family_of(launch: str) -> Family | None:
    """The family that serves `launch`, or None (its shims then come from elsewhere)."""
    return next((f for f in families() if launch in f.variants), None)
