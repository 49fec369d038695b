"""polylift from Python (`polylift/api.py`): an upstream PassManager running polylift's
passes from C to host shim calls, errors as Python exceptions."""

from __future__ import annotations

from pathlib import Path

import pytest

from polylift import api
from polylift.errors import PolyliftError
from polylift.mlir import MLIRError, ir, passmanager

ROOT = Path(__file__).resolve().parents[2]
GEMM = ROOT / "benchmarks" / "linalg" / "gemm.c"
INCLUDE = ROOT / "benchmarks" / "include"
LAUNCH = ('func.func @f(%a: memref<4xf32>) {\n  "kernel.launch"(%a) <{callee = @fill_f32, '
          'template = "blas.fill"}> : (memref<4xf32>) -> ()\n  return\n}\n')


def test_an_upstream_pass_manager_lifts_c_to_host_calls():
    ctx = ir.Context()
    api.register(ctx)
    module = api.translate_c(GEMM, [str(INCLUDE)], ["MINI_DATASET"], "kernel_gemm",
                             context=ctx)
    pm = passmanager.PassManager("builtin.module", ctx)
    raising = api.add_pass(pm, "raise-affine-to-linalg")
    api.add_pass(pm, "match-kernels")
    pm.add("canonicalize")
    api.add_pass(pm, "lower-kernel-launch-to-host")
    pm.run(module.operation)
    text = str(module)
    assert "call @polylift_host_gemm_f64(" in text and "kernel.launch" not in text
    assert any("raised to linalg.generic" in d.message for d in raising.remarks)


def test_a_plain_context_refuses_a_launch_with_an_exception():
    with pytest.raises(MLIRError):
        ir.Module.parse(LAUNCH, ir.Context())
    ctx = ir.Context()
    api.register(ctx)
    assert "kernel.launch" in str(ir.Module.parse(LAUNCH, ctx))


def test_a_pass_that_fails_in_a_pass_manager_raises_with_its_message():
    ctx = ir.Context()
    api.register(ctx)
    module = ir.Module.parse(LAUNCH.replace("blas.fill", "no.such_template"), ctx)
    pm = passmanager.PassManager("builtin.module", ctx)
    api.add_pass(pm, "check-no-kernel-launch")
    with pytest.raises(MLIRError, match="no backend claimed kernel.launch 'no.such_template'"):
        pm.run(module.operation)


def test_textual_pipelines_mix_polylift_and_upstream_passes():
    module = api.translate_c(GEMM, [str(INCLUDE)], ["MINI_DATASET"], "kernel_gemm")
    remarks = api.run_passes(module, ["raise-affine-to-linalg", "func.func(cse)",
                                      "match-kernels"])
    assert "kernel.launch" in str(module) and remarks
    with pytest.raises(PolyliftError, match="unknown pass"):
        api.run_passes(module, ["no-such-pass"])


def test_lift_and_check_give_what_the_commands_print():
    lifted = api.lift(GEMM, "ref", "kernel_gemm", [str(INCLUDE)], ["MINI_DATASET"])
    assert lifted.launches() == ["polylift_ref_gemm_f64"]
    result = api.check(GEMM, backend="ref")
    assert result.kernel == "kernel_gemm" and result.verdict in ("BIT-EXACT", "PASS")
    with pytest.raises(PolyliftError):
        api.check(ROOT / "no-such.c")
