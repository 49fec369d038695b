"""The data model of a loop nest being raised: loops, accesses, statements.

`nest.py` builds it from an `affine.for` nest; fission, dependence tests and the
`linalg.generic` builder read it. Anything the model cannot express raises
`NotRaisable` with the reason shown to the user as a remark.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from polylift.mlir import affine, ir, view_as
from polylift.raising.nest_model.linear import Linear, NotAffine, map_to_linear
from polylift.raising.nest_model.materialize import Materializer


class NotRaisable(Exception):
    """The nest cannot be raised; `op` is where, `reason` says why. The location is
    read at once: `op` may sit in a converted copy of the nest that is erased before
    the remark is made."""

    def __init__(self, reason: str, op: ir.Operation | None = None):
        super().__init__(reason)
        self.reason = reason
        self.op = op
        self.location = op.location if op is not None else None


@dataclass(eq=False)
class Loop:
    """One `affine.for`: bounds as max/min of linear forms, and a step."""

    op: ir.Operation
    iv: ir.Value
    lower: list[Linear]
    upper: list[Linear]
    step: int
    name: str
    carried: list[ir.BlockArgument] = field(default_factory=list)  # iter_args block arguments


@dataclass(eq=False)
class Access:
    """A load or store: the memref and one linear form per subscript."""

    op: ir.Operation
    memref: ir.Value
    index: list[Linear]
    write: bool
    loaded: ir.Value | None = None  # the value read, when `op` is not a load (a temporary)

    @property
    def loaded_value(self) -> ir.Value:
        """The SSA value this read stands for in the statement's ops."""
        return self.loaded if self.loaded is not None else self.op.result


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


def loop_name(op: ir.Operation, depth: int) -> str:
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
    mat: Materializer | None = None  # creates temporaries ahead of the nest
    # Results of inner reductions the nest uses as values (not stores), each with the
    # element of its temporary T[enclosing ivs] that holds it (`nest._expand_result`).
    expanded: dict[ir.Value, Access] = field(default_factory=dict)

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
        view = view_as(op, affine.AffineForOp)
        operands = list(view.lowerBoundOperands if which == "lower" else view.upperBoundOperands)
        return map_to_linear(amap, [self.form(v) for v in operands])


def is_pure(op: ir.Operation) -> bool:
    return op.name.startswith(PURE_PREFIXES) or op.name in PURE_OPS


def as_operation(owner: object) -> ir.Operation:
    """The `Operation` behind an owner (an OpView or an Operation)."""
    return owner.operation if isinstance(owner, ir.OpView) else owner  # type: ignore[return-value]


def stored_value(store: ir.Operation) -> ir.Value:
    """The value an `affine.store` stores."""
    return view_as(store, affine.AffineStoreOp).value


def entry_block(op: ir.Operation) -> ir.Block:
    """The entry block of the function `op` is in (where a buffer is allocated once)."""
    inner = as_operation(op)
    while inner.parent is not None and inner.parent.name != "func.func":
        inner = inner.parent
    if inner.parent is None:
        raise NotRaisable("not raised: the nest is in no function", as_operation(op))
    return inner.parent.regions[0].blocks[0]
