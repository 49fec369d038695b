"""Cutting an affine loop nest into the statements of the model (`model.py`).

A top-level `affine.for` nest is cut into statements: one per `affine.store`, each with
its enclosing loops, its subscripts as linear forms, and the slice of pure operations
that compute the stored value; an `iter_args` reduction becomes an init, a reduction
and a post statement (through a temporary buffer when the accumulator's type differs
from the stored one, or when the post-op reads the output).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from polylift.mlir import affine, ir, view_as
from polylift.raising.nest_model.linear import Linear, NotAffine, map_to_linear
from polylift.raising.nest_model.model import (
    ROOT_MEMREF_OPS,
    Access,
    Loop,
    NestModel,
    NotRaisable,
    Statement,
    as_operation,
    entry_block,
    is_pure,
    loop_name,
    stored_value,
)
from polylift.raising.statements.chains import (
    chain_index,
    for_op,
    nest_ops,
    reduction_chain,
    yield_of,
)
from polylift.raising.statements.result_home import post_ops, post_store

if TYPE_CHECKING:
    from polylift.raising.nest_model.materialize import Materializer


def result_store(root: ir.Operation) -> ir.Operation | None:
    """The store that consumes the results of an `iter_args` nest, directly or through
    pure ops (`post_store`), if that is their only use; raises when the results are used
    in any other way."""
    uses = [u.owner for r in root.results for u in r.uses]
    if not uses:
        return None
    post = post_store(root)
    if post is not None:
        return post
    if len(uses) != 1 or as_operation(uses[0]).name != "affine.store":
        raise NotRaisable("not raised: the loop's results are used by something other "
                          "than one store", root)
    store = as_operation(uses[0])
    if store.parent != root.parent:
        raise NotRaisable("not raised: the loop's result is stored in another block", root)
    return store


def build_model(root: ir.Operation, final_store: ir.Operation | None = None,
                mat: Materializer | None = None) -> NestModel:
    """Cut the nest rooted at `root` (an `affine.for`) into statements; `final_store`
    stores the nest's `iter_args` result after it; `mat` creates the temporaries of
    scalar-expanded reductions (none are made without it)."""
    model = NestModel(root, mat=mat)
    for op in nest_ops(root):
        model.order[op] = len(model.order)
        model.inside.add(op)
    try:
        _visit_loop(model, root, [])
        if final_store is not None:
            # The pure ops between the loop and its store compute the post-op (`sqrt`).
            for op in post_ops(root):
                model.order[op] = len(model.order)
                model.inside.add(op)
            model.order[final_store] = len(model.order)
            model.statements.extend(_reduction_statements(model, final_store, []))
    except NotAffine as exc:
        raise NotRaisable(f"not raised: subscript or bound is not affine ({exc})", root) from None
    return model




def _visit_loop(model: NestModel, op: ir.Operation, outer: list[Loop]) -> None:
    step = ir.IntegerAttr(op.attributes["step"]).value
    block = op.regions[0].blocks[0]
    loop = Loop(op, block.arguments[0], [], [], step, loop_name(op, len(outer) + 1),
                list(block.arguments)[1:])
    model.loops.append(loop)
    model.loop_of_iv[loop.iv] = loop
    loop.lower = model.bound(op, "lower")
    loop.upper = model.bound(op, "upper")
    loops = outer + [loop]
    for inner in block.operations:
        inner = inner.operation
        if inner.name == "affine.for":
            _visit_loop(model, inner, loops)
            if loops and _read_as_value(inner) and _stored_result(model, inner) is None:
                model.statements.extend(_expand_result(model, inner, loops))
        elif inner.name == "affine.store" and _loop_result(model, inner) is not None:
            model.statements.extend(_reduction_statements(model, inner, loops))
        elif inner.name == "affine.store":
            model.statements.append(_statement(model, inner, loops))
        elif inner.name == "affine.yield" or is_pure(inner):
            continue
        elif inner.name == "memref.load":
            _check_table_read(model, inner)
        elif inner.name == "memref.store":
            raise NotRaisable("not raised: 'memref.store' has a subscript that is not affine",
                              inner)
        else:
            raise NotRaisable(f"not raised: unsupported operation '{inner.name}' in the nest",
                              inner)


def _check_table_read(model: NestModel, load: ir.Operation) -> None:
    """A read at a computed subscript (`wr[d >> 8]`, `lut[in[i][j]]`) may stay in the
    generic's body, as a read of the whole table, when nothing in the nest writes the
    table: then every iteration reads the same contents in any order. The table must be
    a root memref (a function argument, or an allocation), which the raising already
    takes to alias no other root."""
    table = _memref(load)
    _check_root(table, load)
    for op in model.inside:
        if op.name in ("affine.store", "memref.store") and _memref(op) == table:
            raise NotRaisable("not raised: the nest writes the table it reads at a computed "
                              "subscript (not affine in the loop counters: a counter times "
                              "a value known only at run time, or data), so which "
                              "iterations touch one element cannot be proven", load)


def _reduction_statements(model: NestModel, store: ir.Operation,
                          loops: list[Loop]) -> list[Statement]:
    """`%r = for k iter_args(%acc = %init) {...}; store post(%r), M[f]` as statements:
    `P = %init` before the loop, `P = g(P, ...)` inside it and, when there is a post-op,
    `M[f] = post(P)` after it. The loop may be a chain `for a iter_args(%x = %init)
    { %y = for b iter_args(%z = %x) {...}; yield %y }`: the reduction statement then
    runs over all the chained loops.

    The partial values P live in M[f] itself when M is not touched inside the loops:
    nothing can observe the difference. When they cannot (the accumulator has another
    type than M's elements, or the post-op reads M), P is a temporary T[ivs] with one
    element per iteration of the enclosing loops (see `_temporary`)."""
    value = stored_value(store)
    result = _loop_result(model, store)
    if result is None:  # `v / count`: two values one loop carries, combined after it
        raise NotRaisable("not raised: the stored value combines several values the loop "
                          "carries (a reduction of more than one value)", store)
    chain = reduction_chain(model, result)
    outer_op = chain[0].op
    write = _access(model, store, True)
    for op in nest_ops(outer_op):
        if op.name in ("affine.load", "affine.store") and _memref(op) == write.memref:
            raise NotRaisable("not raised: reduction loop also accesses the memref it "
                              "stores its result to", op)
    init = list(for_op(outer_op).inits)[ir.OpResult(result).result_number]
    inner, index = chain[-1], chain_index(chain, result)
    yielded = yield_of(inner.op).operands[index]
    temp = _temporary(model, store, loops, result, write)
    partial = temp or write
    parts = [(loops, init, model.order[outer_op], None, None, partial),
             (loops + chain, yielded, model.order[store] - 0.5, None, inner.carried[index],
              partial)]
    if value != result:  # pure ops after the loop: M[f] = post(P)
        parts.append((loops, value, model.order[store], result, result, write))
    statements = []
    for stmt_loops, stmt_value, pos, stop, allowed, target in parts:
        ops, reads, acc = _slice(model, stmt_value, stmt_loops, stop)
        if acc is not None and (allowed is None or acc != allowed):
            # The init (or post-op) reads a value carried by an enclosing loop: that is
            # the previous iteration's value, not the element M[f].
            raise NotRaisable("not raised: the reduction's initial value is carried from "
                              "the previous iteration of an enclosing loop", outer_op)
        if stop is not None and temp is not None:
            # The post-op reads the reduction's result from the temporary.
            reads.append(Access(outer_op, temp.memref, temp.index, False, result))
            acc = None
        statements.append(Statement(stmt_loops, target, stmt_value, ops, reads, pos, acc))
    users = {as_operation(u.owner) for u in result.uses}
    if not users <= set(statements[-1].ops) | {store}:
        raise NotRaisable("not raised: loop with several iter_args values or uses", outer_op)
    return statements


def _read_as_value(loop_op: ir.Operation) -> bool:
    """Whether code after the loop uses its results, none of them handed on by a yield
    (a chain of reductions, `reduction_chain`, ends in the store of the outer loop's)."""
    users = [as_operation(u.owner) for r in loop_op.results for u in r.uses]
    return bool(users) and all(u.name != "affine.yield" for u in users)


def _stored_result(model: NestModel, loop_op: ir.Operation) -> ir.Operation | None:
    """A store after the loop, in its block or deeper, whose value is the loop's result
    through pure ops of that block (`_loop_result`: `_reduction_statements` makes the
    reduction's statements for it), or None."""
    for op in nest_ops(as_operation(loop_op.parent)):
        if op.name == "affine.store":
            result = _loop_result(model, op)
            if result is not None and as_operation(result.owner) == loop_op:
                return op
    return None


def _expand_result(model: NestModel, loop_op: ir.Operation,
                   loops: list[Loop]) -> list[Statement]:
    """A reduction inside the nest whose result the code after it reads as a value
    (l2 normalisation: `s = 0; for f: s += x*x; s = sqrt(s); for f: x /= s`), as the
    init and reduction statements of a temporary T[enclosing ivs]; the statements that
    read the result read T there (`_slice`). T is new and aliases nothing, and each
    element is summed in the source's order, so the values are the same; whether the
    loops may then be split, the dependence test decides as for any statement."""
    used = [r for r in loop_op.results if list(r.uses)]
    if len(used) != 1:
        raise NotRaisable("not raised: loop with several iter_args values or uses", loop_op)
    result = used[0]
    if not _expandable(model, loops):
        raise NotRaisable("not raised: the reduction's result is read after it as a value, "
                          "and a temporary for it cannot be allocated ahead of the nest "
                          "(bounds that depend on enclosing loops)", loop_op)
    assert model.mat is not None
    chain = reduction_chain(model, result)
    bounds = [(loop.lower[0], loop.upper[0]) for loop in loops]
    temp = Access(loop_op, model.mat.temporary(bounds, result.type),
                  [Linear.of(loop.iv) - loop.lower[0] for loop in loops], True)
    init = list(for_op(loop_op).inits)[ir.OpResult(result).result_number]
    inner, index = chain[-1], chain_index(chain, result)
    yielded = yield_of(inner.op).operands[index]
    position = model.order[loop_op]
    statements = []
    for stmt_loops, value, pos, allowed in ((loops, init, position - 0.5, None),
                                            (loops + chain, yielded, position + 0.5,
                                             inner.carried[index])):
        ops, reads, acc = _slice(model, value, stmt_loops)
        if acc is not None and acc != allowed:
            raise NotRaisable("not raised: the reduction's initial value is carried from "
                              "the previous iteration of an enclosing loop", loop_op)
        statements.append(Statement(stmt_loops, temp, value, ops, reads, pos, acc))
    model.expanded[result] = Access(loop_op, temp.memref, temp.index, False, result)
    return statements


def _temporary(model: NestModel, store: ir.Operation, loops: list[Loop], result: ir.Value,
               write: Access) -> Access | None:
    """The write of a new buffer T[(iv - lower) for each enclosing loop] that holds the
    partial values, when M[f] cannot hold them; None when it can.

    T is allocated ahead of the nest, so every enclosing loop needs one lower and one
    upper bound that do not depend on the nest's counters. T aliases nothing, and the
    reduction order is unchanged, so the result is exact. A step other than 1 leaves
    unused elements (T is sized by `upper - lower`) but keeps the subscripts linear."""
    value = stored_value(store)
    if value == result:
        return None
    if result.type != ir.MemRefType(write.memref.type).element_type:
        reason = "the reduction's accumulator type differs from the type it is stored as"
        where = as_operation(result.owner)
    elif any(r.memref == write.memref for r in _slice(model, value, loops, result)[1]):
        # Keeping the partial sums in M[f] would lose the old value the post-op reads.
        reason = "the value stored after the reduction also reads the memref it is stored to"
        where = store
    else:
        return None
    if not loops and model.mat is not None:
        # One partial value: a 0-d buffer at the function's entry, allocated once.
        return Access(store, model.mat.scalar(result.type, entry_block(model.root)), [], True)
    if not _expandable(model, loops):
        raise NotRaisable(f"not raised: {reason}", where)
    assert model.mat is not None
    bounds = [(loop.lower[0], loop.upper[0]) for loop in loops]
    memref = model.mat.temporary(bounds, result.type)
    index = [Linear.of(loop.iv) - loop.lower[0] for loop in loops]
    return Access(store, memref, index, True)


def _expandable(model: NestModel, loops: list[Loop]) -> bool:
    """Whether a temporary indexed by `loops` can be allocated ahead of the nest, once
    (a nest inside a loop that stays would allocate it on every iteration)."""
    if model.mat is None or as_operation(model.root.parent).name != "func.func":
        return False
    for loop in loops:
        if len(loop.lower) != 1 or len(loop.upper) != 1:
            return False
        if any(v in model.loop_of_iv for f in loop.lower + loop.upper for v in f.variables()):
            return False
    return True












def _loop_result(model: NestModel, store: ir.Operation) -> ir.Value | None:
    """The `affine.for` of the nest whose result the value `store` stores is computed
    from by pure ops of that value's block. A loop outside the nest (a scalar another
    nest carries) is not one of its reductions: its result is a value the nest reads,
    like a parameter."""
    value = stored_value(store)
    stack, found = [value], []
    block = None if isinstance(value.owner, ir.Block) else as_operation(value.owner).block
    while stack:
        v = stack.pop()
        if isinstance(v.owner, ir.Block):
            continue
        op = as_operation(v.owner)
        if op.block != block:
            continue
        if op.name == "affine.for" and op in model.inside:
            if v not in found:  # `s * s` reaches the same result twice
                found.append(v)
        elif is_pure(op):
            stack.extend(op.operands)
    return found[0] if len(found) == 1 else None




def _memref(op: ir.Operation) -> ir.Value:
    """The memref a load or store of either dialect accesses (a load's first operand, a
    store's second, in `affine` and `memref` alike)."""
    return op.operands[1 if op.name.endswith(".store") else 0]




def _access(model: NestModel, op: ir.Operation, write: bool) -> Access:
    memref = _memref(op)
    _check_root(memref, op)
    amap = ir.AffineMapAttr(op.attributes["map"]).value
    indices = (view_as(op, affine.AffineStoreOp).indices if write
               else view_as(op, affine.AffineLoadOp).indices)
    index = map_to_linear(amap, [model.form(v) for v in indices])
    return Access(op, memref, index, write)


def _check_root(memref: ir.Value, op: ir.Operation) -> None:
    owner = memref.owner
    if isinstance(owner, ir.Block) or as_operation(owner).name in ROOT_MEMREF_OPS:
        return
    raise NotRaisable(f"not raised: cannot tell what the memref from '{owner.name}' aliases", op)


def _statement(model: NestModel, store: ir.Operation, loops: list[Loop]) -> Statement:
    write = _access(model, store, True)
    value = stored_value(store)
    ops, reads, acc = _slice(model, value, loops)
    if acc is not None:
        raise NotRaisable("not raised: the stored value depends on a value carried from "
                          "the previous iteration", store)
    return Statement(loops, write, value, ops, reads, model.order[store])


def _slice(model: NestModel, value: ir.Value, loops: list[Loop],
           stop: ir.Value | None = None) -> tuple[list[ir.Operation], list[Access],
                                                  ir.Value | None]:
    """The in-nest ops computing `value`, in program order, and the loads among them;
    `stop` (a reduction's result) stands for the output element."""
    seen: dict[ir.Operation, None] = {}
    stack, accumulator = [value], None
    expanded: list[Access] = []
    carried = [v for loop in loops for v in loop.carried]
    while stack:
        v = stack.pop()
        if stop is not None and v == stop:
            accumulator = v
            continue
        owner = v.owner if isinstance(v.owner, ir.Block) else as_operation(v.owner)
        if isinstance(owner, ir.Block):
            if v in carried:
                if accumulator is not None and accumulator != v:
                    raise NotRaisable("not raised: two loop-carried values in one statement")
                accumulator = v
            elif v in model.loop_of_iv and model.loop_of_iv[v] not in loops:
                raise NotRaisable("not raised: value of an inner loop used outside it")
            continue
        if owner not in model.inside or owner in seen:
            continue
        if v in model.expanded:
            expanded.append(model.expanded[v])
            continue
        if owner.name == "affine.for":
            raise NotRaisable("not raised: stored value is the result of a loop with "
                              "iter_args whose form is not a recognised reduction", owner)
        seen[owner] = None
        stack.extend(owner.operands)
    ops = sorted(seen, key=lambda o: model.order[o])
    reads = [_access(model, o, False) for o in ops if o.name == "affine.load"]
    return ops, reads + list({id(a): a for a in expanded}.values()), accumulator
