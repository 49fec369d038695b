"""host shims of the image and scan launches against ref, bit for bit.

The host image filters compute the interior of each row from `restrict` rows in
vectorised blocks (16 pixels, a scalar tail) and, for the whole image, the first and
last columns with clamped reads; the integer arithmetic is exact, so they must give
ref's bits everywhere, borders included. Each case runs on sizes 0 and 1, on widths
around the block (not multiples of it), and on views whose first element is offset
inside a parent and whose rows are padded; the parent around a source holds other
values, so a shim that read past the view's border (or, for a region, its halo) would
differ, and the parent around an output holds a sentinel, so a write outside it would
show. Arguments the fast paths cannot take (an output overlapping an input, a table
shorter than the keys reach) run the ref loops and must also equal ref; a division that
the source leaves undefined must stop host at ref's pixel with ref's message.
"""

from __future__ import annotations

import signal
import subprocess
import sys

import numpy as np
import pytest

from polylift.tdl.library import load_library
from tests.exec.pva_images import LIMITS, NP, ROOT
from tests.exec.shim_calls import NP_TYPES, call_shim, shim_cdll
from tests.exec.test_shims_pva_tables import signed_tables

LIBRARY = load_library()
FILTERS = ("pva_box3x3", "pva_gaussian3x3", "pva_conv3x3_q", "pva_box3x3_roi",
           "pva_gaussian3x3_roi", "pva_conv3x3_q_roi")
# Heights and widths: empty, one pixel, narrower than a block, and around one, two and
# four blocks of 16 (the interior of a whole image is two pixels narrower).
SHAPES = [(0, 5), (4, 0), (1, 1), (1, 2), (2, 1), (1, 19), (3, 3), (4, 17), (5, 18),
          (2, 19), (6, 34), (3, 35), (5, 67)]
PAD = 3  # parent pixels around a view, and extra row length


def _template(launch: str, dtype: str):
    return next(t for t in LIBRARY.by_launch(launch) if dtype in t.dtypes)


def _pixels(rng: np.random.Generator, dtype: str, shape: tuple[int, ...]) -> np.ndarray:
    lo, hi = LIMITS[dtype]
    return rng.integers(lo, hi + 1, size=shape).astype(NP[dtype])


def _source(rng: np.random.Generator, dtype: str, h: int, w: int, strided: bool):
    """A source view inside a random parent: offset and padded rows when `strided`, else
    rows of exactly w pixels (the halo rows are the parent's rows before and after)."""
    parent = _pixels(rng, dtype, (h + 2 * PAD, (w + 2 * PAD) if strided else w))
    col = PAD if strided else 0
    return parent, parent[PAD:PAD + h, col:col + w]


def _run_into(backend: str, launch: str, dtype: str, h: int, w: int, values: dict):
    """Call a launch writing into a view of a sentinel-filled parent; return the parent."""
    out = np.full((h + 2 * PAD, w + 2 * PAD), -77, dtype=NP[dtype])
    dst = out[PAD - 1:PAD - 1 + h, PAD + 1:PAD + 1 + w]
    call_shim(shim_cdll(backend), _template(launch, dtype), backend, dtype,
              dict(values, dst=dst))
    return out


def _filter_values(rng: np.random.Generator, launch: str, dtype: str, src) -> dict:
    if "conv3x3_q" not in launch:
        return {"src": src}
    coef = _pixels(rng, dtype, (3, 5))[:, 1:4]  # a strided 3 x 3 view (ldcoef = 5)
    return {"src": src, "coef": coef, "shift": int(rng.integers(0, 32))}


@pytest.mark.parametrize("strided", [False, True], ids=["rows", "strided"])
@pytest.mark.parametrize("dtype", ["i8", "i16"])
@pytest.mark.parametrize("launch", FILTERS)
def test_filters_equal_ref(launch: str, dtype: str, strided: bool) -> None:
    assert "host" in _template(launch, dtype).backends
    for h, w in SHAPES:
        rng = np.random.default_rng(h * 100 + w)
        _, src = _source(rng, dtype, h, w, strided)
        values = _filter_values(rng, launch, dtype, src)
        want = _run_into("ref", launch, dtype, h, w, values)
        got = _run_into("host", launch, dtype, h, w, values)
        assert np.array_equal(got, want), (launch, dtype, h, w)


def _over_source(backend: str, launch: str, dtype: str) -> np.ndarray:
    """Run a filter whose dst is its src one row down in the same buffer; the buffer."""
    h, w = 6, 37
    rng = np.random.default_rng(5)
    buffer = _pixels(rng, dtype, (h + 4, w + 2))
    values = _filter_values(rng, launch, dtype, buffer[1:1 + h, 1:1 + w])
    call_shim(shim_cdll(backend), _template(launch, dtype), backend, dtype,
              dict(values, dst=buffer[2:2 + h, 1:1 + w]))
    return buffer


@pytest.mark.parametrize("dtype", ["i8", "i16"])
@pytest.mark.parametrize("launch", FILTERS)
def test_filters_writing_over_their_source_equal_ref(launch: str, dtype: str) -> None:
    """ref reads pixels it wrote before, and so must the host shim (it takes the ref
    loops)."""
    assert np.array_equal(_over_source("host", launch, dtype), _over_source("ref", launch, dtype))


def _bilateral_values(rng, dtype: str, src, n: int, rshift: int, scale: int) -> dict:
    ws, wr = signed_tables(rng, n, scale)
    return {"src": src, "ws": ws, "wr": wr, "rshift": rshift, "n": n, "kh": 3}


@pytest.mark.parametrize("strided", [False, True], ids=["rows", "strided"])
@pytest.mark.parametrize(("dtype", "rshift", "n", "scale"),
                         [("i8", 0, 256, 1), ("i8", 2, 64, 1 << 18), ("i16", 8, 256, 1),
                          ("i16", 9, 128, 1 << 12), ("i16", 0, 65536, 3)])
@pytest.mark.parametrize("launch", ["pva_bilateral3x3", "pva_bilateral3x3_roi"])
def test_bilateral_equals_ref(launch: str, dtype: str, rshift: int, n: int, scale: int,
                              strided: bool) -> None:
    """Signed weights (negative den), 32-bit sums that wrap, strided tables."""
    for h, w in SHAPES:
        rng = np.random.default_rng(h * 100 + w + n)
        _, src = _source(rng, dtype, h, w, strided)
        values = _bilateral_values(rng, dtype, src, n, rshift, scale)
        want = _run_into("ref", launch, dtype, h, w, values)
        got = _run_into("host", launch, dtype, h, w, values)
        assert np.array_equal(got, want), (launch, dtype, h, w)


@pytest.mark.parametrize("launch", ["pva_bilateral3x3", "pva_bilateral3x3_roi"])
def test_bilateral_with_a_short_table_equals_ref(launch: str) -> None:
    """A range table shorter than an index can reach, which no pixel of this image passes:
    the host shim takes the ref loops, with their check per pixel."""
    rng = np.random.default_rng(3)
    parent = rng.integers(0, 8, size=(11, 40)).astype(np.int8)
    src = parent[2:9, 1:36]
    values = {"src": src, "ws": np.ones((3, 3), np.int32), "wr": np.arange(1, 9, dtype=np.int32),
              "rshift": 0, "n": 8, "kh": 3}
    want = _run_into("ref", launch, "i8", 7, 35, values)
    assert np.array_equal(_run_into("host", launch, "i8", 7, 35, values), want)


def spike_case(backend: str, launch: str) -> None:
    """An isolated spike at (2, 21) of a flat image: there alone den = 8 - 8 = 0 (run in a
    child process: it aborts)."""
    parent = np.zeros((8, 36), np.int8)
    parent[3, 22] = 5
    ws = np.ones((3, 3), np.int32)
    ws[1, 1] = 8
    wr = np.ones(256, np.int32)
    wr[5] = -1
    src = parent[1:7, 1:35]
    _run_into(backend, launch, "i8", 6, 34, {"src": src, "ws": ws, "wr": wr, "rshift": 0,
                                             "kh": 3})


@pytest.mark.parametrize("launch", ["pva_bilateral3x3", "pva_bilateral3x3_roi"])
def test_an_undefined_division_inside_a_row_stops_at_refs_pixel(launch: str) -> None:
    messages = []
    for backend in ("ref", "host"):
        code = ("from tests.exec.test_shims_host_image import spike_case; "
                f"spike_case({backend!r}, {launch!r})")
        done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                              text=True, check=False, timeout=120)
        assert done.returncode == -signal.SIGABRT, done.stderr
        prefix = f"polylift_{backend}_{launch}_i8: "
        assert done.stderr.startswith(prefix), done.stderr
        messages.append(done.stderr[len(prefix):])
    assert messages[0] == messages[1] == "pixel (2, 21) divides 40 by 0 (undefined in C)\n"


@pytest.mark.parametrize("dtype", ["i8", "i16"])
def test_lut_in_place_equals_ref(dtype: str) -> None:
    """dst is src: each pixel is read before it is written, in either order."""
    keys = 1 << (8 * np.dtype(NP[dtype]).itemsize)
    results = []
    for backend in ("ref", "host"):
        rng = np.random.default_rng(9)
        buffer = _pixels(rng, dtype, (9, 40))
        lut = _pixels(rng, dtype, (keys,))
        view = buffer[1:8, 2:37]
        call_shim(shim_cdll(backend), LIBRARY.templates["pva.lut"], backend, dtype,
                  dict(src=view, lut=lut, dst=buffer[1:8, 3:38]))
        results.append(buffer)
    assert np.array_equal(*results)


def _histeq(backend: str, src, arrays: dict[str, np.ndarray]) -> None:
    call_shim(shim_cdll(backend), LIBRARY.templates["pva.histeq"], backend, "i8",
              dict(arrays, src=src))


@pytest.mark.parametrize("shape", [(1, 1), (3, 5), (9, 70)])
def test_histeq_on_strided_views_equals_ref(shape) -> None:
    h, w = shape
    results = []
    for backend in ("ref", "host"):
        rng = np.random.default_rng(h + w)
        parent = rng.integers(-128, 128, size=(h + 2, w + 5)).astype(np.int8)
        tables = {"hist": np.full(2 * 300, -5, np.int32), "cdf": np.full(3 * 300, -6, np.int32),
                  "lut": np.full(2 * 300, 7, np.int8)}
        out = np.full((h + 2, w + 6), 9, np.int8)
        _histeq(backend, parent[1:1 + h, 2:2 + w],
                {"hist": tables["hist"][::2], "cdf": tables["cdf"][::3],
                 "lut": tables["lut"][::2], "dst": out[1:1 + h, 3:3 + w]})
        results.append([out, *tables.values()])
    for got, want in zip(results[1], results[0], strict=True):
        assert np.array_equal(got, want)


@pytest.mark.parametrize("table", ["hist", "cdf", "lut"])
def test_histeq_with_a_table_of_stride_zero_equals_ref(table: str) -> None:
    """Every bin of one table is the same element: ref's steps overwrite and reread it
    in their order, which the host's counting on the side does not (it runs ref's loops)."""
    results = []
    for backend in ("ref", "host"):
        src = np.random.default_rng(3).integers(0, 256, size=(4, 7)).astype(np.uint8)
        tables = {"hist": np.zeros(256, np.int32), "cdf": np.zeros(256, np.int32),
                  "lut": np.zeros(256, np.int8)}
        views = dict(tables)
        views[table] = np.lib.stride_tricks.as_strided(tables[table], shape=(256,),
                                                       strides=(0,))
        dst = np.zeros((4, 7), np.int8)
        _histeq(backend, src.view(np.int8), {**views, "dst": dst})
        results.append([dst, *tables.values()])
    for got, want in zip(results[1], results[0], strict=True):
        assert np.array_equal(got, want)


def test_histeq_with_aliased_outputs_equals_ref() -> None:
    """The histogram is the CDF (one buffer): ref's order decides what each step reads."""
    results = []
    for backend in ("ref", "host"):
        src = np.random.default_rng(1).integers(0, 256, size=(5, 9)).astype(np.uint8)
        counts = np.zeros(256, np.int32)
        lut, dst = np.zeros(256, np.int8), np.zeros((5, 9), np.int8)
        _histeq(backend, src.view(np.int8), {"hist": counts, "cdf": counts, "lut": lut,
                                             "dst": dst})
        results.append((counts, lut, dst))
    for got, want in zip(results[1], results[0], strict=True):
        assert np.array_equal(got, want)


@pytest.mark.parametrize("dtype", ["i32", "i64", "f32", "f64"])
@pytest.mark.parametrize("n", [1, 2, 17, 100])
def test_cumsum_equals_ref_in_place_and_strided(dtype: str, n: int) -> None:
    rng = np.random.default_rng(n)
    kind = NP_TYPES[dtype]
    if dtype.startswith("f"):
        data = rng.normal(size=3 * n + 2).astype(kind)
    else:
        info = np.iinfo(kind)
        data = rng.integers(info.min, info.max, size=3 * n + 2, dtype=kind)
    template = LIBRARY.templates["scan.cumsum"]
    for layout in ("in place", "shifted", "strided"):
        results = []
        for backend in ("ref", "host"):
            buffer = data.copy()
            if layout == "in place":
                x, y = buffer[:n], buffer[:n]
            elif layout == "shifted":  # x[k] is y[k - 1]: each sum reads the one before
                x, y = buffer[:n], buffer[1:1 + n]
            else:
                x, y = buffer[::3][:n], buffer[1::3][:n]
            with np.errstate(over="ignore"):
                call_shim(shim_cdll(backend), template, backend, dtype, dict(x=x, y=y))
            results.append(buffer)
        assert results[0].tobytes() == results[1].tobytes(), (dtype, n, layout)
