"""If-conversion: a branch in a loop body that computes one element or one value
becomes an `arith.select` of what its arms compute, so the nest can be raised.

C writes a per-element choice as an `if`: `if (b < 128) o[i] = ...; else o[i] = ...;`
(the arms store one element), `if (x > m) m = x;` (the arms yield a value, the front
end's `scf.if` with results), or `if (x[i] < 0) x[i] = 0;` (one arm stores an element
the body reads anyway). The select evaluates both arms, so the conversion is made only
where that cannot change what the program does:

- the arms compute with pure ops only (arithmetic, math, index arithmetic, loads) and
  end with the value or the one store; nothing else has an effect;
- no integer division or remainder may trap: its divisor is a constant that is neither
  0 nor, for a signed one, -1 (a division by a value that may be zero in the arm not
  taken would trap where the program never divided);
- every load of an arm reads an element the body reads whichever arm runs (before the
  branch, or in the other arm too): a read the program makes only under the condition
  may be out of bounds otherwise;
- both arms store the same element (same memref, same subscripts); an arm without a
  store keeps the element as the body read it before the branch.

All loads move ahead of the one store, which is still after every read the arms made.
A branch that cannot be converted raises `NotRaisable` naming the op and the reason,
and the nest keeps its loops. The pass converts a copy of the nest, so nothing changes
where raising fails.
"""

from __future__ import annotations

from dataclasses import dataclass

from polylift import rewriter
from polylift.mlir import affine, arith, ir, view_as, walk
from polylift.raising.nest_model.model import NotRaisable, as_operation, is_pure, stored_value

DIVISIONS = {"arith.divsi", "arith.divui", "arith.remsi", "arith.remui", "arith.ceildivsi",
             "arith.ceildivui", "arith.floordivsi"}
_SIGNED = {"arith.divsi", "arith.remsi", "arith.ceildivsi", "arith.floordivsi"}


@dataclass(frozen=True)
class Arm:
    """One arm of a branch: its ops before the end, and the store it ends with, if any."""

    ops: tuple[ir.Operation, ...]
    store: ir.Operation | None
    yielded: tuple[ir.Value, ...]


def has_branches(root: ir.Operation) -> bool:
    """Whether the nest at `root` holds an `scf.if`."""
    found = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        if op.name == "scf.if":
            found.append(op)
        return ir.WalkResult.ADVANCE

    walk(root, visit, ir.WalkOrder.POST_ORDER)
    return bool(found)


def convert_branches(root: ir.Operation) -> None:
    """Convert every `scf.if` of the nest at `root`, innermost first, or raise
    `NotRaisable` for the first one that cannot be."""
    for block in _blocks(root):
        for op in list(block.operations):
            if op.operation.name == "scf.if":
                _convert(op.operation)


def _blocks(op: ir.Operation) -> list[ir.Block]:
    """The blocks nested in `op`, inner ones first (an arm's branches convert before it)."""
    found = []
    for region in op.regions:
        for block in region.blocks:
            for inner in block.operations:
                found += _blocks(inner.operation)
            found.append(block)
    return found


def _convert(branch: ir.Operation) -> None:
    then_arm = _arm(branch.regions[0])
    else_arm = _arm(branch.regions[1]) if branch.regions[1].blocks else None
    cond = branch.operands[0]
    read_anyway = _unconditional_reads(branch, then_arm, else_arm)
    arm_ops = [op for arm in (then_arm, else_arm) if arm is not None for op in arm.ops]
    for op in sorted(arm_ops, key=lambda o: o.name not in DIVISIONS):  # a trap says most
        _check_safe(op, read_anyway)
    if list(branch.results):
        _select_values(branch, cond, then_arm, else_arm)
        return
    store = then_arm.store or (else_arm.store if else_arm is not None else None)
    if store is None:
        raise NotRaisable("not raised: a branch of the body has no effect to keep", branch)
    values = [_stored_value(arm, store, branch, read_anyway) for arm in (then_arm, else_arm)]
    _hoist(branch, then_arm, else_arm)
    with rewriter.before(branch):
        chosen = arith.select(cond, values[0], values[1], loc=branch.location)
        rewriter.clone_mapped(store, {stored_value(store): chosen})
    rewriter.erase(branch)


def _arm(region: ir.Region) -> Arm:
    """The ops of an arm, split into computation, a final store and the yielded values."""
    ops = [op.operation for op in region.blocks[0].operations]
    terminator = ops.pop()
    store = ops.pop() if ops and ops[-1].name == "affine.store" else None
    for op in ops:
        if op.name == "memref.load":
            raise NotRaisable("not raised: a branch reads at a subscript that is not affine "
                              "('memref.load'), which cannot be proven in bounds where the "
                              "branch does not run, so its arms cannot both be evaluated", op)
        if not is_pure(op) or op.name == "affine.store":
            raise NotRaisable(f"not raised: a branch of the body does more than compute one "
                              f"element or value ('{op.name}')", op)
    return Arm(tuple(ops), store, tuple(terminator.operands))


def _element(op: ir.Operation) -> tuple:
    """What a load or store addresses: memref, map and subscript values."""
    view = (view_as(op, affine.AffineStoreOp) if op.name == "affine.store"
            else view_as(op, affine.AffineLoadOp))
    return (view.memref, str(op.attributes["map"]), tuple(view.indices))


def _unconditional_reads(branch: ir.Operation, then_arm: Arm, else_arm: Arm | None) -> set:
    """The elements the body reads whichever arm runs: before the branch in its block
    (with no store in between), or in both arms."""
    before: set = set()
    for op in branch.block.operations:
        op = op.operation
        if op == branch:
            break
        if op.name == "affine.load":
            before.add(_element(op))
        elif not is_pure(op):
            before.clear()  # a store (or a loop) may change what was read
    arms = [{_element(op) for op in arm.ops if op.name == "affine.load"}
            for arm in (then_arm, else_arm) if arm is not None]
    both = arms[0] & arms[1] if len(arms) == 2 else set()
    return before | both


def _check_safe(op: ir.Operation, read_anyway: set) -> None:
    """Raise unless evaluating `op` where the program did not is harmless."""
    if op.name == "affine.load" and _element(op) not in read_anyway:
        raise NotRaisable("not raised: a branch reads an element that the body does not read "
                          "whichever way it goes, so evaluating both arms may read out of "
                          "bounds", op)
    if op.name in DIVISIONS and not _safe_divisor(op):
        raise NotRaisable("not raised: evaluating both arms of the branch may trap: an integer "
                          "division by a value that may be zero in the arm not taken", op)


def _safe_divisor(op: ir.Operation) -> bool:
    owner = op.operands[1].owner
    if isinstance(owner, ir.Block) or as_operation(owner).name != "arith.constant":
        return False
    value = ir.IntegerAttr(as_operation(owner).attributes["value"]).value
    return value != 0 and not (op.name in _SIGNED and value == -1)


def _stored_value(arm: Arm | None, store: ir.Operation, branch: ir.Operation,
                  read_anyway: set) -> ir.Value:
    """The value an arm leaves in the stored element."""
    if arm is not None and arm.store is not None:
        if _element(arm.store) != _element(store):
            raise NotRaisable("not raised: the arms of a branch store different elements",
                              arm.store)
        return stored_value(arm.store)
    element = _element(store)
    for op in branch.block.operations:
        op = op.operation
        if op == branch:
            break
        if op.name == "affine.load" and _element(op) == element and element in read_anyway:
            return op.result
    raise NotRaisable("not raised: one arm of a branch stores an element that the body "
                      "does not read, so the other arm cannot keep it", store)


def _hoist(branch: ir.Operation, then_arm: Arm, else_arm: Arm | None) -> None:
    for arm in (then_arm, else_arm):
        for op in arm.ops if arm is not None else ():
            rewriter.move_before(op, branch)


def _select_values(branch: ir.Operation, cond: ir.Value, then_arm: Arm,
                   else_arm: Arm | None) -> None:
    """A branch yielding values: each result becomes a select of the arms' values."""
    if else_arm is None or then_arm.store is not None or else_arm.store is not None:
        raise NotRaisable("not raised: a branch both yields values and stores", branch)
    _hoist(branch, then_arm, else_arm)
    for result, a, b in zip(branch.results, then_arm.yielded, else_arm.yielded, strict=True):
        with rewriter.before(branch):
            chosen = arith.select(cond, a, b, loc=branch.location)
        rewriter.replace_uses(result, chosen)
    rewriter.erase(branch)


def converted_copy(root: ir.Operation) -> ir.Operation:
    """`root` itself when its nest has no branch; else a copy of it, just before it, with
    every branch converted and `root`'s results' uses taken over (`give_back` undoes it).
    Raises `NotRaisable` (the copy erased) when a branch cannot be converted."""
    if not has_branches(root):
        return root
    with rewriter.before(root):
        copy = rewriter.clone_mapped(root, {})
    for old, new in zip(root.results, copy.results, strict=True):
        rewriter.replace_uses(old, new)
    try:
        convert_branches(copy)
    except NotRaisable:
        give_back(copy, root)
        raise
    return copy


def give_back(copy: ir.Operation, root: ir.Operation) -> None:
    """Undo `converted_copy`: `root`'s results get their uses back, the copy goes."""
    if copy == root:
        return
    for old, new in zip(root.results, copy.results, strict=True):
        rewriter.replace_uses(new, old)
    rewriter.erase(copy)
