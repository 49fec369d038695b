"""lower-kernel-launch-to-cublaslt: launches whose template declares `cublaslt` call cuBLASLt."""

from __future__ import annotations

from polylift.passes.lower_kernel_launch import GPU_OPTIONS, LowerKernelLaunchPass


class LowerKernelLaunchToCublasltPass(LowerKernelLaunchPass):
    """Rewrite each `kernel.launch` the cublaslt backend implements into a shim call."""

    name = "lower-kernel-launch-to-cublaslt"
    summary = "Lower kernel.launch to calls of cuBLASLt (polylift_cublaslt_*)"
    backend = "cublaslt"
    option_help = GPU_OPTIONS
