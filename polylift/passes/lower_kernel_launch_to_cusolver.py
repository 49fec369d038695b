"""lower-kernel-launch-to-cusolver: launches whose template declares `cusolver` call
cuSOLVER (factorizations)."""

from __future__ import annotations

from polylift.passes.lower_kernel_launch import GPU_OPTIONS, LowerKernelLaunchPass


class LowerKernelLaunchToCusolverPass(LowerKernelLaunchPass):
    """Rewrite each `kernel.launch` the cusolver backend implements into a shim call."""

    name = "lower-kernel-launch-to-cusolver"
    summary = "Lower kernel.launch to calls of cuSOLVER (polylift_cusolver_*)"
    backend = "cusolver"
    option_help = GPU_OPTIONS
