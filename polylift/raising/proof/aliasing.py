"""Which memref arguments of a function may overlap, as the front end stated it.

Distinct root memrefs (function arguments, allocations) are distinct memory unless the
function says otherwise: the C front end lists the pairs of array arguments that a
caller may make overlap in `polylift.may_alias` (`frontend/c/aliasing.py`). The raising
does not raise a nest that writes one of such a pair and touches the other, and the
matcher takes no launch whose output may overlap another of its arrays, so a version
that may be called with overlapping arguments keeps their loops as they are.
`polylift.alias_guarded` names the pairs an entry guard found apart: nothing to assume
there, only something to say.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from polylift.function_versions import ALIAS_GUARDED, ARG_NAMES, MAY_ALIAS
from polylift.mlir import ir, walk


@dataclass(frozen=True)
class ArgPair:
    """Two arguments of one function, by position and by C name."""

    first: int
    second: int
    names: tuple[str, str]


def _pairs(func: ir.Operation, attribute: str) -> list[ArgPair]:
    """The pairs a function attribute lists, with the arguments' positions."""
    attrs = func.attributes
    if attribute not in attrs or ARG_NAMES not in attrs:
        return []
    names = [ir.StringAttr(n).value for n in ir.ArrayAttr(attrs[ARG_NAMES])]
    found = []
    for entry in ir.ArrayAttr(attrs[attribute]):
        a, b = (ir.StringAttr(n).value for n in ir.ArrayAttr(entry))
        if a in names and b in names:
            found.append(ArgPair(names.index(a), names.index(b), (a, b)))
    return found


def may_alias_pairs(func: ir.Operation) -> list[ArgPair]:
    """The argument pairs of `func` that may overlap."""
    return _pairs(func, MAY_ALIAS)


def guarded_pairs(func: ir.Operation) -> list[ArgPair]:
    """The argument pairs of `func` an entry guard proved apart."""
    return _pairs(func, ALIAS_GUARDED)


def _argument(value: ir.Value) -> tuple[ir.Operation, int] | None:
    """The function and position of an entry-block argument."""
    if not isinstance(value.owner, ir.Block):
        return None
    owner = value.owner.owner
    if owner is None or owner.operation.name != "func.func":
        return None
    return owner.operation, ir.BlockArgument(value).arg_number


def aliasing_names(a: ir.Value, b: ir.Value) -> tuple[str, str] | None:
    """The C names of two distinct root memrefs that may overlap, or None when they are
    distinct memory (or the same root: that is the caller's own question)."""
    found_a, found_b = _argument(a), _argument(b)
    if found_a is None or found_b is None or found_a[0] != found_b[0] \
            or found_a[1] == found_b[1]:
        return None
    positions = {found_a[1], found_b[1]}
    for pair in may_alias_pairs(found_a[0]):
        if {pair.first, pair.second} == positions:
            return pair.names
    return None


def describe_pairs(func: ir.Operation, fallback: bool) -> list[str]:
    """Remarks on what a function assumes of its arguments: the pairs guarded at entry,
    and (unless it is the fallback of a guard, whose pairs are the guarded ones) those
    no guard could check."""
    lines = [f"may alias: {p.names[0]} and {p.names[1]}; guarded at entry (this version "
             "runs when their address ranges are apart)" for p in guarded_pairs(func)]
    if fallback:
        return lines + [f"may alias: {p.names[0]} and {p.names[1]}; this version runs when "
                        "they overlap and assumes nothing of them"
                        for p in may_alias_pairs(func)]
    return lines + [f"may alias: {p.names[0]} and {p.names[1]}; not guarded: the address "
                    "ranges of their accesses cannot be computed at entry, so loops that "
                    "write one and touch the other stay" for p in may_alias_pairs(func)]


_READS = ("affine.load", "memref.load")
_WRITES = ("affine.store", "memref.store")


def overlapping_access(root: ir.Operation, extra: Sequence[ir.Operation] = ()
                       ) -> tuple[ir.Operation, tuple[str, str]] | None:
    """An access in the nest at `root` (or among the `extra` ops the raising folds into
    it: the store of a reduction's result after the loop) to an argument that may overlap
    another argument the nest also accesses, one of the two written, with the pair's
    names; None when the nest's arrays are distinct wherever it writes."""
    seen: dict[ir.Value, tuple[ir.Operation, bool]] = {}  # memref -> (first access, written)

    def visit(op: ir.Operation) -> ir.WalkResult:
        if op.name in _READS + _WRITES:
            memref = op.operands[0 if op.name in _READS else 1]
            first, written = seen.get(memref, (op, False))
            seen[memref] = (first, written or op.name in _WRITES)
        return ir.WalkResult.ADVANCE

    walk(root, visit, ir.WalkOrder.POST_ORDER)
    for op in extra:
        visit(op)
    items = list(seen.items())
    for i, (a, (_, written_a)) in enumerate(items):
        for b, (op_b, written_b) in items[i + 1:]:
            names = aliasing_names(a, b) if written_a or written_b else None
            if names is not None:
                return op_b, names
    return None
