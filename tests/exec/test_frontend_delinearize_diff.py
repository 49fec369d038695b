"""Differential runs of delinearised kernels: the CNN benchmarks in flattened-pointer style, whose
pointers `A[i*lda + k]` get multi-dimensional views behind a run-time guard, computed by
the JIT of polylift-cc's output and by gcc -O2 -ffp-contract=off, bit for bit, both with
leading dimensions that make the guard hold and with ones that make it fail (rows that
overlap, so that the flat fallback must run). A probe build checks which version the
guard picks.
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from polylift.frontend import Signature, translate_file
from polylift.mlir import new_context, parse_module

from .jit import jit, same_bits
from .test_frontend_diff import (
    INCLUDE,
    ROOT,
    build_reference,
    make_input,
    run_mlir,
    run_reference,
    scalar_value,
)

DEFINES = ["MINI_DATASET"]

# Per benchmark: sizes for which the guard holds, and changes that make it fail.
CASES: dict[str, tuple[dict[str, int], dict[str, int]]] = {
    "gemm_nn": ({"M": 6, "N": 7, "K": 9, "lda": 9, "ldb": 8, "ldc": 7}, {"lda": 5, "ldc": 4}),
    "gemm_nt": ({"M": 6, "N": 7, "K": 9, "lda": 10, "ldb": 9, "ldc": 7}, {"ldb": 6}),
    "gemm_tn": ({"M": 6, "N": 7, "K": 9, "lda": 6, "ldb": 7, "ldc": 7}, {"lda": 4}),
    "im2col_gemm": ({"cin": 3, "cout": 4, "h": 10, "w": 9, "ks": 3, "oh": 8, "ow": 7},
                    {"oh": 9}),
}
DELIN, FLAT = 1.0e6, 2.0e6  # markers the probe versions store


def _signature(name: str) -> tuple[Path, str, Signature]:
    path = ROOT / "benchmarks" / "cnn" / f"{name}.c"
    translation = translate_file(str(path), [str(INCLUDE)], DEFINES, f"kernel_{name}")
    return path, translation.mlir, translation.signatures[f"kernel_{name}"]


def _inputs(sig: Signature, ints: dict[str, int]) -> list:
    rng = np.random.default_rng(7)
    return [make_input(p, ints, rng) if p.kind == "array" else scalar_value(p, ints)
            for p in sig.params]


def _stub(name: str, types: str, marker: float) -> str:
    """A function of the version's type that stores `marker` at the start of its last
    array (a memref or a view)."""
    args, depth, start = [], 0, 0
    for pos, char in enumerate(types + ","):
        depth += {"<": 1, ">": -1}.get(char, 0)
        if char == "," and depth == 0:
            args.append(types[start:pos].strip())
            start = pos + 1
    last = max(i for i, t in enumerate(args) if t.startswith("memref"))
    rank = args[last].split(",")[0].count("x")
    elem = args[last].split(",")[0].rstrip(">").split("x")[-1]
    zeros = ", ".join(["%z"] * rank)
    params = ", ".join(f"%a{i}: {t}" for i, t in enumerate(args))
    return (f"func.func private @{name}({params}) {{\n  %z = arith.constant 0 : index\n"
            f"  %m = arith.constant {marker:e} : {elem}\n"
            f"  memref.store %m, %a{last}[{zeros}] : {args[last]}\n  return\n}}\n")


def probe(text: str, kernel: str, fast: str = "delinearized") -> str:
    """The module with the dispatcher's two calls (of the `fast` version and of the flat
    one) redirected to marker stubs."""
    plain = str(parse_module(text, new_context()).operation.get_asm(enable_debug_info=False))
    stubs = []
    for version, marker in ((fast, DELIN), ("flat", FLAT)):
        call = re.search(rf"call @{kernel}\.{version}\(.*?\) : \((.*)\) -> \(\)", plain)
        assert call is not None, f"no call of the {version} version"
        stubs.append(_stub(f"probe_{version}", call.group(1), marker))
        plain = plain.replace(f"call @{kernel}.{version}(", f"call @probe_{version}(")
    return plain.rstrip().removesuffix("}") + "".join(stubs) + "}\n"


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("guard", ["holds", "fails"])
def test_delinearised_kernel_matches_gcc(name: str, guard: str, tmp_path: Path) -> None:
    path, text, sig = _signature(name)
    assert f"@kernel_{name}.delinearized" in text and f"@kernel_{name}.flat" in text
    ints = dict(CASES[name][0])
    if guard == "fails":
        ints.update(CASES[name][1])
    inputs = _inputs(sig, ints)
    ref = [a.copy() if isinstance(a, np.ndarray) else a for a in inputs]
    got = [a.copy() if isinstance(a, np.ndarray) else a for a in inputs]
    run_reference(build_reference(path, tmp_path), sig, ref)
    run_mlir(jit(text), sig, got)
    for index, p in enumerate(sig.params):
        if p.kind == "array":
            assert same_bits(ref[index], got[index]), f"{sig.name}: '{p.name}' differs"
    marked = [a.copy() if isinstance(a, np.ndarray) else a for a in inputs]
    run_mlir(jit(probe(text, sig.name)), sig, marked)
    last = max(i for i, p in enumerate(sig.params) if p.kind == "array")
    assert marked[last][0] == (DELIN if guard == "holds" else FLAT)


ARMS = """\
static void gemm_nn(int M, int N, int K, float ALPHA, float *A, int lda, float *B, int ldb,
                    float *C, int ldc) {
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k) {
      float a = ALPHA * A[i * lda + k];
      for (int j = 0; j < N; ++j) C[i * ldc + j] += a * B[k * ldb + j];
    }
}
static void gemm_nt(int M, int N, int K, float ALPHA, float *A, int lda, float *B, int ldb,
                    float *C, int ldc) {
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      float sum = 0;
      for (int k = 0; k < K; ++k) sum += ALPHA * A[i * lda + k] * B[j * ldb + k];
      C[i * ldc + j] += sum;
    }
}
void kernel_arms(int TA, int TB, int M, int N, int K, float ALPHA, float *A, int lda,
                 float *B, int ldb, float *C, int ldc) {
  if (!TA && !TB) gemm_nn(M, N, K, ALPHA, A, lda, B, ldb, C, ldc);
  else if (!TA && TB) gemm_nt(M, N, K, ALPHA, A, lda, B, ldb, C, ldc);
}
"""
# The NN arm with K > ldb (what the NT arm's rows need), the NT arm with N > ldb (what
# the NN arm's rows need): each arm's view is exact, the other arm's would not be.
ARM_CASES = {"nn": ({"TA": 0, "TB": 0, "M": 5, "N": 6, "K": 9, "lda": 9, "ldb": 6, "ldc": 6}),
             "nt": ({"TA": 0, "TB": 1, "M": 5, "N": 8, "K": 4, "lda": 4, "ldb": 4, "ldc": 8}),
             "neither": ({"TA": 1, "TB": 1, "M": 5, "N": 8, "K": 4, "lda": 1, "ldb": 1,
                          "ldc": 1})}


@pytest.mark.parametrize("arm", sorted(ARM_CASES))
def test_an_arm_needs_its_own_bounds_only(arm: str, tmp_path: Path) -> None:
    """A function choosing a loop nest by its parameters (gemm_cpu's TA, TB) takes the
    delinearised version when the arm that runs has exact views, whatever the shapes
    the other arms would need, and computes gcc's bits."""
    path = tmp_path / "arms.c"
    path.write_text(ARMS)
    translation = translate_file(str(path), function="kernel_arms")
    text, sig = translation.mlir, translation.signatures["kernel_arms"]
    inputs = _inputs(sig, ARM_CASES[arm])
    ref = [a.copy() if isinstance(a, np.ndarray) else a for a in inputs]
    got = [a.copy() if isinstance(a, np.ndarray) else a for a in inputs]
    run_reference(build_reference(path, tmp_path), sig, ref)
    run_mlir(jit(text), sig, got)
    last = max(i for i, p in enumerate(sig.params) if p.kind == "array")
    assert same_bits(ref[last], got[last])
    marked = [a.copy() if isinstance(a, np.ndarray) else a for a in inputs]
    run_mlir(jit(probe(text, sig.name)), sig, marked)
    assert marked[last][0] == DELIN


# The second arm reads A transposed: its rows of A reach further than the first's.
ARMS_TN = ARMS.replace("else if (!TA && TB) gemm_nt", "else if (TA && !TB) gemm_tn").replace(
    "static void gemm_nt", "static void gemm_tn").replace(
    "sum += ALPHA * A[i * lda + k] * B[j * ldb + k]",
    "sum += ALPHA * A[k * lda + i] * B[k * ldb + j]")


def test_arrays_apart_where_the_arm_that_runs_reaches_pass_the_alias_guard(tmp_path: Path):
    """C right after the rows of A the NN arm reads, inside what the TN arm would read:
    the guard compares the ranges of the arm that runs, so the fast version runs, and
    the bits are gcc's."""
    path = tmp_path / "arms.c"
    path.write_text(ARMS_TN)
    translation = translate_file(str(path), function="kernel_arms")
    text, sig = translation.mlir, translation.signatures["kernel_arms"]
    ints = {"TA": 0, "TB": 0, "M": 3, "N": 4, "K": 4, "lda": 4, "ldb": 4, "ldc": 4}
    rng = np.random.default_rng(3)

    def inputs() -> list:
        buffer = rng.uniform(0.5, 1.5, 64).astype(np.float32)
        b = rng.uniform(0.5, 1.5, 64).astype(np.float32)
        # A's NN rows end at (M-1)*lda + K = 12; the TN arm would read up to 15.
        arrays = {"A": buffer[:12], "B": b, "C": buffer[12:]}
        return [arrays[p.name] if p.kind == "array" else scalar_value(p, ints)
                for p in sig.params]

    state = rng.bit_generator.state
    ref = inputs()
    rng.bit_generator.state = state
    got = inputs()
    run_reference(build_reference(path, tmp_path), sig, ref)
    run_mlir(jit(text), sig, got)
    last = max(i for i, p in enumerate(sig.params) if p.kind == "array")
    assert same_bits(ref[last], got[last])
    rng.bit_generator.state = state
    marked = inputs()
    run_mlir(jit(probe(text, sig.name)), sig, marked)
    assert marked[last][0] == DELIN
