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
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

from polylift.errors import PolyliftError

DRIVER_LIBRARY = "libcuda.so.1"
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
