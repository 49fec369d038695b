"""Shim units a module carries: the C sources of the shims its calls need that no shim
library holds (an expression template's, `expression_unit.py`).

They sit in the module attribute `polylift.shim_units`, a dictionary from file name
(`<symbol>.c`) to C text, so the module alone is what a build needs: the object step
compiles them into the lifted object (`harness/programs/lift.py`). The attribute is no
dialect's; translation to LLVM IR ignores it.
"""

from __future__ import annotations

from polylift import rewriter
from polylift.mlir import ir

UNITS_ATTR = "polylift.shim_units"


def add_unit(module: ir.Module, name: str, text: str) -> None:
    """Record the unit `name` (once: the same shim called twice is one unit)."""
    units = units_of(module)
    if units.get(name, text) != text:
        raise ValueError(f"two different shim units named {name}")
    units[name] = text
    attrs = {k: ir.StringAttr.get(v) for k, v in sorted(units.items())}
    rewriter.set_attribute(module.operation, UNITS_ATTR, ir.DictAttr.get(attrs))


def units_of(module: ir.Module) -> dict[str, str]:
    """The units a module carries, by file name."""
    if UNITS_ATTR not in module.operation.attributes:
        return {}
    found = ir.DictAttr(module.operation.attributes[UNITS_ATTR])
    return {found[k].name: ir.StringAttr(found[k].attr).value for k in range(len(found))}
