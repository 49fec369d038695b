"""If-conversion: a branch in a loop body that computes elements or one value becomes
an `arith.select` of what its arms compute, so the nest can be raised.

C writes a per-element choice as an `if`: `if (b < 128) o[i] = ...; else o[i] = ...;`
(the arms store one element), `if (x > 0) { pos[i] = x; neg[i] = 0; } else { ... }`
(they store one element of each of several arrays: each becomes its own select and
store, a map of several outputs), `if (x > m) m = x;` (the arms yield a value, the
front end's `scf.if` with results), or `if (x[i] < 0) x[i] = 0;` (one arm stores an
element the body reads anyway). The select evaluates both arms, so the conversion is
made only where that cannot change what the program does:

- the arms compute with pure ops only (arithmetic, math, index arithmetic, loads) and
  store or yield what they computed; nothing else has an effect;
- every load of an arm reads an element the body reads whichever arm runs (before the
  branch, or in the other arm too), at any subscript, affine or not (`base[r*n + c]`,
  recomputed in the arm, is the element the condition read): a read the program makes
  only under the condition may be out of bounds otherwise;
- an integer division or remainder by a value that may be 0 (or -1, signed) divides by
  1 where its arm is not taken (`c ? n / d : n` becomes `c ? n / (c ? d : 1) : n`): the
  quotient is discarded there, and the arm taken divides as the program did;
- an arm stores each array once, and reads no array after storing into it; an element
  only one arm stores must be read before the branch, and the other arm keeps it.

All loads move ahead of the stores, which keep the then arm's order. A branch that
cannot be converted raises `NotRaisable` naming the op and the reason, and the nest
keeps its loops. The pass converts a copy of the nest, so nothing changes where
raising fails.
"""

from __future__ import annotations

from dataclasses import dataclass

from polylift import rewriter
from polylift.mlir import affine, arith, ir, view_as, walk
from polylift.raising.nest_model.model import NotRaisable, as_operation, is_pure, stored_value

DIVISIONS = {"arith.divsi", "arith.divui", "arith.remsi", "arith.remui", "arith.ceildivsi",
             "arith.ceildivui", "arith.floordivsi"}
LOADS = ("affine.load", "memref.load")
_SIGNED = {"arith.divsi", "arith.remsi", "arith.ceildivsi", "arith.floordivsi"}


@dataclass(frozen=True)
class Arm:
    """One arm of a branch: the ops that compute, its stores (each to another array),
    and the values it yields."""

    ops: tuple[ir.Operation, ...]
    stores: tuple[ir.Operation, ...]
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
    loaded = _loaded_at(branch)
    read_anyway = _unconditional_reads(loaded, then_arm, else_arm)
    for arm in (then_arm, else_arm):
        for op in arm.ops if arm is not None else ():
            _check_safe(op, read_anyway)
    if list(branch.results):
        _select_values(branch, cond, then_arm, else_arm)
        return
    stores = _stored_elements(then_arm, else_arm)
    if not stores:
        raise NotRaisable("not raised: a branch of the body has no effect to keep", branch)
    values = [[_stored_value(arm, store, loaded) for arm in (then_arm, else_arm)]
              for store in stores]
    _hoist(branch, then_arm, else_arm)
    _guard_divisors(cond, then_arm, else_arm)
    with rewriter.before(branch):
        for store, (then_value, else_value) in zip(stores, values, strict=True):
            chosen = arith.select(cond, then_value, else_value, loc=branch.location)
            rewriter.clone_mapped(store, {stored_value(store): chosen})
    rewriter.erase(branch)


def _arm(region: ir.Region) -> Arm:
    """The ops of an arm, split into computation, stores and the yielded values. No read
    follows a store to its array, so each reads what it read in the program when all
    reads move ahead of all stores (arrays the nest writes that may overlap another are
    the nest's aliasing proof's to refuse)."""
    ops, stores = [], []
    *body, terminator = [op.operation for op in region.blocks[0].operations]
    for op in body:
        if op.name == "affine.store":
            stores.append(op)
        elif op.name in LOADS and op.operands[0] in {store.operands[1] for store in stores}:
            raise NotRaisable("not raised: an arm of a branch reads an array after it "
                              "stores into it", op)
        elif is_pure(op) or op.name in LOADS:
            ops.append(op)
        else:
            raise NotRaisable(f"not raised: a branch of the body does more than compute "
                              f"elements and store them ('{op.name}')", op)
    arrays = [view_as(store, affine.AffineStoreOp).memref for store in stores]
    if len(set(arrays)) != len(arrays):
        raise NotRaisable("not raised: an arm of a branch stores twice into one array",
                          stores[-1])
    return Arm(tuple(ops), tuple(stores), tuple(terminator.operands))


def _stored_elements(then_arm: Arm, else_arm: Arm | None) -> list[ir.Operation]:
    """One store per element either arm stores: the then arm's, in its order, then those
    only the else arm makes."""
    stores = list(then_arm.stores)
    seen = {_element(store) for store in stores}
    for store in else_arm.stores if else_arm is not None else ():
        if _element(store) not in seen:
            stores.append(store)
    return stores


def _element(op: ir.Operation) -> tuple:
    """What a load or store addresses: memref, map and subscript values. A subscript
    that is not affine (`memref.load`, a flat `r*n + c`) is addressed by what computes
    it (`_computed`): an arm recomputes the subscript the condition read at."""
    if op.name == "memref.load":
        return (op.operands[0], "memref.load", tuple(_computed(v) for v in op.operands[1:]))
    view = (view_as(op, affine.AffineStoreOp) if op.name == "affine.store"
            else view_as(op, affine.AffineLoadOp))
    return (view.memref, str(op.attributes["map"]), tuple(view.indices))


def _computed(value: ir.Value) -> object:
    """A value as the pure arithmetic that computes it: equal for two computations of
    the same function of the same values (a load, a counter, a parameter stand for
    themselves)."""
    owner = value.owner
    if isinstance(owner, ir.Block):
        return value
    op = as_operation(owner)
    if not op.name.startswith("arith."):
        return value
    attributes = tuple(sorted((name, str(op.attributes[name])) for name in op.attributes))
    return (op.name, attributes, tuple(_computed(v) for v in op.operands))


def _loaded_at(branch: ir.Operation) -> dict[tuple, ir.Value]:
    """Each element the block loads before the branch with no store (nor loop) after
    the load, and the value it holds where the branch starts (`if (d[i] < 0) d[i] = 0;
    if (d[i] > 1) d[i] = 1;`: the second branch sees the d[i] loaded after the first's
    store, not the one before it)."""
    loaded: dict[tuple, ir.Value] = {}
    for op in branch.block.operations:
        op = op.operation
        if op == branch:
            break
        if op.name in LOADS:
            loaded[_element(op)] = op.result
        elif not is_pure(op):
            loaded.clear()  # a store (or a loop) may change what was read
    return loaded


def _unconditional_reads(loaded: dict[tuple, ir.Value], then_arm: Arm,
                         else_arm: Arm | None) -> set:
    """The elements the body reads whichever arm runs: before the branch (`loaded`), or
    in both arms."""
    arms = [{_element(op) for op in arm.ops if op.name in LOADS}
            for arm in (then_arm, else_arm) if arm is not None]
    both = arms[0] & arms[1] if len(arms) == 2 else set()
    return set(loaded) | both


def _check_safe(op: ir.Operation, read_anyway: set) -> None:
    """Raise unless evaluating `op` where the program did not cannot read out of bounds
    (a division that may trap is made safe by `_guard_divisors`)."""
    if op.name in LOADS and _element(op) not in read_anyway:
        raise NotRaisable("not raised: a branch reads an element that the body does not read "
                          "whichever way it goes, so evaluating both arms may read out of "
                          "bounds", op)


def _guard_divisors(cond: ir.Value, then_arm: Arm, else_arm: Arm | None) -> None:
    """An integer division an arm makes by a value that may be 0 (or -1, signed) divides
    by 1 where that arm is not taken: it cannot trap where the program never divided,
    the select discards its quotient there, and the arm taken divides as written."""
    for arm, taken in ((then_arm, True), (else_arm, False)):
        for op in arm.ops if arm is not None else ():
            if op.name in DIVISIONS and not _safe_divisor(op):
                divisor = op.operands[1]
                with rewriter.before(op):
                    one = arith.constant(divisor.type, 1, loc=op.location)
                    arms = (divisor, one) if taken else (one, divisor)
                    rewriter.set_operand(op, 1, arith.select(cond, *arms, loc=op.location))


def _safe_divisor(op: ir.Operation) -> bool:
    owner = op.operands[1].owner
    if isinstance(owner, ir.Block) or as_operation(owner).name != "arith.constant":
        return False
    value = ir.IntegerAttr(as_operation(owner).attributes["value"]).value
    return value != 0 and not (op.name in _SIGNED and value == -1)


def _stored_value(arm: Arm | None, store: ir.Operation,
                  loaded: dict[tuple, ir.Value]) -> ir.Value:
    """The value an arm leaves in the element `store` writes: its own store's, or the
    element as loaded where the branch starts."""
    element = _element(store)
    for own in arm.stores if arm is not None else ():
        if _element(own) == element:
            return stored_value(own)
        if own.operands[1] == store.operands[1]:
            raise NotRaisable("not raised: the arms of a branch store different elements",
                              own)
    if element not in loaded:
        raise NotRaisable("not raised: one arm of a branch stores an element that the body "
                          "does not read, so the other arm cannot keep it", store)
    return loaded[element]


def _hoist(branch: ir.Operation, then_arm: Arm, else_arm: Arm | None) -> None:
    for arm in (then_arm, else_arm):
        for op in arm.ops if arm is not None else ():
            rewriter.move_before(op, branch)


def _select_values(branch: ir.Operation, cond: ir.Value, then_arm: Arm,
                   else_arm: Arm | None) -> None:
    """A branch yielding values: each result becomes a select of the arms' values."""
    if else_arm is None or then_arm.stores or else_arm.stores:
        raise NotRaisable("not raised: a branch both yields values and stores", branch)
    _hoist(branch, then_arm, else_arm)
    _guard_divisors(cond, then_arm, else_arm)
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
