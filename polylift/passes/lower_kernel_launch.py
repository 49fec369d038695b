"""What every `lower-kernel-launch-to-<backend>` pass shares: options, the offload
policy, loading the library, and the lowering itself (`polylift/lowering/driver.py`).

Not a pass of its own: each backend's pass module subclasses `LowerKernelLaunchPass`
and sets `backend`.
"""

from __future__ import annotations

from typing import ClassVar

from polylift.errors import UsageError
from polylift.lowering import offload
from polylift.lowering.driver import LaunchLowering
from polylift.mlir import ir
from polylift.passes.registry import Pass, PassRun
from polylift.tdl.library import load_library

CPU_OPTIONS = {"templates": "extra template directories (comma-separated)"}
GPU_OPTIONS = {**CPU_OPTIONS, "offload-policy": "always (default) or profitable: offload "
               "only where the template's cost says the transfer pays"}


class LowerKernelLaunchPass(Pass):
    """Base of the `lower-kernel-launch-to-<backend>` passes: set `backend`."""

    backend: ClassVar[str] = ""
    option_help: ClassVar[dict[str, str]] = CPU_OPTIONS

    @property
    def policy(self) -> str:
        """`always` or `profitable` (GPU backends only)."""
        return self.options.get("offload-policy", "always")

    def run(self, module: ir.Module, run: PassRun) -> None:
        if self.policy not in offload.POLICIES:
            raise UsageError(f"--offload-policy must be always or profitable, not "
                             f"'{self.policy}'")
        dirs = [d for d in self.options.get("templates", "").split(",") if d]
        library = load_library(dirs)

        def remark(op: ir.Operation | ir.OpView, message: str, kind: str) -> None:
            run.remark(op, f"{self.name}: {message}", kind)

        with module.context:
            LaunchLowering(self.backend, self.policy, remark, run.at).run(module, library,
                                                                          run.filename)
