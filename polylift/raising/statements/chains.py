"""Reduction chains: the `affine.for` loops that hand one accumulator down to the loop
that updates it (`for a iter_args(x) { for b iter_args(z = x) {...} }`), read off the IR
for the nest model (`nest.py`), and the small IR walks they share with it."""

from __future__ import annotations

from polylift.mlir import affine, ir, view_as
from polylift.raising.nest_model.model import Loop, NestModel, NotRaisable, as_operation, is_pure


def nest_ops(op: ir.Operation) -> list[ir.Operation]:
    """`op` and every op nested in its regions, in program order."""
    found = [op]
    for region in op.regions:
        for block in region.blocks:
            for inner in block.operations:
                found.extend(nest_ops(inner.operation))
    return found


def yield_of(loop_op: ir.Operation) -> ir.Operation:
    """The terminator of a loop's body."""
    block = loop_op.regions[0].blocks[0]
    return block.operations[len(block.operations) - 1].operation


def chain_index(chain: list[Loop], result: ir.Value) -> int:
    """The accumulator's iter_args position in the innermost loop of the chain."""
    index = ir.OpResult(result).result_number
    for loop in chain[:-1]:
        index = ir.OpResult(yield_of(loop.op).operands[index]).result_number
    return index


def reduction_chain(model: NestModel, result: ir.Value) -> list[Loop]:
    """The loops, outer to inner, that carry the accumulator `result` comes out of.

    Each loop but the innermost only hands the accumulator to the next one: its block
    argument is the next loop's init and nothing else uses it, and the next loop's result
    is what it yields. Every other iter_args value of the chain must pass through
    unchanged (the front end threads dead scalars through loops that way)."""
    chain: list[Loop] = []
    value = result
    while True:
        loop_op = as_operation(value.owner)
        loop = next(lp for lp in model.loops if lp.op == loop_op)
        index = ir.OpResult(value).result_number
        if (chain and not single_use(value)) or any(
                not _passthrough(loop_op, k) for k in range(len(loop.carried)) if k != index):
            raise NotRaisable("not raised: loop with several iter_args values or uses",
                              loop_op)
        chain.append(loop)
        nxt = yield_of(loop_op).operands[index]
        if isinstance(nxt.owner, ir.Block) or as_operation(nxt.owner).name != "affine.for":
            return chain
        inner_op = as_operation(nxt.owner)
        arg = loop.carried[index]
        if inner_op.block != loop_op.regions[0].blocks[0] \
                or list(for_op(inner_op).inits)[ir.OpResult(nxt).result_number] != arg \
                or not single_use(arg) or not _only_loop_in_body(loop_op, inner_op):
            raise NotRaisable("not raised: the accumulator goes through loops that are not "
                              "a perfect chain of reductions", loop_op)
        value = nxt


def _only_loop_in_body(loop_op: ir.Operation, inner_op: ir.Operation) -> bool:
    """Whether `inner_op` is all `loop_op`'s body does (besides pure ops and the yield)."""
    for op in loop_op.regions[0].blocks[0].operations:
        op = op.operation
        if op != inner_op and op.name != "affine.yield" and not is_pure(op):
            return False
    return True


def _passthrough(loop_op: ir.Operation, index: int) -> bool:
    """Whether iter_args value `index` of `loop_op` leaves every iteration unchanged."""
    arg = loop_op.regions[0].blocks[0].arguments[index + 1]
    out = yield_of(loop_op).operands[index]
    if out == arg:
        return True
    if isinstance(out.owner, ir.Block):
        return False
    inner = as_operation(out.owner)
    return inner.name == "affine.for" and inner.block == loop_op.regions[0].blocks[0] \
        and list(for_op(inner).inits)[ir.OpResult(out).result_number] == arg \
        and _passthrough(inner, ir.OpResult(out).result_number)


def single_use(value: ir.Value) -> bool:
    return len(list(value.uses)) == 1


def for_op(op: ir.Operation) -> affine.AffineForOp:
    return view_as(op, affine.AffineForOp)
