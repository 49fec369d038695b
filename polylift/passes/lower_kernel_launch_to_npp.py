"""lower-kernel-launch-to-npp: launches whose template declares `npp` call NVIDIA
Performance Primitives (8-bit image arithmetic)."""

from __future__ import annotations

from polylift.passes.lower_kernel_launch import GPU_OPTIONS, LowerKernelLaunchPass


class LowerKernelLaunchToNppPass(LowerKernelLaunchPass):
    """Rewrite each `kernel.launch` the npp backend implements into a shim call."""

    name = "lower-kernel-launch-to-npp"
    summary = "Lower kernel.launch to calls of NPP (polylift_npp_*)"
    backend = "npp"
    option_help = GPU_OPTIONS
