"""A loop nest the raising kept (`affine.for`), as a `model` program.

The nest may hold loops (step 1, one lower and one upper bound each), stores, and the
loads and arithmetic that compute what they store. A loop bounded by data (`scf.for`, the
front end's form of `for (k = rowptr[i]; k < rowptr[i+1]; k++)`) has the elements its
bounds read as bounds (`model.LoopNode`); its counter, converted to the C counter's type
and back, is a subscript like any, and a read at a subscript computed from data
(`x[col[k]]`) is `lookup(x[], key)`, the table whole, as a template states it.

A value a loop carries (`iter_args`: a C scalar such as an accumulator) is a variable:
its initial value is a statement before the loop, each yielded value a statement at the
end of the loop's body, and the loop's result and the body's argument read the variable.

A statement reads memory where its loads stand, not where it writes. The model puts
the reads at the statement, so every load must read what it would read there: no op
between the load and the statement (a loop holding the statement counts whole, all its
iterations) may write the load's memory, nor memory of an argument that may alias it.
A nest that does is not modelled (`Unsupported`, with the reason).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from polylift.function_versions import ARG_NAMES
from polylift.matcher.ir.ir_model import (
    SizeKey,
    Unsupported,
    affine_form,
    constant_value,
    value_key,
)
from polylift.matcher.ir.payload import ancestor_in, value_tree
from polylift.matcher.ir.tree import Index, Node, Read, Val, Var, apply
from polylift.matcher.program.from_generic import generic_loops
from polylift.matcher.program.model import Form, LoopAtom, LoopNode, SizeAtom, Stmt, reads
from polylift.mlir import affine, ir, view_as, walk
from polylift.raising.proof.aliasing import aliasing_names

# Ops whose values the statements' trees, bounds and views read: they stand anywhere.
_VALUE_OPS = ("arith.", "math.", "affine.load", "affine.apply", "affine.max", "affine.min",
              "memref.load", "memref.subview", "memref.cast", "memref.dim")
_CASTS = ("arith.index_cast", "arith.index_castui")
_STORES = ("affine.store", "memref.store")


@dataclass
class NestProgram:
    """What `nest_program` read: the loops, the value of each size key, the roots."""

    loops: tuple[LoopNode, ...]
    sizes: dict[SizeKey, ir.Value] = field(default_factory=dict)
    roots: list[ir.Value] = field(default_factory=list)
    written: list[ir.Value] = field(default_factory=list)
    names: dict[ir.Value, str] = field(default_factory=dict)  # for messages


def nest_program(ops: list[ir.OpView]) -> NestProgram:
    """The program of consecutive top-level loop nests (raises `Unsupported`)."""
    builder = _Builder(ops[0].operation.block, [op.operation for op in ops])
    loops = []
    for op in ops:
        item = builder.items([op.operation], 0)
        if len(item) != 1 or not isinstance(item[0], LoopNode):
            raise Unsupported("a loop program's nest is a loop that carries no value")
        loops.append(item[0])
    return NestProgram(tuple(loops), builder.sizes, builder.roots, builder.written,
                       builder.root_names())


class _Builder:
    def __init__(self, parent: ir.Block, nests: list[ir.Operation]):
        self.parent = parent  # the block holding the nest: trees are read within it
        self.nests = nests
        self.depth_of: dict[ir.Value, int] = {}
        self.var_of: dict[ir.Value, Node] = {}
        self.sizes: dict[SizeKey, ir.Value] = {}
        self.roots: list[ir.Value] = []
        self.written: list[ir.Value] = []

    def items(self, ops: Sequence[ir.Operation | ir.OpView], depth: int) -> list[Stmt | LoopNode]:
        found: list[Stmt | LoopNode] = []
        for op in ops:
            name = op.name
            if name == "affine.for":
                found += self.loop(op.opview, depth)
            elif name == "scf.for":
                found += self.data_loop(op.opview, depth)
            elif name == "affine.store":
                found.append(self.store(op.opview))
            elif name == "linalg.generic":
                found.append(generic_loops(self, op.opview, depth))
            elif name.startswith(_VALUE_OPS) or name in ("affine.yield", "scf.yield"):
                continue
            else:
                raise Unsupported(f"the loop nest holds '{name}'")
        return found

    def loop(self, op: ir.OpView, depth: int) -> list[Stmt | LoopNode]:
        if ir.IntegerAttr(op.attributes["step"]).value != 1:
            raise Unsupported("a loop with a step other than 1")
        loop = view_as(op, affine.AffineForOp)
        lower = self.bound(op, "lowerBoundMap", list(loop.lowerBoundOperands))
        upper = self.bound(op, "upperBoundMap", list(loop.upperBoundOperands))
        return self.counted(op, depth, (lower, upper), list(loop.inits))

    def data_loop(self, op: ir.OpView, depth: int) -> list[Stmt | LoopNode]:
        """An `scf.for` by 1 whose bounds are read from memory (or are sizes)."""
        lower, upper, step, *inits = op.operands
        if constant_value(step) != 1:
            raise Unsupported("a loop with a step other than 1")
        bounds = (self.data_bound(lower, op), self.data_bound(upper, op))
        return self.counted(op, depth, bounds, inits)

    def data_bound(self, value: ir.Value, loop: ir.OpView) -> Form | Node:
        """A bound of a data loop: the value converted to an index, as the tree of what
        it reads (checked to read what it would at the loop), or a form."""
        owner = value.owner
        if isinstance(owner, ir.Operation | ir.OpView) and owner.name in _CASTS:
            return self.tree(owner.operands[0], loop.operation)
        return self.value_form(value)

    def counted(self, op: ir.OpView, depth: int, bounds: tuple[Form | Node, Form | Node],
                inits: list[ir.Value]) -> list[Stmt | LoopNode]:
        """A loop counting up by 1 from `bounds[0]` below `bounds[1]`, its carried values
        (after the counter among the block's arguments) variables."""
        lower, upper = bounds
        block = op.regions[0].blocks[0]
        self.depth_of[block.arguments[0]] = depth
        carried = list(block.arguments)[1:]
        variables = []
        for k, arg in enumerate(carried):
            var = Var(len(self.var_of) // 2)
            self.var_of[arg] = var
            self.var_of[op.results[k]] = var
            variables.append(var)
        before = [Stmt(var, self.tree(init, op.operation), "")
                  for var, init in zip(variables, inits, strict=True)]
        body = self.items(list(block.operations), depth + 1)
        yielded = block.operations[len(block.operations) - 1]
        updates = [Stmt(var, self.tree(value, yielded.operation), "")
                   for var, value in zip(variables, yielded.operands, strict=True)]
        for k, update in enumerate(updates):
            if any(leaf in variables[:k] for leaf in reads(update.value)):
                # The yield assigns all at once; in order, this one would read the new value.
                raise Unsupported("a loop yields a value computed from another it yields")
        return [*before, LoopNode(lower, upper, (*body, *updates))]

    def bound(self, op: ir.OpView, attr: str, operands: list[ir.Value]) -> Form:
        amap = ir.AffineMapAttr(op.attributes[attr]).value
        if len(amap.results) != 1:
            raise Unsupported("a loop bounded by a min or max")
        return self.form(amap.results[0], amap.n_dims, operands)

    def form(self, expr: ir.AffineExpr, n_dims: int, operands: list[ir.Value]) -> Form:
        """An affine map result over its operands (counters, sizes, constants)."""
        forms = [self.value_form(v) for v in operands]
        found = affine_form(expr, [{**f.coeffs, 1: f.const} for f in forms], n_dims)
        if found is None:
            raise Unsupported(f"'{expr}' is not linear")
        return Form.of({a: c for a, c in found.items() if a != 1}, found.get(1, 0))

    def value_form(self, value: ir.Value) -> Form:
        """An index value as a form: a counter, a constant, affine arithmetic of those,
        or a size (a value from outside the nest, named by `ir_model.value_key`)."""
        if value in self.depth_of:
            return Form.of({LoopAtom(self.depth_of[value]): 1})
        known = constant_value(value)
        if known is not None:
            return Form(const=int(known))
        owner = value.owner
        if isinstance(owner, ir.Operation | ir.OpView) and owner.name == "affine.apply":
            amap = ir.AffineMapAttr(owner.attributes["map"]).value
            return self.form(amap.results[0], amap.n_dims, list(owner.operands))
        # Compared only when found: an op's `==` refuses None (in `list.__contains__`).
        holder = None if isinstance(owner, ir.Block) else ancestor_in(owner, self.parent)
        if holder is not None and holder in self.nests:
            raise Unsupported(f"a bound or subscript computed by '{owner.name}' in the nest")
        key = value_key(value)
        self.sizes.setdefault(key, value)
        return Form.of({SizeAtom(key): 1})

    def access(self, op: ir.OpView, memref: ir.Value, indices: list[ir.Value]) -> Read:
        amap = ir.AffineMapAttr(op.attributes["map"]).value
        subscripts = tuple(self.form(e, amap.n_dims, indices) for e in amap.results)
        return Read(self.root(memref), subscripts)

    def memref_read(self, op: ir.OpView, subtree: Callable[[ir.Value], Node]) -> Node:
        """A `memref.load`: at a data loop's counter, the element; at one subscript
        computed from data, `lookup(table[], key)` (the key wrapped in `unsigned` where the
        conversion zero-extends)."""
        memref, indices = op.operands[0], list(op.operands[1:])
        counters = [_counter_subscript(v) for v in indices]
        if all(c is not None and c in self.depth_of for c in counters):
            forms = tuple(Form.of({LoopAtom(self.depth_of[c]): 1}) for c in counters
                          if c is not None)
            return Read(self.root(memref), forms)
        cast = indices[0].owner if len(indices) == 1 else None
        if not isinstance(cast, ir.Operation | ir.OpView) or cast.name not in _CASTS:
            raise Unsupported("a read at a subscript computed from data that is no "
                              "converted value of one table")
        key = subtree(cast.operands[0])
        if cast.name == "arith.index_castui":
            key = apply("unsigned", key)
        return apply("lookup", Read(self.root(memref), ()), key)

    def root_names(self) -> dict[ir.Value, str]:
        """How messages name the nest's arrays: their C names where the front end kept
        them (`polylift.arg_names`), else their argument positions."""
        names = {}
        for root in self.roots:
            if not isinstance(root, ir.BlockArgument):
                continue
            func = ir.BlockArgument(root).owner.owner
            number = ir.BlockArgument(root).arg_number
            if func is not None and ARG_NAMES in func.attributes:
                names[root] = ir.StringAttr(ir.ArrayAttr(func.attributes[ARG_NAMES])[number]).value
            else:
                names[root] = f"argument {number}"
        return names

    def root(self, memref: ir.Value) -> ir.Value:
        while isinstance(memref.owner, ir.Operation | ir.OpView) and \
                memref.owner.name == "memref.cast":
            memref = memref.owner.operands[0]
        owner = memref.owner
        if not isinstance(owner, ir.Block) and owner.name not in ("memref.alloc",
                                                                   "memref.alloca"):
            raise Unsupported("the loop nest reads or writes through a view")
        if memref not in self.roots:
            self.roots.append(memref)
        return memref

    def store(self, op: ir.OpView) -> Stmt:
        target = self.access(op, op.operands[1], list(op.operands[2:]))
        if target.array not in self.written:
            self.written.append(target.array)
        return Stmt(target, self.tree(op.operands[0], op.operation), "")

    def tree(self, value: ir.Value, anchor: ir.Operation, block: ir.Block | None = None,
             inner: Callable[[ir.Value], Node | None] | None = None) -> Node:
        """The value stored at `anchor`, every load checked to read what it would there;
        a generic's payload is read in its `block`, its arguments named by `inner`."""
        loads: list[ir.OpView] = []

        def leaf(v: ir.Value) -> Node | None:
            named = inner(v) if inner is not None else None
            if named is not None:
                return named
            if v in self.depth_of:
                return Index(self.depth_of[v])
            if v in self.var_of:
                return self.var_of[v]
            owner = v.owner
            if isinstance(owner, ir.Block):
                return Val(v)  # an argument of the function (or of a loop around)
            if owner.name == "affine.load":
                loads.append(owner.opview)
                return self.access(owner.opview, owner.operands[0], list(owner.operands[1:]))
            if owner.name == "memref.load":
                loads.append(owner.opview)
                return self.memref_read(owner.opview, subtree)
            return None

        def subtree(v: ir.Value) -> Node:
            return value_tree(v, block or self.parent, leaf)

        node = subtree(value)
        for load in loads:
            _check_read(load, anchor, self.root(load.operands[0]))
        return node


def _counter_subscript(value: ir.Value) -> ir.Value | None:
    """The counter of a data loop that a subscript is, converted to the C counter's type
    and back (`index_cast(index_cast(k))`: its values come from that type), or None."""
    outer = value.owner
    if not isinstance(outer, ir.Operation | ir.OpView) or outer.name != "arith.index_cast":
        return None
    inner = outer.operands[0].owner
    if not isinstance(inner, ir.Operation | ir.OpView) or inner.name != "arith.index_cast":
        return None
    return inner.operands[0]


def _check_read(load: ir.OpView, anchor: ir.Operation, root: ir.Value) -> None:
    """No op between `load` and `anchor` writes what the load reads (module doc)."""
    block = load.operation.block
    holder = ancestor_in(anchor, block)
    if holder is None:
        raise Unsupported("a value read inside a loop is used outside it")
    ops = [op.operation for op in block.operations]
    start = ops.index(load.operation) + 1
    end = ops.index(holder) + (0 if holder == anchor.operation else 1)
    for op in ops[start:end]:
        if _writes(op, root):
            raise Unsupported("a value is read before a write that may change it, and "
                              "used after")


def _writes(op: ir.Operation, root: ir.Value) -> bool:
    """Whether `op` (or an op it holds) stores to `root` or memory that may alias it."""
    found = []

    def visit(inner: ir.Operation) -> ir.WalkResult:
        if inner.name in _STORES:
            written = inner.operands[1]
            while isinstance(written.owner, ir.Operation | ir.OpView) and \
                    written.owner.name == "memref.cast":
                written = written.owner.operands[0]
            if written == root or aliasing_names(written, root) is not None:
                found.append(inner)
        return ir.WalkResult.ADVANCE

    walk(op, visit, ir.WalkOrder.POST_ORDER)
    return bool(found)
