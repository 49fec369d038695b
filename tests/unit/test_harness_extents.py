"""POLYLIFT_EXTENT annotations and size expressions."""

from __future__ import annotations

from pathlib import Path

import pytest

from polylift.errors import BuildError
from polylift.frontend import Param, Signature
from polylift.harness.programs.adapter import adapter_source
from polylift.harness.programs.extents import (
    apply_extents,
    evaluate_condition,
    evaluate_size,
    read_annotations,
)
from polylift.harness.programs.wrapper import wrapper_source

ROOT = Path(__file__).resolve().parents[2]
SIG = Signature("kernel_g", (
    Param("M", "scalar", "int", "index"), Param("lda", "scalar", "int", "index"),
    Param("A", "array", "float", "memref<?xf32>", ("?",)),
    Param("C", "array", "float", "memref<?x?xf32>", ("M", "lda"))), ("A",))


def _source(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "g.c"
    path.write_text(text)
    return path


def test_annotation_fills_the_open_extent_only(tmp_path):
    src = _source(tmp_path, "/* POLYLIFT_EXTENT(A, M * (lda + 1)) */\n"
                            "/* POLYLIFT_EXTENT(C, 7) */\nvoid kernel_g(void);\n")
    sig = apply_extents(SIG, src)
    dims = {p.name: p.dims for p in sig.params}
    assert dims["A"] == ("(M * (lda + 1))",)
    assert dims["C"] == ("M", "lda")  # known dims win over the annotation
    assert "int64_t polylift_n_A = (int64_t)((M * (lda + 1)));" in wrapper_source(sig)
    assert "d_A = {(void *)(A), (void *)(A), 0, {(int64_t)((M * (lda + 1)))}, {1}};" \
        in adapter_source(sig)


@pytest.mark.parametrize("text, message", [
    ("POLYLIFT_EXTENT(A)", "malformed POLYLIFT_EXTENT"),
    ("POLYLIFT_EXTENT(A, M * (lda)", "malformed POLYLIFT_EXTENT"),
    ("POLYLIFT_EXTENT(B, M)", "names 'B', which is not an array parameter"),
    ("POLYLIFT_EXTENT(A, M * N)", "uses 'N', which is not a scalar parameter"),
    ("POLYLIFT_EXTENT(A, M; x)", "may use only parameters"),
    ("POLYLIFT_EXTENT(A, M *)", "is not an expression"),
    ("POLYLIFT_EXTENT(A, M)\nPOLYLIFT_EXTENT(A, M)", "second POLYLIFT_EXTENT for 'A'"),
])
def test_bad_annotations_are_located_errors(tmp_path, text, message):
    src = _source(tmp_path, "/* x */\n  " + text + "\n")
    with pytest.raises(BuildError, match=message) as caught:
        apply_extents(SIG, src)
    assert caught.value.loc is not None and caught.value.loc.file == str(src)
    assert caught.value.loc.line >= 2


def test_expressions_follow_c_integer_semantics():
    env = {"n": 7, "m": -7}
    assert evaluate_size("n * (n + 1) / 2", env) == 28
    assert evaluate_size("m / 2", env) == -3  # C truncates toward zero
    assert evaluate_size(12, env) == 12
    assert evaluate_size("-n + 10", env) == 3
    assert evaluate_size("n / (m + 7)", env) is None
    assert evaluate_size("k * 2", env) is None
    assert evaluate_size("n ** 2", env) is None


@pytest.mark.parametrize("name", ["gemm_nn", "gemm_nt", "gemm_tn", "im2col_gemm"])
def test_cnn_pointer_benchmarks_state_every_extent(name):
    source = ROOT / "benchmarks" / "cnn" / f"{name}.c"
    found = read_annotations(source)
    expected = {"im2col_gemm": {"in", "wt", "col", "out"}}.get(name, {"A", "B", "C"})
    assert set(found) == expected


@pytest.mark.parametrize("test, values, held", [
    ("(n < m) and (m >= 4)", {"n": 2, "m": 4}, True),
    ("(n < m) and (m >= 4)", {"n": 5, "m": 4}, False),
    ("(not (n == 0)) or (m / 2 == 3)", {"n": 0, "m": 7}, True),  # C division: 7/2 is 3
    ("((n > 0) != (m > 0))", {"n": 1, "m": -1}, True),  # xor of two tests
    ("True and (l.c - l.out_c == 0)", {"l.c": 3, "l.out_c": 3}, True),
    ("False or (n > 0)", {"n": 0}, False),
    ("(n < k)", {"n": 1}, None),  # k has no value
    ("n < ", {"n": 1}, None),
    ("(n + 1)", {"n": 1}, None),  # a number, not a test
])
def test_a_test_of_sizes_is_evaluated_as_c_would(test, values, held):
    assert evaluate_condition(test, values) is held
