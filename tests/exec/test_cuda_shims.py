"""The cuda shim libraries (cublas, cublaslt, cudnn, cusolver, npp).

Without a GPU: wherever nvcc and the CUDA 13 wheels are installed, each backend builds
as a static and a shared library that defines every symbol the generated header
declares for it, and a C program links against it; run without a driver, such a program
stops with a message naming the shim. On a GPU (tests marked `gpu`): every cuda shim of
every template agrees with the `ref` shim, bit for bit on exact inputs (small integers
times powers of two) unless the template divides or takes roots, and within the
template's ULP bound on random inputs, for contiguous, padded and reversed views; inputs
and the gaps of strided views are left untouched; and the device-buffer cache never
serves stale data. The npp blends' compositions are checked here on every pixel pair
twice: their integer algebra on the CPU (no GPU needed), and the shims on a GPU.
"""

from __future__ import annotations

import ctypes
import subprocess
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from polylift.harness.comparison.compare import BIT_EXACT, DIFF, compare_arrays
from polylift.harness.programs.gpu import gpu_available
from polylift.shims.build import shim_library
from polylift.shims.cuda_build import CUDA_BACKENDS, cuda_available, defined_symbols
from polylift.shims.header import declared_symbols
from polylift.tdl.library import KernelTemplate, load_library
from tests.exec.shim_calls import NP_TYPES, call_shim, shim_cdll

CUDA_READY, CUDA_REASON = cuda_available()
GPU_READY, GPU_REASON = gpu_available(need_pycuda=False)
needs_nvcc = pytest.mark.skipif(not CUDA_READY, reason=CUDA_REASON)
needs_gpu = [pytest.mark.gpu,
             pytest.mark.skipif(not (CUDA_READY and GPU_READY),
                                reason=CUDA_REASON or GPU_REASON)]

# Conv extents satisfy H = P + R - 1 and W > Q + S - 1 (a backend reads a sub-view).
SIZES = {"m": 37, "n": 29, "k": 23, "nb": 3, "N": 2, "C": 3, "K": 4, "R": 3, "S": 2,
         "P": 5, "Q": 6, "H": 7, "W": 8}
# Where the shared extents do not fit a template: a 2x2 stride-2 pool reads 2P x 2Q
# (odd extents leave a last row and column that no window reads); the table operators.
SIZES_OF = {"cnn.maxpool": {"H": 11, "W": 13},
            # Tables that hold every 16-bit key, so that full-range pixels of either
            # type stay inside them (the npp shims then run NPP, not the ref loops).
            "pva.lut": {"h": 37, "w": 29, "n": 65536},
            "pva.histogram": {"h": 37, "w": 29, "nbins": 65536},
            "pva.histeq": {"h": 37, "w": 29, "nbins": 256}}
SENTINEL = -12345.0
GUARD = 1024
LIBRARY = load_library()


@needs_nvcc
@pytest.mark.parametrize("kind", ["static", "shared"])
@pytest.mark.parametrize("backend", CUDA_BACKENDS)
def test_library_defines_every_declared_symbol(backend: str, kind: str) -> None:
    lib = shim_library(backend, kind=kind)
    assert lib.path.suffix == (".a" if kind == "static" else ".so")
    declared = set(declared_symbols(LIBRARY, backend))
    assert declared, f"no template declares {backend}"
    missing = declared - defined_symbols(lib.path)
    assert not missing, f"{lib.path.name} lacks {sorted(missing)}"
    # The runtime entry points come with every cuda backend.
    assert {"polylift_cuda_trust_resident", "polylift_cuda_use_mapped",
            "polylift_cuda_release"} <= defined_symbols(lib.path)
    assert any(arg.startswith("-l:lib") for arg in lib.link_args)


@needs_nvcc
@pytest.mark.parametrize("backend", CUDA_BACKENDS)
def test_shared_library_finds_its_vendor_libraries(backend: str) -> None:
    lib = shim_library(backend, kind="shared")
    out = subprocess.run(["ldd", str(lib.path)], capture_output=True, text=True, check=True)
    assert "not found" not in out.stdout, out.stdout
    assert "libcudart.so.13" in out.stdout


PROGRAMS = {
    "cublas": ("polylift_cublas_gemm_f64", """
int main(void) {
  double A[4] = {1, 2, 3, 4}, B[4] = {1, 0, 0, 1}, C[4] = {-1, -1, -1, -1};
  polylift_cublas_gemm_f64(2, 2, 2, 1.0, A, 2, B, 2, 0.0, C, 2);
  printf("%g %g %g %g\\n", C[0], C[1], C[2], C[3]);
  return 0;
}"""),
    # cuBLASLt's shims share cuBLAS's status check, so a program links cuBLAS for them.
    "cublaslt": ("polylift_cublaslt_gemm_f64", """
int main(void) {
  double A[4] = {1, 2, 3, 4}, B[4] = {1, 0, 0, 1}, C[4] = {-1, -1, -1, -1};
  polylift_cublaslt_gemm_f64(2, 2, 2, 1.0, A, 2, B, 2, 0.0, C, 2);
  printf("%g %g %g %g\\n", C[0], C[1], C[2], C[3]);
  return 0;
}"""),
    # Cholesky of [[1, 3], [2, 20]] (its upper triangle not read): L = [[1], [2, 4]].
    "cusolver": ("polylift_cusolver_potrf_lower_f64", """
int main(void) {
  double A[4] = {1, 3, 2, 20};
  polylift_cusolver_potrf_lower_f64(2, A, 2);
  printf("%g %g %g %g\\n", A[0], A[2], A[1], A[3]);
  return 0;
}"""),
    "cudnn": ("polylift_cudnn_shortcut_f32", """
int main(void) {
  float x[4] = {1, 2, 3, 4}, y[4] = {0, 0, 0, 0};
  polylift_cudnn_shortcut_f32(1, 1, 2, 2, x, 4, 4, 2, y, 4, 4, 2);
  printf("%g %g %g %g\\n", y[0], y[1], y[2], y[3]);
  return 0;
}"""),
    "npp": ("polylift_npp_blend_darken_u8", """
int main(void) {
  uint8_t a[4] = {1, 5, 3, 7}, b[4] = {2, 2, 4, 4}, o[4] = {0, 0, 0, 0};
  polylift_npp_blend_darken_u8(4, a, 1, b, 1, o, 1);
  printf("%d %d %d %d\\n", o[0], o[1], o[2], o[3]);
  return 0;
}"""),
}


@needs_nvcc
@pytest.mark.parametrize("kind", ["static", "shared"])
@pytest.mark.parametrize("backend", sorted(PROGRAMS))
def test_program_links_and_runs_or_names_the_shim(backend: str, kind: str,
                                                  tmp_path: Path) -> None:
    lib = shim_library(backend, kind=kind)
    symbol, body = PROGRAMS[backend]
    src = tmp_path / "main.c"
    src.write_text('#include <stdio.h>\n#include "polylift_shims.h"\n' + body)
    exe = tmp_path / "main"
    rpath = [f"-Wl,-rpath,{lib.path.parent}"] if kind == "shared" else []
    subprocess.run(["gcc", f"-I{lib.include_dir}", str(src), str(lib.path), *rpath,
                    *lib.link_args, "-o", str(exe)], check=True, capture_output=True, text=True)
    run = subprocess.run([str(exe)], capture_output=True, text=True, timeout=120)
    if GPU_READY:
        assert run.returncode == 0, run.stderr
        assert run.stdout.split() == ["1", "2", "3", "4"]
    else:
        # No driver or device: the shim stops the program and says which shim failed.
        assert run.returncode != 0
        assert run.stderr.startswith(f"{symbol}: "), run.stderr
        assert " failed: " in run.stderr


# --- GPU runs against the ref shims -----------------------------------------------------


def _inexact(tpl: KernelTemplate) -> bool:
    """Templates that divide or take roots are not exact even on exact inputs."""
    text = " ".join(str(step) for step in tpl.ast.steps)
    return "/" in text or "sqrt" in text or "exp" in text


def _cases() -> list[Any]:
    cases = []
    for tpl in LIBRARY.templates.values():
        if tpl.accuracy[0] == "backward":
            continue  # solves and factorizations: their own inputs (test_shims_solvers.py)
        for backend in (b for b in tpl.backends if b in CUDA_BACKENDS):
            for dtype in tpl.dtypes:
                for mode, layout in (("exact", "dense"), ("random", "dense"),
                                     ("random", "padded"), ("random", "reversed")):
                    cases.append(pytest.param(tpl.name, backend, dtype, mode, layout,
                                              id=f"{backend}-{tpl.name}-{dtype}-{mode}-{layout}"))
    return cases


def _view(buffer: np.ndarray, shape: tuple[int, ...], layout: str) -> np.ndarray:
    """A view of `shape` inside `buffer` (allocated by `_buffer_shape`)."""
    if not shape:
        return buffer.reshape(())
    index: list[Any] = [slice(0, s) for s in shape]
    if layout == "padded" and len(shape) == 1:
        index[0] = slice(0, 2 * shape[0], 2)
    if layout == "reversed":
        index[0] = slice(shape[0] - 1, None, -1) if len(shape) > 1 else slice(None, None, -2)
    return buffer[tuple(index)]


def _guarded(shape: tuple[int, ...], fill: Any, np_type: Any) -> tuple[np.ndarray, np.ndarray]:
    """A buffer of `shape` inside a flat block with GUARD elements of `fill` on either
    side, and the buffer. The tests compare whole blocks, so a shim that writes past
    either end of an array fails its test by name instead of corrupting the heap (the
    first GPU run of these tests lost ten workers to aborts in later allocations)."""
    size = int(np.prod(shape, dtype=np.int64))
    block = np.full(size + 2 * GUARD, fill, dtype=np_type)
    return block, block[GUARD:GUARD + size].reshape(shape)


def _buffer_shape(shape: tuple[int, ...], layout: str) -> tuple[int, ...]:
    if not shape or layout == "dense":
        return shape
    if len(shape) == 1:
        return (2 * shape[0],)
    return (*shape[:-1], shape[-1] + 3)  # every row padded: ld = cols + 3


def _values(name: str, shape: tuple[int, ...], dtype: Any, mode: str,
            rng: np.random.Generator) -> np.ndarray:
    """Positive values (no cancellation, so reordered sums stay within ULP bounds);
    exact ones are small integers times a power of two. Means are negative so that
    x - mean does not cancel either. Integer pixels take every value of their type."""
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        return rng.integers(info.min, int(info.max) + 1, size=shape).astype(dtype)
    if mode == "exact":
        values = rng.integers(1, 5, size=shape) / 4.0
    else:
        values = rng.uniform(0.5, 1.0, size=shape)
    return (-values if name == "mean" else values).astype(dtype)


def _scalar(tpl: KernelTemplate, name: str, mode: str, rng: np.random.Generator
            ) -> float | int:
    fixed = next(p.fixed for p in tpl.params if p.name == name)
    ctype = next(d.dtype for d in tpl.ast.scalars if d.name == name)
    if ctype is not None and ctype[0] in "iu":  # an index scalar (argreductions' t, base)
        return int(fixed) if fixed is not None else {"t": -1, "base": 5}.get(name, 3)
    if fixed is not None:
        return float(fixed)
    if name == "eps":
        return 0.25 if mode == "exact" else 1e-3
    return float({"alpha": 1.5, "beta": 0.75}.get(name, 0.5)) if mode == "exact" \
        else float(rng.uniform(0.5, 1.0))


def _fill(np_type: Any, role: str) -> Any:
    """What a buffer holds before the call: outputs NaN (they must not be read), inputs
    the sentinel; integer buffers bit patterns that no blend of their inputs gives alone."""
    if np.issubdtype(np_type, np.integer):
        return 0x5A if role == "out" else 0x3C
    return np.nan if role == "out" else SENTINEL


def _arguments(tpl: KernelTemplate, dtype: str, mode: str, layout: str, seed: int
               ) -> tuple[dict[str, Any], dict[str, np.ndarray]]:
    """Views and scalars for one call, and the buffers holding the views."""
    rng = np.random.default_rng(seed)
    values: dict[str, Any] = {}
    buffers: dict[str, np.ndarray] = {}
    for decl in tpl.ast.arrays:
        np_type = NP_TYPES[decl.dtype or dtype]  # a histogram's counts are i32 for any pixel
        sizes = {**SIZES, **SIZES_OF.get(tpl.name, {})}
        shape = tuple(sizes[d] for d in decl.dims)
        block, buffer = _guarded(_buffer_shape(shape, layout), _fill(np_type, decl.role),
                                 np_type)
        buffers[decl.name] = block
        view = _view(buffer, shape, layout)
        if decl.role != "out":
            view[...] = _values(decl.name, shape, np_type, mode, rng)
        values[decl.name] = view
    for param in tpl.params:
        if param.kind == "scalar":
            values[param.name] = _scalar(tpl, param.name, mode, rng)
    return values, buffers


def _run(tpl: KernelTemplate, backend: str, dtype: str, mode: str, layout: str
         ) -> dict[str, np.ndarray]:
    values, buffers = _arguments(tpl, dtype, mode, layout, seed=7)
    call_shim(shim_cdll(backend), tpl, backend, dtype, values)
    return buffers


@pytest.mark.gpu
@pytest.mark.parametrize(("name", "backend", "dtype", "mode", "layout"), _cases())
def test_cuda_shim_agrees_with_ref(name: str, backend: str, dtype: str, mode: str,
                                   layout: str) -> None:
    if not (CUDA_READY and GPU_READY):
        pytest.skip(CUDA_REASON or GPU_REASON)
    tpl = LIBRARY.templates[name]
    expected = _run(tpl, "ref", dtype, mode, layout)
    got = _run(tpl, backend, dtype, mode, layout)
    _, originals = _arguments(tpl, dtype, mode, layout, seed=7)
    exact = tpl.accuracy[0] == "exact" or (mode == "exact" and not _inexact(tpl))
    bound = 0 if exact else tpl.ulp_bound(SIZES)
    for decl in tpl.ast.arrays:
        if decl.role == "in":  # inputs untouched, bit for bit
            same = compare_arrays(decl.name, originals[decl.name], got[decl.name])
            assert same.verdict == BIT_EXACT, same.describe()
            continue
        # Whole buffers: the gaps of a strided view must keep their sentinel bits too.
        result = compare_arrays(decl.name, expected[decl.name], got[decl.name], bound)
        assert result.verdict != DIFF, result.describe()
        if exact:
            assert result.verdict == BIT_EXACT, result.describe()


# Where cuDNN documents no rule that is C's `?:`: NaN operands and pairs of zeros. The
# cudnn max/min shims must give the ref bits there too (they compute those on the host).
SPECIAL = [1.5, float("nan"), -0.0, 0.0, -2.0, 0.0, -0.0, 3.0, float("nan"), -3.0]


def _special(dtype: str, first: bool) -> np.ndarray:
    values = SPECIAL if first else SPECIAL[3:] + SPECIAL[:3]
    return np.array(values * 3, dtype=NP_TYPES[dtype])


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", ["f32", "f64"])
@pytest.mark.parametrize("name", ["ew.max", "ew.min"])
def test_cudnn_max_and_min_keep_cs_rule_for_nans_and_zeros(name: str, dtype: str) -> None:
    if not (CUDA_READY and GPU_READY):
        pytest.skip(CUDA_REASON or GPU_REASON)
    tpl = LIBRARY.templates[name]
    out = {}
    for backend in ("ref", "cudnn"):
        z = np.full(len(SPECIAL) * 3, SENTINEL, dtype=NP_TYPES[dtype])
        call_shim(shim_cdll(backend), tpl, backend, dtype,
                  {"x": _special(dtype, True), "y": _special(dtype, False), "z": z})
        out[backend] = z
    assert compare_arrays("z", out["ref"], out["cudnn"]).verdict == BIT_EXACT


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", ["f32", "f64"])
@pytest.mark.parametrize("name", ["red.maxval", "red.minval", "red.amaxval"])
@pytest.mark.parametrize("case", ["nan", "zeros", "nan_start", "plain"])
def test_cudnn_extremum_keeps_cs_rule(name: str, dtype: str, case: str) -> None:
    """A NaN element is never taken, a NaN start stays, and of -0 and +0 the first met."""
    if not (CUDA_READY and GPU_READY):
        pytest.skip(CUDA_REASON or GPU_REASON)
    tpl = LIBRARY.templates[name]
    x = {"nan": _special(dtype, True), "zeros": np.array([-0.0, 0.0, -0.0] * 9),
         "nan_start": _special(dtype, False), "plain": np.arange(-13.0, 14.0)}[case]
    s = float("nan") if case == "nan_start" else 0.0 if case == "zeros" else -0.0
    out = {}
    for backend in ("ref", "cudnn"):
        r = np.full((), SENTINEL, dtype=NP_TYPES[dtype])
        call_shim(shim_cdll(backend), tpl, backend, dtype,
                  {"x": x.astype(NP_TYPES[dtype]), "r": r, "s": NP_TYPES[dtype](s)})
        out[backend] = r
    assert compare_arrays("r", out["ref"], out["cudnn"]).verdict == BIT_EXACT


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", ["f32", "f64"])
@pytest.mark.parametrize("name", ["red.iamax", "red.iamin"])
@pytest.mark.parametrize("case", ["nan", "ties", "zeros", "nan_start", "plain"])
def test_cublas_index_of_the_magnitude_keeps_cs_rule(name: str, dtype: str, case: str) -> None:
    """cublasI?amax / I?amin against ref: the first of equal magnitudes, NaN never taken
    (the shim falls back), a NaN start keeps (s, t), the 0-based index plus base."""
    if not (CUDA_READY and GPU_READY):
        pytest.skip(CUDA_REASON or GPU_REASON)
    tpl = LIBRARY.templates[name]
    x = {"nan": _special(dtype, True), "ties": np.array([1.0, -7.0, 3.0, 7.0, -7.0] * 5),
         "zeros": np.array([-0.0, 0.0, -0.0] * 9), "nan_start": np.arange(-13.0, 14.0),
         "plain": np.arange(-13.0, 14.0) * 0.5}[case]
    s = float("nan") if case == "nan_start" else 0.0 if name == "red.iamax" else 100.0
    out = {}
    for backend in ("ref", "cublas"):
        r, k = np.full((), SENTINEL, dtype=NP_TYPES[dtype]), np.full((), -7, dtype=np.int32)
        call_shim(shim_cdll(backend), tpl, backend, dtype,
                  {"x": x.astype(NP_TYPES[dtype]), "r": r, "k": k, "s": NP_TYPES[dtype](s),
                   "t": np.int32(-1), "base": np.int32(3)})
        out[backend] = (r.tobytes(), int(k))
    assert out["ref"] == out["cublas"], (case, out)


# --- the device-buffer cache ---------------------------------------------------------------


def _traffic(lib: ctypes.CDLL) -> tuple[int, int]:
    up, down = ctypes.c_uint64(), ctypes.c_uint64()
    lib.polylift_cuda_traffic(ctypes.byref(up), ctypes.byref(down))
    return up.value, down.value


def _gemm_operands(seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A, B (exact quarters) and a zero C for a 16x8 by 8x12 gemm."""
    rng = np.random.default_rng(seed)
    a, b = rng.integers(1, 5, (16, 8)) / 4.0, rng.integers(1, 5, (8, 12)) / 4.0
    return a, b, np.zeros((16, 12))


def _gemm(lib: ctypes.CDLL, a: np.ndarray, b: np.ndarray, c: np.ndarray) -> None:
    tpl = LIBRARY.templates["blas.gemm"]
    call_shim(lib, tpl, "cublas", "f64", {"A": a, "B": b, "C": c, "alpha": 1.0, "beta": 0.0})


@pytest.mark.gpu
@pytest.mark.skipif(not (CUDA_READY and GPU_READY), reason=CUDA_REASON or GPU_REASON)
def test_cache_reuploads_changed_inputs_by_default() -> None:
    lib = shim_cdll("cublas")
    a, b, c = _gemm_operands(3)
    _gemm(lib, a, b, c)
    np.testing.assert_array_equal(c, a @ b)
    a[3, :] = 2.0  # the host changes A in place: same pointer, same size
    _gemm(lib, a, b, c)
    np.testing.assert_array_equal(c, a @ b)


@pytest.mark.gpu
@pytest.mark.skipif(not (CUDA_READY and GPU_READY), reason=CUDA_REASON or GPU_REASON)
def test_trusted_resident_inputs_skip_uploads_but_outputs_invalidate() -> None:
    lib = shim_cdll("cublas")
    lib.polylift_cuda_trust_resident.restype = ctypes.c_int
    rng = np.random.default_rng(4)
    a, b = rng.integers(1, 5, (16, 16)) / 4.0, rng.integers(1, 5, (16, 16)) / 4.0
    c = np.zeros((16, 16))
    previous = lib.polylift_cuda_trust_resident(1)
    try:
        _gemm(lib, a, b, c)
        up_before, _ = _traffic(lib)
        _gemm(lib, a, b, c)  # unchanged inputs: nothing to upload
        assert _traffic(lib)[0] == up_before
        np.testing.assert_array_equal(c, a @ b)
        # A shim writes the top half of A (a sub-view: another cache key), so the cached
        # image of the whole of A is stale and must be uploaded again.
        _gemm(lib, b[:8], b, a[:8])
        expected = a.copy()
        expected[:8] = b[:8] @ b
        np.testing.assert_array_equal(a, expected)
        _gemm(lib, a, b, c)
        np.testing.assert_array_equal(c, expected @ b)
    finally:
        lib.polylift_cuda_trust_resident(previous)
        lib.polylift_cuda_invalidate()


@pytest.mark.gpu
@pytest.mark.skipif(not (CUDA_READY and GPU_READY), reason=CUDA_REASON or GPU_REASON)
def test_mapped_memory_computes_in_place_and_copies_nothing() -> None:
    lib = shim_cdll("cublas")
    a, b, c = _gemm_operands(5)
    _gemm(lib, a, b, c)  # copied: leaves device images of A, B and C in the cache
    was = lib.polylift_cuda_use_mapped(1)
    try:
        before = _traffic(lib)
        a[0, :] = 3.0  # a host write the cached images do not know of
        _gemm(lib, a, b, c)
        np.testing.assert_array_equal(c, a @ b)
        assert _traffic(lib) == before  # nothing uploaded or downloaded
        a[1, :] = 1.5  # the device reads the host array itself: no stale data
        _gemm(lib, a, b, c)
        np.testing.assert_array_equal(c, a @ b)
    finally:
        lib.polylift_cuda_use_mapped(was)
    b[2, :] = 0.5  # copied again: the images written in place were invalidated
    _gemm(lib, a, b, c)
    np.testing.assert_array_equal(c, a @ b)
    lib.polylift_cuda_release()


# --- the npp blends ----------------------------------------------------------------------

# Every pair of 8-bit pixels, as the int values C promotes them to.
PAIRS_A, PAIRS_B = (v.ravel() for v in np.meshgrid(np.arange(256), np.arange(256)))


def _truncating_div(x: np.ndarray, d: int) -> np.ndarray:
    return x // d  # the operands are never negative here, so floor is C's truncation


def _npp_mul255(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """a * b / 255 as npp/blend.cu composes it: 16-bit product, then shifts and adds."""
    x = a * b
    assert x.max() <= 65535
    s = x + (x >> 8)
    assert (s + 1).max() <= 65535
    return (s + 1) >> 8


# Each blend's template formula (C's int arithmetic) and the composition of NPP
# primitives its npp shim computes (cuda/npp/blend.cu), on int arrays: saturation as
# NPP's 8-bit add/sub clamp, `~` on 8 bits as nppiNot.
NPP_COMPOSITIONS = {
    "blend.darken": (lambda a, b: np.minimum(a, b), lambda a, b: np.minimum(b, a)),
    "blend.lighten": (lambda a, b: np.maximum(a, b), lambda a, b: np.maximum(b, a)),
    "blend.linear_dodge": (lambda a, b: np.minimum(a + b, 255),
                           lambda a, b: np.clip(a + b, 0, 255)),
    "blend.difference": (lambda a, b: np.where(a > b, a - b, b - a), lambda a, b: abs(a - b)),
    "blend.subtract": (lambda a, b: np.maximum(a - b, 0),
                       lambda a, b: abs(np.maximum(a, b) - b)),
    "blend.linear_burn": (lambda a, b: np.maximum(a + b - 255, 0),
                          lambda a, b: abs(np.maximum(a, 255 ^ b) - (255 ^ b))),
    "blend.average": (lambda a, b: _truncating_div(a + b, 2),
                      lambda a, b: np.clip((a & b) + ((a ^ b) >> 1), 0, 255)),
    "blend.multiply": (lambda a, b: _truncating_div(a * b, 255), _npp_mul255),
    "blend.screen": (lambda a, b: 255 - _truncating_div((255 - a) * (255 - b), 255),
                     lambda a, b: 255 ^ _npp_mul255(255 ^ a, 255 ^ b)),
}


def test_npp_blend_compositions_cover_the_templates_that_list_npp() -> None:
    listed = {name for name, tpl in LIBRARY.templates.items()
              if name.startswith("blend.") and "npp" in tpl.backends}
    assert listed == set(NPP_COMPOSITIONS)
    assert "npp" not in LIBRARY.templates["blend.overlay"].backends


@pytest.mark.parametrize("name", sorted(NPP_COMPOSITIONS))
def test_npp_blend_composition_equals_the_template_on_every_pixel_pair(name: str) -> None:
    template_formula, composition = NPP_COMPOSITIONS[name]
    want = template_formula(PAIRS_A, PAIRS_B)
    got = composition(PAIRS_A, PAIRS_B)
    assert want.min() >= 0 and want.max() <= 255
    np.testing.assert_array_equal(got, want)


def test_division_by_255_as_shifts_holds_for_every_16_bit_product() -> None:
    x = np.arange(65535)
    np.testing.assert_array_equal((x + (x >> 8) + 1) >> 8, x // 255)


@pytest.mark.gpu
@pytest.mark.parametrize("name", sorted(NPP_COMPOSITIONS))
def test_npp_blend_shim_equals_ref_on_every_pixel_pair(name: str) -> None:
    if not (CUDA_READY and GPU_READY):
        pytest.skip(CUDA_REASON or GPU_REASON)
    tpl = LIBRARY.templates[name]
    a, b = PAIRS_A.astype(np.uint8), PAIRS_B.astype(np.uint8)
    results = {}
    for backend in ("ref", "npp"):
        o = np.full(a.shape, 0x5A, dtype=np.uint8)
        call_shim(shim_cdll(backend), tpl, backend, "u8", {"a": a, "b": b, "o": o})
        results[backend] = o
    np.testing.assert_array_equal(results["npp"], results["ref"])
