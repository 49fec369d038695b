"""Which array parameters of a C function may overlap, and what covers each one.

C lets a caller pass the same array, or overlapping parts of one, to two pointer or
array parameters, and the raising and the matcher are only right when the arguments they
treat as distinct are. Two parameters are known distinct (C11 6.7.3.1p4, 6.5p7) when

- one of them is `restrict`-qualified: an object accessed through a restrict pointer and
  modified is accessed through no lvalue not based on it;
- their element types are kept apart by the effective-type rules: a float is never read
  as a double or an int. Signed and unsigned variants of one integer type alias each
  other, and a character type (`char`, `int8_t`, `uint8_t`) may alias anything;
- the translation unit says so (`polylift-cc --assume-noalias`).

Only pairs that both are accessed and one of them written matter: reads commute. For
each such pair the function is versioned (`versioning.py`) when the address range each
argument's accesses cover is computable at entry: per dimension, the least and greatest
subscript over the loop ranges (as delinearisation bounds them), made an address with
the memref's run-time strides. An argument whose range is unknown (a subscript
computed from data, a bound that is no polynomial, an opaque call) covers its whole
memref: every access through a memref stays inside it, so the guard compares the whole
arrays (and fails when an extent is not stated, `alias_guard.py`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from polylift.frontend.c.ctype import CType
from polylift.frontend.index.bounds import LoopRange, poly_bounds
from polylift.frontend.index.paths import Clause
from polylift.frontend.index.poly import Poly
from polylift.frontend.signature import Span
from polylift.function_versions import ALIAS_GUARDED, ARG_NAMES, MAY_ALIAS


@dataclass(frozen=True)
class ArgAccess:
    """One load or store of an array parameter, as lowered in the flat version; or, with
    `whole`, a call that may read or write any element of it."""

    array: str
    indices: tuple[Poly | None, ...]  # per C subscript; None: not a polynomial
    domain: tuple[LoopRange, ...]     # the enclosing loops, outer first
    write: bool
    whole: bool = False
    when: tuple[Clause, ...] = ()     # the parameter tests it runs under (`paths.py`)


@dataclass(frozen=True)
class ArrayArg:
    """What aliasing needs of one array or pointer parameter."""

    name: str
    ctype: CType
    restrict: bool


@dataclass(frozen=True)
class Box:
    """Per dimension, the subscripts' least values (their min) and greatest (their max):
    every element the accesses reach lies in it, whatever the sizes. A `whole` box is
    every element of the memref (an opaque call reached it)."""

    lows: tuple[tuple[Poly, ...], ...]
    highs: tuple[tuple[Poly, ...], ...]
    whole: bool = False


@dataclass(frozen=True)
class ExtentPart:
    """The boxes of the accesses of one argument that run under the same parameter
    tests (`when`, an arm of `if (!TA && !TB)`)."""

    when: tuple[Clause, ...]
    accessed: Box
    written: Box | None


@dataclass(frozen=True)
class Extent:
    """The box of all of one argument's accesses and the box of its writes, and the
    sign conditions (`poly >= 0`) its bounds assume; where its accesses run under
    different parameter tests, the boxes of each group (`parts`), which the guard
    compares only where their tests hold."""

    name: str
    accessed: Box
    written: Box | None  # None: the function never writes it
    conditions: frozenset[Poly] = frozenset()
    parts: tuple[ExtentPart, ...] = ()


@dataclass(frozen=True)
class AliasPair:
    """Two parameters that may overlap, in parameter order."""

    first: str
    second: str


@dataclass(frozen=True)
class AliasPlan:
    """The pairs the entry guard checks, the extents it compares, the sign conditions
    (`poly >= 0`) the bounds assume, and the pairs no guard can check."""

    guarded: tuple[AliasPair, ...]
    unguarded: tuple[AliasPair, ...]
    extents: tuple[Extent, ...]
    conditions: tuple[Poly, ...]

    def extent(self, name: str) -> Extent:
        """The extent of one guarded argument."""
        return next(e for e in self.extents if e.name == name)


def types_may_alias(a: CType, b: CType) -> bool:
    """Whether C's effective-type rules let one object be read through both types."""
    if (not a.is_float and a.bits == 8) or (not b.is_float and b.bits == 8):
        return True  # a character type may read any object
    return a.kind == b.kind and a.rank == b.rank and a.bits == b.bits


def alias_pairs(args: list[ArrayArg], accesses: list[ArgAccess]) -> list[AliasPair]:
    """The pairs of parameters that may overlap and whose overlap could matter."""
    accessed = {a.array for a in accesses}
    written = {a.array for a in accesses if a.write}
    pairs = []
    for i, a in enumerate(args):
        for b in args[i + 1:]:
            if a.restrict or b.restrict or not types_may_alias(a.ctype, b.ctype):
                continue
            if {a.name, b.name} <= accessed and {a.name, b.name} & written:
                pairs.append(AliasPair(a.name, b.name))
    return pairs


def _merged(polys: list[Poly], upper: bool) -> tuple[Poly, ...]:
    """Distinct bounds, those equal up to a constant merged into the largest (`upper`)
    or the least (`i - 1` and `i + 1` give `i + 1` or `i - 1`)."""
    best: dict[Poly, int] = {}
    for poly in polys:
        const = dict(poly.terms).get((), 0)
        rest = poly - Poly.constant(const)
        if rest not in best or (const > best[rest] if upper else const < best[rest]):
            best[rest] = const
    return tuple(sorted(rest + Poly.constant(c) for rest, c in best.items()))


def _box(accesses: list[ArgAccess], conditions: set[Poly]) -> Box | None:
    """The box of `accesses` (of one array), or None where a bound is unknown; the sign
    conditions the bounds assume go to `conditions`."""
    if any(a.whole for a in accesses):
        return Box((), (), whole=True)
    rank = len(accesses[0].indices)
    lows: list[list[Poly]] = [[] for _ in range(rank)]
    highs: list[list[Poly]] = [[] for _ in range(rank)]
    for access in accesses:
        if len(access.indices) != rank:
            return None
        for d, index in enumerate(access.indices):
            if index is None:
                return None
            for side, upper in ((lows, False), (highs, True)):
                found = poly_bounds(index, access.domain, upper)
                if not found:
                    return None
                side[d].append(found[0].value)
                conditions.update(found[0].assumes)
    return Box(tuple(_merged(p, False) for p in lows), tuple(_merged(p, True) for p in highs))


_WHOLE = Box((), (), whole=True)


def _extent(name: str, accesses: list[ArgAccess]) -> Extent:
    """The extent of one argument; where a bound of its accesses is unknown (a subscript
    read from data, a loop bound that is no polynomial), its whole memref: every access
    through a memref stays inside it."""
    conditions: set[Poly] = set()
    mine = [a for a in accesses if a.array == name]
    accessed = _box(mine, conditions)
    writes = [a for a in mine if a.write]
    written = _box(writes, conditions) if writes else None
    if accessed is None or (writes and written is None):
        return Extent(name, _WHOLE, _WHOLE if writes else None)
    return Extent(name, accessed, written, frozenset(conditions), _parts(mine, conditions))


def _parts(accesses: list[ArgAccess], conditions: set[Poly]) -> tuple[ExtentPart, ...]:
    """The boxes per group of accesses under the same tests; none when there is one
    group (the whole extent is it) or a group's box is not known."""
    groups: dict[tuple[Clause, ...], list[ArgAccess]] = {}
    for access in accesses:
        groups.setdefault(access.when, []).append(access)
    if len(groups) < 2:
        return ()
    parts = []
    for when, group in sorted(groups.items()):
        accessed = _box(group, conditions)
        writes = [a for a in group if a.write]
        written = _box(writes, conditions) if writes else None
        if accessed is None or accessed.whole or (writes and written is None):
            return ()
        parts.append(ExtentPart(when, accessed, written))
    return tuple(parts)


def access_span(name: str, accesses: list[ArgAccess],
                atom: Callable[[str], str | None]) -> Span | None:
    """The elements of the one-dimensional argument `name` its accesses reach, as C
    (`Poly.to_c` with `atom`); None where a bound or an atom is unknown, or a call may
    reach any element of it; an argument never accessed reaches nothing."""
    if not any(a.array == name for a in accesses):
        return Span("0LL", "0LL")
    extent = _extent(name, accesses)
    box = extent.accessed
    if box.whole or len(box.lows) != 1:
        return None
    lows = [p.to_c(atom) for p in box.lows[0]]
    highs = [p.to_c(atom) for p in box.highs[0]]
    assumes = [c.to_c(atom) for c in sorted(extent.conditions)]
    if None in lows or None in highs or None in assumes or not lows or not highs:
        return None
    first = _fold([x for x in lows if x is not None], "<")
    last = _fold([x for x in highs if x is not None], ">")
    return Span(first, f"({last} + 1LL)", tuple(a for a in assumes if a is not None))


def _fold(values: list[str], keep: str) -> str:
    """The least (`<`) or greatest (`>`) of C expressions, as nested conditionals."""
    result = values[0]
    for value in values[1:]:
        result = f"(({value}) {keep} ({result}) ? ({value}) : ({result}))"
    return result


def make_alias_plan(args: list[ArrayArg], accesses: list[ArgAccess],
                    assume_noalias: bool = False) -> AliasPlan | None:
    """The guard to emit and the pairs to mark, or None when no pair may overlap."""
    pairs = [] if assume_noalias else alias_pairs(args, accesses)
    if not pairs:
        return None
    names = sorted({n for p in pairs for n in (p.first, p.second)})
    found = {n: _extent(n, accesses) for n in names}
    guarded = list(pairs)
    unguarded: list[AliasPair] = []
    extents = [found[n] for n in names]
    conditions = sorted({c for e in extents for c in e.conditions})
    return AliasPlan(tuple(guarded), tuple(unguarded), tuple(extents), tuple(conditions))


def alias_attributes(arg_names: list[str], guarded: tuple[AliasPair, ...],
                     may_alias: tuple[AliasPair, ...]) -> str:
    """` attributes {...}` stating a version's pairs, or "" when it has none."""
    def pairs(items: tuple[AliasPair, ...]) -> str:
        return "[" + ", ".join(f'["{p.first}", "{p.second}"]' for p in items) + "]"

    entries = [f"{ALIAS_GUARDED} = {pairs(guarded)}"] if guarded else []
    entries += [f"{MAY_ALIAS} = {pairs(may_alias)}"] if may_alias else []
    if not entries:
        return ""
    names = ", ".join(f'"{n}"' for n in arg_names)
    return " attributes {" + ", ".join(entries + [f"{ARG_NAMES} = [{names}]"]) + "}"
