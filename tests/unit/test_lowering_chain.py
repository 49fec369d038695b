"""The backend chain of `--backend`, the harness's pass lists, and the offload model."""

from __future__ import annotations

import pytest

from polylift.errors import UsageError
from polylift.lowering import offload
from polylift.passes.stages import (
    BACKEND_PASSES,
    backend_chain,
    backend_passes,
    chain_passes,
    lowered_backends,
)
from polylift.tdl.library import load_library


def test_chain_appends_ref_once():
    assert backend_chain("cudnn,cublas,host") == ["cudnn", "cublas", "host", "ref"]
    assert backend_chain("host,ref") == ["host", "ref"]
    assert backend_chain("ref") == ["ref"]
    assert chain_passes("host") == ["lower-kernel-launch-to-host", "lower-kernel-launch-to-ref",
                                    "check-no-kernel-launch"]


@pytest.mark.parametrize("spec, message", [
    ("gpu", "unknown backend 'gpu'"),
    ("host,host", "backend 'host' is given twice"),
    ("ref,host", "must come last"),
    ("", "unknown backend ''"),
])
def test_bad_chains_are_usage_errors(spec, message):
    with pytest.raises(UsageError, match=message):
        backend_chain(spec)


def test_harness_passes_raise_match_lower_then_llvm():
    assert backend_passes("cublas,host") == (
        "raise-affine-to-linalg", "match-kernels", "lower-kernel-launch-to-cublas",
        "lower-kernel-launch-to-host", "lower-kernel-launch-to-ref", "lower-to-llvm")
    assert BACKEND_PASSES["ref"] == ("raise-affine-to-linalg", "match-kernels",
                                     "lower-kernel-launch-to-ref", "lower-to-llvm")
    assert lowered_backends(backend_passes("cudnn,host")) == ("cudnn", "host", "ref")
    assert lowered_backends(("raise-affine-to-linalg", "lower-to-llvm")) == ()
    assert lowered_backends(("lower-kernel-launch-to-pva{offload-policy=profitable}",)) == (
        "pva",)


def test_offload_model_on_the_builtin_costs():
    gemm = load_library().templates["blas.gemm"]
    flops, moved = gemm.cost({"m": 64, "n": 64, "k": 64}, "f64")
    assert not offload.pays(flops, moved)  # 5.3e5 flops: the call's latency dominates
    flops, moved = gemm.cost({"m": 512, "n": 512, "k": 512}, "f64")
    assert offload.pays(flops, moved)  # 2.7e8 flops at 32 flop/byte
    assert gemm.cost({"m": 512, "n": 512, "k": 512}, "f32") == (flops, moved / 2)
    gemv = load_library().templates["blas.gemv_acc"]
    flops, moved = gemv.cost({"m": 20000, "n": 20000}, "f64")
    assert flops > offload.F_MIN and not offload.pays(flops, moved)  # 0.375 flop/byte


LAUNCH_AT = '''
func.func @f(%A: memref<?x?xf64>, %B: memref<?x?xf64>, %C: memref<?x?xf64>, %a: f64) {
  "kernel.launch"(%C, %A, %B, %a, %a) {callee = @gemm_f64, source_order_matches = true,
      template = "blas.gemm"} : (memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>, f64,
      f64) -> () loc("kernel.c":12:7)
  return
}
'''


@pytest.mark.parametrize("step, options", [("lower-kernel-launch-to-ref", ""),
                                           ("lower-kernel-launch-to-cublas",
                                            "offload-policy=profitable")])
def test_every_new_op_has_the_launch_location(step, options):
    from polylift.mlir import ir, new_context, parse_module
    from polylift.passes.pipeline import Step, run_pipeline
    from polylift.passes.registry import PassRun

    ctx = new_context()
    module = parse_module(LAUNCH_AT, ctx)
    run_pipeline([Step(step, options)], module, PassRun())
    func = next(op for op in module.body.operations
                if ir.StringAttr(op.attributes["sym_name"]).value == "f")
    built: list[str] = []

    def visit(op):
        if op.name not in ("func.func", "func.return", "kernel.launch"):
            assert str(op.location) == 'loc("kernel.c":12:7)', op
            built.append(op.name)
        return ir.WalkResult.ADVANCE

    func.operation.walk(visit, ir.WalkOrder.POST_ORDER)
    assert "func.call" in built and "llvm.inttoptr" in built
    # One branch scales C when beta is 0 at run time; cuBLAS adds the offload guard.
    assert built.count("scf.if") == (2 if step.endswith("cublas") else 1)
