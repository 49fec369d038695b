"""ref and host shims of the index-of-extremum launches (argmax, argmin, iamax, iamin),
through ctypes, against the C loop they replace, evaluated here one element at a time:

    r = s; k = t; for i in order: v = x[i] (or |x[i]|); if v > r (< for the minimum):
    r = v; k = base + i

on the inputs where a reordering would show: NaN elements (never taken), a NaN start
value (nothing updates), a NaN first element, ties (the first wins), -0 and +0 (equal:
the first met is kept, with its sign), all elements equal to the start value, and
packed and strided views. ref must give the loop's bits, and host ref's.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from polylift.tdl.library import load_library
from tests.exec.shim_calls import NP_TYPES, call_shim, shim_cdll

LIBRARY = load_library()
LAUNCHES = {"red.argmax": (">", False), "red.argmin": ("<", False),
            "red.iamax": (">", True), "red.iamin": ("<", True)}
NAN, INF = float("nan"), float("inf")


def loop(x: np.ndarray, s: float, t: int, base: int, cmp: str, magnitude: bool
         ) -> tuple[float, int]:
    """The C loop, element by element (numpy scalars compare as C does: NaN false)."""
    best, index = x.dtype.type(s), t
    for i, e in enumerate(x):
        v = abs(e) if magnitude else e
        if (v > best) if cmp == ">" else (v < best):
            best, index = v, base + i
    return best, index


def cases(np_type) -> list[tuple[np.ndarray, float, int, int]]:
    """(x, s, t, base): the inputs the module doc names, and a long random one that the
    host's blocks and lanes cross."""
    rng = np.random.default_rng(7)
    long = (rng.standard_normal(1000) * 8).round()
    long[[100, 613, 777]] = [NAN, 40.0, -40.0]  # a NaN, ties in magnitude and value
    raw = [
        ([1.0, 3.0, NAN, 3.0, -3.0, 2.0], -INF, -1, 0),
        ([NAN, 1.0, 5.0, -5.0, 5.0], -INF, 0, 0),  # NaN first: skipped
        ([2.0, 2.0, 2.0], 2.0, 7, 1),  # equal to the start: nothing updates
        ([1.0, 9.0, -9.0], NAN, 3, 1),  # a NaN start: nothing updates
        ([-1.0, -0.0, 0.0, -0.0], -5.0, -1, 0),  # -0 first: kept, with its sign
        ([-1.0, 0.0, -0.0, 0.0], -5.0, -1, 2),  # +0 first
        ([0.0, -0.0, 1.0, -1.0], 5.0, -1, 0),
        ([NAN] * 20, 0.0, 4, 0),
        ([INF, -INF, 1.0, -INF, INF], 0.0, -1, 0),
        (list(long), -INF, -1, 1),
        (list(long), 0.5, 9, 0),
        (list(-long[:37]), float(long[3]), 0, 100),
    ]
    return [(np.array(x, dtype=np_type), s, t, b) for x, s, t, b in raw]


def run(backend: str, name: str, dtype: str, x: np.ndarray, s: float, t: int, base: int,
        step: int) -> tuple[np.ndarray, np.ndarray]:
    np_type = NP_TYPES[dtype]
    parent = np.full(len(x) * step + 2, -12345.0, dtype=np_type)
    view = parent[1:1 + len(x) * step:step]
    view[...] = x
    r, k = np.zeros((), dtype=np_type), np.zeros((), dtype=np.int32)
    call_shim(shim_cdll(backend), LIBRARY.templates[name], backend, dtype,
              {"x": view, "r": r, "k": k, "s": np_type(s), "t": np.int32(t),
               "base": np.int32(base)})
    assert parent[0] == -12345.0 and parent[-1] == -12345.0, "wrote outside the view"
    return r, k


@pytest.mark.parametrize("dtype", ["f32", "f64"])
@pytest.mark.parametrize("name", sorted(LAUNCHES))
def test_ref_and_host_give_the_loops_bits(name: str, dtype: str) -> None:
    cmp, magnitude = LAUNCHES[name]
    for x, s, t, base in cases(NP_TYPES[dtype]):
        want_r, want_k = loop(x, s, t, base, cmp, magnitude)
        for backend in ("ref", "host"):
            for step in (1, 2):
                r, k = run(backend, name, dtype, x, s, t, base, step)
                assert int(k) == want_k, (backend, step, x[:6], s, t, base)
                assert r.tobytes() == np.asarray(want_r, dtype=r.dtype).tobytes(), \
                    (backend, step, x[:6], s, r, want_r)


def test_the_first_of_equal_elements_wins_and_keeps_its_sign() -> None:
    """By hand: the maximum 3 at 1 and 3 (the first wins), the smallest magnitude 0 at -0
    (index 2, sign kept by argmin, cleared by iamin), NaN never taken."""
    x = np.array([NAN, 3.0, -0.0, 3.0, 0.0], dtype=np.float64)
    for backend in ("ref", "host"):
        assert int(run(backend, "red.argmax", "f64", x, -INF, -1, 0, 1)[1]) == 1
        r, k = run(backend, "red.argmin", "f64", x, INF, -1, 0, 1)
        assert int(k) == 2 and math.copysign(1.0, float(r)) == -1.0
        r, k = run(backend, "red.iamin", "f64", x, INF, -1, 0, 1)
        assert int(k) == 2 and math.copysign(1.0, float(r)) == 1.0
        assert int(run(backend, "red.iamax", "f64", x, -1.0, -1, 10, 1)[1]) == 11


def test_an_empty_vector_keeps_the_start() -> None:
    """n = 0 (a loop that runs no iteration): (s, t) whatever the backend."""
    x = np.zeros(0, dtype=np.float32)
    for backend in ("ref", "host"):
        r, k = run(backend, "red.iamax", "f32", x, 2.5, 42, 1, 1)
        assert float(r) == 2.5 and int(k) == 42
