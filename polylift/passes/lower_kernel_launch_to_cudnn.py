"""lower-kernel-launch-to-cudnn: launches whose template declares `cudnn` call cuDNN."""

from __future__ import annotations

from polylift.passes.lower_kernel_launch import GPU_OPTIONS, LowerKernelLaunchPass


class LowerKernelLaunchToCudnnPass(LowerKernelLaunchPass):
    """Rewrite each `kernel.launch` the cudnn backend implements into a shim call."""

    name = "lower-kernel-launch-to-cudnn"
    summary = "Lower kernel.launch to calls of cuDNN (polylift_cudnn_*)"
    backend = "cudnn"
    option_help = GPU_OPTIONS
