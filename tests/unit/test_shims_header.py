"""The generated shim header: current, consistent per launch, and its CLI."""

from __future__ import annotations

from pathlib import Path

import pytest

from polylift.cli.shim_header import main
from polylift.shims.header import (
    CHECKED_IN,
    ShimSignatureError,
    _c_param,
    c_prototype,
    render_header,
    shim_symbol,
)
from polylift.tdl.library import ShimArg, load_library

TEMPLATE = """template user.{name} {{
  doc "y = x"
  types f32, f64
  array {y}[n] out
  array x[n] in
  compute {{ {y}[i] = x[i] }}
  launch copy
  shim n, x, {y}
  backends ref
  accuracy exact
  cost flops 0 bytes 2*n
}}
"""


def test_checked_in_header_is_current():
    assert CHECKED_IN.read_text() == render_header(load_library()), (
        "polylift_shims.h is stale: run python -m polylift.cli.shim_header --write")


def test_header_says_it_is_generated_and_how_to_regenerate():
    text = render_header(load_library())
    assert "GENERATED" in text and "python -m polylift.cli.shim_header --write" in text


def test_prototypes_follow_the_template_signature():
    gemm = load_library().templates["blas.gemm"]
    assert c_prototype(gemm, "host", "f64") == (
        "void polylift_host_gemm_f64(int64_t m, int64_t n, int64_t k, double alpha, "
        "const double *A, int64_t ldA, const double *B, int64_t ldB, double beta, "
        "double *C, int64_t ldC)")
    assert shim_symbol("ref", "copy", "f32") == "polylift_ref_copy_f32"
    text = render_header(load_library())
    for backend in gemm.backends:
        for dtype in gemm.dtypes:
            assert c_prototype(gemm, backend, dtype) + ";" in text
    assert "polylift_host_jacobi1d_f32" in text  # backends ref, host only
    assert "polylift_cublas_jacobi1d_f32" not in text


def test_scalar_and_pointer_types_can_differ_from_the_element_type():
    gemm = load_library().templates["blas.gemm"]
    assert _c_param(gemm, ShimArg("shift", "scalar", "shift", dtype="i32"), "int8_t") == \
        "int32_t shift"
    assert _c_param(gemm, ShimArg("A", "pointer", "A", dtype="i32"), "double") == \
        "const int32_t *A"


def test_conv_shift_is_an_int32_scalar():
    text = render_header(load_library())
    assert ("void polylift_pva_pva_conv3x3_q_i8(int64_t h, int64_t w, int64_t kh, int64_t kw, "
            "int32_t shift, const int8_t *coef, int64_t ldcoef, const int8_t *src, "
            "int64_t ldsrc, int8_t *dst, int64_t lddst);") in text


def test_templates_sharing_a_launch_must_share_the_signature(tmp_path: Path):
    (tmp_path / "user.tpl").write_text(TEMPLATE.format(name="copy_named", y="z"))
    with pytest.raises(ShimSignatureError) as info:
        render_header(load_library([tmp_path]))
    message = info.value.render()
    assert "template 'user.copy_named' gives launch 'copy'" in message
    assert "(int64_t n, const T *x, int64_t incx, T *z, int64_t incz)" in message
    assert "but 'blas.copy' gives it (int64_t n, const T *x, int64_t incx, T *y" in message
    assert str(tmp_path / "user.tpl") in message and ":8:" in message


def test_a_compatible_user_template_joins_the_launch(tmp_path: Path):
    (tmp_path / "user.tpl").write_text(TEMPLATE.format(name="copy_again", y="y"))
    text = render_header(load_library([tmp_path]))
    assert "/* copy: blas.copy (y = x), user.copy_again (y = x) */" in text


def test_cli_prints_and_refuses_write_with_user_templates(tmp_path: Path, capsys):
    assert main([]) == 0
    assert capsys.readouterr().out == render_header(load_library())
    assert main(["--write", "--templates", str(tmp_path)]) == 1
    assert "--write updates the built-in header" in capsys.readouterr().err
