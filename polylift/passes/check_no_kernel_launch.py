"""check-no-kernel-launch: fail, listing each one, when a `kernel.launch` is left."""

from __future__ import annotations

from polylift.lowering.driver import check_all_lowered
from polylift.mlir import ir
from polylift.passes.registry import Pass, PassRun
from polylift.passes.stages import CHECK_PASS


class CheckNoKernelLaunchPass(Pass):
    """Fail when a `kernel.launch` remains (no backend lowering claimed it)."""

    name = CHECK_PASS
    summary = "Fail when a kernel.launch is left that no backend lowering claimed"

    def run(self, module: ir.Module, run: PassRun) -> None:
        check_all_lowered(module, run.filename)
