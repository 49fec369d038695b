"""Generated C (wrapper and adapter), MLIR preparation, and small harness helpers."""

from __future__ import annotations

import subprocess
from pathlib import Path

import numpy as np
import pytest

from polylift.errors import BuildError
from polylift.frontend import Param, Signature
from polylift.harness.check import kernel_name
from polylift.harness.programs.adapter import adapter_source
from polylift.harness.programs.lift import check_no_fast_math, prepare_module
from polylift.harness.programs.run import dumped_names, numpy_dtype, read_dumps, read_run
from polylift.harness.programs.wrapper import c_prototype, wrapper_source

MIXED = Signature("kernel_mixed", (
    Param("n", "scalar", "int", "index"), Param("m", "scalar", "long", "index"),
    Param("alpha", "scalar", "float", "f32"),
    Param("A", "array", "float", "memref<?x?x4xf32>", ("n", "m", 4)),
    Param("v", "array", "unsigned char", "memref<?xi8>", ("?",))), ("A",))


def test_prototype_decays_arrays():
    assert c_prototype("f", MIXED) == ("void f(int n, long m, float alpha, float *A, "
                                       "unsigned char *v)")


def test_adapter_builds_row_major_descriptors():
    text = adapter_source(MIXED)
    assert ("struct polylift_memref_3 d_A = {(void *)(A), (void *)(A), 0, {(int64_t)(n), "
            "(int64_t)(m), "
            "(int64_t)(4)}, {(int64_t)(4) * (int64_t)(m), (int64_t)(4), 1}};") in text
    assert "{(INT64_MAX / (int64_t)sizeof(unsigned char))}, {1}};" in text
    assert ("_mlir_ciface_polylift_lifted_kernel_mixed((int64_t)(n), (int64_t)(m), "
            "(float)(alpha), &d_A, &d_v);") in text


def test_wrapper_refuses_to_dump_an_array_of_unknown_extent():
    with pytest.raises(BuildError, match="extent is unknown.*POLYLIFT_EXTENT"):
        wrapper_source(Signature("k", MIXED.params, ("v",)))
    with pytest.raises(BuildError, match="not one of its arrays"):
        wrapper_source(Signature("k", MIXED.params, ("n",)))


def test_adapter_rejects_rank_mismatch_and_unknown_scalars():
    bad_rank = Param("A", "array", "float", "memref<?xf32>", ("n", "m"))
    with pytest.raises(BuildError, match="rank 1"):
        adapter_source(Signature("k", (bad_rank,), ()))
    with pytest.raises(BuildError, match="cannot pass"):
        adapter_source(Signature("k", (Param("z", "scalar", "x", "complex<f32>"),), ()))


def test_wrapper_times_and_dumps_what_the_kernel_wrote(tmp_path: Path):
    """Compile the wrapper with a fake kernel and read its dumps back."""
    impl = ("void polylift_impl_kernel_mixed(int n, long m, float alpha, float *A, "
            "unsigned char *v) { for (long i = 0; i < n * m * 4; ++i) A[i] = alpha * i; "
            "v[0] = 1; }\n")
    main = ("void kernel_mixed(int, long, float, float *, unsigned char *);\n"
            "int main(void) { float A[2 * 3 * 4]; unsigned char v[1];\n"
            "  kernel_mixed(2, 3, 0.5f, A, v); kernel_mixed(2, 3, 0.25f, A, v); return 0; }\n")
    (tmp_path / "wrapper.c").write_text(wrapper_source(MIXED))
    (tmp_path / "rest.c").write_text(impl + main)
    subprocess.run(["gcc", "-O2", "wrapper.c", "rest.c", "-o", "prog"], cwd=tmp_path, check=True)
    (tmp_path / "out").mkdir()
    subprocess.run(["./prog"], cwd=tmp_path, check=True, env={"POLYLIFT_DUMP_DIR": "out"})
    manifest = (tmp_path / "out" / "manifest.txt").read_text().splitlines()
    # One block per call of main: the second call's arrays are `<name>@2`.
    assert manifest[0] == "array A 4 3 2 3 4"
    assert manifest[1:3] == ["scalar n 2", "scalar m 3"]
    assert manifest[3] == "calls 1"
    assert manifest[4].startswith("time_ns ") and len(manifest[4].split()) == 2
    assert manifest[5] == "unstable 0"
    assert manifest[6] == "array A@2 4 3 2 3 4"
    assert manifest[9] == "calls 2" and manifest[11] == "unstable 0"
    arrays, seconds = read_dumps(tmp_path / "out", MIXED)
    assert list(arrays) == ["A", "A@2"] and arrays["A@2"].shape == (2, 3, 4)
    assert dumped_names(MIXED, arrays) == ["A", "A@2"]
    ramp = np.arange(24, dtype=np.float32)
    assert np.array_equal(arrays["A"].reshape(-1), ramp * 0.5)
    assert np.array_equal(arrays["A@2"].reshape(-1), ramp * 0.25)
    assert 0 <= seconds < 1
    # Without the variable the program runs and writes nothing.
    subprocess.run(["./prog"], cwd=tmp_path, check=True, env={})


def test_calls_that_disagree_fail_a_run_whose_outputs_are_compared(tmp_path):
    # A program only timed (a benchmark variant without its launches, whose result may
    # be left unwritten) may disagree with itself; one whose outputs are checked may not.
    (tmp_path / "manifest.txt").write_text("array A 4 3 2 3 4\ncalls 2\ntime_ns 7 9\n"
                                           "unstable 1\n")
    np.arange(24, dtype=np.float32).tofile(tmp_path / "A.bin")
    with pytest.raises(BuildError, match="different outputs on different calls"):
        read_run(tmp_path, MIXED, "prog")
    timed = read_run(tmp_path, MIXED, "prog", compared=False)
    assert timed.seconds == 8e-9 and timed.arrays["A"].shape == (2, 3, 4)


def test_prepare_module_renames_and_marks_the_kernel():
    text = prepare_module("func.func @kernel_k(%n: index) { return }\n"
                          "func.func @other() { return }", "kernel_k")
    assert "func.func @polylift_lifted_kernel_k(%arg0: index) attributes " \
           "{llvm.emit_c_interface}" in text
    assert "func.func @other()" in text
    with pytest.raises(BuildError, match="no function '@kernel_z'"):
        prepare_module("func.func @kernel_k() { return }", "kernel_z")


def test_fast_math_flags_are_refused():
    check_no_fast_math("define void @f(double %0) {\n  %2 = fadd double %0, %0\n}\n"
                       "define void @contract_me() {\n  ret void\n}\n"
                       "attributes #0 = { \"unsafe-fp-math\"=\"false\" }\n", "k.ll")
    for flag in ("contract", "fast", "reassoc", "afn", "arcp"):
        with pytest.raises(BuildError, match=f"fast-math flag '{flag}'"):
            check_no_fast_math(f"define void @f() {{\n  %2 = fmul {flag} double %0, %1\n}}",
                               "k.ll")


def test_kernel_names_and_dtypes():
    assert kernel_name(Path("x/jacobi-2d.c")) == "kernel_jacobi_2d"
    assert kernel_name(Path("2mm.c")) == "kernel_2mm"
    assert numpy_dtype("double") == np.dtype("<f8")
    assert numpy_dtype("unsigned  char") == np.dtype("u1")
    assert numpy_dtype("long") == np.dtype("<i8")
    with pytest.raises(BuildError):
        numpy_dtype("struct s")
