"""Shim families and the sources generated from them (no compiler needed here)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from polylift.shims.families import SHIM_DIR, ShimFamilyError, families, family_of, load_families
from polylift.shims.generate import CUDA_BACKENDS, Shim, generate_sources
from polylift.shims.header import launch_decls
from polylift.shims.render.taps import Stencil
from polylift.tdl.checks import BACKENDS
from polylift.tdl.library import load_library

LIBRARY = load_library()


def _shim(launch: str, backend: str = "host", dtype: str = "f64") -> Shim:
    template = LIBRARY.by_launch(launch)[0]
    family = family_of(launch)
    assert family is not None
    return Shim(template, backend, dtype, family.variants[launch])


@pytest.mark.parametrize("backend", BACKENDS)
def test_every_declared_shim_is_generated_once(backend: str) -> None:
    units = generate_sources(backend, LIBRARY)
    suffix = ".cu" if backend in CUDA_BACKENDS else ".c"
    declared = {d.name for d in launch_decls(LIBRARY) if backend in d.backends}
    assert declared and set(units) == {name + suffix for name in declared}
    for decl in launch_decls(LIBRARY):
        if backend in decl.backends:
            text = units[decl.name + suffix]
            for dtype in decl.dtypes:  # one definition per element type
                assert len(re.findall(rf"void polylift_{backend}_{decl.name}_{dtype}\(",
                                      text)) == 1
            family = family_of(decl.name)
            assert family is not None
            assert "GENERATED" in text and f"families/{family.name}.j2" in text


def test_every_backend_but_ref_starts_with_the_empty_range_guard() -> None:
    host = generate_sources("host", LIBRARY)["gemv.c"]
    body = host[host.index("void polylift_host_gemv_f64("):]
    guard = body.index("if (m <= 0 || n <= 0) {")
    assert guard < body.index("ref_f64(m, n, alpha, A, ldA, x, incx, beta, y, incy);") \
        < body.index("cblas_dgemv")
    cuda = generate_sources("cudnn", LIBRARY)["conv2d.cu"]
    assert "|| C <= 0 ||" in cuda and "polylift_cuda_invalidate(); }" in cuda
    ref = generate_sources("ref", LIBRARY)["gemv.c"]
    assert "<= 0" not in ref and "static void" not in ref


def test_transposes_are_read_from_the_shapes() -> None:
    for template in LIBRARY.templates.values():
        family = family_of(template.launch)
        if family is None or family.name not in ("gemm", "gemv", "gemm_batched") \
                or not template.shim_args:
            continue
        shim = Shim(template, "ref", template.dtypes[0], family.variants[template.launch])
        if shim.has("B"):  # a gemv has no right operand; syrk's is A again, no attribute
            assert shim.trans_b == (template.attrs.get("trans_b") == "true"), template.name
        assert shim.trans_a == (template.attrs.get("trans_a") == "true"), template.name
    syrk, syrk_t = _shim("syrk"), _shim("syrk_t")
    assert (syrk.trans_a, syrk.trans_b, syrk_t.trans_a, syrk_t.trans_b) == \
        (False, True, True, False)


def test_stencil_points_give_the_ref_and_row_forms() -> None:
    jacobi = Stencil(_shim("jacobi2d"), "c * ((A[0,0] + A[0,-1]) + A[-1,0])")
    assert jacobi.target() == "B[i * ldB + j]"
    assert jacobi.ref() == "c * ((A[i * ldA + j] + A[i * ldA + j - 1]) + A[(i - 1) * ldA + j])"
    assert jacobi.row_form() == "c * ((A_0[j] + A_0[j - 1]) + A_m1[j])"
    assert jacobi.row_args() == "A + i * ldA, A + (i - 1) * ldA, B + i * ldB"
    assert jacobi.span("A") == ("-ldA - 1", "(m - 1) * ldA + n")
    assert jacobi.span("B") == ("0", "(m - 1) * ldB + n")
    assert jacobi.strides_fit() == "ldB >= 0 && ldA >= 0"
    heat = Stencil(_shim("heat3d"), "A[1,0,0] + A[0,0,-1]")
    assert heat.span("A") == ("-1", "l * ldA0 + (m - 1) * ldA1 + n")
    shifted_output = Stencil(_shim("fdtd2d_ex"), "ex[0,1] - hz[0,0]")
    with pytest.raises(ValueError, match="output ex is read at an offset"):
        shifted_output.rows()
    with pytest.raises(ValueError, match="one offset per dimension"):
        Stencil(_shim("jacobi2d"), "A[0]").ref()


FAMILY = """{% set variants = VARIANTS %}
{% macro ref(s) %}
  /* the loops */
{% endmacro %}
"""


def _families(tmp_path: Path, files: dict[str, str]) -> Path:
    (tmp_path / "families").mkdir()
    for name, text in files.items():
        (tmp_path / "families" / name).write_text(text)
    return tmp_path


def test_family_files_must_say_what_they_serve(tmp_path: Path) -> None:
    root = _families(tmp_path, {"a.j2": FAMILY.replace("VARIANTS", '{"x": {}}'),
                                "b.j2": FAMILY.replace("VARIANTS", '{"y": {}, "x": {}}'),
                                "_shared.j2": "{% macro helper() %}{% endmacro %}"})
    with pytest.raises(ShimFamilyError, match="launch 'x' is in two shim families: a and b"):
        load_families(root)
    (root / "families" / "b.j2").write_text(FAMILY.replace("VARIANTS", "[]"))
    with pytest.raises(ShimFamilyError, match="sets `variants` to a dict"):
        load_families(root)
    (root / "families" / "b.j2").write_text('{% set variants = {"y": {}} %}')
    with pytest.raises(ShimFamilyError, match="defines the macro `ref`"):
        load_families(root)
    (root / "families" / "b.j2").write_text(FAMILY.replace("VARIANTS", '{"y": {}}'))
    assert [(f.name, f.backends) for f in load_families(root)] == [("a", ("ref",)),
                                                                     ("b", ("ref",))]


def test_no_shim_source_is_in_the_repository() -> None:
    assert not list(SHIM_DIR.rglob("*.c"))
    runtime = {f"{p.parent.name}/{p.name}" for p in (SHIM_DIR / "cuda").rglob("*.cu")}
    assert runtime == {"common/copy_view.cu", "common/runtime.cu", "common/view.cu",
                       "cublas/handle.cu", "cublaslt/handle.cu", "cudnn/common.cu",
                       "cusolver/handle.cu", "npp/blend.cu", "npp/context.cu",
                       "npp/table.cu"}
    assert all(f.path.parent == SHIM_DIR / "families" for f in families())
