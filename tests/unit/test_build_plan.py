"""A build resolved once (`harness/programs/plan.py`): what `check` and the compiler
driver build with, and the module a build of several functions starts from."""

from __future__ import annotations

from pathlib import Path

import pytest

from polylift.errors import UsageError
from polylift.harness.build_stage import CheckOptions
from polylift.harness.programs.lift import prepare_functions
from polylift.harness.programs.plan import BuildPlan


def test_a_check_and_a_plan_of_the_same_options_run_the_same_passes(tmp_path: Path):
    templates = tmp_path / "tpl"
    templates.mkdir()
    options = CheckOptions(backend="host", templates=(str(templates),),
                           offload_policy="profitable")
    plan = BuildPlan.resolved("host", templates=[str(templates)], offload_policy="profitable")
    assert options.pass_list() == plan.passes
    assert plan.backends == ("host", "ref") and plan.cuda_backends == ()
    match = next(p for p in plan.passes if p.startswith("match-kernels"))
    assert f"templates={templates}" in match and "offload-policy=profitable" in match


def test_the_passes_split_after_matching():
    front, back = BuildPlan("cublas,host").through_matching()
    assert front == ("raise-affine-to-linalg", "match-kernels")
    assert back == ("lower-kernel-launch-to-cublas", "lower-kernel-launch-to-host",
                    "lower-kernel-launch-to-ref", "lower-to-llvm")


def test_an_unknown_backend_is_a_usage_error():
    with pytest.raises(UsageError):
        _ = BuildPlan("nope").passes


def test_renamed_functions_take_their_versions_and_calls_along():
    text = ("func.func @f(%n: index) {\n  func.call @f.flat(%n) : (index) -> ()\n  return\n}\n"
            "func.func private @f.flat(%n: index) {\n  return\n}\n"
            "func.func @g() {\n  return\n}\n")
    out = prepare_functions(text, {"f": "__p_f"})
    assert "func.func @__p_f(" in out and "llvm.emit_c_interface" in out
    assert "func.func private @__p_f.flat(" in out and "call @__p_f.flat(" in out
    assert "func.func @g()" in out and "@f.flat" not in out
