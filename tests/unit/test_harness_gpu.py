"""harness.gpu: whether a GPU is usable, and why not, on any machine."""

from __future__ import annotations

import ctypes
from typing import Any

import pytest

from polylift.harness.programs import gpu


class _FakeDriver:
    def __init__(self, init_status: int, devices: int) -> None:
        self.init_status, self.devices = init_status, devices

    def cuInit(self, _flags: int) -> int:  # noqa: N802 (the driver's name)
        return self.init_status

    def cuDeviceGetCount(self, out: Any) -> int:  # noqa: N802
        ctypes.cast(out, ctypes.POINTER(ctypes.c_int))[0] = self.devices
        return 0


@pytest.fixture
def driver(monkeypatch: pytest.MonkeyPatch):
    """Install a fake driver library (or none) for one test."""
    gpu._device_count.cache_clear()

    def install(fake: _FakeDriver | None) -> None:
        def load(_name: str) -> _FakeDriver:
            if fake is None:
                raise OSError("not found")
            return fake
        monkeypatch.setattr(gpu.ctypes, "CDLL", load)

    yield install
    gpu._device_count.cache_clear()


def test_no_driver_library(driver) -> None:
    driver(None)
    ok, reason = gpu.gpu_available()
    assert not ok and "no NVIDIA driver library" in reason
    with pytest.raises(gpu.GpuError, match="no usable GPU: no NVIDIA driver"):
        gpu.require_gpu()


def test_driver_that_fails_to_initialise(driver) -> None:
    driver(_FakeDriver(init_status=100, devices=0))
    assert gpu.gpu_available(need_pycuda=False) == (
        False, "the NVIDIA driver failed to initialise (cuInit returned 100)")


def test_no_device(driver) -> None:
    driver(_FakeDriver(init_status=0, devices=0))
    assert gpu.gpu_available(need_pycuda=False) == (False, "no CUDA device")


def test_device_without_pycuda(driver, monkeypatch: pytest.MonkeyPatch) -> None:
    driver(_FakeDriver(init_status=0, devices=2))
    monkeypatch.setattr(gpu.importlib.util, "find_spec", lambda _name: None)
    assert gpu.gpu_available(need_pycuda=False) == (True, "")
    ok, reason = gpu.gpu_available()
    assert not ok and "polylift[gpu-run]" in reason


def test_timing_refuses_zero_repeats() -> None:
    with pytest.raises(gpu.GpuError, match="repeat"):
        gpu.time_cuda(lambda: None, repeat=0)


def test_real_answer_is_consistent() -> None:
    gpu._device_count.cache_clear()
    ok, reason = gpu.gpu_available(need_pycuda=False)
    assert ok == (reason == "")
