"""Images, output views, benchmark kernels and window oracles for the PVA shim tests.

Shared by test_shims_pva.py (the filters and histeq) and test_shims_pva_tables.py (the
table operators: LUT and bilateral).
"""

from __future__ import annotations

import ctypes
import subprocess
from pathlib import Path

import numpy as np

from polylift.tdl.library import load_library
from tests.exec.shim_calls import call_shim, shim_cdll

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "benchmarks" / "image"
LIMITS = {"i8": (-128, 127), "i16": (-32768, 32767)}
NP = {"i8": np.int8, "i16": np.int16}
# The backends of the image launches: the ref loops, the fast host shims, the PVA model.
BACKENDS = ("ref", "host", "pva")


def build_bench_kernels(out: Path) -> dict[str, ctypes.CDLL]:
    """Each image benchmark built in `out` as a shared library exporting its kernel."""
    libs = {}
    for src in sorted(BENCH.glob("*.c")):
        lib = out / f"lib{src.stem}.so"
        subprocess.run(["gcc", "-O2", "-ffp-contract=off", "-fPIC", "-shared",
                        "-Dstatic=", f"-Dmain=unused_main_{src.stem}",
                        f"-I{ROOT / 'benchmarks' / 'include'}", str(src), "-o", str(lib), "-lm"],
                       check=True, capture_output=True)
        libs[src.stem] = ctypes.CDLL(str(lib))
    return libs


def image(rng: np.random.Generator, dtype: str, h: int, w: int, strided: bool):
    """A random h x w image; when `strided`, a view with ld > w inside a zero parent."""
    lo, hi = LIMITS[dtype]
    data = rng.integers(lo, hi + 1, size=(h, w)).astype(NP[dtype])
    if not strided:
        return data
    parent = np.zeros((h + 2, w + 7), dtype=NP[dtype])
    view = parent[1:1 + h, 3:3 + w]
    view[...] = data
    return view


def out_view(dtype: str, h: int, w: int, strided: bool):
    """An h x w output: zeros, or a strided view inside a parent filled with 77."""
    parent = np.full((h + 1, w + 4), 77, dtype=NP[dtype])
    return parent[1:, 2:2 + w] if strided else np.zeros((h, w), dtype=NP[dtype])


def run_template_launch(backend: str, launch: str, dtype: str, src, **extra):
    """Run a pva launch that the template library declares; return dst."""
    tpl = load_library().by_launch(launch)[0]
    dst = out_view(dtype, *src.shape, strided=not src.flags.c_contiguous)
    call_shim(shim_cdll(backend), tpl, backend, dtype, dict(src=src, dst=dst, **extra))
    return np.array(dst)


def bench_filter(libs, name: str, dtype: str, src, *extra):
    """Run kernel_<name>_<dtype>(h, w, *extra, in, out) of the benchmark."""
    h, w = src.shape
    out = np.zeros((h, w), dtype=NP[dtype])
    fn = getattr(libs[f"{name}_{dtype}"], f"kernel_{name}_{dtype}")
    fn.restype = None
    fn(ctypes.c_int(h), ctypes.c_int(w), *extra, ctypes.c_void_p(np.ascontiguousarray(src)
                                                                 .ctypes.data),
       ctypes.c_void_p(out.ctypes.data))
    return out


def windows(padded: np.ndarray) -> np.ndarray:
    """(h, w, 3, 3) int64 windows of an (h+2) x (w+2) array: window (i, j) is centred on
    padded[i+1, j+1]."""
    h, w = padded.shape[0] - 2, padded.shape[1] - 2
    return np.stack([np.stack([padded[a:a + h, b:b + w] for b in range(3)], axis=-1)
                     for a in range(3)], axis=-2).astype(np.int64)
