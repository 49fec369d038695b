"""What a template step is matched against: a linalg op's IR facts (`GenericIR`), and
the peeling of an integer template's casts (`peel_casts`). Loop nests and stores give
the same facts (`loop_model.py`).
"""

from __future__ import annotations

from typing import Protocol

from polylift.matcher.ir.ir_model import (
    Operand,
    Unsupported,
    extent_keys,
    indexing_maps,
    iterator_kinds,
    linalg_operands,
    operands,
    payload_types,
)
from polylift.matcher.ir.mask import split_mask
from polylift.matcher.ir.payload import payload
from polylift.matcher.ir.tree import Apply, Arg, Cmp, Const, Node, children, with_children
from polylift.mlir import ir


class StepIR(Protocol):
    """What a step is matched against: a linalg op, a loop nest or a store.

    `operands`: the arrays read and the one written (last), as accesses over loop dims;
    `tree`: the stored value over them (`Arg(k)` is operand k); `trees`: that of each
    output, in order (a generic of a joint update has several); `mask`: the points
    updated, when not the whole box of the loops; `keys`: per loop dim, its trip count
    (its upper bound, for a loop starting above 0: `mask` states the start);
    `iterators`: per loop dim, `parallel`, `reduction` or `sequential` (a loop that
    runs in order); `target_key`: the subscript tree of a store at a computed subscript.
    """

    op: ir.OpView
    operands: list[Operand]
    mask: frozenset
    tree: Node
    element: ir.Type
    keys: dict[int, set]
    iterators: list[str]
    target_key: Node | None

    @property
    def trees(self) -> tuple[Node, ...]:
        """The value of each output, in order."""
        ...

    def element_subscripts(self, index: int) -> tuple[int, ...] | None:
        """The constant subscripts at which operand `index` is read, in the coordinates
        of its own value, when it is one element."""
        ...


class GenericIR:
    """The IR facts of one linalg op being matched against one step.

    With an accumulation type (integer templates), the payload must compute in that
    type: its reads are sign-extended there and its result truncated back, which the
    template states once with `accumulate`, so both casts are peeled off the tree.
    """

    target_key: Node | None = None

    def __init__(self, op: ir.OpView, accumulate: str = "", wide: frozenset = frozenset(),
                 unsigned: bool = False):
        self.op = op
        read = linalg_operands(op)
        self.operands: list[Operand] = operands(op, read)
        self.element = ir.MemRefType(read.values[read.inputs].type).element_type
        self.keys = extent_keys(op, read)
        self.iterators = iterator_kinds(op)
        block = op.regions[0].blocks[0]
        yielded = list(block.operations[len(block.operations) - 1].operands)
        if len(yielded) > 1:
            # A joint update's op (the raising makes it unmasked): one tree per output.
            if accumulate:
                raise Unsupported("an integer template's payload yields more than one value")
            self.mask: frozenset = frozenset()
            self.trees: tuple[Node, ...] = tuple(payload(op, v) for v in yielded)
            self.tree: Node = self.trees[0]
            return
        value, self.mask = split_mask(op)  # the triangle the op updates, if not the box
        self.tree = payload(op, value)
        self.trees = (self.tree,)
        if accumulate:
            self.tree = peel_casts(self.tree, payload_types(op), accumulate,
                                   str(self.element), wide, unsigned)
            self.trees = (self.tree,)

    def element_subscripts(self, index: int) -> tuple[int, ...] | None:
        """The constant subscripts of operand `index` in its view (from its map)."""
        amap = indexing_maps(self.op)[index]
        subscripts = [ir.AffineConstantExpr(e).value for e in amap.results
                      if isinstance(e, ir.AffineConstantExpr)]
        return tuple(subscripts) if len(subscripts) == len(amap.results) else None


def peel_casts(tree: Node, types: set[str], accumulate: str, element: str,
               wide: frozenset = frozenset(), unsigned: bool = False) -> Node:
    """A payload of integer arithmetic (`types`: the types it computes in) as arithmetic
    in `accumulate` (or a type in `wide` the template widens to with `i64(x)`), casts
    removed: the reads' sign extensions, or zero extensions for `unsigned` pixels (an
    extension of the other kind stays, and no template operator matches it)."""
    other = types - {accumulate} - wide
    if other:
        raise Unsupported(f"payload computes in {sorted(other)[0]}, the template in "
                          f"{accumulate}")
    if element == accumulate:
        return tree
    return _narrowed(tree, accumulate, element, "zext" if unsigned else "sext")


def _narrowed(tree: Node, accumulate: str, element: str, extension: str = "sext") -> Node:
    """The value truncated to the element type, read as the wider value truncated: each
    arm of a conditional store is truncated on its own (the same low bits as truncating
    their common value); a constant, or an element read and stored as it is (widened and
    narrowed again), needs no truncation."""
    match tree:
        case Apply("select", (test, then, other)):
            return Apply("select", (_unwiden(test, extension),
                                    _narrowed(then, accumulate, element, extension),
                                    _narrowed(other, accumulate, element, extension)))
        case Const() | Arg() | Apply("lookup"):
            return tree
        case Apply("trunc", (value,)):
            return _unwiden(value, extension)
        case _:
            raise Unsupported(f"payload does not truncate its {accumulate} result to "
                              f"{element}")


def _unwiden(node: Node, extension: str = "sext") -> Node:
    match node:
        case Apply(op, (Arg() as read,)) if op == extension:
            return read
        case Cmp(rel, terms, const):
            # A comparison of pixels compares them as the template reads them: extended.
            unwidened = [(_unwiden(atom, extension), coeff) for atom, coeff in terms]
            return Cmp(rel, tuple(sorted(unwidened, key=lambda t: repr(t[0]))), const)
        case Apply("unsigned"):
            # Under `unsigned` a widening is no C promotion: zero-extending a sign-extended
            # pixel reads other numbers than the pixel's unsigned bits, so it stays.
            return node
    return with_children(node, [_unwiden(c, extension) for c in children(node)])
