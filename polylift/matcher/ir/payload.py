"""A payload as a tree: what a linalg body, or a loop body, computes from what it reads.

Nodes are `tree.py`'s: `Arg(i)` (block argument i, or operand i of a loop model),
`Val(v)` (a value from outside), `Const(x)`, `Apply(operator, children)` for the
template operators below, `Apply("lookup", (Val(table), key))`, `Index(d)` (loop dim d
read as a number), and, where conditions are read (loop bodies), `Apply("select", (test,
a, b))` over `conditions.py`'s comparison and `and` nodes.
"""

from __future__ import annotations

from collections.abc import Callable

from polylift.matcher.ir.conditions import NotACondition, condition_node
from polylift.matcher.ir.idioms import NotAnIdiom, select_node
from polylift.matcher.ir.ir_model import Unsupported, constant_value
from polylift.matcher.ir.tree import (
    Apply,
    Arg,
    Const,
    Index,
    Node,
    Val,
    apply,
    children,
    with_children,
)
from polylift.mlir import ir

# Payload ops the matcher understands, by name: the template operator they stand for.
# The template's `max(a, b)` is C's `a > b ? a : b`. For floats that differs from
# `arith.maximumf` and `arith.maxnumf` on NaN and signed zeros, so those keep their own
# names, which no template operator has; integer max is one function however written.
BINARY = {"arith.addf": "+", "arith.addi": "+", "arith.mulf": "*", "arith.muli": "*",
          "arith.subf": "-", "arith.subi": "-", "arith.divf": "/", "arith.divsi": "/",
          "arith.shrsi": ">>", "arith.shli": "<<", "arith.maximumf": "maximumf",
          "arith.maxnumf": "maxnumf", "arith.maxsi": "max", "arith.minimumf": "minimumf",
          "arith.minnumf": "minnumf", "arith.minsi": "min"}
UNARY = {"arith.negf": "neg", "math.sqrt": "sqrt", "math.exp": "exp", "math.tanh": "tanh",
         "math.absf": "abs",
         "math.absi": "abs", "arith.extsi": "sext", "arith.extui": "zext",
         "arith.trunci": "trunc"}

# Names a value a tree stops at, or None to read the value's op (see `value_tree`).
Leaf = Callable[[ir.Value], "Node | None"]


def payload(op: ir.OpView, value: ir.Value | None = None, conditions: bool = True) -> Node:
    """A value of a single-output generic's body (default: the yielded one) as a tree
    over its block arguments. A select is one of the template functions it provably is
    (max, min, clamp, abs, rdiv), else a conditional (with `conditions`, or the payload
    is not modelled)."""
    block = op.regions[0].blocks[0]
    if value is None:
        yielded = block.operations[len(block.operations) - 1]
        if len(yielded.operands) != 1:
            raise Unsupported("payload yields more than one value")
        value = yielded.operands[0]
    return _Reader(block, None, conditions).node(value)


def value_tree(value: ir.Value, block: ir.Block, leaf: Leaf) -> Node:
    """A value computed by code of `block` (and the branches nested in it) as a tree of
    the same nodes a payload has, conditions included; `leaf(v)` names the values the
    tree stops at (a load, a parameter), or returns None to let the value's op be read."""
    return _Reader(block, leaf, conditions=True).node(value)


def ancestor_in(op: ir.Operation | ir.OpView, block: ir.Block) -> ir.Operation | None:
    """The op of `block` that is `op` or holds it in a region (a branch of an `if`, a
    loop's body), or None when `op` is outside `block`."""
    inner = op.operation
    for _ in range(32):
        if inner.block == block:
            return inner
        parent = inner.block.owner
        if parent is None or parent.name in ("func.func", "builtin.module"):
            return None
        inner = parent.operation
    return None


def within(op: ir.Operation | ir.OpView, block: ir.Block) -> bool:
    """Whether `op` is in `block` or in a region nested in it (a branch of an `if`)."""
    return ancestor_in(op, block) is not None


class _Reader:
    """Reads values of one block into nodes (see the module doc)."""

    def __init__(self, block: ir.Block, leaf: Leaf | None, conditions: bool):
        self.block, self.leaf, self.conditions = block, leaf, conditions

    def node(self, value: ir.Value) -> Node:
        if self.leaf is not None:
            named = self.leaf(value)
            if named is not None:
                return named
        if isinstance(value, ir.BlockArgument):
            if value.owner == self.block:
                return Arg(value.arg_number)
            return Val(value)
        known = constant_value(value)
        if known is not None:
            return Const(known)
        if not within(value.owner, self.block):
            return Val(value)
        return self.op_node(value.owner)

    def op_node(self, owner: ir.OpView) -> Node:
        """The node of a payload op (not a constant) computing in the block."""
        name = owner.name
        if name == "arith.addi" and constant_value(owner.operands[0]) == 0:
            # `num = 0; num += a; num += b` starts its sum with 0: for integers (not for
            # floats, where 0 + -0 is +0) adding 0 changes nothing, so the sum is `a + b`.
            return self.node(owner.operands[1])
        if name == "arith.addi" and constant_value(owner.operands[1]) == 0:
            return self.node(owner.operands[0])
        if name in BINARY:
            return apply(BINARY[name], self.node(owner.operands[0]),
                         self.node(owner.operands[1]))
        if name in UNARY:
            return apply(UNARY[name], self.node(owner.operands[0]))
        if name == "arith.select":
            return self.select(owner)
        if name == "scf.if" and len(owner.results) == 1 and self.conditions:
            return self.branches(owner)
        if name == "memref.load":
            return self.lookup(owner)
        if name == "linalg.index":
            return Index(ir.IntegerAttr(owner.attributes["dim"]).value)
        if name in ("arith.index_cast", "arith.index_castui"):
            return self.index_cast(owner)
        if name in ("arith.extf", "arith.truncf", "arith.sitofp", "arith.uitofp"):
            return self.conversion(owner)
        raise Unsupported(f"payload op '{name}' has no template operator")

    def conversion(self, owner: ir.OpView) -> Node:
        """float <-> double, C's conversions (`sqrt(v)` of a float v, a double result
        stored into a float): the template's f64(x) and f32(x); a comparison read as a
        number (`truth_value`); no other conversion is a template operator."""
        name = owner.name
        types = (str(owner.results[0].type), str(owner.operands[0].type))
        if name in ("arith.extf", "arith.truncf") and set(types) <= {"f64", "f32"}:
            return apply(types[0], self.node(owner.operands[0]))
        if name in ("arith.sitofp", "arith.uitofp") and self.conditions:
            return self.truth_value(owner)
        raise Unsupported(f"payload converts types ('{name}')")

    def lookup(self, owner: ir.OpView) -> Node:
        """A read of a table captured from outside the body, at a subscript computed from
        data (the raising keeps such reads when nothing in the nest writes the table):
        `Apply("lookup", (Val(table), key))`, the key an integer converted to an index,
        wrapped in `unsigned` when the conversion zero-extends."""
        table = owner.operands[0]
        if not isinstance(table.owner, ir.Block) and within(table.owner, self.block):
            raise Unsupported("payload reads a table made inside the body")
        if len(owner.operands) != 2:
            raise Unsupported("payload reads a table of more than one dimension")
        cast = owner.operands[1].owner
        if not isinstance(cast, ir.Operation | ir.OpView) or \
                cast.name not in ("arith.index_cast", "arith.index_castui"):
            raise Unsupported("payload reads a table at a subscript that is not a converted "
                              "value")
        key = self.node(cast.operands[0])
        if cast.name == "arith.index_castui":
            key = apply("unsigned", key)
        return apply("lookup", Val(table), key)

    def select(self, owner: ir.OpView) -> Node:
        """max, min, a clamp or a rounding division, when the select provably is one;
        else, where conditions are read, `Apply("select", (test, then, else))`."""
        try:
            return select_node(owner, self.node)
        except NotAnIdiom as exc:
            if not self.conditions:
                raise Unsupported(str(exc)) from None
            reason = str(exc)
        try:
            test = condition_node(owner.operands[0], self.node)
        except NotACondition:
            raise Unsupported(reason) from None
        return apply("select", test, assume(self.node(owner.operands[1]), test, True),
                     assume(self.node(owner.operands[2]), test, False))

    def truth_value(self, owner: ir.OpView) -> Node:
        """A comparison used as a number (`x * (x > 0)`: C converts the int 0 or 1 to
        the float type): `Apply("select", (test, 1, 0))`, the same two values. Only an i1 read
        as unsigned (`uitofp`, or `sitofp` of its zero extension) is 0 or 1; `sitofp` of
        the i1 itself would be -1 or 0."""
        source = owner.operands[0]
        if owner.name == "arith.sitofp" or not _is_i1(source):
            widened = source.owner
            if not isinstance(widened, ir.Operation | ir.OpView) or \
                    widened.name != "arith.extui" or not _is_i1(widened.operands[0]):
                raise Unsupported(f"payload converts types ('{owner.name}')")
            source = widened.operands[0]
        try:
            test = condition_node(source, self.node)
        except NotACondition as exc:
            raise Unsupported(str(exc)) from None
        return apply("select", test, Const(1.0), Const(0.0))

    def branches(self, owner: ir.OpView) -> Node:
        """`scf.if` yielding one value: `Apply("select", (test, then, else))`, of which the
        source evaluates only the arm it takes (as the template's `c ? a : b` does)."""
        arms = []
        for region in owner.regions:
            body = region.blocks[0]
            arms.append(self.node(body.operations[len(body.operations) - 1].operands[0]))
        try:
            return apply("select", condition_node(owner.operands[0], self.node), *arms)
        except NotACondition as exc:
            raise Unsupported(str(exc)) from None

    def index_cast(self, owner: ir.OpView) -> Node:
        """A loop counter used as a number (`lut[k] = k`), or an integer made an index for
        an affine condition (a sign extension: the same number)."""
        inner = self.node(owner.operands[0])
        if isinstance(owner.operands[0].type, ir.IndexType) and not isinstance(inner, Index):
            raise Unsupported("payload converts an index that is no loop counter")
        return inner


def assume(node: Node, test: Node, truth: bool) -> Node:
    """`node` where `test` is known to be `truth`: a select on the same test is the arm
    it picks. If-conversion selects a harmless divisor where an arm is not taken
    (`c ? n / (c ? d : 1) : n`); read in its arm, that divisor is `d` again."""
    match node:
        case Apply("select", (inner, then, other)) if inner == test:
            return assume(then if truth else other, test, truth)
    return with_children(node, [assume(child, test, truth) for child in children(node)])


def _is_i1(value: ir.Value) -> bool:
    return isinstance(value.type, ir.IntegerType) and ir.IntegerType(value.type).width == 1


def captured(value: ir.Value, dtype: str) -> Node | None:
    """One level of a value the payload captures from outside its block, when it is a
    binary arithmetic op computing in `dtype` (`rnd = 1 << (shift - 1)` before the
    loops): its operator over the operands as captured values or constants. Pure ops
    give the same value hoisted or not, so the template may state the expression."""
    owner = value.owner
    if not isinstance(owner, ir.Operation | ir.OpView) or owner.name not in BINARY:
        return None
    if any(str(v.type) != dtype for v in [*owner.operands, *owner.results]):
        return None
    leaves = []
    for operand in owner.operands:
        known = constant_value(operand)
        leaves.append(Val(operand) if known is None else Const(known))
    return apply(BINARY[owner.name], *leaves)
