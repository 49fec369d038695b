"""lower-kernel-launch-to-host: launches that `host` implements call CBLAS or plain C."""

from __future__ import annotations

from polylift.passes.lower_kernel_launch import CPU_OPTIONS, LowerKernelLaunchPass


class LowerKernelLaunchToHostPass(LowerKernelLaunchPass):
    """Rewrite each `kernel.launch` the host backend implements into a shim call."""

    name = "lower-kernel-launch-to-host"
    summary = "Lower kernel.launch to calls of the host shims (polylift_host_*)"
    backend = "host"
    option_help = CPU_OPTIONS
