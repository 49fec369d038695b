"""Call shims of a built shim library through ctypes, with numpy views as arrays
(`polylift/shims/calls.py`), and the numpy type of each element type."""

from __future__ import annotations

import os

import numpy as np

from polylift.shims.calls import call_shim, shim_cdll

# One BLAS thread: the test machines are small and shared.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

NP_TYPES = {"f32": np.float32, "f64": np.float64, "i8": np.int8, "i16": np.int16,
            "i32": np.int32, "i64": np.int64, "u8": np.uint8, "u16": np.uint16}

__all__ = ["NP_TYPES", "call_shim", "shim_cdll"]
