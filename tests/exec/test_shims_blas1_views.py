"""The host shims of copy, axpy and axpby (and of copy2d, axpy2d) on views of one buffer
that overlap or not, against ref bit for bit.

The host takes a block move (copy) or a vectorised row over `restrict` pointers (axpy,
axpby, the rows of axpy2d) only where that gives ref's bits: a copy whose output does
not start inside its input after the input's start, an update whose output shares no
byte with its input. Every layout here names the path the host must take, and the
paths are counted on an instrumented build of the same generated unit (memmove calls,
row-function entries), so each fast path is seen taken and each fallback seen kept.
Where a layout is one a block read would get wrong (the output inside the input, after
its start), the test also shows that ref's bits differ from a block's.
"""

from __future__ import annotations

import ctypes
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
import pytest

from polylift.shims.build import HELPER_DIR
from polylift.shims.generate import generate_sources
from polylift.shims.targets import C_FLAGS
from polylift.tdl.library import KernelTemplate, load_library
from tests.exec.shim_calls import NP_TYPES, call_shim, shim_cdll

INCLUDE_DIR = HELPER_DIR.parent / "include"
SIZES = (5, 33, 1003)  # none a multiple of a vector's length

# Counts the block moves and the row-function calls of a unit compiled after it.
COUNTER_H = """
#include <string.h>
long polylift_test_moves, polylift_test_rows;
__attribute__((no_instrument_function))
static inline void *polylift_test_memmove(void *to, const void *from, size_t size)
{
  polylift_test_moves++;
  return memmove(to, from, size);
}
#define memmove polylift_test_memmove
__attribute__((no_instrument_function)) void __cyg_profile_func_enter(void *f, void *s)
{
  (void)f, (void)s;
  polylift_test_rows++;
}
__attribute__((no_instrument_function)) void __cyg_profile_func_exit(void *f, void *s)
{
  (void)f, (void)s;
}
"""


@dataclass(frozen=True)
class Layout:
    """Where X and Y start in the buffer (elements) and their increments, as functions of
    n; `fast`: whether the host takes its block move or vectorised row for copy and for
    the updates (axpy, axpby)."""

    name: str
    x_at: Callable[[int], int]
    incx: int
    y_at: Callable[[int], int]
    incy: int
    copy_fast: bool
    update_fast: bool


LAYOUTS = [
    Layout("apart", lambda n: 0, 1, lambda n: n + 5, 1, True, True),
    Layout("x_after_y_apart", lambda n: n + 2, 1, lambda n: 1, 1, True, True),
    Layout("y_before_x", lambda n: 2, 1, lambda n: 0, 1, True, False),
    Layout("y_inside_x", lambda n: 0, 1, lambda n: 3, 1, False, False),
    Layout("equal", lambda n: 1, 1, lambda n: 1, 1, True, False),
    Layout("strided_apart", lambda n: 1, 2, lambda n: 2 * n + 7, 3, False, False),
    Layout("interleaved", lambda n: 0, 2, lambda n: 1, 2, False, False),
    Layout("y_inside_x_strided", lambda n: 0, 2, lambda n: 4, 2, False, False),
    Layout("negative_x", lambda n: n - 1, -1, lambda n: n + 4, 1, False, False),
    Layout("negative_y", lambda n: 0, 1, lambda n: 2 * n + 3, -1, False, False),
]


def _template(launch: str) -> KernelTemplate:
    return load_library().by_launch(launch)[0]


@cache
def _counting_lib(launch: str, tmp: Path) -> ctypes.CDLL:
    """The generated host unit of `launch`, built with its memmove calls and its
    row-function entries counted (ref's loops and the polylift_ helpers not)."""
    src, header = tmp / f"{launch}.c", tmp / "counter.h"
    src.write_text(generate_sources("host", load_library())[f"{launch}.c"])
    header.write_text(COUNTER_H)
    out = tmp / f"lib{launch}.so"
    subprocess.run(["gcc", *C_FLAGS, "-fPIC", "-shared", "-include", str(header),
                    "-finstrument-functions",
                    "-finstrument-functions-exclude-function-list=ref_,polylift_",
                    f"-I{INCLUDE_DIR}", f"-I{HELPER_DIR}", str(src), "-o", str(out),
                    # its own counters, not those of a unit loaded before it
                    "-Wl,-Bsymbolic", "-lopenblas", "-lm"], check=True)
    return ctypes.CDLL(str(out))


def _buffer(dtype: str, size: int, seed: int) -> np.ndarray:
    """Exact values with NaNs of two payloads, infinities, -0 and +0 among them."""
    rng = np.random.default_rng(seed)
    t = NP_TYPES[dtype]
    data = (rng.integers(-8, 9, size=size) * 2.0 ** rng.integers(-3, 4, size=size)).astype(t)
    special = np.array([np.nan, -np.nan, np.inf, -np.inf, -0.0, 0.0], dtype=t)
    picks = rng.random(size) < 0.15
    data[picks] = rng.choice(special, size=int(picks.sum()))
    quiet = data.view(f"u{data.itemsize}")
    quiet[np.isnan(data) & (rng.random(size) < 0.5)] ^= 1  # another NaN payload
    return data


def _vector(buf: np.ndarray, at: int, inc: int, n: int) -> np.ndarray:
    stop = at + inc * n
    return buf[at:stop if stop >= 0 else None:inc]


def _bits(a: np.ndarray) -> np.ndarray:
    return np.ascontiguousarray(a).view(f"u{a.itemsize}")


def _counts(lib: ctypes.CDLL) -> tuple[int, int]:
    return (ctypes.c_long.in_dll(lib, "polylift_test_moves").value,
            ctypes.c_long.in_dll(lib, "polylift_test_rows").value)


def _run_all(launch: str, dtype: str, size: int, seed: int,
             views: Callable[[np.ndarray], dict[str, np.ndarray]], scalars: dict,
             tmp: Path) -> tuple[np.ndarray, np.ndarray, tuple[int, int]]:
    """The buffer after ref and after host, each from the same values with the arrays
    `views` cuts from it, and the path counts (moves, rows) of the counted host build,
    whose bits must be host's."""
    results = []
    for backend in ("ref", "host", "counted"):
        buf = _buffer(dtype, size, seed)
        lib = _counting_lib(launch, tmp) if backend == "counted" else shim_cdll(backend)
        before = _counts(lib) if backend == "counted" else (0, 0)
        arrays = views(buf)
        assert all(np.shares_memory(a, buf) for a in arrays.values())
        values = dict(arrays, **{k: NP_TYPES[dtype](v) for k, v in scalars.items()})
        call_shim(lib, _template(launch), "host" if backend == "counted" else backend,
                  dtype, values)
        after = _counts(lib) if backend == "counted" else (0, 0)
        results.append((buf, (after[0] - before[0], after[1] - before[1])))
    (ref, _), (host, _), (counted, path) = results
    assert np.array_equal(_bits(counted), _bits(host))
    return ref, host, path


def _run_layout(launch: str, dtype: str, layout: Layout, n: int, scalars: dict,
                tmp: Path) -> tuple[np.ndarray, np.ndarray, tuple[int, int]]:
    """`_run_all` on the vectors x and y of `layout`."""
    x_at, y_at = layout.x_at(n), layout.y_at(n)

    def views(buf: np.ndarray) -> dict[str, np.ndarray]:
        return {"x": _vector(buf, x_at, layout.incx, n), "y": _vector(buf, y_at, layout.incy, n)}

    return _run_all(launch, dtype, _extent(layout, n), n, views, scalars, tmp)


def _extent(layout: Layout, n: int) -> int:
    """The buffer's length for a layout: both vectors and a margin after them."""
    return max(layout.x_at(n), layout.y_at(n)) + 3 * n + 8


@pytest.fixture(scope="module")
def build_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("counted")


UPDATES = [("axpy", {"alpha": -0.5}), ("axpby", {"alpha": 2.0, "beta": -0.25}),
           ("axpby", {"alpha": 0.5, "beta": 0.0})]


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("dtype", ["f32", "f64"])
@pytest.mark.parametrize("layout", LAYOUTS, ids=lambda lay: lay.name)
def test_copy_on_views_equals_ref(layout: Layout, dtype: str, n: int, build_dir: Path):
    ref, host, (moves, rows) = _run_layout("copy", dtype, layout, n, {}, build_dir)
    assert np.array_equal(_bits(ref), _bits(host))
    assert (moves, rows) == (int(layout.copy_fast), 0)


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("dtype", ["f32", "f64"])
@pytest.mark.parametrize("layout", LAYOUTS, ids=lambda lay: lay.name)
@pytest.mark.parametrize("launch, scalars", UPDATES, ids=["axpy", "axpby", "axpby_beta0"])
def test_updates_on_views_equal_ref(launch: str, scalars: dict, layout: Layout, dtype: str,
                                    n: int, build_dir: Path):
    ref, host, (moves, rows) = _run_layout(launch, dtype, layout, n, scalars, build_dir)
    assert np.array_equal(_bits(ref), _bits(host))
    assert (moves, rows) == (0, int(layout.update_fast))


def test_the_overlap_a_block_gets_wrong_is_ref_order(build_dir: Path):
    """y inside x after its start: ref's forward copy repeats x's first elements and its
    axpy reads elements it has updated, which a block move and a vectorised row (all
    reads of a block before its writes) would not: the layout tells the paths apart."""
    n, layout = 33, next(lay for lay in LAYOUTS if lay.name == "y_inside_x")
    ref, _, _ = _run_layout("copy", "f64", layout, n, {}, build_dir)
    before = _buffer("f64", _extent(layout, n), seed=n)
    assert not np.array_equal(_bits(ref[3:3 + n]), _bits(before[:n]))
    assert np.array_equal(_bits(ref[3:3 + n]), _bits(np.resize(before[:3], n)))
    ref, _, _ = _run_layout("axpy", "f64", layout, n, {"alpha": -0.5}, build_dir)
    block = before[3:3 + n] + np.float64(-0.5) * before[:n]
    assert not np.array_equal(_bits(ref[3:3 + n]), _bits(block))


M, N = 6, 13  # the matrices' rows and columns


@dataclass(frozen=True)
class Layout2d:
    """A and B (M x N) in one buffer: where each starts, its leading dimension; how many
    block moves copy2d makes and how many rows axpy2d vectorises."""

    name: str
    a_at: int
    lda: int
    b_at: int
    ldb: int
    moves: int
    rows: int


LAYOUTS_2D = [
    Layout2d("packed_apart", 0, N, M * N + 4, N, 1, M),
    Layout2d("padded_apart", M * (N + 3) + 1, N + 3, 0, N + 2, M, M),
    Layout2d("b_before_a", 3, N, 0, N, 1, 0),
    Layout2d("b_inside_a", 0, N, 3, N, 0, 0),
    Layout2d("b_one_row_after_a", 0, N, N + 2, N, M, M),
    Layout2d("rows_interleaved", 0, 2 * N, N, 2 * N, M, M),
    Layout2d("b_rows_inside_a_rows", 0, N + 1, 2, N + 1, 0, 0),
]


@pytest.mark.parametrize("dtype", ["f32", "f64"])
@pytest.mark.parametrize("layout", LAYOUTS_2D, ids=lambda lay: lay.name)
@pytest.mark.parametrize("launch", ["copy2d", "axpy2d"])
def test_matrices_on_views_equal_ref(launch: str, layout: Layout2d, dtype: str,
                                     build_dir: Path):
    size = max(layout.a_at + M * layout.lda, layout.b_at + M * layout.ldb) + 8

    def views(buf: np.ndarray) -> dict[str, np.ndarray]:
        step = buf.itemsize
        return {"A": np.lib.stride_tricks.as_strided(buf[layout.a_at:], (M, N),
                                                     (layout.lda * step, step)),
                "B": np.lib.stride_tricks.as_strided(buf[layout.b_at:], (M, N),
                                                     (layout.ldb * step, step))}

    scalars = {"alpha": -0.5} if launch == "axpy2d" else {}
    ref, host, path = _run_all(launch, dtype, size, M * N, views, scalars, build_dir)
    assert np.array_equal(_bits(ref), _bits(host))
    assert path == ((layout.moves, 0) if launch == "copy2d" else (0, layout.rows))
