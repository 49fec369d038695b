"""What the matcher sees of a loop nest the raising kept, or of a store outside loops.

Some kernels are not linalg ops: a histogram writes at a subscript computed from data,
a running sum reads what its previous iteration wrote. The raising leaves such nests as
`affine.for` loops; a template states them as a scatter (`hist[unsigned(src[i,j])] += 1`)
or a recurrence (`cdf[k] = cdf[k-1] + hist[k] where k >= 1`). `LoopIR` reads a perfect
nest whose innermost body computes one value from loads and stores it, into the same
facts a linalg op gives the engine (`engine.StepIR`):

- loop dims are the counters, outermost first, each running by 1 from a constant start
  (a start above 0 is the mask `d - start >= 0`, matched by `where k >= start`) to an
  upper bound that is a constant or a value (the dim's key);
- the loads are the operands read (an `affine.load` at affine subscripts of the
  counters; a `memref.load` at a subscript computed from data is a lookup), the store
  is the operand written, or, at a computed subscript, the target key of a scatter;
- a dim the store's subscripts use runs in order (`sequential`); any other is reduced.

`StoreIR` reads a store outside loops (`cdf[0] = hist[0]`): no dims, loads and a store
at constant subscripts. In either, the body may hold only loads and arithmetic besides
the one store, so the value stored is the tree the template is compared with.
"""

from __future__ import annotations

from polylift.matcher.ir_model import (
    Lin,
    Node,
    Operand,
    Unsupported,
    compose,
    constant_value,
    value_tree,
)
from polylift.mlir import ir

# What a loop body may hold besides the one store: pure arithmetic and reads.
_BODY_OPS = ("arith.", "affine.load", "memref.load", "affine.apply", "affine.yield")


def _affine_lin(expr: ir.AffineExpr, dims: list[Lin | None], syms: list[Lin | None]) -> Lin:
    """An affine expression of map operands as a subscript over loop dims; an operand
    that is no counter must be a constant (None: unsupported)."""
    if isinstance(expr, ir.AffineDimExpr | ir.AffineSymbolExpr):
        lin = (dims if isinstance(expr, ir.AffineDimExpr) else syms)[expr.position]
        if lin is None:
            raise Unsupported("a subscript depends on a value computed outside the loops")
        return lin
    if isinstance(expr, ir.AffineConstantExpr):
        return Lin((), expr.value)
    if isinstance(expr, ir.AffineAddExpr):
        a, b = _affine_lin(expr.lhs, dims, syms), _affine_lin(expr.rhs, dims, syms)
        coeffs: dict[int, int] = dict(a.coeffs)
        for d, c in b.coeffs:
            coeffs[d] = coeffs.get(d, 0) + c
        return Lin(tuple(sorted((d, c) for d, c in coeffs.items() if c)), a.const + b.const)
    if isinstance(expr, ir.AffineMulExpr) and isinstance(expr.rhs, ir.AffineConstantExpr):
        return _affine_lin(expr.lhs, dims, syms).scale(expr.rhs.value)
    raise Unsupported(f"subscript '{expr}' is not linear")


class _Reader:
    """Loads and stores of a body, as operands over the counters `ivs` (dim = position)."""

    def __init__(self, ivs: list[ir.Value]):
        self.ivs = ivs
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
        lins = [_affine_lin(e, args[:amap.n_dims], args[amap.n_dims:]) for e in amap.results]
        root, access = compose(memref, lins)
        return root, tuple(access)

    def leaf(self, value: ir.Value) -> Node | None:
        """A load's result is an operand; a counter used as data is not modelled."""
        if value in self.ivs:
            raise Unsupported("the loop body uses a counter as data")
        if value in self.loads:
            return ("arg", self.loads[value])
        owner = value.owner
        if isinstance(owner, ir.Operation | ir.OpView) and owner.name == "affine.load":
            view = owner.opview
            root, access = self.subscripts(view, view.memref, list(view.indices))
            self.loads[value] = len(self.operands)
            self.operands.append(Operand(view.memref, root, access, False))
            return ("arg", self.loads[value])
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


def _bounds(loop: ir.OpView) -> tuple[int, tuple]:
    """A loop's constant start and its upper bound's key (a constant or a value)."""
    if len(loop.results) or ir.IntegerAttr(loop.attributes["step"]).value != 1:
        raise Unsupported("a loop with a step other than 1 or loop-carried values")
    lower = ir.AffineMapAttr(loop.attributes["lowerBoundMap"]).value
    upper = ir.AffineMapAttr(loop.attributes["upperBoundMap"]).value
    if len(lower.results) != 1 or not isinstance(lower.results[0], ir.AffineConstantExpr):
        raise Unsupported("a loop whose start is not a constant")
    start = ir.AffineConstantExpr(lower.results[0]).value
    operands = list(loop.opview.upperBoundOperands)
    if len(upper.results) != 1:
        raise Unsupported("a loop bounded by a min or max")
    expr = upper.results[0]
    if isinstance(expr, ir.AffineConstantExpr):
        return start, ("c", expr.value)
    if isinstance(expr, ir.AffineDimExpr | ir.AffineSymbolExpr) and len(operands) == 1:
        known = constant_value(operands[0])
        return start, ("c", int(known)) if known is not None else ("v", operands[0])
    raise Unsupported("a loop whose end is not a constant or a value")


def _store(body: ir.Block) -> ir.OpView:
    """The one store of a body that otherwise only loads and computes."""
    stores = [op for op in body.operations if op.name in ("affine.store", "memref.store")]
    others = [op.name for op in body.operations
              if op.name not in ("affine.store", "memref.store")
              and not op.name.startswith(_BODY_OPS)]
    if len(stores) != 1 or others:
        raise Unsupported("the loop body does more than compute one value and store it")
    return stores[0].opview


def _types(body: ir.Block) -> set[str]:
    found = set()
    for op in body.operations:
        if op.name.startswith("arith.") and op.name not in ("arith.cmpi", "arith.cmpf",
                                                            "arith.trunci", "arith.constant"):
            found.update(str(r.type) for r in op.results if str(r.type) not in ("index", "i1"))
    return found


class LoopIR:
    """A perfect `affine.for` nest as a step sees it (see the module doc)."""

    def __init__(self, loop: ir.OpView, accumulate: str = ""):
        from polylift.matcher.engine import peel_casts

        self.op = loop
        loops, body = _nest(loop)
        reader = _Reader([lp.opview.induction_variable for lp in loops])
        self.keys: dict[int, set] = {}
        mask = []
        for d, lp in enumerate(loops):
            start, key = _bounds(lp)
            self.keys[d] = {key}
            if start:
                mask.append(((("d", d), 1), ((), -start)))
        self.mask = frozenset(mask)
        store = _store(body)
        target, self.target_key = self._target(store, reader, body)
        self.tree: Node = value_tree(store.operands[0], body, reader.leaf)
        self.operands = [*reader.operands, target]
        self.element = ir.MemRefType(store.operands[1].type).element_type
        if accumulate:
            self.tree = peel_casts(self.tree, _types(body), accumulate, str(self.element))
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
            key = ("unsigned", key)
        root, _ = compose(memref, [Lin(((0, 1),))])
        return Operand(memref, root, (), True), key

    def element_subscripts(self, index: int) -> tuple[int, ...] | None:
        """Constant subscripts of an operand read at one element."""
        access = self.operands[index].access
        if any(lin.coeffs or lin.syms for lin in access):
            return None
        return tuple(lin.const for lin in access)


class StoreIR:
    """A store outside loops, `cdf[0] = hist[0]`: one element from elements."""

    iterators: list[str] = []
    keys: dict[int, set] = {}
    mask: frozenset = frozenset()
    target_key: Node | None = None

    def __init__(self, store: ir.OpView, accumulate: str = ""):
        from polylift.matcher.engine import peel_casts

        if store.name != "affine.store":
            raise Unsupported("a store at computed subscripts")
        self.op = store
        block = store.operation.block
        reader = _Reader([])
        root, access = reader.subscripts(store, store.operands[1], list(store.operands[2:]))
        self.tree: Node = value_tree(store.operands[0], block, reader.leaf)
        self.operands = [*reader.operands, Operand(store.operands[1], root, access, True)]
        self.element = ir.MemRefType(store.operands[1].type).element_type
        if accumulate:
            self.tree = peel_casts(self.tree, set(), accumulate, str(self.element))

    def element_subscripts(self, index: int) -> tuple[int, ...] | None:
        """Constant subscripts of an operand read at one element."""
        return tuple(lin.const for lin in self.operands[index].access)


def loads_feeding(store: ir.OpView) -> list[ir.Operation]:
    """The ops of the store's block that compute its value (loads and arithmetic), in
    block order; constants aside, which other ops may share."""
    block = store.operation.block
    found: list[ir.Operation] = []
    todo = [store.operands[0]]
    while todo:
        value = todo.pop()
        owner = value.owner
        if not isinstance(owner, ir.Operation | ir.OpView) or owner.operation.block != block \
                or owner.name == "arith.constant":
            continue
        if owner.operation not in found:
            found.append(owner.operation)
            todo.extend(owner.operands)
    order = {op.operation: i for i, op in enumerate(block.operations)}
    return sorted(found, key=lambda op: order[op])
