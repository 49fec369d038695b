"""lower-kernel-launch-to-ref: launches call the ref shims (C loops in the template order)."""

from __future__ import annotations

from polylift.passes.lower_kernel_launch import CPU_OPTIONS, LowerKernelLaunchPass


class LowerKernelLaunchToRefPass(LowerKernelLaunchPass):
    """Rewrite each `kernel.launch` the ref backend implements into a shim call."""

    name = "lower-kernel-launch-to-ref"
    summary = "Lower kernel.launch to calls of the ref shims (polylift_ref_*)"
    backend = "ref"
    option_help = CPU_OPTIONS
