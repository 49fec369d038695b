"""A home in memory for a reduction's result that the function uses as a value.

The raising turns `%r = affine.for ... iter_args(...)` into generics only when the
result goes to one store, directly or through pure ops (`nest.result_store`): the
store's element holds the partial values. A result that is returned (`float dot(...)
{ ...; return s; }`), or read by code after the loop (`y[i] = x[i] / s`, a
normalisation), has no element; it gets one:
a 0-d buffer allocated at the function's entry, the result stored there right after the
loop and loaded back for every other use. The reduction then has its store, and what
used the value reads the same number from the load. A nest that is not raised after all
gets its result back (`undo`), so the IR stays as it was.
"""

from __future__ import annotations

from dataclasses import dataclass

from polylift import rewriter
from polylift.mlir import affine, ir, memref
from polylift.raising.nest_model.model import as_operation, entry_block, is_pure


@dataclass(frozen=True)
class ResultHome:
    """The buffer a loop's result is stored to, and the load that stands for it."""

    result: ir.Value
    buffer: ir.Operation
    store: ir.Operation
    load: ir.Operation

    def undo(self) -> None:
        """Give the loop's result back to its users and remove the buffer."""
        rewriter.replace_uses(self.load.result, self.result)
        for op in (self.load, self.store, self.buffer):
            rewriter.erase(op)


def needs_home(root: ir.Operation) -> ir.Value | None:
    """The one result of `root` whose uses are not exactly one store in its block (None
    when there is none, or more than one result is used: no reduction is raised then)."""
    used = [r for r in root.results if list(r.uses)]
    if len(used) != 1 or not isinstance(used[0].type, ir.IntegerType | ir.FloatType):
        return None
    # A result stored, directly or through pure ops (a root), has its store's element.
    return None if post_store(root) is not None else used[0]


def give_home(root: ir.Operation) -> ResultHome | None:
    """Store the result `needs_home` names to a new 0-d buffer after `root`, and make
    every other use read it back; None when no result needs it."""
    result = needs_home(root)
    if result is None:
        return None
    entry = entry_block(root)
    loc = root.location
    mtype = ir.MemRefType.get([], result.type, loc=loc)
    # At the function's entry: an alloca inside a loop would grow the stack per iteration.
    buffer = memref.alloca(mtype, [], [], loc=loc, ip=rewriter.before(entry.operations[0]))
    users = [u for u in result.uses]
    after = _next_op(root)
    empty = ir.AffineMap.get(0, 0, [])
    store = affine.AffineStoreOp(result, buffer, [], map=empty, loc=loc,
                                 ip=rewriter.before(after))
    load = affine.AffineLoadOp(result.type, buffer, [], map=empty, loc=loc,
                               ip=rewriter.before(after))
    for use in users:
        rewriter.replace_use(use, load.result)
    return ResultHome(result, as_operation(buffer.owner), store.operation, load.operation)


def _next_op(op: ir.Operation) -> ir.Operation:
    ops = list(op.block.operations)
    index = [o.operation for o in ops].index(op)
    return ops[index + 1].operation


def post_store(root: ir.Operation) -> ir.Operation | None:
    """The one store of `root`'s block that its results reach, directly or through pure
    ops that nothing else uses (`M[f] = sqrt(r)`), else None."""
    found = _post(as_operation(root))
    return found[0] if found is not None else None


def post_ops(root: ir.Operation) -> list[ir.Operation]:
    """The pure ops between `root` and its `post_store` that compute the stored value
    from the results, in block order (none when there is no such store)."""
    found = _post(as_operation(root))
    return found[1] if found is not None else []


def _chain(root: ir.Operation) -> tuple[set, list[ir.Operation]] | None:
    """The stores the results reach and the pure ops on the way, or None when a result
    has another use (in another block, or an op with effects)."""
    stack, stores, ops = list(root.results), set(), []
    while stack:
        for use in stack.pop().uses:
            op = as_operation(use.owner)
            if op.block != root.block:
                return None
            if op.name == "affine.store" and use.operand_number == 0:
                stores.add(op)
            elif is_pure(op) and op.name != "affine.load":
                if op not in ops:
                    ops.append(op)
                    stack.extend(op.results)
            else:
                return None
    return stores, ops


def _late_operands(root: ir.Operation, ops: list[ir.Operation]) -> list[ir.Operation]:
    """The ops after `root` that compute an operand of the chain `ops` and are not in it."""
    order = [op.operation for op in root.block.operations]
    after = set(order[order.index(root) + 1:])
    chain = set(root.results) | {r for op in ops for r in op.results}
    found = []
    for op in ops:
        for value in op.operands:
            owner = value.owner
            if value not in chain and not isinstance(owner, ir.Block) \
                    and as_operation(owner) in after \
                    and as_operation(owner).name != "arith.constant":
                found.append(as_operation(owner))
    return found


def _post(root: ir.Operation) -> tuple[ir.Operation, list[ir.Operation]] | None:
    """The store and the pure ops from the results to it; None unless those ops read
    nothing else computed after the loop (a load of the stored element, say: the
    partial values will be in it)."""
    found = _chain(root)
    if found is None or len(found[0]) != 1 or _late_operands(root, found[1]):
        return None
    order = [op.operation for op in root.block.operations]
    return next(iter(found[0])), sorted(found[1], key=order.index)


def hoist_post_operands(root: ir.Operation) -> None:
    """Move ahead of `root` the pure ops after it that compute an operand of its post-op
    from values defined before it (`(float)n` in `r[0] = s / n`): they compute the same
    value there, and the post-op then reads nothing computed after the loop."""
    root = as_operation(root)
    found = _chain(root)
    if found is None:
        return
    order = [op.operation for op in root.block.operations]
    movable = []
    for op in _late_operands(root, found[1]):
        tree = _before_root(op, root, order)
        if tree is None:
            return
        movable += [t for t in tree if t not in movable]
    for op in sorted(movable, key=order.index):
        rewriter.move_before(op, root)


def _before_root(op: ir.Operation, root: ir.Operation, order: list) -> list | None:
    """`op` and the ops after `root` it reads, when all are pure, no loads, and read
    only values from before `root`; else None."""
    if not is_pure(op) or op.name == "affine.load" or op.regions:
        return None
    tree = [op]
    for value in op.operands:
        owner = value.owner
        # A value of an enclosing block (or a block argument) is defined before `root`.
        if isinstance(owner, ir.Block) or as_operation(owner) not in order \
                or order.index(as_operation(owner)) < order.index(root):
            continue
        inner = _before_root(as_operation(owner), root, order)
        if inner is None:
            return None
        tree = inner + tree
    return tree
