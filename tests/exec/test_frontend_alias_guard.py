"""Which version the alias guard runs: the kernels of inputs/alias (no `restrict`),
translated by polylift-cc, with the dispatcher's two calls redirected to stubs that
leave a marker, JIT-compiled and called on arrays that overlap or not (numpy views of
one buffer). Overlap where one side writes takes the fallback; apart, adjacent or empty
ranges (two rows of one matrix) take the version that treats them as distinct."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path

import numpy as np
import pytest

from polylift.frontend import Signature, translate_file

from .jit import jit
from .test_frontend_delinearize_diff import DELIN, FLAT, probe
from .test_frontend_diff import run_mlir

INPUTS = Path(__file__).parent / "inputs" / "alias"
N = 8
LIFTED, FALLBACK = DELIN, FLAT  # what the stubs of `.noalias` and `.flat` store


@cache
def _kernel(name: str) -> tuple[object, Signature]:
    translation = translate_file(str(INPUTS / f"{name}.c"), function=f"kernel_{name}")
    sig = translation.signatures[f"kernel_{name}"]
    assert f"@{sig.name}.noalias" in translation.mlir
    return jit(probe(translation.mlir, sig.name, "noalias")), sig


def _vector(n: int = N) -> np.ndarray:
    return np.arange(n, dtype=np.float64) + 0.5


def _matrix(rows: int = N) -> np.ndarray:
    return np.arange(rows * N, dtype=np.float64).reshape(rows, N) / 7


def _copy_shifted() -> list:
    buf = _vector(N + 1)
    return [N, buf[:-1], buf[1:]]


def _copy_adjacent() -> list:
    buf = _vector(2 * N)
    return [N, buf[:N], buf[N:]]


def _copy_empty() -> list:
    buf = _vector()
    return [0, buf, buf]


def _gemv_in_place() -> list:
    v = _vector()
    return [N, _matrix(), v, v]


def _gemv_rows() -> list:
    m = _matrix()
    return [N, _matrix(), m[2], m[5]]


def _gemv_into_a() -> list:
    a = _matrix()
    return [N, a, _vector(), a[3]]


def _gather_overlapping() -> list:
    buf = _vector(2 * N)
    return [N, (np.arange(N, dtype=np.int32) * 7 + 3) % N, buf[:N], buf[N // 2:N // 2 + N]]


def _gather_apart() -> list:
    return [N, (np.arange(N, dtype=np.int32) * 7 + 3) % N, _vector(), _vector()]


def _stencil_shifted() -> list:
    s = _matrix(N + 1)
    return [N, s[:-1], s[1:]]


CASES: dict[str, tuple[str, Callable[[], list], float]] = {
    "copy y = x + 1": ("copy", _copy_shifted, FALLBACK),
    "copy y = x + n": ("copy", _copy_adjacent, LIFTED),
    "copy x == y, n = 0": ("copy", _copy_empty, LIFTED),
    "copy two arrays": ("copy", lambda: [N, _vector(), _vector()], LIFTED),
    "axpy x == y": ("axpy", lambda: [N, 1.5] + [_vector()] * 2, FALLBACK),
    "gemv x == y": ("gemv", _gemv_in_place, FALLBACK),
    "gemv y a row of A": ("gemv", _gemv_into_a, FALLBACK),
    "gemv two rows of one matrix": ("gemv", _gemv_rows, LIFTED),
    "gemm C == A": ("gemm", lambda: [N, 1.5, 1.2] + [_matrix()] * 2 + [_matrix()], FALLBACK),
    "gemm three arrays": ("gemm", lambda: [N, 1.5, 1.2, _matrix(), _matrix(), _matrix()],
                          LIFTED),
    "stencil B = A + one row": ("stencil", _stencil_shifted, FALLBACK),
    "stencil two arrays": ("stencil", lambda: [N, _matrix(), _matrix()], LIFTED),
    # Reads at a subscript read from data: the whole arrays are compared.
    "gather y inside x": ("gather", _gather_overlapping, FALLBACK),
    "gather two arrays": ("gather", _gather_apart, LIFTED),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_guard_picks_the_version(case: str) -> None:
    name, make, expected = CASES[case]
    engine, sig = _kernel(name)
    args = make()
    run_mlir(engine, sig, args)
    last = args[max(i for i, p in enumerate(sig.params) if p.kind == "array")]
    assert last.reshape(-1)[0] == expected, f"{case}: the other version ran"
