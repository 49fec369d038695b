"""GPU execution for the harness: is a GPU usable, a CUDA context, device arrays, timing.

`gpu_available()` asks the NVIDIA driver library directly (through ctypes), so it works
and answers with a reason on any machine: no driver library, a driver that fails to
initialise, no device, or (when asked for) no pycuda. The helpers that run work on the
GPU use pycuda (`pip install 'polylift[gpu-run]'`), imported only when called, so this
module imports and answers everywhere.

The context is the device's primary context, the one the CUDA runtime API uses too, so
shim libraries called from the same process (through ctypes or a compiled program's
`dlopen`) see the same device memory and streams.
"""

from __future__ import annotations

import ctypes
import importlib.util
import statistics
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from typing import Any

from polylift.errors import PolyliftError, UsageError
from polylift.passes.stages import lowered_backends
from polylift.shims.cuda_build import find_wheel_root
from polylift.shims.generate import CUDA_BACKENDS

DRIVER_LIBRARY = "libcuda.so.1"
RUNTIME_LIBRARY = "libcudart.so.13"
PYCUDA_HINT = "pip install 'polylift[gpu-run]' (pycuda builds only where a driver is installed)"


class GpuError(PolyliftError):
    """No usable GPU, or a CUDA call of the harness failed."""


@cache
def _device_count() -> tuple[int, str]:
    """(number of CUDA devices, reason when there are none) from the driver library."""
    try:
        driver = ctypes.CDLL(DRIVER_LIBRARY)
    except OSError:
        return 0, f"no NVIDIA driver library ({DRIVER_LIBRARY} cannot be loaded)"
    status = driver.cuInit(0)
    if status != 0:
        return 0, f"the NVIDIA driver failed to initialise (cuInit returned {status})"
    count = ctypes.c_int(0)
    status = driver.cuDeviceGetCount(ctypes.byref(count))
    if status != 0:
        return 0, f"cuDeviceGetCount returned {status}"
    if count.value == 0:
        return 0, "no CUDA device"
    return count.value, ""


def gpu_available(need_pycuda: bool = True) -> tuple[bool, str]:
    """(True, "") when a CUDA device can run work here, else (False, why not).

    With `need_pycuda=False` only the driver and a device are required (enough to call
    the cuda shim libraries, which bring their own runtime).
    """
    count, reason = _device_count()
    if count == 0:
        return False, reason
    if need_pycuda and importlib.util.find_spec("pycuda") is None:
        return False, f"pycuda is not installed: {PYCUDA_HINT}"
    return True, ""


def _runtime_problem() -> str:
    """Why the CUDA runtime library cannot use a device here, or "" (it checks what the
    driver alone does not: a driver too old for the runtime the shims link)."""
    candidates = [RUNTIME_LIBRARY]
    root = find_wheel_root()
    if root is not None:
        candidates.insert(0, str(root / "cu13" / "lib" / RUNTIME_LIBRARY))
    for name in candidates:
        try:
            runtime = ctypes.CDLL(name)
        except OSError:
            continue
        count = ctypes.c_int(0)
        status = runtime.cudaGetDeviceCount(ctypes.byref(count))
        if status == 0:
            return ""
        runtime.cudaGetErrorName.restype = ctypes.c_char_p
        error = runtime.cudaGetErrorName(status).decode()
        return f"cudaGetDeviceCount failed: {error}"
    return ""  # no runtime here: the driver's answer stands


def require_backend_devices(passes: Sequence[str]) -> None:
    """Refuse, before anything is built, to run cuda backends on a machine where they
    cannot run: no driver, no device, or a driver the runtime cannot use."""
    cuda = [b for b in lowered_backends(passes) if b in CUDA_BACKENDS]
    if not cuda:
        return
    count, reason = _device_count()
    reason = reason if count == 0 else _runtime_problem()
    if reason:
        raise UsageError(f"backend {cuda[0]} needs an NVIDIA GPU and driver: {reason}; "
                         "use --bundle to build for another machine")


def require_gpu(need_pycuda: bool = True) -> None:
    """Raise `GpuError` with the reason when no GPU is usable."""
    ok, reason = gpu_available(need_pycuda)
    if not ok:
        raise GpuError(f"no usable GPU: {reason}")


def _driver_module() -> Any:
    require_gpu()
    import pycuda.driver as drv

    return drv


@contextmanager
def cuda_context(device: int = 0) -> Iterator[Any]:
    """The primary context of `device`, current for the duration of the block."""
    drv = _driver_module()
    drv.init()
    ctx = drv.Device(device).retain_primary_context()
    ctx.push()
    try:
        yield ctx
    finally:
        ctx.pop()


def to_device(array: Any) -> Any:
    """A device copy of a numpy array (a `pycuda.gpuarray.GPUArray`); needs a context."""
    require_gpu()
    import pycuda.gpuarray as gpuarray

    return gpuarray.to_gpu(array)


def from_device(device_array: Any) -> Any:
    """The host (numpy) copy of a device array."""
    return device_array.get()


def time_cuda(fn: Callable[[], object], repeat: int = 5, warmup: int = 1) -> float:
    """Median milliseconds of `fn()` measured with CUDA events on the default stream.

    Each run is bracketed by events recorded before and after it; `fn` may launch
    kernels, call shims or copy memory. Needs a current context (`cuda_context()`).
    """
    if repeat < 1:
        raise GpuError("time_cuda needs repeat >= 1")
    drv = _driver_module()
    for _ in range(warmup):
        fn()
    drv.Context.synchronize()
    times = []
    for _ in range(repeat):
        start, stop = drv.Event(), drv.Event()
        start.record()
        fn()
        stop.record()
        stop.synchronize()
        times.append(stop.time_since(start))
    return statistics.median(times)
