"""Whether one statement of the nest model can be a `linalg.generic`, and how.

The checks, in order: loop bounds are rectangular or one triangle (`triangle.py`),
the store's subscripts are
distinct loop counters (a projected permutation), reads of the stored memref are
either the stored element itself or proven never to see another iteration's write,
and every loop missing from the store's subscripts combines into the output through
a recognised reduction, or one under a guard on the data (`if (c) s += x`, converted to
`c ? s + x : s`, keeps the output where the guard is false). The result gives the
dims, iterator types and the reads that become the output's block argument.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from polylift.mlir import ir
from polylift.raising.generics.generic_builder import DimInfo, distinct_reads
from polylift.raising.generics.triangle import Mask, box_bounds
from polylift.raising.nest_model.linear import Linear
from polylift.raising.nest_model.materialize import Materializer
from polylift.raising.nest_model.model import Access, NotRaisable, Statement, as_operation
from polylift.raising.proof.dependence import carried_self_dependence

# Combiners that make a loop over a missing dim a reduction: out = comb(out, x).
REDUCTION_OPS = {
    "arith.addf", "arith.mulf", "arith.maximumf", "arith.minimumf", "arith.maxnumf",
    "arith.minnumf", "arith.addi", "arith.muli", "arith.maxsi", "arith.minsi",
    "arith.maxui", "arith.minui", "arith.andi", "arith.ori", "arith.xori",
}


@dataclass
class Plan:
    """How to build the generic of one statement."""

    dims: list[DimInfo]
    iterators: list[str]
    out_reads: list[Access]
    window: list[int]  # reduction dims no operand indexes alone (see `_window_dims`)
    mask: Mask | None = None  # the triangle of a loop whose bounds follow another


def _same_index(a: Access, b: Access) -> bool:
    return all(x - y == Linear() for x, y in zip(a.index, b.index, strict=True))


def write_dims(stmt: Statement) -> list[int]:
    """The dims the store's subscripts name, each subscript one counter at most."""
    ivs, used = stmt.ivs, []
    for form in stmt.write.index:
        named = [k for k, iv in enumerate(ivs) if form.coeff(iv) != 0]
        if len(named) > 1:
            raise NotRaisable("not raised: a store subscript combines several loop counters",
                              stmt.write.op)
        if named and named[0] in used:
            raise NotRaisable("not raised: the store writes a diagonal (a counter repeats)",
                              stmt.write.op)
        used += named
    return used


def _dims(stmt: Statement, box: list[tuple[Linear, Linear]], parallel: set[int],
          mat: Materializer) -> list[DimInfo]:
    dims = []
    for k, loop in enumerate(stmt.loops):
        lower, upper = box[k]
        dims.append(DimInfo(lower, loop.step, mat.trip_count(lower, upper, loop.step)))
        coeffs = [f.coeff(loop.iv) for acc in [stmt.write] + stmt.reads for f in acc.index]
        if any(c < 0 for c in coeffs):
            if k not in parallel or any(c > 0 for c in coeffs):
                raise NotRaisable(f"not raised: {loop.name} runs backwards over a "
                                  "reduction or in both directions", loop.op)
            dims[-1].reversed = True
    return dims


def _check_reads(stmt: Statement) -> list[Access]:
    out_reads = []
    for read in stmt.reads:
        if read.memref != stmt.write.memref:
            continue
        if _same_index(read, stmt.write):
            out_reads.append(read)
        elif carried_self_dependence(stmt, read):
            raise NotRaisable("not raised: loop-carried dependence: the statement reads "
                              "elements it writes in other iterations", read.op)
    return out_reads


def _check_reduction(stmt: Statement, out_reads: list[Access], reduced: list[int]) -> None:
    """The loops over `reduced` dims must fold into the output with a known combiner."""
    if not reduced:
        return
    names = ", ".join(stmt.loops[k].name for k in reduced)
    outs = [r.op.result for r in out_reads]
    if stmt.accumulator is not None:
        outs.append(stmt.accumulator)
    owner = stmt.value.owner
    if not outs or isinstance(owner, ir.Block):
        raise NotRaisable(f"not raised: the store is overwritten on every iteration of "
                          f"{names} (not a reduction)", stmt.write.op)
    comb = as_operation(owner)
    if _is_select_min_max(comb, outs, _canonical_reads(stmt)):
        return
    guarded = _guarded_update(comb, outs)
    uses = [u for v in outs for u in v.uses]
    direct = [v for v in guarded.operands if v in outs]
    if guarded.name not in REDUCTION_OPS or len(direct) != 1 or \
            len(uses) != (1 if guarded == comb else 2):
        raise NotRaisable(f"not raised: loop over {names} updates the output with "
                          f"'{guarded.name}', not a recognised reduction", stmt.write.op)


def _guarded_update(comb: ir.Operation, outs: Sequence[ir.Value]) -> ir.Operation:
    """A guarded reduction, `if (c) s += x` (the branch converted to `c ? s + x : s`),
    is a reduction by `s + x` that keeps `s` where `c` is false: the combiner under the
    select, when the select keeps the output itself in one arm and the condition does not
    depend on the output. Any other op is returned as it is."""
    if comb.name != "arith.select" or not any(v in outs for v in comb.operands[1:]):
        return comb
    cond, then_value, else_value = comb.operands
    update = else_value if then_value in outs else then_value
    if isinstance(update.owner, ir.Block) or _depends_on(cond, outs):
        return comb
    inner = as_operation(update.owner)
    uses = [as_operation(u.owner) for v in outs for u in v.uses]
    if len(uses) != 2 or not all(u in (comb, inner) for u in uses):
        return comb
    return inner


def _depends_on(value: ir.Value, outs: Sequence[ir.Value]) -> bool:
    """Whether `value` is computed (within the body) from one of `outs`."""
    pending, seen = [value], set()
    while pending:
        value = pending.pop()
        if value in outs:
            return True
        if value in seen or isinstance(value.owner, ir.Block):
            continue
        seen.add(value)
        pending += list(as_operation(value.owner).operands)
    return False


def _canonical_reads(stmt: Statement) -> dict[ir.Value, ir.Value]:
    """Each loaded value -> the value of the first read of the same element: the source
    may load `x[i]` once to compare it and again to pick it (`distinct_reads`)."""
    kept, same = distinct_reads(stmt.reads)
    canon = {r.loaded_value: r.loaded_value for r in kept}
    canon.update((r.loaded_value, first.loaded_value) for r, first in same)
    return canon


def _is_select_min_max(comb: ir.Operation, outs: Sequence[ir.Value],
                       canon: dict[ir.Value, ir.Value]) -> bool:
    """`select(cmp(x, out), x, out)` in any operand order: a max or min reduction (the
    x compared and the x picked may be two loads of one element)."""
    if comb.name != "arith.select" or isinstance(comb.operands[0].owner, ir.Block):
        return False
    cmp = as_operation(comb.operands[0].owner)
    if cmp.name not in ("arith.cmpf", "arith.cmpi"):
        return False
    chosen = {_value_key(comb.operands[1], canon), _value_key(comb.operands[2], canon)}
    compared = {_value_key(cmp.operands[0], canon), _value_key(cmp.operands[1], canon)}
    out_used = {canon.get(v, v) for v in outs} & chosen
    if chosen != compared or len(out_used) != 1:
        return False
    # The output (however many times it is loaded) feeds the comparison and the select.
    uses = [as_operation(u.owner) for v in outs if canon.get(v, v) in out_used
            for u in v.uses]
    return len(uses) == 2 and all(u in (cmp, comb) for u in uses)


def _value_key(value: ir.Value, canon: dict[ir.Value, ir.Value]) -> object:
    """What `value` computes, for comparing the value compared with the value picked:
    a read by its first read of the element, and the magnitude of such a value as
    `("math.absf", key)` (`fabsf(x[i]) > m ? fabsf(x[i]) : m` computes `fabsf` twice,
    of the same number, which gives the same bits)."""
    owner = value.owner
    if not isinstance(owner, ir.Block) and as_operation(owner).name == "math.absf":
        return ("math.absf", _value_key(as_operation(owner).operands[0], canon))
    return canon.get(value, value)


def plan_statement(stmt: Statement, mat: Materializer) -> Plan:
    """Check `stmt` and return how to build it, or raise `NotRaisable`."""
    box, mask = box_bounds(stmt)
    parallel = write_dims(stmt)
    out_reads = _check_reads(stmt)
    reduced = [k for k in range(len(stmt.loops)) if k not in parallel]
    _check_reduction(stmt, out_reads, reduced)
    dims = _dims(stmt, box, set(parallel), mat)
    window = _window_dims(stmt, dims)
    iterators = ["parallel" if k in parallel else "reduction" for k in range(len(dims))]
    return Plan(dims, iterators, out_reads, window, mask)


# Largest window (in elements) given a shape operand; it is a stack buffer.
MAX_WINDOW = 4096


def _window_dims(stmt: Statement, dims: list[DimInfo]) -> list[int]:
    """linalg infers each loop range from an operand dim indexed by that loop alone.

    A reduction loop seen only inside sums (`in[2*y + dy]`, a pooling window) gets a
    shape-only operand of its constant trip count, as linalg's pooling ops do; any other
    loop without such an operand cannot be raised."""
    alone: set[ir.Value] = set()
    for acc in [stmt.write] + stmt.reads:
        for form in acc.index:
            named = [iv for iv in stmt.ivs if form.coeff(iv) != 0]
            if len(named) == 1:
                alone.add(named[0])
    window, elements = [], 1
    for k, loop in enumerate(stmt.loops):
        if loop.iv in alone:
            continue
        trips = dims[k].trips
        if k in write_dims(stmt) or not trips.is_constant():
            raise NotRaisable(f"not raised: no array is indexed by {loop.name} alone, so "
                              "its range cannot be recovered", loop.op)
        elements *= max(trips.const, 1)
        window.append(k)
    if elements > MAX_WINDOW:
        raise NotRaisable(f"not raised: a window of {elements} elements is too large",
                          stmt.loops[window[0]].op)
    return window

