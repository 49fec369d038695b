"""The constraints of an integer set attribute (an `affine.if`'s condition).

The bindings give no access to a set attribute's value, so its printed form
`affine_set<(d0)[s0] : (d0 - s0 >= 0, ...)>` is read back constraint by constraint as
affine maps over the same dims and symbols.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from polylift.mlir import ir


@dataclass(frozen=True)
class Constraint:
    """`expr == 0` (`is_eq`) or `expr >= 0` over the set's dims, then its symbols."""

    expr: ir.AffineExpr
    is_eq: bool


@dataclass(frozen=True)
class SetConstraints:
    n_dims: int
    constraints: tuple[Constraint, ...]


class UnreadableSet(ValueError):
    """A set attribute whose printed form does not read back."""


def set_constraints(iset: ir.Attribute) -> SetConstraints:
    """The dims count and the constraints of an integer set attribute."""
    text = str(iset)
    match = re.fullmatch(r"affine_set<(\(.*?\)(?:\[.*?\])?) : \((.*)\)>", text)
    if match is None:
        raise UnreadableSet(text)
    header, body = match.groups()
    found = []
    for part in body.split(","):
        expr, is_eq = (part.rsplit("==", 1)[0], True) if "==" in part else \
            (part.rsplit(">=", 1)[0], False)
        amap = ir.AffineMapAttr(ir.Attribute.parse(f"affine_map<{header} -> ({expr})>",
                                                   iset.context)).value
        found.append(Constraint(amap.results[0], is_eq))
    return SetConstraints(header.split(")")[0].count("d"), tuple(found))
