"""lower-kernel-launch-to-cublas: launches whose template declares `cublas` call cuBLAS."""

from __future__ import annotations

from polylift.passes.lower_kernel_launch import GPU_OPTIONS, LowerKernelLaunchPass


class LowerKernelLaunchToCublasPass(LowerKernelLaunchPass):
    """Rewrite each `kernel.launch` the cublas backend implements into a shim call."""

    name = "lower-kernel-launch-to-cublas"
    summary = "Lower kernel.launch to calls of cuBLAS (polylift_cublas_*)"
    backend = "cublas"
    option_help = GPU_OPTIONS
