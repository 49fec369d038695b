"""Every shim of every backend, with each size zero in turn, gives the template's result.

Libraries return early on empty ranges, with or without applying beta (a gemv with no
columns leaves y as it was instead of setting y = beta * y), so every generated shim
runs the template's own loops when a size is zero. Here each shim is called with each
of its sizes zero in turn (the extents that size bounds cut to fit), once with beta = 0
and written arrays full of NaN (which must be overwritten, not read), once with beta
nonzero and a finite sentinel (which must be scaled, not left stale), and its arrays are
compared bit for bit with those of the `ref` shim on the same inputs, parents included
(nothing outside a view may change). `ref` itself is held to the numpy model of the
template's order where test_shims_blas has one. A size whose zero leaves the source
program undefined (an empty table that every pixel reads) must stop every backend with
the ref shim's message. The cuda backends are built here; their runs need a GPU.
"""

from __future__ import annotations

import faulthandler
import os
import select
import signal
from typing import Any

import numpy as np
import pytest

from polylift.harness.programs.gpu import gpu_available
from polylift.shims.cuda_build import cuda_available
from polylift.shims.generate import CUDA_BACKENDS
from polylift.shims.header import launch_decls
from polylift.tdl.library import KernelTemplate, load_library
from tests.exec.shim_calls import call_shim, shim_cdll
from tests.exec.shim_cases import Scales, arguments, sizes_for
from tests.exec.test_shims_blas import CANON

LIBRARY = load_library()
CUDA_READY, CUDA_REASON = cuda_available()
GPU_READY, GPU_REASON = gpu_available(need_pycuda=False)
# Zero sizes of a table (or kernel) that a non-empty image reads: the source program is
# undefined, and every backend must stop as ref does.
UNDEFINED = {("pva_lut", "n"), ("pva_histogram", "nbins"), ("pva_histeq", "nbins")} | {
    (launch, size) for launch in ("pva_conv3x3_q", "pva_conv3x3_q_roi", "pva_bilateral3x3",
                                  "pva_bilateral3x3_roi")
    for size in ("kh", "kw", "n") if not (size == "n" and "conv" in launch)}
# Zero extents of arrays read or written at positions from data (sparse.tpl) while those
# positions remain: the source program reads or writes outside the array, and the shims
# do what its loops do, which no test can run safely. test_shims_indexed.py runs that
# behaviour with the positions inside a larger buffer.
OUTSIDE = {(launch, "n") for launch in ("gather", "axpyi", "doti", "doti_init")} | {
    ("histogram", "nbins"), ("bincount", "nbins"), ("coomv_acc", "m"), ("coomv_acc", "n")} | {
    (launch, size) for launch in ("csrmv", "csrmv_acc", "csrmv_axpby", "csrmv_one")
    for size in ("mp", "nnz", "n")}
SCALES = {"beta0-nan": Scales(beta=0.0), "beta-sentinel": Scales(beta=0.75)}


def _cases(backends: tuple[str, ...], undefined: bool) -> list[Any]:
    cases = []
    for decl in launch_decls(LIBRARY):
        template = decl.templates[0]
        for backend in (b for b in decl.backends if b in backends):
            for size in (a.name for a in template.shim_args if a.kind == "size"):
                if ((decl.name, size) in UNDEFINED) != undefined or \
                        (decl.name, size) in OUTSIDE:
                    continue
                for dtype in decl.dtypes:
                    cases.append(pytest.param(decl.name, backend, size, dtype,
                                              id=f"{backend}-{decl.name}-{size}0-{dtype}"))
    return cases


def _template(launch: str) -> KernelTemplate:
    return next(d.templates[0] for d in launch_decls(LIBRARY) if d.name == launch)


def _run(launch: str, backend: str, size: str, dtype: str, scales: Scales
         ) -> dict[str, np.ndarray]:
    template = _template(launch)
    values, parents = arguments(template, dtype, sizes_for(launch, size), scales)
    call_shim(shim_cdll(backend), template, backend, dtype, values)
    return parents


def _assert_like_ref(launch: str, backend: str, size: str, dtype: str) -> None:
    for label, scales in SCALES.items():
        expected = _run(launch, "ref", size, dtype, scales)
        got = _run(launch, backend, size, dtype, scales)
        for name, want in expected.items():
            assert want.tobytes() == got[name].tobytes(), \
                f"{backend} {launch} with {size} = 0 ({label}): {name} differs from ref"


@pytest.mark.parametrize(("launch", "backend", "size", "dtype"),
                         _cases(("host", "pva"), undefined=False))
def test_an_empty_range_gives_what_ref_gives(launch: str, backend: str, size: str,
                                             dtype: str) -> None:
    _assert_like_ref(launch, backend, size, dtype)


@pytest.mark.gpu
@pytest.mark.parametrize(("launch", "backend", "size", "dtype"),
                         _cases(CUDA_BACKENDS, undefined=False))
def test_an_empty_range_on_the_gpu_gives_what_ref_gives(launch: str, backend: str, size: str,
                                                        dtype: str) -> None:
    if not (CUDA_READY and GPU_READY):
        pytest.skip(CUDA_REASON or GPU_REASON)
    _assert_like_ref(launch, backend, size, dtype)


def _scaled_y(v: dict[str, Any]) -> np.ndarray:
    """beta * y, or 0 when beta == 0 (y is not read)."""
    return np.zeros_like(v["y"]) if v["beta"] == 0 else v["beta"] * v["y"]


# The numpy models of the template's order: test_shims_blas's, and gemv with a beta (the
# launch of the reproducer in tests/exec/test_check_empty_ranges.py).
MODELS = {**CANON,
          "gemv": lambda v: CANON["gemv_acc"]({**v, "y": _scaled_y(v)}),
          "gemv_t": lambda v: CANON["gemv_t_acc"]({**v, "y": _scaled_y(v)})}


@pytest.mark.parametrize(("launch", "size"), sorted(
    (launch, size) for launch in MODELS
    for size in (a.name for a in _template(launch).shim_args if a.kind == "size")))
@pytest.mark.parametrize("scales", list(SCALES.values()), ids=list(SCALES))
def test_ref_of_an_empty_range_is_the_template(launch: str, size: str, scales: Scales) -> None:
    template = _template(launch)
    values, _ = arguments(template, "f64", sizes_for(launch, size), scales)
    inputs = {k: np.array(v) if isinstance(v, np.ndarray) else v for k, v in values.items()}
    if launch == "jacobi1d":  # the model reads the view with its halo
        inputs["A_halo"] = _halo(values["A"])
    call_shim(shim_cdll("ref"), template, "ref", "f64", values)
    for name, want in MODELS[launch](inputs).items():
        got = np.array(values[name])
        assert np.asarray(want, dtype=got.dtype).tobytes() == got.tobytes(), name


def _halo(view: np.ndarray) -> np.ndarray:
    """A 1-D view with one element more on each side (jacobi1d's taps)."""
    base = view.base if view.base is not None else view
    start = (view.__array_interface__["data"][0] - base.__array_interface__["data"][0]) \
        // view.itemsize
    return np.array(base[start - 1:start + view.shape[0] + 1])


def _stops(launch: str, backend: str, size: str, dtype: str) -> tuple[int, str]:
    """Run one call in a child process: (the signal that ended it or 0, its stderr)."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        faulthandler.disable()  # the abort is expected: no Python traceback
        os.close(read)
        os.dup2(write, 2)
        try:
            _run(launch, backend, size, dtype, Scales(beta=0.75))
        finally:
            os._exit(0)
    os.close(write)
    chunks = []
    while select.select([read], [], [], 60)[0]:
        chunk = os.read(read, 4096)
        if not chunk:
            break
        chunks.append(chunk)
    os.close(read)
    _, status = os.waitpid(pid, 0)
    return (os.WTERMSIG(status) if os.WIFSIGNALED(status) else 0), b"".join(chunks).decode()


@pytest.mark.parametrize(("launch", "backend", "size", "dtype"),
                         _cases(("ref", "host", "pva"), undefined=True))
def test_an_undefined_empty_table_stops_like_ref(launch: str, backend: str, size: str,
                                                 dtype: str) -> None:
    shim_cdll(backend)  # built and loaded before the forks: a child only calls them
    shim_cdll("ref")
    code, message = _stops(launch, backend, size, dtype)
    assert code == signal.SIGABRT, message
    assert message.startswith(f"polylift_{backend}_{launch}_{dtype}: "), message
    _, ref_message = _stops(launch, "ref", size, dtype)
    assert message.split(": ", 1)[1] == ref_message.split(": ", 1)[1]
