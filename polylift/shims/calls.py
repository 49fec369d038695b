"""Calling a shim of a built library from Python (ctypes), with strided views as arrays.

The shim tests and `scripts/bench_shims.py` call shims this way. Every argument comes
from the template's shim signature: sizes from the arrays' shapes (unless given),
pointers and strides from the views (numpy arrays: `.ctypes.data`, `.strides`,
`.itemsize`, `.shape`), so a strided or offset view exercises the shim's `ld`/`inc`
handling exactly as a memref subview would.
"""

from __future__ import annotations

import ctypes
from functools import cache
from typing import Any

from polylift.shims.build import shim_library
from polylift.shims.header import shim_symbol
from polylift.tdl.library import KernelTemplate

C_TYPES = {"f32": ctypes.c_float, "f64": ctypes.c_double, "i8": ctypes.c_int8,
           "i16": ctypes.c_int16, "i32": ctypes.c_int32, "i64": ctypes.c_int64,
           "u8": ctypes.c_uint8}


@cache
def shim_cdll(backend: str) -> ctypes.CDLL:
    """The shared shim library of a backend, built (or cached) and loaded once."""
    return ctypes.CDLL(str(shim_library(backend, kind="shared").path))


def _size(template: KernelTemplate, name: str, values: dict[str, Any]) -> int:
    if name in values:
        return int(values[name])
    info = next(s for s in template.sizes if s.name == name)
    return int(values[info.array].shape[info.dim])


def call_shim(lib: ctypes.CDLL, template: KernelTemplate, backend: str, dtype: str,
              values: dict[str, Any]) -> None:
    """Call `polylift_<backend>_<launch>_<dtype>` with arrays and scalars from `values`."""
    argtypes: list = []
    args: list = []
    for arg in template.shim_args:
        if arg.kind == "size":
            argtypes.append(ctypes.c_int64)
            args.append(_size(template, arg.name, values))
        elif arg.kind == "ld":
            view = values[arg.param]
            argtypes.append(ctypes.c_int64)
            args.append(view.strides[arg.dim] // view.itemsize)
        elif arg.kind == "scalar":
            argtypes.append(C_TYPES[arg.dtype or dtype])
            args.append(values[arg.name])
        else:
            argtypes.append(ctypes.c_void_p)
            args.append(values[arg.param].ctypes.data)
    fn = getattr(lib, shim_symbol(backend, template.launch, dtype))
    fn.argtypes, fn.restype = argtypes, None
    fn(*args)
