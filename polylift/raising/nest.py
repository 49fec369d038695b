"""The statement model of an affine loop nest.

A top-level `affine.for` nest is cut into statements: one per `affine.store`, each with
its enclosing loops, its subscripts as linear forms, and the slice of pure operations
that compute the stored value. Everything else the pass does (fission, dependence
tests, building `linalg.generic`) works on this model. Anything the model cannot
express raises `NotRaisable` with the reason shown to the user as a remark.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from polylift.mlir import ir
from polylift.raising.linear import Linear, NotAffine, map_to_linear


class NotRaisable(Exception):
    """The nest cannot be raised; `op` is where, `reason` says why."""

    def __init__(self, reason: str, op: ir.Operation | None = None):
        super().__init__(reason)
        self.reason = reason
        self.op = op


@dataclass(eq=False)
class Loop:
    """One `affine.for`: bounds as max/min of linear forms, and a step."""

    op: ir.Operation
    iv: ir.Value
    lower: list[Linear]
    upper: list[Linear]
    step: int
    name: str
    carried: list[ir.Value] = field(default_factory=list)  # iter_args block arguments


@dataclass(eq=False)
class Access:
    """A load or store: the memref and one linear form per subscript."""

    op: ir.Operation
    memref: ir.Value
    index: list[Linear]
    write: bool


@dataclass(eq=False)
class Statement:
    """One store with its loops (outer to inner) and the ops computing its value."""

    loops: list[Loop]
    write: Access
    value: ir.Value
    ops: list[ir.Operation]
    reads: list[Access]
    position: float
    accumulator: ir.Value | None = None  # iter_args block argument that reads the output

    @property
    def ivs(self) -> list[ir.Value]:
        return [loop.iv for loop in self.loops]


PURE_PREFIXES = ("arith.", "math.")
PURE_OPS = {"affine.apply", "affine.load", "affine.min", "affine.max"}
ROOT_MEMREF_OPS = {"memref.alloc", "memref.alloca", "memref.get_global"}


def _loop_name(op: ir.Operation, depth: int) -> str:
    loc = op.location
    if loc.is_a_name():
        return loc.name_str
    if loc.is_a_file():
        return f"loop at {loc.start_line}:{loc.start_col}"
    return f"loop {depth}"


@dataclass
class NestModel:
    """All statements of one top-level nest, plus the lookups used to build them."""

    root: ir.Operation
    statements: list[Statement] = field(default_factory=list)
    loops: list[Loop] = field(default_factory=list)
    order: dict[ir.Operation, int] = field(default_factory=dict)
    loop_of_iv: dict[ir.Value, Loop] = field(default_factory=dict)
    inside: set[ir.Operation] = field(default_factory=set)

    def form(self, value: ir.Value) -> Linear:
        """The linear form of an index value used inside the nest."""
        owner = value.owner if isinstance(value.owner, ir.Block) else as_operation(value.owner)
        if value in self.loop_of_iv:
            return Linear.of(value)
        if isinstance(owner, ir.Block) or owner not in self.inside:
            if isinstance(owner, ir.Operation) and owner.name == "arith.constant":
                return Linear.constant(ir.IntegerAttr(owner.attributes["value"]).value)
            if isinstance(owner, ir.Block):
                self._check_param(value)
            return Linear.of(value)
        if owner.name == "affine.apply":
            amap = ir.AffineMapAttr(owner.attributes["map"]).value
            return map_to_linear(amap, [self.form(v) for v in owner.operands])[0]
        if owner.name == "arith.constant":
            return Linear.constant(ir.IntegerAttr(owner.attributes["value"]).value)
        raise NotAffine(owner.name)

    def _check_param(self, value: ir.Value) -> None:
        for loop in self.loops:
            if value in loop.carried:
                raise NotAffine("loop-carried value used as an index")

    def bound(self, op: ir.Operation, which: str) -> list[Linear]:
        amap = ir.AffineMapAttr(op.attributes[f"{which}BoundMap"]).value
        view = op.opview
        operands = list(view.lowerBoundOperands if which == "lower" else view.upperBoundOperands)
        return map_to_linear(amap, [self.form(v) for v in operands])


def _is_pure(op: ir.Operation) -> bool:
    return op.name.startswith(PURE_PREFIXES) or op.name in PURE_OPS


def result_store(root: ir.Operation) -> ir.Operation | None:
    """The store that consumes the results of an `iter_args` nest, if that is their
    only use; raises when the results are used in any other way."""
    uses = [u.owner for r in root.results for u in r.uses]
    if not uses:
        return None
    if len(uses) != 1 or as_operation(uses[0]).name != "affine.store":
        raise NotRaisable("not raised: the loop's results are used by something other "
                          "than one store", root)
    store = as_operation(uses[0])
    if store.parent != root.parent:
        raise NotRaisable("not raised: the loop's result is stored in another block", root)
    return store


def build_model(root: ir.Operation, final_store: ir.Operation | None = None) -> NestModel:
    """Cut the nest rooted at `root` (an `affine.for`) into statements; `final_store`
    stores the nest's `iter_args` result after it."""
    model = NestModel(root)
    for op in _walk(root):
        model.order[op] = len(model.order)
        model.inside.add(op)
    try:
        _visit_loop(model, root, [])
        if final_store is not None:
            model.order[final_store] = len(model.order)
            model.statements.extend(_reduction_statements(model, final_store, []))
    except NotAffine as exc:
        raise NotRaisable(f"not raised: subscript or bound is not affine ({exc})", root) from None
    return model


def _walk(op: ir.Operation) -> list[ir.Operation]:
    found = [op]
    for region in op.regions:
        for block in region.blocks:
            for inner in block.operations:
                found.extend(_walk(inner.operation))
    return found


def _visit_loop(model: NestModel, op: ir.Operation, outer: list[Loop]) -> None:
    step = ir.IntegerAttr(op.attributes["step"]).value
    block = op.regions[0].blocks[0]
    loop = Loop(op, block.arguments[0], [], [], step, _loop_name(op, len(outer) + 1),
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
        elif inner.name == "affine.store" and _loop_result(inner.opview.value) is not None:
            model.statements.extend(_reduction_statements(model, inner, loops))
        elif inner.name == "affine.store":
            model.statements.append(_statement(model, inner, loops))
        elif inner.name == "affine.yield" or _is_pure(inner):
            continue
        elif inner.name in ("memref.load", "memref.store"):
            raise NotRaisable(f"not raised: '{inner.name}' has a subscript that is not affine",
                              inner)
        else:
            raise NotRaisable(f"not raised: unsupported operation '{inner.name}' in the nest",
                              inner)


def as_operation(owner: object) -> ir.Operation:
    """The `Operation` behind an owner (an OpView or an Operation)."""
    return owner.operation if isinstance(owner, ir.OpView) else owner  # type: ignore[return-value]


def _reduction_statements(model: NestModel, store: ir.Operation,
                          loops: list[Loop]) -> list[Statement]:
    """`%r = for k iter_args(%acc = %init) {...}; store %r, M[f]` as two statements:
    `M[f] = %init` before the loop and `M[f] = g(M[f], ...)` inside it. The loop may be
    a chain `for a iter_args(%x = %init) { %y = for b iter_args(%z = %x) {...}; yield %y }`:
    the reduction statement then runs over all the chained loops.

    This is exact when M is not touched inside the loops: the partial values then live
    in M[f] instead of a register, and nothing can observe the difference."""
    value = store.opview.value
    result = _loop_result(value)
    assert result is not None
    chain = _reduction_chain(model, result)
    outer_op = chain[0].op
    write = _access(model, store, True)
    if result.type != ir.MemRefType(write.memref.type).element_type:
        raise NotRaisable("not raised: the reduction's accumulator type differs from the "
                          "type it is stored as", outer_op)
    for op in _walk(outer_op):
        if op.name in ("affine.load", "affine.store") and op.opview.memref == write.memref:
            raise NotRaisable("not raised: reduction loop also accesses the memref it "
                              "stores its result to", op)
    init = list(outer_op.opview.inits)[result.result_number]
    inner, index = chain[-1], _chain_index(chain, result)
    yielded = _yield_of(inner.op).operands[index]
    parts = [(loops, init, model.order[outer_op], None, None),
             (loops + chain, yielded, model.order[store] - 0.5, None, inner.carried[index])]
    if value != result:  # pure ops after the loop: M[f] = post(M[f])
        parts.append((loops, value, model.order[store], result, result))
    statements = []
    for stmt_loops, stmt_value, pos, stop, allowed in parts:
        ops, reads, acc = _slice(model, stmt_value, stmt_loops, stop)
        if acc is not None and (allowed is None or acc != allowed):
            # The init (or post-op) reads a value carried by an enclosing loop: that is
            # the previous iteration's value, not the element M[f].
            raise NotRaisable("not raised: the reduction's initial value is carried from "
                              "the previous iteration of an enclosing loop", outer_op)
        if stop is not None and any(r.memref == write.memref for r in reads):
            # M[f] holds the partial sums by then: the old value the source reads is gone.
            raise NotRaisable("not raised: the value stored after the reduction also reads "
                              "the memref it is stored to", store)
        statements.append(Statement(stmt_loops, write, stmt_value, ops, reads, pos, acc))
    users = {as_operation(u.owner) for u in result.uses}
    if not users <= set(statements[-1].ops) | {store}:
        raise NotRaisable("not raised: loop with several iter_args values or uses", outer_op)
    return statements


def _yield_of(loop_op: ir.Operation) -> ir.Operation:
    block = loop_op.regions[0].blocks[0]
    return block.operations[len(block.operations) - 1].operation


def _chain_index(chain: list[Loop], result: ir.Value) -> int:
    """The accumulator's iter_args position in the innermost loop of the chain."""
    index = result.result_number
    for loop in chain[:-1]:
        index = _yield_of(loop.op).operands[index].result_number
    return index


def _reduction_chain(model: NestModel, result: ir.Value) -> list[Loop]:
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
        index = value.result_number
        if (chain and not _single_use(value)) or any(
                not _passthrough(loop_op, k) for k in range(len(loop.carried)) if k != index):
            raise NotRaisable("not raised: loop with several iter_args values or uses",
                              loop_op)
        chain.append(loop)
        nxt = _yield_of(loop_op).operands[index]
        if isinstance(nxt.owner, ir.Block) or as_operation(nxt.owner).name != "affine.for":
            return chain
        inner_op = as_operation(nxt.owner)
        arg = loop.carried[index]
        if inner_op.block != loop_op.regions[0].blocks[0] \
                or list(inner_op.opview.inits)[nxt.result_number] != arg \
                or not _single_use(arg) or not _only_loop_in_body(loop_op, inner_op):
            raise NotRaisable("not raised: the accumulator goes through loops that are not "
                              "a perfect chain of reductions", loop_op)
        value = nxt


def _only_loop_in_body(loop_op: ir.Operation, inner_op: ir.Operation) -> bool:
    """Whether `inner_op` is all `loop_op`'s body does (besides pure ops and the yield)."""
    for op in loop_op.regions[0].blocks[0].operations:
        op = op.operation
        if op != inner_op and op.name != "affine.yield" and not _is_pure(op):
            return False
    return True


def _passthrough(loop_op: ir.Operation, index: int) -> bool:
    """Whether iter_args value `index` of `loop_op` leaves every iteration unchanged."""
    arg = loop_op.regions[0].blocks[0].arguments[index + 1]
    out = _yield_of(loop_op).operands[index]
    if out == arg:
        return True
    if isinstance(out.owner, ir.Block):
        return False
    inner = as_operation(out.owner)
    return inner.name == "affine.for" and inner.block == loop_op.regions[0].blocks[0] \
        and list(inner.opview.inits)[out.result_number] == arg \
        and _passthrough(inner, out.result_number)


def _loop_result(value: ir.Value) -> ir.Value | None:
    """The `affine.for` result `value` is computed from by pure ops of its block."""
    stack, found = [value], []
    block = None if isinstance(value.owner, ir.Block) else as_operation(value.owner).block
    while stack:
        v = stack.pop()
        if isinstance(v.owner, ir.Block):
            continue
        op = as_operation(v.owner)
        if op.block != block:
            continue
        if op.name == "affine.for":
            if v not in found:  # `s * s` reaches the same result twice
                found.append(v)
        elif _is_pure(op):
            stack.extend(op.operands)
    return found[0] if len(found) == 1 else None


def _single_use(value: ir.Value) -> bool:
    return len(list(value.uses)) == 1


def _access(model: NestModel, op: ir.Operation, write: bool) -> Access:
    view = op.opview
    memref = view.memref
    _check_root(memref, op)
    amap = ir.AffineMapAttr(op.attributes["map"]).value
    index = map_to_linear(amap, [model.form(v) for v in view.indices])
    return Access(op, memref, index, write)


def _check_root(memref: ir.Value, op: ir.Operation) -> None:
    owner = memref.owner
    if isinstance(owner, ir.Block) or as_operation(owner).name in ROOT_MEMREF_OPS:
        return
    raise NotRaisable(f"not raised: cannot tell what the memref from '{owner.name}' aliases", op)


def _statement(model: NestModel, store: ir.Operation, loops: list[Loop]) -> Statement:
    write = _access(model, store, True)
    value = store.opview.value
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
        if owner.name == "affine.for":
            raise NotRaisable("not raised: stored value is the result of a loop with "
                              "iter_args whose form is not a recognised reduction", owner)
        seen[owner] = None
        stack.extend(owner.operands)
    ops = sorted(seen, key=lambda o: model.order[o])
    reads = [_access(model, o, False) for o in ops if o.name == "affine.load"]
    return ops, reads, accumulator
