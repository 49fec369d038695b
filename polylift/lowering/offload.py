"""The `profitable` offload policy of the GPU lowerings: does moving the data pay?

Model. A launch of `F` flops that moves `B` bytes takes `F / P_host` on the host, and
about `L + B / W + F / P_gpu` when offloaded (PCIe transfer both ways counted in `B`):

- `P_host` ~ 76 GFLOP/s (a BLAS dgemm on the 2-core host measured for DESIGN.md),
- `W` ~ 25 GB/s (PCIe 4.0 x16 in practice),
- `P_gpu` >= 10 * `P_host`, so the GPU's own compute time is at most a tenth of the
  host's and is folded into the constants below,
- `L` ~ 20 us for a call (launch, synchronisation, small copies).

Offloading pays when `F / P_host > L + B / W + F / (10 P_host)`, which holds when both

    F >= F_MIN = L * P_host / 0.9  ~ 1.7e6            (rounded up to 2e6 flops)
    F >= I_MIN * B, I_MIN = P_host / (0.9 W) ~ 3.4    (rounded up to 4 flops per byte)

hold (each term then costs at most about half of the host time). Memory-bound kernels
(copies, axpy, gemv at ~0.4 flop/byte) never pass the intensity test; a square gemm
passes from n ~ 100. The cost expressions come from the template (`cost flops ...
bytes ...`). When every size is a compile-time constant the decision is taken now;
otherwise an `scf.if` decides at run time and keeps the original launch in its `else`
branch for the later lowerings.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from polylift import rewriter
from polylift.lowering.launch_call import Launch
from polylift.mlir import arith, ir, memref, scf
from polylift.tdl.ast import Bin, Expr, Neg, Num, Ref
from polylift.tdl.checks import ELEMENT_SIZE
from polylift.tdl.library import element_bytes

F_MIN = 2.0e6
I_MIN = 4.0
POLICIES = ("always", "profitable")
# A launch a GPU lowering kept on the host: the other GPU lowerings keep it there too.
DECLINED = "offload_declined"


def pays(flops: float, moved: float) -> bool:
    """Whether a launch of `flops` that moves `moved` bytes is worth offloading."""
    return flops >= F_MIN and flops >= I_MIN * moved


def criterion() -> str:
    """The offload test in words, for remarks."""
    return f"flops >= {F_MIN:g} and flops >= {I_MIN:g} * bytes"


@dataclass(frozen=True)
class Decision:
    """`offload`, `host` (both decided now) or `guard` (decided at run time)."""

    kind: str
    flops: float = 0.0
    moved: float = 0.0


def static_sizes(launch: Launch) -> dict[str, int] | None:
    """Each size symbol's value when every one is a static dim of its operand's type."""
    sizes: dict[str, int] = {}
    for info in launch.template.sizes:
        shape = ir.MemRefType(launch.operands[info.array].type)
        if shape.is_dynamic_dim(info.dim):
            return None
        sizes[info.name] = shape.get_dim_size(info.dim)
    return sizes


def decide(launch: Launch) -> Decision:
    """Offload, keep on the host, or guard: from the template's cost at known sizes."""
    sizes = static_sizes(launch)
    if sizes is None:
        return Decision("guard")
    flops, moved = launch.template.cost(sizes, launch.dtype)
    return Decision("offload" if pays(flops, moved) else "host", flops, moved)


class CostBuilder:
    """Builds the run-time value (f64) of a cost expression at one launch."""

    def __init__(self, launch: Launch):
        self.launch = launch
        self.loc = launch.location
        self.f64 = ir.F64Type.get()
        self.env: dict[str, ir.Value] = {}

    def constant(self, value: float) -> ir.Value:
        return arith.constant(self.f64, float(value), loc=self.loc)

    def size(self, name: str) -> ir.Value:
        if name not in self.env:
            info = next(s for s in self.launch.template.sizes if s.name == name)
            dim = memref.dim(self.launch.operands[info.array],
                             arith.constant(ir.IndexType.get(), info.dim, loc=self.loc),
                             loc=self.loc)
            i64 = arith.index_cast(ir.IntegerType.get_signless(64), dim, loc=self.loc)
            self.env[name] = arith.sitofp(self.f64, i64, loc=self.loc)
        return self.env[name]

    def value(self, expr: Expr) -> ir.Value:
        if isinstance(expr, Num):
            return self.constant(expr.value)
        if isinstance(expr, Ref) and expr.name == ELEMENT_SIZE:
            return self.constant(float(element_bytes(self.launch.dtype)))
        if isinstance(expr, Ref):
            return self.size(expr.name)
        if isinstance(expr, Neg):
            return arith.negf(self.value(expr.operand), loc=self.loc)
        assert isinstance(expr, Bin) and expr.op in "+-*/", expr
        build = {"+": arith.addf, "-": arith.subf, "*": arith.mulf, "/": arith.divf}[expr.op]
        return build(self.value(expr.lhs), self.value(expr.rhs), loc=self.loc)

    def condition(self) -> ir.Value:
        """`flops >= F_MIN && flops >= I_MIN * bytes`, as an i1."""
        ast = self.launch.template.ast
        assert ast.flops is not None and ast.bytes is not None
        flops, moved = self.value(ast.flops), self.value(ast.bytes)
        need = arith.mulf(self.constant(I_MIN), moved, loc=self.loc)
        big = arith.cmpf(arith.CmpFPredicate.OGE, flops, self.constant(F_MIN), loc=self.loc)
        dense = arith.cmpf(arith.CmpFPredicate.OGE, flops, need, loc=self.loc)
        return arith.andi(big, dense, loc=self.loc)


@dataclass(frozen=True)
class Branches:
    """An `scf.if` with an else, and the yield ending each arm (what an arm holds goes
    before it)."""

    op: ir.Operation
    then_end: ir.Operation
    else_end: ir.Operation


def guarded_branches(launch: Launch, condition: Callable[[CostBuilder], ir.Value]) -> Branches:
    """`scf.if (condition) {} else {}` where `launch` is, the condition built from the
    launch's sizes (`CostBuilder`)."""
    loc = launch.location
    with rewriter.before(launch.op), loc:
        branch = scf.IfOp(condition(CostBuilder(launch)), [], has_else=True, loc=loc)
    with rewriter.at_end(branch.then_block), loc:
        then_end = scf.YieldOp([], loc=loc)
    else_block = branch.else_block
    assert else_block is not None  # made with has_else
    with rewriter.at_end(else_block), loc:
        else_end = scf.YieldOp([], loc=loc)
    return Branches(branch.operation, then_end.operation, else_end.operation)


def build_guard(launch: Launch,
                emit_call: Callable[[ir.InsertionPoint], ir.Operation]) -> ir.Operation:
    """`scf.if (offload pays) { emit_call } else { the launch, moved here }`."""
    arms = guarded_branches(launch, lambda costs: costs.condition())
    emit_call(rewriter.before(arms.then_end))
    rewriter.move_before(launch.op, arms.else_end)
    rewriter.set_attribute(launch.op, DECLINED, ir.UnitAttr.get())
    return arms.op
