"""JIT helpers for differential tests: lower a module to LLVM and call its functions."""

from __future__ import annotations

import ctypes

import numpy as np

from polylift.mlir import ir, new_context, parse_module, passmanager
from polylift.passes.lower_masked_generics import LowerMaskedGenericsPass
from polylift.passes.lower_to_llvm import pipeline_text
from polylift.passes.registry import PassRun


def jit(text: str, masked_loops: bool = True, shared_libs: tuple[str, ...] = ()):
    """Parse `text`, lower it as polylift's `lower-to-llvm` does (masked generics to
    triangle loops, then the upstream pipeline) and return an ExecutionEngine whose
    functions have C interfaces. `masked_loops=False` lowers masked generics over their
    whole box instead (upstream's way). `shared_libs` resolve the functions the module
    calls as they are (C functions of other files)."""
    from mlir.execution_engine import ExecutionEngine

    ctx = new_context()
    module = parse_module(text, ctx)
    with ctx:
        for op in module.body.operations:
            # A declaration (a C function called as it is) keeps the C calling convention.
            if op.operation.name == "func.func" and len(op.operation.regions[0].blocks):
                op.operation.attributes["llvm.emit_c_interface"] = ir.UnitAttr.get()
        if masked_loops:
            LowerMaskedGenericsPass().run(module, PassRun())
        passmanager.PassManager.parse(pipeline_text()).run(module.operation)
    return ExecutionEngine(module, opt_level=2, shared_libs=list(shared_libs))


def call(engine, name: str, args: list) -> None:
    """Call `name` with numpy arrays (as memrefs), ints (index) and floats."""
    from mlir.runtime import get_ranked_memref_descriptor

    packed = []
    for arg in args:
        if isinstance(arg, np.ndarray):
            desc = get_ranked_memref_descriptor(arg)
            packed.append(ctypes.pointer(ctypes.pointer(desc)))
        elif isinstance(arg, np.floating):
            ctype = ctypes.c_float if arg.dtype == np.float32 else ctypes.c_double
            packed.append(ctypes.pointer(ctype(float(arg))))
        elif isinstance(arg, float):
            packed.append(ctypes.pointer(ctypes.c_double(arg)))
        else:
            packed.append(ctypes.pointer(ctypes.c_int64(int(arg))))
    engine.invoke(name, *packed)


def bits(array: np.ndarray) -> np.ndarray:
    """The bit patterns of `array`, for exact comparison."""
    view = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}[array.dtype.itemsize]
    return np.ascontiguousarray(array).view(view)


def same_bits(a: np.ndarray, b: np.ndarray) -> bool:
    """Bitwise equality through unsigned views (never float ==)."""
    return bool(np.array_equal(bits(a), bits(b)))
