"""What the matcher sees of a loop nest the raising kept, or of a store outside loops.

Some kernels are not linalg ops: a histogram writes at a subscript computed from data,
a running sum reads what its previous iteration wrote. The raising leaves such nests as
`affine.for` loops; a template states them as a scatter (`hist[unsigned(src[i,j])] += 1`)
or a recurrence (`cdf[k] = cdf[k-1] + hist[k] where k >= 1`). `LoopIR` reads a perfect
nest whose innermost body computes one value from loads and stores it, into the same
facts a linalg op gives the engine (`step_ir.StepIR`):

- loop dims are the counters, outermost first, each running by 1 from a constant start
  (a start above 0 is the mask `d - start >= 0`, matched by `where k >= start`) to an
  upper bound that is a constant or a value (the dim's key);
- the loads are the operands read (an `affine.load` at affine subscripts of the
  counters; a `memref.load` at a subscript computed from data is a lookup), the store
  is the operand written, or, at a computed subscript, the target key of a scatter;
- a dim the store's subscripts use runs in order (`sequential`); any other is reduced.

`StoreIR` reads a store outside loops (`cdf[0] = hist[0]`): no dims, loads and a store
at constant subscripts. In either, the body may hold only loads and arithmetic besides
the one store (or an `if` whose branches each store one arm to the same element: the
value is then a select), so the value stored is the tree the template is compared with.
`FoldIR` reads a loop carrying one value, as that value.
"""

from __future__ import annotations

from polylift.matcher.ir.conditions import NotACondition, affine_condition, condition_node
from polylift.matcher.ir.ir_model import (
    AffineSize,
    ConstSize,
    Lin,
    Operand,
    SizeKey,
    Unsupported,
    ValueSize,
    affine_lin,
    compose,
    constant_value,
)
from polylift.matcher.ir.payload import value_tree
from polylift.matcher.ir.step_ir import peel_casts
from polylift.matcher.ir.tree import Acc, Arg, Index, Node, Val, apply
from polylift.mlir import affine, ir, view_as, walk

# What a loop body may hold besides the one store: pure arithmetic and reads.
_BODY_OPS = ("arith.", "affine.load", "memref.load", "affine.apply", "affine.yield")


class _Reader:
    """Loads and stores of a body, as operands over the counters `ivs` (dim = position)."""

    def __init__(self, ivs: list[ir.Value], acc: ir.Value | None = None):
        self.ivs = ivs
        self.acc = acc  # a fold's loop-carried value
        self.operands: list[Operand] = []
        self.loads: dict[ir.Value, int] = {}  # a load's result -> its operand index

    def map_operand(self, value: ir.Value) -> Lin | None:
        if value in self.ivs:
            return Lin(((self.ivs.index(value), 1),))
        known = constant_value(value)
        return None if known is None else Lin((), int(known))

    def subscripts(self, op: ir.OpView, memref: ir.Value, indices: list[ir.Value]
                   ) -> tuple[ir.Value, tuple[Lin, ...]]:
        """The root and composed access of an `affine.load`/`affine.store`."""
        amap = ir.AffineMapAttr(op.attributes["map"]).value
        args = [self.map_operand(v) for v in indices]  # the map's dims, then its symbols
        lins = [affine_lin(e, args, amap.n_dims) for e in amap.results]
        root, access = compose(memref, lins)
        return root, tuple(access)

    def leaf(self, value: ir.Value) -> Node | None:
        """A load's result is an operand, a counter is `Index(d)` (its conversion to
        a number is read through), a fold's carried value is `Acc()`."""
        if value in self.ivs:
            return Index(self.ivs.index(value))
        if self.acc is not None and value == self.acc:
            return Acc()
        if value in self.loads:
            return Arg(self.loads[value])
        owner = value.owner
        if isinstance(owner, ir.Operation | ir.OpView) and owner.name == "affine.load":
            view = view_as(owner, affine.AffineLoadOp)
            root, access = self.subscripts(view, view.memref, list(view.indices))
            self.loads[value] = len(self.operands)
            self.operands.append(Operand(view.memref, root, access, False))
            return Arg(self.loads[value])
        return None


def _nest(loop: ir.OpView) -> tuple[list[ir.OpView], ir.Block]:
    """The loops of a perfect nest from `loop`, and the innermost body."""
    loops = [loop]
    while True:
        body = loops[-1].regions[0].blocks[0]
        inner = [op for op in body.operations if op.name != "affine.yield"]
        if len(inner) == 1 and inner[0].name == "affine.for":
            loops.append(inner[0].opview)
            continue
        return loops, body


def _bounds(loop: ir.OpView) -> tuple[int, set[SizeKey]]:
    """A loop's constant start and its upper bound's keys (a constant or a value)."""
    if len(loop.results) or ir.IntegerAttr(loop.attributes["step"]).value != 1:
        raise Unsupported("a loop with a step other than 1 or loop-carried values")
    return _bounds_of(loop)


# How the raising states the trip count of `for (i = 0; i < n; i++)` (`max(0, n)`, as
# `ir_model.value_key` names it): the same extent as the bound n of such a loop.
_TRIPS = "affine_map<(d0) -> (0, d0)>"


def _bounds_of(loop: ir.OpView) -> tuple[int, set[SizeKey]]:
    lower = ir.AffineMapAttr(loop.attributes["lowerBoundMap"]).value
    upper = ir.AffineMapAttr(loop.attributes["upperBoundMap"]).value
    if len(lower.results) != 1 or not isinstance(lower.results[0], ir.AffineConstantExpr):
        raise Unsupported("a loop whose start is not a constant")
    start = ir.AffineConstantExpr(lower.results[0]).value
    operands = list(view_as(loop, affine.AffineForOp).upperBoundOperands)
    if len(upper.results) != 1:
        raise Unsupported("a loop bounded by a min or max")
    expr = upper.results[0]
    if isinstance(expr, ir.AffineConstantExpr):
        return start, {ConstSize(expr.value)}
    if isinstance(expr, ir.AffineDimExpr | ir.AffineSymbolExpr) and len(operands) == 1:
        known = constant_value(operands[0])
        if known is not None:
            return start, {ConstSize(int(known))}
        key = ValueSize(operands[0])
        return start, {key} if start else {key, AffineSize("affine.max", _TRIPS, (key,))}
    raise Unsupported("a loop whose end is not a constant or a value")


STORES = ("affine.store", "memref.store")
_IFS = ("affine.if", "scf.if")


def _effect(block: ir.Block) -> ir.OpView:
    """The one op of a block that writes memory: a store, or an `if` whose branches each
    write (see `_stores`); everything else only loads and computes."""
    effects = [op for op in block.operations
               if op.name in STORES or (op.name in _IFS and not len(op.results))]
    others = [op.name for op in block.operations if op.name not in STORES + _IFS
              and not op.name.startswith(_BODY_OPS) and op.name != "scf.yield"]
    if len(effects) != 1 or others:
        raise Unsupported("the loop body does more than compute one value and store it")
    return effects[0].opview


def _stores(effect: ir.OpView) -> list[ir.OpView]:
    """The stores under an effect: itself, or those of every branch of its `if`s."""
    if effect.name in STORES:
        return [effect]
    if len(effect.regions) != 2 or not effect.regions[1].blocks:
        raise Unsupported("a store under a condition without an else branch")
    return [st for region in effect.regions for st in _stores(_effect(region.blocks[0]))]


def _stored_value(effect: ir.OpView, body: ir.Block, reader: _Reader) -> Node:
    """The value a body stores, as a tree; a condition picks between its branches'."""
    if effect.name in STORES:
        return value_tree(effect.operands[0], body, reader.leaf)
    arms = [_stored_value(_effect(r.blocks[0]), body, reader) for r in effect.regions]
    try:
        if effect.name == "affine.if":
            ivs = [value_tree(v, body, reader.leaf) for v in effect.operands]
            test = affine_condition(effect.attributes["condition"], ivs)
        else:
            test = condition_node(effect.operands[0],
                                  lambda v: value_tree(v, body, reader.leaf))
    except NotACondition as exc:
        raise Unsupported(str(exc)) from None
    return apply("select", test, *arms)


def _same_target(stores: list[ir.OpView]) -> None:
    first = stores[0]
    for other in stores[1:]:
        if other.name != first.name or list(other.operands)[1:] != list(first.operands)[1:] \
                or str(other.attributes) != str(first.attributes):
            raise Unsupported("the branches store to different elements")


def _types(body: ir.Block) -> set[str]:
    found: set[str] = set()

    def visit(op: ir.Operation) -> ir.WalkResult:
        if op.name.startswith("arith.") and op.name not in ("arith.cmpi", "arith.cmpf",
                                                            "arith.trunci", "arith.constant"):
            found.update(str(r.type) for r in op.results if str(r.type) not in ("index", "i1"))
        return ir.WalkResult.ADVANCE

    for op in body.operations:
        walk(op, visit, ir.WalkOrder.POST_ORDER)
    return found


class _BodyIR:
    """What the models of loop bodies and stores share: operands read at one element."""

    operands: list[Operand]
    tree: Node
    target_key: Node | None = None

    @property
    def trees(self) -> tuple[Node, ...]:
        """The value of each output: a loop body or a store writes one."""
        return (self.tree,)

    def element_subscripts(self, index: int) -> tuple[int, ...] | None:
        """Constant subscripts of an operand read at one element."""
        access = self.operands[index].access
        if any(lin.coeffs or lin.syms for lin in access):
            return None
        return tuple(lin.const for lin in access)


class LoopIR(_BodyIR):
    """A perfect `affine.for` nest as a step sees it (see the module doc)."""

    def __init__(self, loop: ir.OpView, accumulate: str = "", wide: frozenset = frozenset(),
                 unsigned: bool = False):
        self.op = loop
        loops, body = _nest(loop)
        reader = _Reader([view_as(lp, affine.AffineForOp).induction_variable for lp in loops])
        self.keys: dict[int, set[SizeKey]] = {}
        mask = []
        ivs = set(reader.ivs)
        for d, lp in enumerate(loops):
            start, keys = _bounds(lp)
            if any(isinstance(k, ValueSize) and k.value in ivs for k in keys):
                # A triangle: its extent changes with an outer counter, no launch size.
                raise Unsupported("a loop bounded by an outer loop's counter")
            self.keys[d] = keys
            if start:
                mask.append(((("d", d), 1), ((), -start)))
        self.mask = frozenset(mask)
        effect = _effect(body)
        stores = _stores(effect)
        _same_target(stores)
        store = stores[0]
        target, self.target_key = self._target(store, reader, body)
        self.tree: Node = _stored_value(effect, body, reader)
        self.operands = [*reader.operands, target]
        self.element = ir.MemRefType(store.operands[1].type).element_type
        if accumulate:
            self.tree = peel_casts(self.tree, _types(body), accumulate, str(self.element),
                                   wide, unsigned)
        written = {d for lin in target.access for d, _ in lin.coeffs}
        self.iterators = ["sequential" if d in written else "reduction"
                          for d in range(len(loops))]

    @staticmethod
    def _target(store: ir.OpView, reader: _Reader, body: ir.Block
                ) -> tuple[Operand, Node | None]:
        memref = store.operands[1]
        if store.name == "affine.store":
            root, access = reader.subscripts(store, memref, list(store.operands[2:]))
            return Operand(memref, root, access, True), None
        indices = list(store.operands[2:])
        if len(indices) != 1:
            raise Unsupported("a store at computed subscripts of a table of rank > 1")
        cast = indices[0].owner
        if not isinstance(cast, ir.Operation | ir.OpView) or \
                cast.name not in ("arith.index_cast", "arith.index_castui"):
            raise Unsupported("a store at a subscript that is not a converted value")
        key = value_tree(cast.operands[0], body, reader.leaf)
        if cast.name == "arith.index_castui":
            key = apply("unsigned", key)
        root, _ = compose(memref, [Lin(((0, 1),))])
        return Operand(memref, root, (), True), key


class StoreIR(_BodyIR):
    """A store outside loops, `cdf[0] = hist[0]`: one element from elements."""

    iterators: list[str] = []
    keys: dict[int, set] = {}
    mask: frozenset = frozenset()

    def __init__(self, store: ir.OpView, accumulate: str = "", wide: frozenset = frozenset(),
                 unsigned: bool = False):
        if store.name != "affine.store":
            raise Unsupported("a store at computed subscripts")
        self.op = store
        block = store.operation.block
        reader = _Reader([])
        root, access = reader.subscripts(store, store.operands[1], list(store.operands[2:]))

        def leaf(value: ir.Value) -> Node | None:
            # A loop's result is a value the template may name (a local it folds).
            owner = value.owner
            if isinstance(owner, ir.Operation | ir.OpView) and owner.name == "affine.for":
                return Val(value)
            return reader.leaf(value)

        self.tree: Node = value_tree(store.operands[0], block, leaf)
        self.operands = [*reader.operands, Operand(store.operands[1], root, access, True)]
        self.element = ir.MemRefType(store.operands[1].type).element_type
        if accumulate:
            self.tree = peel_casts(self.tree, set(), accumulate, str(self.element), wide,
                                   unsigned)


class FoldIR(_BodyIR):
    """A loop carrying one value (`cmin = c < cmin ? c : cmin` over k), as the value it
    yields: dims, keys and mask as `LoopIR`'s, `init` the value it starts from, `tree`
    the value of one iteration over operands, counters and `Acc()`, the carried
    value. Its loads must read memory no iteration writes: the body only computes."""

    iterators: list[str]

    def __init__(self, loop: ir.OpView):
        self.op = loop
        loops, body = _nest(loop)
        if len(loops) != 1 or len(loop.results) != 1 or \
                ir.IntegerAttr(loop.attributes["step"]).value != 1:
            raise Unsupported("a loop carrying values that is not one loop carrying one value")
        block = loop.regions[0].blocks[0]
        reader = _Reader([view_as(loop, affine.AffineForOp).induction_variable],
                         block.arguments[1])
        start, keys = _bounds_of(loop)
        self.keys = {0: keys}
        self.mask = frozenset({((("d", 0), 1), ((), -start))} if start else ())
        others = [op.name for op in body.operations if not op.name.startswith(_BODY_OPS)
                  and op.name not in ("scf.if", "scf.yield")]
        if others:
            raise Unsupported("a loop carrying a value that does more than compute it")
        self.init = list(view_as(loop, affine.AffineForOp).inits)[0]
        yielded = body.operations[len(body.operations) - 1].operands[0]
        self.tree: Node = value_tree(yielded, body, reader.leaf)
        self.operands = reader.operands
        self.element = loop.results[0].type
        self.iterators = ["sequential"]
