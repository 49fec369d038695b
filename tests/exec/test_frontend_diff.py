"""Differential runs of polylift-cc: the translated MLIR, JIT-compiled, must compute the
same bits as gcc -O2 -ffp-contract=off on the same C kernel, for every array it writes.

Driven by the `Signature` of each translated function, so it covers every benchmark
program (`benchmarks/*/*.c`, at MINI size) and the small programs in `inputs/`.
"""

from __future__ import annotations

import ctypes
import re
import subprocess
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from polylift.frontend import Param, Signature, translate_file

from .jit import jit, same_bits

ROOT = Path(__file__).resolve().parents[2]
INCLUDE = ROOT / "benchmarks" / "include"
INPUTS = Path(__file__).parent / "inputs"
# The framework suite's functions take structs and link another file: its own test
# (test_framework_diff.py) calls them through generated shims.
PROGRAMS = sorted(p for p in ROOT.glob("benchmarks/*/*.c") if p.parent.name != "framework") \
    + sorted(INPUTS.glob("*.c"))
DEFINES = ["MINI_DATASET"]
NUMPY = {"double": np.float64, "float": np.float32, "char": np.int8, "signed char": np.int8,
         "unsigned char": np.uint8, "short": np.int16, "unsigned short": np.uint16,
         "int": np.int32, "unsigned int": np.uint32, "long": np.int64,
         "unsigned long": np.uint64, "long long": np.int64, "unsigned long long": np.uint64}


def macros(path: Path) -> dict[str, int]:
    """Integer-valued object-like macros of the program at MINI size."""
    out = subprocess.run(["gcc", "-E", "-dM", f"-I{INCLUDE}", *[f"-D{d}" for d in DEFINES],
                          str(path)], capture_output=True, text=True, check=True).stdout
    found: dict[str, int] = {}
    for match in re.finditer(r"^#define (\w+) \(?(-?\d+)\)?$", out, re.M):
        found[match.group(1)] = int(match.group(2))
    return found


def _evaluate(expr: str, env: dict[str, int]) -> int | None:
    """An integer C expression over known names, or None."""
    text = re.sub(r"\b[A-Za-z_]\w*\b", lambda m: str(env.get(m.group(0), "?")), expr)
    if not re.fullmatch(r"[\d\s+*/%()-]+", text):
        return None
    return int(eval(text.replace("/", "//")))  # noqa: S307 - digits and operators only


def sizes(sig: Signature, known: dict[str, int], source: str) -> dict[str, int]:
    """A value for each integer scalar: the program's macro of that name, else the value
    its `main` gives it (`int oh = h - ks + 1`), else a small default."""
    env = dict(known)
    values: dict[str, int] = {}
    defaults = iter([5, 7, 9, 11, 6, 8, 10, 4, 3, 12, 13, 14])
    for p in sig.params:
        if p.kind != "scalar" or p.mlir_type != "index":
            continue
        value = env.get(p.name.upper())
        for match in re.finditer(rf"\b{p.name}\s*=\s*([^,;]+)[,;]", source):
            value = value if value is not None else _evaluate(match.group(1), env)
        values[p.name] = env[p.name] = value if value is not None else next(defaults)
    return values


def index_ranges(source: str, sig: Signature, ints: dict[str, int]
                 ) -> dict[str, tuple[str, int, int]]:
    """What the program's index arrays hold (benchmarks/README.md): name -> (`index`,
    count, base) for `POLYLIFT_INDEX(name, count[, base])`, every element in base ..
    base+count-1, and (`offsets`, count, base) for `POLYLIFT_OFFSETS(name, count[,
    base])`, non-decreasing from base to at most base+count (a compressed format's row
    pointers); for the arrays of `sig`."""
    arrays = {p.name for p in sig.params if p.kind == "array"}
    found = {}
    pattern = r"POLYLIFT_(INDEX|OFFSETS)\((\w+), ([^,)]+)(?:, (\d+))?\)"
    for kind, name, count, base in re.findall(pattern, source):
        if name not in arrays:
            continue
        value = _evaluate(count, ints)
        assert value is not None, f"cannot evaluate {count}"
        found[name] = (kind.lower(), value, int(base or 0))
    return found


def ranged_input(kind: str, count: int, base: int, shape: tuple[int, ...], dtype,
                 rng: np.random.Generator) -> np.ndarray:
    """An index array of `kind` (`index_ranges`) with random contents."""
    if kind == "index":
        return (rng.integers(0, count, shape) + base).astype(dtype)
    steps = rng.integers(0, 3, shape)  # rows of 0, 1 or 2 entries until count is reached
    steps.flat[0] = 0
    return (np.minimum(np.cumsum(steps).reshape(shape), count) + base).astype(dtype)


def make_input(p: Param, ints: dict[str, int], rng: np.random.Generator,
               ranges: dict[str, tuple[str, int, int]] | None = None) -> np.ndarray:
    """Deterministic random contents for an array parameter (an index array's within
    its range)."""
    # A plain pointer has no size: take the product of all sizes, and at least 64 Ki.
    total = max(1 << 16, min(1 << 20, int(np.prod([abs(v) for v in ints.values()] or [1]))))
    shape = tuple(total if d == "?" else ints[d] if isinstance(d, str) else d for d in p.dims)
    dtype = NUMPY[p.ctype]
    if ranges and p.name in ranges:
        return ranged_input(*ranges[p.name], shape, dtype, rng)
    if np.issubdtype(dtype, np.floating):
        return rng.uniform(0.5, 1.5, shape).astype(dtype)
    info = np.iinfo(dtype)
    data = rng.integers(max(info.min, -100), min(info.max, 100), shape, endpoint=True)
    data[data == 0] = 1
    return data.astype(dtype)


def scalar_value(p: Param, ints: dict[str, int]) -> float | int:
    """The value of a scalar parameter."""
    return ints[p.name] if p.name in ints else 1.25 if p.ctype == "double" else 0.75


def build_reference(path: Path, tmp: Path) -> ctypes.CDLL:
    """The program compiled by gcc as a shared library with its kernels exported."""
    lib = tmp / f"{path.stem}.so"
    subprocess.run(["gcc", "-O2", "-ffp-contract=off", "-shared", "-fPIC", "-Dstatic=",
                    "-Dmain=polylift_unused_main", f"-I{INCLUDE}",
                    *[f"-D{d}" for d in DEFINES], str(path), "-o", str(lib), "-lm"],
                   check=True, capture_output=True)
    return ctypes.CDLL(str(lib))


def ctypes_scalar(p: Param, value: float | int) -> Any:
    """The C argument for a scalar parameter."""
    if p.ctype == "double":
        return ctypes.c_double(value)
    if p.ctype == "float":
        return ctypes.c_float(value)
    return np.ctypeslib.as_ctypes_type(NUMPY[p.ctype])(int(value))


def run_reference(lib: ctypes.CDLL, sig: Signature, args: list) -> Any:
    """Call the gcc-compiled kernel on the arrays (in place); what it returns."""
    c_args = []
    for p, value in zip(sig.params, args, strict=True):
        if p.kind == "array":
            c_args.append(value.ctypes.data_as(ctypes.c_void_p))
        else:
            c_args.append(ctypes_scalar(p, value))
    kernel = getattr(lib, sig.name)
    if sig.result is not None:
        kernel.restype = type(result_holder(sig))
    return kernel(*c_args)


def result_holder(sig: Signature) -> Any:
    """A ctypes value for what the function returns (it must return a scalar)."""
    assert sig.result is not None
    if sig.result.ctype in ("float", "double"):
        return ctypes.c_float() if sig.result.ctype == "float" else ctypes.c_double()
    return np.ctypeslib.as_ctypes_type(NUMPY[sig.result.ctype])()


def run_mlir(engine, sig: Signature, args: list) -> object:
    """Call the JIT-compiled kernel on the arrays (in place); what it returns."""
    from mlir.runtime import get_ranked_memref_descriptor

    packed, keep = [], []
    for p, value in zip(sig.params, args, strict=True):
        if p.kind == "array":
            desc = ctypes.pointer(get_ranked_memref_descriptor(value))
            keep.append(desc)
            packed.append(ctypes.pointer(desc))
        elif p.mlir_type == "index":
            packed.append(ctypes.pointer(ctypes.c_int64(int(value))))
        else:
            packed.append(ctypes.pointer(ctypes_scalar(p, value)))
    if sig.result is None:
        engine.invoke(sig.name, *packed)
        return None
    holder = result_holder(sig)
    engine.invoke(sig.name, *packed, ctypes.pointer(holder))
    return holder.value


@pytest.mark.parametrize("path", PROGRAMS, ids=[f"{p.parent.name}/{p.name}" for p in PROGRAMS])
def test_translation_matches_gcc(path: Path, tmp_path: Path) -> None:
    translation = translate_file(str(path), [str(INCLUDE)], DEFINES, "*")
    assert translation.signatures, "no kernel translated"
    lib = build_reference(path, tmp_path)
    engine = jit(translation.mlir)
    known = macros(path)
    for sig in translation.signatures.values():
        ints = sizes(sig, known, path.read_text())
        rng = np.random.default_rng(1234)
        ranges = index_ranges(path.read_text(), sig, ints)
        inputs = [make_input(p, ints, rng, ranges) if p.kind == "array"
                  else scalar_value(p, ints) for p in sig.params]
        ref = [a.copy() if isinstance(a, np.ndarray) else a for a in inputs]
        got = [a.copy() if isinstance(a, np.ndarray) else a for a in inputs]
        expected = run_reference(lib, sig, ref)
        found = run_mlir(engine, sig, got)
        assert sig.written or sig.result is not None, f"{sig.name} computes nothing"
        if sig.result is not None:
            dtype = NUMPY[sig.result.ctype]
            assert np.array([expected], dtype).tobytes() == np.array([found], dtype).tobytes(), \
                f"{sig.name} returned {found}, gcc {expected}"
        for index, p in enumerate(sig.params):
            before, want, have = inputs[index], ref[index], got[index]
            if p.name in sig.written:
                assert isinstance(want, np.ndarray) and isinstance(have, np.ndarray)
                assert same_bits(want, have), f"{sig.name}: '{p.name}' differs"
            elif p.kind == "array":
                assert isinstance(before, np.ndarray) and isinstance(have, np.ndarray)
                assert same_bits(before, have), f"{sig.name} wrote '{p.name}'"
