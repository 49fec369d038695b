"""A read behind a bounds test, versioned at the nest's entry on the test holding
everywhere.

C pads a pooling window with a guarded read (`valid ? in[index] : -FLT_MAX`, `valid`
a conjunction of `0 <= cur_h && cur_h < l.h ...`). A linalg op reads every point of its
views, and where the test fails the element is out of bounds, so the nest cannot be
raised as written. Where the test holds at every point the loops run, the read needs
no test. This module builds

    if (the test holds at every point) { the nest, the test folded to true }
    else { the nest as it was }

The test must be a conjunction (`&&`, also through C's `int` of a comparison) of
`<`, `<=`, `>`, `>=` between ints that are linear in the counters of box loops (from 0,
step 1, to a bound computed before the nest), with coefficients computed before it
(`CounterForm`). Over a box such a form is least and greatest at corners: `base + sum
of min(0, c*(n-1))` and `max(0, ...)`, which the entry computes in i64. A box with no
point runs no test, so the test holds there too. Each point the corners stand for is a
point the source evaluates the test at, so i64 gives the source's values wherever the
source has no signed overflow (which C leaves undefined).
"""

from __future__ import annotations

from dataclasses import dataclass

from polylift import rewriter
from polylift.mlir import affine, arith, ir, scf, view_as, walk
from polylift.mlir.integer_sets import UnreadableSet, set_constraints
from polylift.raising.nest_model.linear import Linear, NotAffine, expr_to_linear, map_to_linear
from polylift.raising.nest_model.materialize import Materializer
from polylift.raising.statements.counter_forms import (
    CounterForm,
    NotCounterForm,
    counter_form,
    linear_counter_form,
    materialize,
)

# arith.CmpIPredicate values of the four orderings, and (swap operands, at least)
# that turn `a PRED b` into `d >= at_least` for d = a - b (or b - a).
_ORDERINGS = {5: (False, 0), 4: (False, 1), 3: (True, 0), 2: (True, 1)}  # sge sgt sle slt


@dataclass(frozen=True)
class BoxLoop:
    """A loop from 0 by 1 to `upper`, a bound computed before the nest."""

    counter: ir.Value
    upper: Linear


@dataclass(frozen=True)
class AtLeast:
    """The comparison `form >= bound` that the test needs at every point."""

    form: CounterForm
    bound: int


@dataclass(frozen=True)
class Guard:
    """An `scf.if` around a read, its test as comparisons, and the loops around it."""

    branch: ir.Operation
    position: int  # among the nest's `scf.if`s, in walk order
    comparisons: tuple[AtLeast, ...]
    loops: tuple[BoxLoop, ...]


@dataclass(frozen=True)
class Versioned:
    """The `scf.if` at the nest's place, and the copy of the nest in its then arm."""

    branch: ir.Operation
    fast: ir.Operation
    original: ir.Operation
    test: tuple[ir.Operation, ...]  # the ops computing the branch's condition


def guarded_reads(root: ir.Operation) -> list[Guard]:
    """The branches of the nest at `root` that guard a read with a test this module
    can bound (module doc); empty when there is none."""
    branches = _branches(root)
    found = []
    for position, branch in enumerate(branches):
        guard = _guard(branch, position, root)
        if guard is not None:
            found.append(guard)
    return found


def version(root: ir.Operation, guards: list[Guard]) -> Versioned:
    """`if (every guard holds everywhere) { copy, guards folded } else { root }`."""
    loc = root.location
    kept = _ops_before(root)
    mat = Materializer(rewriter.before(root), loc)
    holds = [_holds_everywhere(g, mat) for g in guards]
    test = holds[0]
    for more in holds[1:]:
        test = arith.andi(test, more, loc=loc, ip=mat.ip)
    branch = scf.IfOp(test, [], has_else=True, loc=loc, ip=mat.ip)
    then_end = scf.YieldOp([], loc=loc, ip=rewriter.at_end(branch.then_block))
    else_block = branch.else_block
    assert else_block is not None  # made with has_else
    else_end = scf.YieldOp([], loc=loc, ip=rewriter.at_end(else_block))
    with rewriter.before(then_end):
        fast = rewriter.clone_mapped(root, {})
    rewriter.move_before(root, else_end)
    copies = _branches(fast)
    for guard in guards:
        _fold(copies[guard.position])
    _erase_dead(fast)
    test_ops = tuple(op for op in _ops_before(branch.operation) if op not in kept)
    return Versioned(branch.operation, fast, root, test_ops)


def undo(versioned: Versioned) -> None:
    """Put the original nest back where the `scf.if` is and erase the rest, the ops
    that computed its condition too."""
    rewriter.move_before(versioned.original, versioned.branch)
    rewriter.erase(versioned.branch)
    for op in reversed(versioned.test):
        rewriter.erase(op)


def _ops_before(branch: ir.Operation) -> list[ir.Operation]:
    ops = []
    for op in branch.block.operations:
        if op.operation == branch:
            break
        ops.append(op.operation)
    return ops


def _branches(root: ir.Operation) -> list[ir.Operation]:
    found: list[ir.Operation] = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        if op.name in ("scf.if", "affine.if"):
            found.append(op)
        return ir.WalkResult.ADVANCE

    walk(root, visit, ir.WalkOrder.PRE_ORDER)
    return found


def _guard(branch: ir.Operation, position: int, root: ir.Operation) -> Guard | None:
    """The branch as a `Guard`: results, an else arm that only yields, a then arm that
    reads, inside box loops only, and a test of bounded comparisons."""
    if not branch.results or len(branch.regions[1].blocks) != 1 or \
            len(branch.regions[1].blocks[0].operations) != 1 or \
            not any(op.name in ("affine.load", "memref.load")
                    for op in branch.regions[0].blocks[0].operations):
        return None
    loops = _box_loops(branch, root)
    if loops is None:
        return None
    counters = [loop.counter for loop in loops]
    try:
        comparisons = _set_comparisons(branch, counters, root) if branch.name == "affine.if" \
            else _comparisons(branch.operands[0], counters, root)
    except (NotCounterForm, NotAffine):
        return None
    if comparisons is None:
        return None
    return Guard(branch, position, tuple(comparisons), tuple(loops))


def _box_loops(branch: ir.Operation, root: ir.Operation) -> list[BoxLoop] | None:
    """The loops from `root` down to `branch`, when each is a box loop and nothing else
    (no other branch) stands between them."""
    loops: list[BoxLoop] = []
    op = branch.parent
    while True:
        if op is None or op.name != "affine.for":
            return None
        loop = box_loop(op.operation, root)
        if loop is None:
            return None
        loops.insert(0, loop)
        if op.operation == root:
            return loops
        op = op.parent


def box_loop(loop: ir.Operation, root: ir.Operation) -> BoxLoop | None:
    for_op = view_as(loop, affine.AffineForOp)
    lower = ir.AffineMapAttr(loop.attributes["lowerBoundMap"]).value
    upper = ir.AffineMapAttr(loop.attributes["upperBoundMap"]).value
    if ir.IntegerAttr(loop.attributes["step"]).value != 1 or len(upper.results) != 1 or \
            str(lower) != "() -> (0)":
        return None
    operands = list(for_op.upperBoundOperands)
    if any(inside(v, root) for v in operands):
        return None
    try:
        form = map_to_linear(upper, [Linear.of(v) for v in operands])[0]
    except NotAffine:  # `ceildiv`, as a loop that counts down by 3 is normalised
        return None
    return BoxLoop(loop.regions[0].blocks[0].arguments[0], form)


def inside(value: ir.Value, root: ir.Operation) -> bool:
    """Whether `value` is defined in the nest at `root` (a counter, a carried value or
    an op's result there)."""
    owner = value.owner
    op = owner.owner if isinstance(owner, ir.Block) else owner
    while op is not None:
        if op.operation == root:
            return True
        op = op.parent
    return False


def _comparisons(test: ir.Value, counters: list[ir.Value],
                 root: ir.Operation) -> list[AtLeast] | None:
    """`test` as comparisons that must all hold; None when it is not a conjunction of
    orderings."""
    owner = test.owner
    if isinstance(owner, ir.Block):
        return None
    operands = list(owner.operands)
    if owner.name == "arith.andi":
        parts = [_comparisons(v, counters, root) for v in operands]
        return None if None in parts else [c for p in parts if p for c in p]
    if owner.name == "arith.extui" and str(operands[0].type) == "i1":
        return _comparisons(operands[0], counters, root)
    if owner.name != "arith.cmpi":
        return None
    predicate = ir.IntegerAttr(owner.attributes["predicate"]).value
    if predicate == 1 and _is_zero(operands[1]):  # `valid != 0`
        return _comparisons(operands[0], counters, root)
    if predicate not in _ORDERINGS:
        return None
    swap, bound = _ORDERINGS[predicate]
    a, b = (counter_form(v, counters, lambda v: inside(v, root)) for v in operands)
    return [AtLeast(b + a.negated() if swap else a + b.negated(), bound)]


def _set_comparisons(branch: ir.Operation, counters: list[ir.Value],
                     root: ir.Operation) -> list[AtLeast] | None:
    """The constraints `e >= 0` of an `affine.if`'s set as comparisons; None when one is
    an equality (no corner bounds it)."""
    try:
        test = set_constraints(branch.attributes["condition"])
    except UnreadableSet:
        return None
    operands = [Linear.of(v) for v in branch.operands]
    dims, syms = operands[:test.n_dims], operands[test.n_dims:]
    found = []
    for constraint in test.constraints:
        if constraint.is_eq:
            return None
        form = expr_to_linear(constraint.expr, dims, syms)
        found.append(AtLeast(linear_counter_form(form, counters, lambda v: inside(v, root)), 0))
    return found


def _is_zero(value: ir.Value) -> bool:
    owner = value.owner
    return not isinstance(owner, ir.Block) and owner.name == "arith.constant" and \
        ir.IntegerAttr(owner.attributes["value"]).value == 0


def _holds_everywhere(guard: Guard, mat: Materializer) -> ir.Value:
    """i1: the box is empty, or every comparison holds at its least corner."""
    loc, ip, i64 = mat.loc, mat.ip, ir.IntegerType.get_signless(64)
    zero = arith.constant(i64, 0, loc=loc, ip=ip)
    uppers = {}
    empty = None
    for loop in guard.loops:
        upper = _as_i64(mat.value(loop.upper), mat)
        uppers[loop.counter] = upper
        none = arith.cmpi(arith.CmpIPredicate.sle, upper, zero, loc=loc, ip=ip)
        empty = none if empty is None else arith.ori(empty, none, loc=loc, ip=ip)
    holds = None
    for comparison in guard.comparisons:
        least = materialize(comparison.form.base, i64, loc, ip)
        for counter, coefficient in comparison.form.coefficients:
            last = arith.subi(uppers[counter], arith.constant(i64, 1, loc=loc, ip=ip),
                              loc=loc, ip=ip)
            step = arith.muli(materialize(coefficient, i64, loc, ip), last, loc=loc, ip=ip)
            least = arith.addi(least, arith.minsi(step, zero, loc=loc, ip=ip), loc=loc, ip=ip)
        bound = arith.constant(i64, comparison.bound, loc=loc, ip=ip)
        ok = arith.cmpi(arith.CmpIPredicate.sge, least, bound, loc=loc, ip=ip)
        holds = ok if holds is None else arith.andi(holds, ok, loc=loc, ip=ip)
    assert empty is not None and holds is not None  # a guard has loops and comparisons
    return arith.ori(empty, holds, loc=loc, ip=ip)


def _as_i64(value: ir.Value | int, mat: Materializer) -> ir.Value:
    i64 = ir.IntegerType.get_signless(64)
    if isinstance(value, int):
        return arith.constant(i64, value, loc=mat.loc, ip=mat.ip)
    return arith.index_cast(i64, value, loc=mat.loc, ip=mat.ip)


def _fold(branch: ir.Operation) -> None:
    """The branch replaced by its then arm: the arm's ops moved before it, its results
    read from what the arm yields."""
    block = branch.regions[0].blocks[0]
    ops = [op.operation for op in block.operations]
    for op in ops[:-1]:
        rewriter.move_before(op, branch)
    for result, value in zip(branch.results, ops[-1].operands, strict=True):
        rewriter.replace_uses(result, value)
    rewriter.erase(branch)


def _erase_dead(root: ir.Operation) -> None:
    """Erase the ops the folded tests leave unread (arith ops without regions)."""
    dead = _unread_arith(root)
    while dead:
        for op in dead:
            rewriter.erase(op)
        dead = _unread_arith(root)


def _unread_arith(root: ir.Operation) -> list[ir.Operation]:
    found: list[ir.Operation] = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        if op.name.startswith("arith.") and not op.regions and op.results and \
                not any(list(r.uses) for r in op.results):
            found.append(op)
        return ir.WalkResult.ADVANCE

    walk(root, visit, ir.WalkOrder.POST_ORDER)
    return found
