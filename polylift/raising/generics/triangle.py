"""Triangular loops: a loop whose bounds follow an enclosing counter, as a masked box.

A `linalg.generic` iterates over a box. A statement under `for i in [L, U)`,
`for j in [l(i), u(i))` is raised over the box `j in [min l, max u)` with a payload that
keeps the output element unchanged outside the triangle:
`select(l(i) <= j < u(i), new, out)`. That is the same computation when

- `l` and `u` move by at most one per step of `i` and every row `i` is non-empty, so
  the box's values of `i` and of `j` are each values the triangle takes as well;
- no subscript combines `i` and `j`, so every element the box touches, read or
  written, is an element the source program touches too (never out of bounds);
- outside the triangle the store writes back the value it read: no element changes,
  and the stored elements differ per point because the store's subscripts are distinct
  loop counters (checked by the legality rules before this).
"""

from __future__ import annotations

from dataclasses import dataclass

from polylift.raising.nest_model.linear import Linear, Namer, render
from polylift.raising.nest_model.model import Loop, NotRaisable, Statement


@dataclass
class Mask:
    """The triangle of loop `inner` (positions in the statement's loops) under `outer`:
    `lower <= iv_inner < upper`, both forms in `iv_outer`; `None` where the box's own
    bound already says it."""

    inner: int
    outer: int
    lower: Linear | None
    upper: Linear | None

    def describe(self, stmt: Statement) -> str:
        """The condition in the source's loop names, for remarks."""
        names = Namer()
        loops = stmt.loops
        names.names[loops[self.inner].iv] = loops[self.inner].name
        names.names[loops[self.outer].iv] = loops[self.outer].name

        def text(form: Linear) -> str:
            return render(form, lambda v: names.name(v, "p"))

        inner = loops[self.inner].name
        parts = []
        if self.lower is not None:
            parts.append(f"{inner} >= {text(self.lower)}")
        if self.upper is not None:
            parts.append(f"{inner} < {text(self.upper)}")
        return " and ".join(parts)


def box_bounds(stmt: Statement) -> tuple[list[tuple[Linear, Linear]], Mask | None]:
    """Per loop, the box's (lower, upper), and the mask of a triangular loop if any.

    Raises `NotRaisable` when a bound is not a single form, or depends on the nest's
    counters in a way the rules of this module do not cover."""
    box: list[tuple[Linear, Linear]] = []
    mask = None
    ivs = stmt.ivs
    for k, loop in enumerate(stmt.loops):
        if len(loop.lower) != 1 or len(loop.upper) != 1:
            raise NotRaisable(f"not raised: {loop.name} has a min/max bound", loop.op)
        outer = {iv for f in loop.lower + loop.upper for iv in f.variables() if iv in ivs}
        if not outer:
            box.append((loop.lower[0], loop.upper[0]))
            continue
        if mask is not None or len(outer) != 1:
            raise NotRaisable(f"not raised: bounds of {loop.name} make a second triangle "
                              "or depend on several counters of the nest", loop.op)
        m = ivs.index(outer.pop())
        mask, bounds = _triangle(stmt, m, k)
        box.append(bounds)
    if mask is not None and any(f.variables() and set(f.variables()) & set(ivs)
                                for b in box for f in b):
        raise NotRaisable("not raised: a triangular loop's outer loop is itself "
                          "triangular", stmt.loops[mask.outer].op)
    return box, mask


def _triangle(stmt: Statement, m: int, k: int) -> tuple[Mask, tuple[Linear, Linear]]:
    """The mask and box bounds of loop `k` whose bounds follow loop `m`."""
    outer, inner = stmt.loops[m], stmt.loops[k]
    why = _unsupported(outer, inner)
    if why:
        raise NotRaisable(f"not raised: {inner.name} runs over a triangle ({why})", inner.op)
    lower, upper = inner.lower[0], inner.upper[0]
    first, last = outer.lower[0], outer.upper[0] - Linear.constant(1)
    box_lower = _extreme(lower, outer, first, last, smallest=True)
    box_upper = _extreme(upper, outer, first, last, smallest=False)
    rows = upper - lower  # elements of row i; every row must have one at least
    slope = rows.coeff(outer.iv)
    at = first if slope >= 0 else last
    fewest = rows.substitute(outer.iv, at)
    if not (fewest.is_constant() and fewest.const >= 1):
        raise NotRaisable(f"not raised: {inner.name} runs over a triangle with rows that "
                          f"may be empty (cannot prove {outer.name} always gives "
                          f"{inner.name} an iteration)", inner.op)
    _check_subscripts(stmt, outer, inner)
    mask = Mask(k, m, None if lower == box_lower else lower,
                None if upper == box_upper else upper)
    return mask, (box_lower, box_upper)


def _unsupported(outer: Loop, inner: Loop) -> str:
    if outer.step != 1 or inner.step != 1:
        return "a step other than 1"
    for form in inner.lower + inner.upper:
        if abs(form.coeff(outer.iv)) > 1:
            return f"a bound moves by more than one per iteration of {outer.name}"
    return ""


def _extreme(bound: Linear, outer: Loop, first: Linear, last: Linear,
             smallest: bool) -> Linear:
    """The least (or greatest) value of `bound` over the outer loop's range."""
    slope = bound.coeff(outer.iv)
    if slope == 0:
        return bound
    at = first if (slope > 0) == smallest else last
    return bound.substitute(outer.iv, at)


def _check_subscripts(stmt: Statement, outer: Loop, inner: Loop) -> None:
    for acc in [stmt.write] + stmt.reads:
        for form in acc.index:
            if form.coeff(outer.iv) and form.coeff(inner.iv):
                raise NotRaisable(f"not raised: a subscript combines {outer.name} and the "
                                  f"triangular {inner.name}", acc.op)
