"""The shim units of expression templates, rendered for the launch that carries one.

A listed template's shims are built once into the backend's library. An expression
template is stated for one op of one program (`tdl/expression.py`), so its shims are
rendered when its launch is lowered and compiled with the lifted code that calls them
(`units.py`). A map's are the element-wise family's: `ref` the template's loops, `host` the same
expression over contiguous rows, vectorised (the same operations, so the same bits); a
fold's are the reduction family's `ref`, its running value in order, and for a fold per
column a `host` that runs the rows outer (`columns.py`).
"""

from __future__ import annotations

from polylift.shims.families import Family, families
from polylift.shims.generate import Shim, render_unit
from polylift.tdl.library import KernelTemplate

# The family that renders the shims of each shape (`expr.<shape>_<hash>`).
FAMILIES = {"map": "elementwise", "fold": "reduction"}


def _family(tpl: KernelTemplate) -> Family:
    shape = tpl.name.removeprefix("expr.").split("_", 1)[0]
    return next(f for f in families() if f.name == FAMILIES[shape])


def expression_unit(tpl: KernelTemplate, backend: str, dtype: str) -> str:
    """The C translation unit of one expression template's shim for `backend` (one of
    the template's backends)."""
    if backend not in tpl.backends:
        raise ValueError(f"{tpl.name} has no {backend} shims")
    return render_unit(_family(tpl), (Shim(tpl, backend, dtype, {}),))
