"""polylift's own suites at MINI through the C front end and the `ref` pipeline.

One test per suite and target, the benchmarks checked two at a time: every kernel must
be BIT-EXACT (kernels that match nothing run their raised loops), except that a launch
whose template orders the arithmetic differently from the source may PASS within the
template's declared bound; with exact inputs every kernel is BIT-EXACT. A benchmark
that fails is named in the assertion with its message and reproducer. Measured on
2 shared cores: linalg about 35 s on x86_64 (about 70 s on aarch64 under qemu), cnn,
image and framework about 20 s each, arrays (61 small programs) and kernels (61) about
90 s per target and backend, sparse (10) about 15 s.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from polylift.harness.check import CheckOptions, CheckResult
from polylift.harness.suite import check_suite, suite_sources

ROOT = Path(__file__).resolve().parents[2]
JOBS = 2


def _expected(result: CheckResult) -> bool:
    """BIT-EXACT; or, for a launch whose template reorders the source's arithmetic, PASS
    within the template's bound (the bound is 0 when every launch keeps the order)."""
    return result.verdict == "BIT-EXACT" or (result.verdict == "PASS" and result.ulp_bound > 0)


def _failures(results: list[CheckResult], exact: bool = False) -> str:
    return "\n".join(f"{r.kernel}: {r.verdict}: {r.message}\n  reproducer: {r.reproducer}"
                     for r in results
                     if not (r.verdict == "BIT-EXACT" if exact else _expected(r)))


def _check(suite: str, backend_name: str = "ref", **options) -> list[CheckResult]:
    sources = suite_sources(suite, ROOT)
    results = check_suite(sources, CheckOptions(backend=backend_name, size="MINI", **options),
                          progress=False, jobs=JOBS)
    assert [r.benchmark for r in results] == [s.stem for s in sources]
    return results


@pytest.mark.parametrize("target", ["x86_64", "aarch64"])
@pytest.mark.parametrize("suite", ["linalg", "cnn", "image", "framework", "arrays", "kernels",
                                   "sparse"])
def test_suite_is_bit_exact_with_ref(suite, target):
    results = _check(suite, target=target)
    assert not _failures(results), _failures(results)
    assert all(r.arrays for r in results), \
        "a kernel wrote no array the harness could compare"


def test_arrays_are_single_launches_or_two_pass_forms_with_host():
    """Every array kernel is covered (FULL) by launches, and the host shims give the ref
    bits, or stay within the bound of a reordered sum (softmax's and the reductions')."""
    results = _check("arrays", backend_name="host")
    assert not _failures(results), _failures(results)
    covered = {r.kernel: r.coverage for r in results}
    assert set(covered.values()) == {"FULL"}, covered
    two_pass = {r.kernel: r.launches for r in results
                if r.kernel in ("kernel_softmax", "kernel_rmsnorm", "kernel_normalize")}
    assert two_pass == {"kernel_softmax": ("red.maxval", "ew.expsub_ip", "red.sum", "ew.divs_ip"),
                        "kernel_rmsnorm": ("red.sumsq", "ew.mul_scaled"),
                        "kernel_normalize": ("red.sum", "ew.divs")}, two_pass


def test_kernels_with_host():
    """The kernels in the styles of real code: every launch gives the ref bits on the
    host, or stays within a reordered sum's bound. 30 of 60 got a launch when the suite
    was written; with the expression templates (maps and folds), 52; with skip_zeros
    (a `continue` in a fold, its test an equality), 53 of 61: every kernel but the
    seven the raising keeps as loops (reads under a condition, a sum and a count, a
    rotation in place, recurrences) and the fold of floats into an int count."""
    results = _check("kernels", backend_name="host")
    assert not _failures(results), _failures(results)
    lifted = [r.kernel for r in results if r.launches]
    assert len(lifted) >= 53, lifted
    stated = {r.kernel for r in results if any(t.startswith("expr.") for t in r.launches)}
    # rms's tail after its sum (`sqrt(s / n)`, no loop) is a map of rank 0.
    assert {"kernel_silu", "kernel_lerp", "kernel_px_alpha", "kernel_sad",
            "kernel_col_mean", "kernel_rms", "kernel_skip_zeros"} <= stated, stated


def test_sparse_with_host():
    """Every indexed-vector kernel is one launch (two for the histogram: the bins are
    cleared first) whose host shim gives the ref bits: the gathers, the in-order scatter
    adds and sparse dot, the counts, the COO product (a scatter-add of lookups) and the
    CSR products (0- and 1-based), whose rows run over data bounds (a loop program's
    `for rowptr[i] <= k < rowptr[i+1]`). A conjugate gradient step is six launches
    around its scalars; its dense dots may reorder their sums (PASS within their bound),
    everything else is BIT-EXACT."""
    results = _check("sparse", backend_name="host")
    assert not _failures(results), _failures(results)
    inexact = {r.kernel for r in results if r.verdict != "BIT-EXACT"}
    assert inexact <= {"kernel_cg_step"}, inexact
    launches = {r.kernel: r.launches for r in results}
    cg = launches.pop("kernel_cg_step")
    # r -= alpha * q has no listed template: an expression map.
    assert cg[3].startswith("expr.") and cg[:3] + cg[4:] == (
        "sparse.csrmv", "red.dot", "blas.axpy", "red.sumsq", "blas.axpby"), cg
    clear, count = launches.pop("kernel_histogram_u8")
    assert clear.startswith("expr.") and count == "sparse.histogram"  # an int fill is a map
    assert launches == {
        "kernel_axpyi": ("sparse.axpyi",), "kernel_bincount": ("sparse.bincount",),
        "kernel_gather": ("sparse.gather",), "kernel_scatter_add": ("sparse.scatter_add",),
        "kernel_sparse_dot": ("sparse.doti_init",), "kernel_csr_spmv": ("sparse.csrmv",),
        "kernel_coo_spmv": ("blas.fill", "sparse.coomv_acc"),
        "kernel_csr_spmv_one": ("sparse.csrmv_one",)}, launches


@pytest.mark.parametrize("suite", ["linalg", "image"])
def test_exact_inputs_are_bit_exact_with_ref(suite):
    # Image kernels keep their integer tables (a bilateral filter divides by a sum of
    # its weights): exact inputs replace float arrays only.
    results = _check(suite, inputs="exact")
    assert not _failures(results, exact=True), _failures(results, exact=True)
    if suite == "linalg":
        assert sum(r.coverage == "FULL" for r in results) >= 5
    else:
        # Every filter is one whole-image launch (interior and border proved together),
        # and histogram equalisation is one launch: histogram, running sum, equalisation
        # table and the mapped image.
        coverage = {r.kernel: (r.coverage, r.launches) for r in results}
        assert coverage.pop("kernel_histeq_i8") == ("FULL", ("pva.histeq",))
        assert {(c, len(n)) for c, n in coverage.values()} == {("FULL", 1)}, coverage


@pytest.mark.parametrize("suite", ["linalg", "cnn"])
def test_host_exact_inputs_are_bit_exact_where_templates_add_and_multiply(suite):
    """With exact inputs any summation order gives the same bits, so the BLAS must too;
    only a template that divides or takes roots keeps its bound (ulp_bound > 0 then)."""
    results = _check(suite, inputs="exact", backend_name="host")
    assert not _failures(results), _failures(results)
    assert all(r.verdict == "BIT-EXACT" for r in results if r.ulp_bound == 0)
    assert any(r.launches for r in results)


def test_image_suite_is_bit_exact_with_the_pva_model():
    """The PVA launches run the bit-exact model of the operators (pva shims), the
    filters over the whole image (borders replicated): every kernel BIT-EXACT."""
    results = _check("image", backend_name="pva")
    assert not _failures(results, exact=True), _failures(results, exact=True)
    assert all(any(t.startswith("pva.") for t in r.launches) for r in results)


def test_framework_suite_is_bit_exact_on_host_with_exact_inputs():
    """The framework's layers (structs, enums, calls inlined or kept) lifted and run on
    the host backend: every one BIT-EXACT, and the convolution, computed through im2col
    and gemm calls, is one gemm launch after inlining."""
    results = _check("framework", inputs="exact", backend_name="host")
    assert not _failures(results, exact=True), _failures(results, exact=True)
    launches = {r.kernel: r.launches for r in results}
    assert launches["kernel_convolutional"].count("blas.gemm") == 1, launches
    # Every layer's math is a library op, and every file gets a launch: the padded
    # argmax pooling through the version that reads without its bounds test.
    assert all(launches.values()), [k for k, v in launches.items() if not v]
    assert launches["kernel_maxpool"] == ("cnn.maxpool_index",), launches
