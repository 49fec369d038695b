"""A scalar accumulator read as the element it stands for.

C writes a dot product into an element either in place or through a scalar:

    A[i][j] -= ...  (for k)            w = A[i][j];
    A[i][j] /= A[j][j];                for (k ...) w -= ...;
                                       A[i][j] = w / A[j][j];

Both round the same operations in the same order. A variable `w` is replaced by the
element `X[s]` it is finally stored to when the program then computes the same values
into the same elements:

- in one iteration of its loops, `w`'s first statement sets it without reading it, its
  last stores `g(w)` into `X[s]` (subscripts of those loops only) with `g` reading no
  other value of `X[s]`, and every statement in between that names `w` lies in that
  iteration's body;
- no statement strictly between reads or writes `X[s]` in that iteration (`polyhedra`), so
  while `X[s]` holds `w`'s intermediate values nothing sees it: before the first
  statement and after the last, memory is as the original leaves it.

Statements that become `X[s] = X[s]` (the `w = A[i][j]` that loaded it, the `A[i][j] = w`
that stored it) store what is there and are dropped. Both the nest and the template
are normalised so, so either may use the scalar.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from polylift.matcher.ir.tree import Node, Read, Var
from polylift.matcher.program import polyhedra
from polylift.matcher.program.model import FlatStmt, Stmt, reads, substitute_leaf

# Whether two arrays (roots) may share memory; arrays of one template never do.
MayAlias = Callable[[object, object], bool]


def unpromoted(flat: list[FlatStmt], may_alias: MayAlias) -> list[FlatStmt]:
    """`flat` with every variable that qualifies read as its element (module doc)."""
    variables: list[Node] = []
    for stmt in flat:
        for leaf in [stmt.stmt.target, *reads(stmt.stmt.value)]:
            if isinstance(leaf, Var) and leaf not in variables:
                variables.append(leaf)
    for var in variables:
        flat = _unpromote(flat, var, may_alias) or flat
    return [s for s in flat if s.stmt.target != s.stmt.value]


def _touches(stmt: FlatStmt, var: Node) -> bool:
    return stmt.stmt.target == var or var in reads(stmt.stmt.value)


def _unpromote(flat: list[FlatStmt], var: Node, may_alias: MayAlias) -> list[FlatStmt] | None:
    span = [k for k, s in enumerate(flat) if _touches(s, var)]
    first, last = flat[span[0]], flat[span[-1]]
    element = last.stmt.target
    if first.stmt.target != var or var in reads(first.stmt.value) \
            or not isinstance(element, Read) or var not in reads(last.stmt.value) \
            or first is last:
        return None
    depth = first.depth
    if last.depth != depth or first.shares(last) != depth:
        return None
    middle = flat[span[0] + 1:span[-1]]
    if any(s.position[:depth] != first.position[:depth] or s.depth < depth for s in middle):
        return None
    if not _alone(element, last, middle, may_alias):
        return None
    out = list(flat)
    for k in range(span[0], span[-1] + 1):
        stmt = flat[k].stmt
        target = element if stmt.target == var else stmt.target
        out[k] = replace(flat[k], stmt=Stmt(target, substitute_leaf(stmt.value, var, element),
                                            stmt.text))
    return out


def _alone(element: Read, last: FlatStmt, middle: list[FlatStmt], may_alias: MayAlias) -> bool:
    """Nothing between the first and last statements touches `element`, and the last
    reads no other value of it; an array that may alias the element's is never known
    apart from it."""
    array = element.array
    for leaf in reads(last.stmt.value):
        if not isinstance(leaf, Read) or leaf.array != array:
            if isinstance(leaf, Read) and may_alias(leaf.array, array):
                return False
            continue
        if not polyhedra.apart(last, leaf.subscripts, element.subscripts):
            return False
    for stmt in middle:
        for leaf, _ in polyhedra.accesses(stmt):
            if not isinstance(leaf, Read) or (leaf.array != array
                                              and not may_alias(leaf.array, array)):
                continue
            if leaf.array != array or not polyhedra.never_touches(
                    stmt, leaf.subscripts, last, element.subscripts, last.depth):
                return False
    return True
