"""Coverage of a versioned kernel: its delinearised path, the `.flat` fallback apart."""

from polylift.bake.stages import OK, StageResult
from polylift.bake.summary import _report
from polylift.function_versions import fallback_functions

LAUNCH = {"template": "blas.gemm_tn_alpha", "source_order_matches": False}
LOOP = {"op": "affine.for", "at": "40:3", "closest": "", "difference": "loop not raised"}


def _stages(functions: list[dict]) -> dict[str, StageResult]:
    return {"02-matched": StageResult(OK, data={"report": {"functions": functions}})}


def test_fallback_functions_need_their_delinearized_sibling():
    names = {"k", "k.delinearized", "k.flat", "other.flat"}
    assert fallback_functions(names) == {"k.flat"}


def test_a_versioned_kernel_is_full_when_its_delinearized_path_is():
    functions = [{"function": "k", "launches": [], "residual": []},
                 {"function": "k.delinearized", "launches": [LAUNCH], "residual": []},
                 {"function": "k.flat", "launches": [], "residual": [LOOP, LOOP]}]
    report = _report(_stages(functions), "k")
    assert report is not None
    assert report["coverage"] == "FULL" and report["residual"] == []
    # Without a delinearised version the flat loops are the kernel's own: they count.
    report = _report(_stages([functions[0], functions[2]]), "k")
    assert report is not None and report["coverage"] == "NONE" and len(report["residual"]) == 2
