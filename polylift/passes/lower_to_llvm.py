"""lower-to-llvm: the upstream conversion pipeline from linalg/affine/scf to the LLVM dialect.

The result goes through `mlir-translate --mlir-to-llvmir` and `llc`. Two properties
matter for bit-exact validation and are kept on purpose:

- linalg becomes loops in the order of its iteration dimensions (no tiling, no
  reassociation), so a raised kernel sums in the source order;
- nothing adds fast-math flags or FMA contraction: every step below preserves the
  `fastmath` attributes of arith ops (none by default), and `math.log1p` is not
  approximated.
"""

from __future__ import annotations

from polylift.errors import PassError
from polylift.lowering.driver import check_all_lowered
from polylift.mlir import collect_diagnostics, ir, passmanager
from polylift.passes.registry import Pass, PassRun

# Order matters: expand-strided-metadata emits affine.apply (so lower-affine runs after
# it), math-to-libm emits func.func declarations (so func-to-llvm runs after it).
LOWERING_PIPELINE: tuple[str, ...] = (
    "func.func(convert-linalg-to-loops)",
    "expand-strided-metadata",
    "lower-affine",
    "convert-scf-to-cf",
    "convert-math-to-llvm{approximate-log1p=false}",
    "convert-math-to-libm",
    "arith-expand",
    "finalize-memref-to-llvm",
    "convert-arith-to-llvm",
    "convert-index-to-llvm",
    "convert-func-to-llvm",
    "convert-cf-to-llvm",
    "reconcile-unrealized-casts",
)


def pipeline_text() -> str:
    """The lowering as one upstream `--pass-pipeline` string."""
    return "builtin.module(" + ",".join(LOWERING_PIPELINE) + ")"


class LowerToLlvmPass(Pass):
    """Lower linalg, affine, scf, memref, math, arith and func to the LLVM dialect."""

    name = "lower-to-llvm"
    summary = "Lower to the LLVM dialect (loop order kept, no fast-math, no contraction)"

    def run(self, module: ir.Module, run: PassRun) -> None:
        # A launch has no lowering of its own: it must have become a shim call first.
        check_all_lowered(module, run)
        pm = passmanager.PassManager.parse(pipeline_text(), module.context)
        with collect_diagnostics(module.context, run.filename) as diags:
            try:
                pm.run(module.operation)
            except ir.MLIRError as exc:
                errors = [d for d in diags if d.severity == "error"]
                if errors:
                    raise PassError(errors[0].message, errors[0].loc) from None
                raise PassError(f"lowering to LLVM failed: {exc}") from None
        leftover = _first_non_llvm_op(module)
        if leftover is not None:
            raise run.fail(leftover, f"'{leftover.name}' was not lowered to the LLVM dialect")


def _first_non_llvm_op(module: ir.Module) -> ir.Operation | None:
    """The first op outside the LLVM dialect (the module itself excepted), if any."""
    found: list[ir.Operation] = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        name = op.name
        if name != "builtin.module" and not name.startswith("llvm."):
            found.append(op)
            return ir.WalkResult.INTERRUPT
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    return found[0] if found else None
