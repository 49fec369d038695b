"""`polylift check` end to end on small programs, with hand-written MLIR for their kernels.

The front end is replaced by a translator that returns the MLIR under inputs/harness/,
so these tests exercise the harness alone: build, link, run (natively and under qemu),
dump, compare, report and reproduce.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import numpy as np
import pytest

from polylift.frontend import Param, Signature
from polylift.harness.check import CheckOptions, check_benchmark
from polylift.harness.report import results_json, table, verdict_line
from polylift.harness.suite import check_suite
from polylift.harness.verdict import SOURCE_RUNS

INPUTS = Path(__file__).parent / "inputs" / "harness"




SIGNATURES = {
    "kernel_axpy": Signature("kernel_axpy", (
        Param("n", "scalar", "int", "index"), Param("a", "scalar", "float", "f32"),
        Param("x", "array", "float", "memref<?xf32>", ("n",)),
        Param("y", "array", "float", "memref<?xf32>", ("n",))), ("y",)),
    "kernel_colsum": Signature("kernel_colsum", (
        Param("n", "scalar", "int", "index"),
        Param("A", "array", "int", "memref<?x8xi32>", ("n", 8)),
        Param("B", "array", "int", "memref<?x8xi32>", ("n", 8)),
        Param("s", "array", "long", "memref<8xi64>", (8,))), ("B", "s")),
    "kernel_colsum64": Signature("kernel_colsum64", (
        Param("n", "scalar", "int", "index"),
        Param("A", "array", "int", "memref<?x8xi32>", ("n", 8)),
        Param("s", "array", "long", "memref<8xi64>", (8,))), ("s",)),
}


def hand_translator(replace: tuple[str, str] | None = None):
    """A front end stand-in: the kernel's MLIR from inputs/harness, optionally edited."""
    def translate(source, include_dirs, defines, kernel):
        assert "MINI_DATASET" in defines
        text = (INPUTS / f"{kernel.removeprefix('kernel_')}.mlir").read_text()
        if replace:
            assert replace[0] in text
            text = text.replace(*replace)
        return text, SIGNATURES[kernel]
    return translate


@pytest.mark.parametrize("target", ["x86_64", "aarch64"])
@pytest.mark.parametrize("bench", ["axpy", "colsum"])
def test_small_programs_are_bit_exact(bench, target):
    result = check_benchmark(INPUTS / f"{bench}.c", CheckOptions(target=target),
                             hand_translator())
    assert result.verdict == "BIT-EXACT", result.message
    assert result.reproducer is None
    written = SIGNATURES[f"kernel_{bench}"].written
    assert [c.name for c in result.arrays] == list(written)
    expected = {"axpy": [50], "colsum": [80, 8]}[bench]
    assert [c.elements for c in result.arrays] == expected
    assert result.reference_s is not None and result.reference_s > 0
    assert result.lifted_s is not None and result.lifted_s > 0
    assert verdict_line(result).startswith(f"kernel_{bench}: BIT-EXACT  reference ")


def test_planted_fault_is_a_diff_with_a_reproducer(tmp_path):
    wrong = hand_translator(("arith.muli %a, %c3", "arith.addi %a, %c3"))
    result = check_benchmark(INPUTS / "colsum.c", CheckOptions(keep=str(tmp_path)), wrong)
    assert result.verdict == "DIFF"
    verdicts = {c.name: c for c in result.arrays}
    assert verdicts["s"].verdict == "BIT-EXACT"
    b = verdicts["B"]
    assert b.verdict == "DIFF" and b.differing > 0
    # A[0][0] = -50: reference -150, lifted -47 (a distance of 103).
    assert b.first_index == (0, 0)
    assert b.reference is not None and b.lifted is not None
    assert (b.reference.value, b.lifted.value) == (-150, -47)
    assert "B[0, 0]" in result.message
    repro = Path(result.reproducer or "")
    assert repro == tmp_path / "kernel_colsum"
    for name in ("bench.c", "wrapper.c", "adapter.c", "kernel.mlir", "00-affine.mlir",
                 "04-llvm-ref.mlir", "04-llvm-ref.ll", "05-object-ref.o", "repro.sh"):
        assert (repro / name).is_file(), name
    # The script replays the build and the runs, and its final compare fails again.
    for stale in ("reference", "lifted", "reference.out", "lifted.out"):
        subprocess.run(["rm", "-rf", str(repro / stale)], check=True)
    replay = subprocess.run(["sh", "repro.sh"], cwd=repro, capture_output=True, text=True,
                            env={"PATH": _replay_path()})
    assert replay.returncode != 0
    assert "differ" in replay.stdout + replay.stderr
    assert (repro / "lifted.out" / "B.bin").is_file()


def _replay_path() -> str:
    import os
    import sys

    return os.pathsep.join([str(Path(sys.executable).parent), os.environ["PATH"]])


def test_fma_contraction_would_be_caught_on_aarch64(tmp_path):
    """The reference must not fuse a * x + y: lifted it is two roundings, so fusing differs."""
    fused = hand_translator(("%m = arith.mulf %a, %xi : f32\n    %yi = affine.load %y[%i] : "
                             "memref<?xf32>\n    %s = arith.addf %m, %yi : f32",
                             "%yi = affine.load %y[%i] : memref<?xf32>\n"
                             "    %s = math.fma %a, %xi, %yi : f32"))
    result = check_benchmark(INPUTS / "axpy.c", CheckOptions(target="aarch64", ulp_bound=1),
                             fused)
    assert result.verdict == "PASS", result.message
    assert result.arrays[0].max_ulp == 1 and result.arrays[0].differing > 0


def test_build_failure_is_reported_with_a_reproducer():
    broken = hand_translator(("arith.addf %m, %yi : f32", "arith.addf %m, %nope : f32"))
    result = check_benchmark(INPUTS / "axpy.c", CheckOptions(), broken)
    assert result.verdict == "FAIL"
    assert "error:" in result.message and "nope" in result.message
    assert result.reproducer and (Path(result.reproducer) / "repro.sh").is_file()
    subprocess.run(["rm", "-rf", result.reproducer], check=True)


def test_suite_table_and_json(tmp_path):
    sources = [INPUTS / "axpy.c", INPUTS / "colsum64.c"]
    options = CheckOptions(repeat=3)
    results = check_suite(sources, options, hand_translator(), progress=False)
    assert [r.verdict for r in results] == ["BIT-EXACT", "BIT-EXACT"]
    text = table(results)
    lines = text.splitlines()
    assert lines[0].split()[:7] == ["kernel", "coverage", "launches", "verdict", "reference",
                                    "lifted", "speedup"]
    assert lines[2].split()[:4] == ["kernel_axpy", "FULL", "1", "BIT-EXACT"]
    assert all(len(r.reference_times) == 3 and len(r.lifted_times) == 3 for r in results)
    # colsum64 has no launch: the source's own code runs, and the table says so.
    assert lines[3].split()[:2] == ["kernel_colsum64", "NONE"]
    assert "  1.00x (source)  " in lines[3] and "(source)" not in lines[2]
    assert lines[-2:] == ["2 of 2 ok", f"(source): {SOURCE_RUNS}"]
    data = json.loads(results_json(list(reversed(results)), options))
    assert data["schema"] == 1 and data["kind"] == "check" and data["config"]["repeat"] == 3
    assert [r["function"] for r in data["results"]] == ["kernel_axpy", "kernel_colsum64"]
    axpy, colsum = (r["checks"][0] for r in data["results"])
    assert colsum["arrays"][0]["name"] == "s"
    assert data["results"][0]["lift"] == {"status": "lifted", "coverage": "FULL",
                                          "templates": ["blas.axpy"], "reason": "",
                                          "line": None}
    assert data["results"][1]["lift"]["status"] == "kept"
    assert axpy["launches"] == ["blas.axpy"] and len(axpy["lifted_times"]) == 3
    assert [c["source_runs"] for c in (axpy, colsum)] == [False, True]
    assert axpy["mlir_s"] is None and colsum["mlir_s"] > 0
    assert colsum["speedup"] == 1.0


def test_lifted_object_has_no_fused_multiply_add_on_aarch64(tmp_path):
    from polylift.harness.programs.lift import compile_lifted
    from polylift.harness.programs.toolchain import CommandLog, Toolchain, target_named

    tc = Toolchain(target_named("aarch64"), tmp_path, CommandLog(tmp_path))
    text = (INPUTS / "axpy.mlir").read_text()
    # No matching: the loops themselves are compiled (matched, axpy would call a shim).
    obj = compile_lifted(text, "kernel_axpy", ("raise-affine-to-linalg", "lower-to-llvm"), tc)
    asm = tc.run([tc.target.tool("objdump"), "-d", obj.name], "objdump").stdout
    assert "<_mlir_ciface_polylift_lifted_kernel_axpy>:" in asm
    assert "fmul" in asm and "fadd" in asm
    assert "fmadd" not in asm and "fmla" not in asm


@pytest.mark.parametrize("target", ["x86_64", "aarch64"])
def test_exact_inputs_feed_both_programs_the_same_dyadic_values(tmp_path, target):
    native = check_benchmark(INPUTS / "axpy.c", CheckOptions(target=target,
                             keep=str(tmp_path / "native")), hand_translator())
    exact = check_benchmark(INPUTS / "axpy.c", CheckOptions(target=target, inputs="exact",
                            keep=str(tmp_path / "exact")), hand_translator())
    assert native.verdict == exact.verdict == "BIT-EXACT", exact.message
    y_native, y_exact = (np.fromfile(tmp_path / mode / "kernel_axpy" / "reference.out" / "y.bin",
                                     dtype=np.float32) for mode in ("native", "exact"))
    assert not np.array_equal(y_native, y_exact)
    # y = a * x + y with a = 0.75 and x, y in {-1, -0.5, 0, 0.5, 1}: multiples of 1/8.
    assert np.array_equal(y_exact * 8, np.round(y_exact * 8)) and np.abs(y_exact).max() <= 1.75
    assert "POLYLIFT_INPUTS=exact" in (tmp_path / "exact" / "kernel_axpy" / "repro.sh").read_text()


def test_exact_inputs_catch_a_fault_on_integers():
    wrong = hand_translator(("arith.muli %a, %c3", "arith.addi %a, %c3"))
    result = check_benchmark(INPUTS / "colsum.c", CheckOptions(inputs="exact"), wrong)
    assert result.verdict == "DIFF"
    assert {c.name: c.verdict for c in result.arrays} == {"B": "DIFF", "s": "BIT-EXACT"}
    subprocess.run(["rm", "-rf", result.reproducer or "/nonexistent"], check=True)


@pytest.mark.parametrize("backend", ["ref", "host"])
def test_the_framework_softmax_is_three_launches_bit_exact(backend):
    """The framework's softmax of one group, with a stride: the maximum, the exponentials
    and their sum in one loop (ew.expsum_scaled, from the loop the raising splits into
    the map, the sum's start and the sum) and the division, each the C library's bits."""
    result = check_benchmark(INPUTS / "softmax_pass.c", CheckOptions(backend=backend))
    assert result.launches == ("red.maxval", "ew.expsum_scaled", "ew.divs_ip")
    assert result.verdict == "BIT-EXACT", result.message


@pytest.mark.parametrize("backend", ["ref", "host"])
def test_the_framework_softmax_over_a_batch_of_groups_is_three_row_launches(backend):
    """softmax_cpu as its own kernel: the per-group softmax over a grid [batch][groups]
    of rows at group and batch offsets (delinearised), the three passes each one launch
    over all rows: the largest value per row, the exponentials and their sum per row,
    the division per row; FULL and each the C library's bits."""
    result = check_benchmark(INPUTS / "softmax_rows.c", CheckOptions(backend=backend))
    assert result.coverage == "FULL"
    assert result.launches == ("red.maxval_rows", "ew.expsum_scaled_rows", "ew.divs_rows_ip")
    assert result.verdict == "BIT-EXACT", result.message
