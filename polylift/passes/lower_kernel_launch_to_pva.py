"""lower-kernel-launch-to-pva: launches whose template declares `pva` call the PVA operators."""

from __future__ import annotations

from polylift.passes.lower_kernel_launch import GPU_OPTIONS, LowerKernelLaunchPass


class LowerKernelLaunchToPvaPass(LowerKernelLaunchPass):
    """Rewrite each `kernel.launch` the pva backend implements into a shim call."""

    name = "lower-kernel-launch-to-pva"
    summary = "Lower kernel.launch to calls of the PVA operators (polylift_pva_*)"
    backend = "pva"
    option_help = GPU_OPTIONS
