"""The entry test that two arguments which may alias do not overlap where it matters.

For each argument of a guarded pair (`aliasing.AliasPlan`), the dispatcher computes the
byte range `[lo, hi)` of the box of its accesses and of its writes:

    lo = base + (sum_d min(lows_d) * stride_d) * size
    hi = base + (sum_d max(highs_d) * stride_d + 1) * size

with `base` the aligned pointer (`memref.extract_aligned_pointer_as_index`) and
`stride_d` the row-major strides of the argument's memref (an identity layout: offset
0, strides the products of the inner sizes, all non-negative, so the box's corners
bound every address an access reaches). A range with `lo >= hi` is empty: no access
ran. A pair passes when the written range of each is disjoint from the accessed range
of the other; then the version that treats them as distinct arrays runs. Everything is
`index` arithmetic on the sizes the C program itself computes with, as the
delinearisation guard is. An argument an opaque call reaches covers its whole memref
(`[base, base + elements * size)`), and only when its extent is stated: a memref of more
than 2**40 elements counts as overlapping everything.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from polylift.frontend.c.aliasing import AliasPlan, Box, Extent
from polylift.frontend.index.paths import Clause, emit_fails
from polylift.frontend.index.poly import Poly, emit_index

Emit = Callable[[str], str]  # emits `%x = <op text>` (reusing an equal op) and returns `%x`


@dataclass(frozen=True)
class GuardArg:
    """An argument of the dispatcher the guard reads: SSA name, memref type, rank and
    element size in bytes."""

    ssa: str
    mlir_type: str
    rank: int
    size: int


@dataclass(frozen=True)
class Range:
    """A byte range `[lo, hi)` as two `index` SSA values."""

    lo: str
    hi: str


def _constant(new: Emit, value: int) -> str:
    return new(f"arith.constant {value} : index")


def _strides(new: Emit, arg: GuardArg) -> list[str | None]:
    """Row-major strides of an identity-layout memref; None for the innermost, 1."""
    strides: list[str | None] = [None]
    for d in range(arg.rank - 1, 0, -1):
        dim = new(f"memref.dim {arg.ssa}, {_constant(new, d)} : {arg.mlir_type}")
        inner = strides[0]
        strides.insert(0, dim if inner is None else new(f"arith.muli {inner}, {dim} : index"))
    return strides


def _fold(new: Emit, values: list[str], op: str, of: str = "index") -> str:
    """`values` combined left to right with `arith.<op>` on type `of`."""
    result = values[0]
    for value in values[1:]:
        result = new(f"arith.{op} {result}, {value} : {of}")
    return result


def _corner(new: Emit, bounds: tuple[tuple[Poly, ...], ...], strides: list[str | None],
            op: str) -> str | None:
    """The element offset of a box corner: per dim the min (`minsi`) or max (`maxsi`)
    of its bounds, times the stride; None for 0."""
    terms = []
    for polys, stride in zip(bounds, strides, strict=True):
        if all(p == Poly() for p in polys):
            continue
        value = _fold(new, [emit_index(p, new) for p in polys], op)
        terms.append(value if stride is None else new(f"arith.muli {value}, {stride} : index"))
    return _fold(new, terms, "addi") if terms else None


# A memref of more elements than this is taken to overlap anything: its extent was not
# stated (the harness passes the largest a descriptor holds), and its byte range could
# wrap around the `index` type.
_WHOLE_LIMIT = 1 << 40


def _whole_range(new: Emit, arg: GuardArg) -> tuple[Range, str]:
    """The byte range of every element of the memref, and an `i1` that holds when its
    size is known to be small enough for that range to be exact."""
    dims = [new(f"memref.dim {arg.ssa}, {_constant(new, d)} : {arg.mlir_type}")
            for d in range(arg.rank)]
    count = _fold(new, dims, "muli")
    base = new(f"memref.extract_aligned_pointer_as_index {arg.ssa} : {arg.mlir_type} -> index")
    bytes_ = new(f"arith.muli {count}, {_constant(new, arg.size)} : index")
    small = new(f"arith.cmpi ule, {count}, {_constant(new, _WHOLE_LIMIT)} : index")
    return Range(base, new(f"arith.addi {base}, {bytes_} : index")), small


def _byte_range(new: Emit, arg: GuardArg, box: Box) -> Range:
    strides = _strides(new, arg)
    # One past the last element: the innermost dim (stride 1) one further.
    ends = box.highs[:-1] + (tuple(p + Poly.constant(1) for p in box.highs[-1]),)
    base = new(f"memref.extract_aligned_pointer_as_index {arg.ssa} : {arg.mlir_type} -> index")
    size = _constant(new, arg.size)

    def address(corner: str | None) -> str:
        return base if corner is None else \
            new(f"arith.addi {base}, {new(f'arith.muli {corner}, {size} : index')} : index")

    return Range(address(_corner(new, box.lows, strides, "minsi")),
                 address(_corner(new, ends, strides, "maxsi")))


def _disjoint(new: Emit, a: Range, b: Range) -> str:
    """`a` ends before `b` starts, or the other way round, or either is empty."""
    tests = [new(f"arith.cmpi sle, {a.hi}, {b.lo} : index"),
             new(f"arith.cmpi sle, {b.hi}, {a.lo} : index"),
             new(f"arith.cmpi sge, {a.lo}, {a.hi} : index"),
             new(f"arith.cmpi sge, {b.lo}, {b.hi} : index")]
    return _fold(new, tests, "ori", "i1")


def alias_condition(new: Emit, plan: AliasPlan, args: dict[str, GuardArg]) -> str:
    """An `i1` that holds when no guarded pair overlaps where one of them writes: for
    arguments whose accesses run under different parameter tests (`Extent.parts`), each
    group against each, where both groups' tests hold."""
    ranges: dict[tuple[str, int, str], Range] = {}
    tests: list[str] = []

    def range_of(name: str, group: int, kind: str, box: Box) -> Range:
        key = (name, group, kind)
        if key not in ranges:
            if box.whole:
                ranges[key], small = _whole_range(new, args[name])
                if small not in tests:
                    tests.append(small)
            else:
                ranges[key] = _byte_range(new, args[name], box)
        return ranges[key]

    for pair in plan.guarded:
        for writer, other in ((pair.first, pair.second), (pair.second, pair.first)):
            for w, (when_w, _, written) in enumerate(_groups(plan.extent(writer))):
                for o, (when_o, accessed, _) in enumerate(_groups(plan.extent(other))):
                    if written is None:
                        continue
                    apart = _disjoint(new, range_of(writer, w, "written", written),
                                      range_of(other, o, "accessed", accessed))
                    for when in (when_w, when_o):
                        if when:  # this group does not run where its tests fail
                            apart = new(f"arith.ori {apart}, {emit_fails(new, when)} : i1")
                    tests.append(apart)
    return _fold(new, tests, "andi", "i1")


def _groups(extent: Extent) -> list[tuple[tuple[Clause, ...], Box, Box | None]]:
    """(tests, accessed box, written box) of each group of an argument's accesses."""
    if extent.parts:
        return [(p.when, p.accessed, p.written) for p in extent.parts]
    return [((), extent.accessed, extent.written)]
