"""lower-kernel-launch-to-ref: launches call the ref shims (C loops in the template order)."""

from __future__ import annotations

from polylift.lowering.driver import CPU_OPTIONS, LaunchLoweringPass


class LowerKernelLaunchToRefPass(LaunchLoweringPass):
    """Rewrite each `kernel.launch` the ref backend implements into a shim call."""

    name = "lower-kernel-launch-to-ref"
    summary = "Lower kernel.launch to calls of the ref shims (polylift_ref_*)"
    backend = "ref"
    option_help = CPU_OPTIONS
