"""The gcc residual source: a benchmark's kernel without the statements that became
launches, compiled as the reference is (`bench_host.py`'s `gcc resid` column)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from polylift.harness.check import default_include_dirs, frontend_translator, kernel_name
from polylift.harness.programs.build import NOIPA_FLAGS
from polylift.harness.programs.lift import prepare_module
from polylift.harness.programs.residual_source import (
    LaunchedCode,
    ResidualSourceError,
    launched_code,
    residual_source,
)
from polylift.harness.programs.toolchain import C_FLAGS
from polylift.mlir import ir, new_context, parse_module, source_loc
from polylift.passes.pipeline import PassRun, parse_element, run_pipeline
from polylift.passes.stages import LINALG, MATCHED

ROOT = Path(__file__).resolve().parents[2]
LINALG_DIR = ROOT / "benchmarks" / "linalg"
ARRAYS_DIR = ROOT / "benchmarks" / "arrays"
FRAMEWORK_DIR = ROOT / "benchmarks" / "framework"
PASSES = (*LINALG.flags, *MATCHED.flags)
DEFINES = ("MINI_DATASET",)


def _lifted(source: Path, passes: tuple[str, ...] = PASSES) -> tuple[str, str, set[int]]:
    """The kernel's front-end MLIR, its matched module as the check prints it (after
    `passes`), and the source lines its launches are located at."""
    kernel = kernel_name(source)
    mlir, _ = frontend_translator(source, default_include_dirs(source), DEFINES, kernel)
    ctx = new_context()
    with ctx:
        module = parse_module(prepare_module(mlir, kernel, keep_locations=True), ctx, "k.mlir")
        run_pipeline([parse_element(p) for p in passes], module,
                     PassRun(filename="k.mlir", wanted=frozenset()))
        lines: set[int] = set()

        def visit(op: ir.Operation) -> ir.WalkResult:
            loc = source_loc(op.location)
            if op.name == "kernel.launch" and loc is not None:
                lines.add(loc.line)
            return ir.WalkResult.ADVANCE

        module.operation.walk(visit, ir.WalkOrder.PRE_ORDER)
        return mlir, str(module), lines


def _residual(source: Path):
    mlir, matched, launch_lines = _lifted(source)
    code = launched_code(mlir, kernel_name(source), PASSES, matched)
    got = residual_source(source, kernel_name(source), code, default_include_dirs(source),
                          DEFINES)
    return got, launch_lines


def _compiles(text: str, source: Path, tmp_path: Path) -> None:
    path = tmp_path / "bench.c"
    path.write_text(text)
    includes = [f"-I{d}" for d in default_include_dirs(source)]
    done = subprocess.run(["gcc", *C_FLAGS, *NOIPA_FLAGS, f"-D{DEFINES[0]}", *includes, "-c",
                           str(path), "-o", str(tmp_path / "bench.o")],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr


def _function_text(text: str, name: str) -> str:
    """A function of a printed file, from its name to its closing brace."""
    start = text.index(f"{name}(")
    return text[start:text.index("\n}\n", start)]


def test_covariance_loses_exactly_its_launched_statements(tmp_path):
    source = LINALG_DIR / "covariance.c"
    got, launch_lines = _residual(source)
    removed = sorted((line, col) for _, line, col in got.removed)
    # the fill and the column sums (one expression fold from the fill's value, located
    # at the sums) and the division of the mean, the centring (an expression map), the
    # syrk reduction with the fill of cov before it (one launch, located at the reduction)
    assert removed == [(30, 5), (32, 7), (33, 5), (37, 7), (40, 7), (42, 9)]
    assert launch_lines == {32, 33, 37, 42}
    _compiles(got.text, source, tmp_path)
    kernel = _function_text(got.text, "kernel_covariance")
    assert "cov[i][j] /= float_n - 1.0;" in kernel  # the triangle's division stays
    assert "cov[j][i] = cov[i][j];" in kernel
    for gone in ("mean[j] = 0.0", "mean[j] += data[i][j]", "mean[j] /= float_n",
                 "data[i][j] -= mean[j]", "cov[i][j] = 0.0", "data[k][i] * data[k][j]",
                 "for (k = 0"):
        assert gone not in kernel
    original = source.read_text()
    body = original.index("{", original.index("static void kernel_covariance"))
    assert got.text[:body] == original[:body]  # the file outside the body is kept
    assert got.text.endswith(original[original.index("\nint main(void)"):])


def test_a_full_kernel_keeps_only_its_declarations(tmp_path):
    source = LINALG_DIR / "gemver.c"
    got, launch_lines = _residual(source)
    removed = sorted((line, col) for _, line, col in got.removed)
    assert removed == [(26, 7), (29, 7), (31, 5), (34, 7)]  # one launch each
    assert launch_lines == {line for line, _ in removed}
    _compiles(got.text, source, tmp_path)
    kernel = _function_text(got.text, "kernel_gemver")
    assert "for (" not in kernel and "=" not in kernel.split("{", 1)[1]


def test_a_loop_launched_whole_is_removed(tmp_path):
    # The index of the maximum: the loop is raised as one unit located at the `for`, so
    # no statement in it has a position of its own in the launch.
    source = ARRAYS_DIR / "argmax_ret.c"
    got, _ = _residual(source)
    assert [(line, col) for _, line, col in got.removed] == [(26, 3)]
    _compiles(got.text, source, tmp_path)
    kernel = _function_text(got.text, "kernel_argmax_ret")
    assert "for (" not in kernel and "return k;" in kernel


def test_a_loop_launched_whole_with_residual_code_in_it_is_refused():
    source = ARRAYS_DIR / "argmax_ret.c"
    path = str(source)
    code = LaunchedCode(frozenset({(path, 26, 3)}), frozenset({(path, 29, 7)}))
    with pytest.raises(ResidualSourceError, match=r"argmax_ret.c:26:3: the loop is launched "
                                                  "as a whole and holds residual code"):
        residual_source(source, "kernel_argmax_ret", code, default_include_dirs(source),
                        DEFINES)


def test_a_helper_only_the_kernel_runs_loses_its_launched_statements(tmp_path):
    # The layer's work is in `forward_avgpool_layer`, which only the kernel calls; the
    # flat fallback (run only where the delinearised version's test fails) does not
    # count as residual code.
    source = FRAMEWORK_DIR / "avgpool.c"
    got, _ = _residual(source)
    assert sorted((line, col) for _, line, col in got.removed) == [(47, 15), (50, 11)]
    _compiles(got.text, source, tmp_path)
    helper = _function_text(got.text, "forward_avgpool_layer")
    assert "sum +=" not in helper and "l.output[out_index]" not in helper


def test_a_test_that_ends_the_function_stays(tmp_path):
    # shortcut_cpu returns early when the shapes agree: the launched loop goes, the
    # return stays, so the strided loops after it run no more than in the source.
    source = FRAMEWORK_DIR / "shortcut.c"
    got, _ = _residual(source)
    assert sorted((line, col) for _, line, col in got.removed) == [(49, 7), (71, 5)]
    _compiles(got.text, source, tmp_path)
    helper = _function_text(got.text, "shortcut_cpu")
    assert "return;" in helper and "s2 * add[add_index]" in helper
    assert "s2 * add[i]" not in helper


def test_a_launched_statement_that_jumps_is_refused():
    source = FRAMEWORK_DIR / "shortcut.c"
    path = str(source)
    code = LaunchedCode(frozenset({(path, 46, 7)}), frozenset())  # in the `if` of 46:3
    with pytest.raises(ResidualSourceError, match=r"shortcut.c:46:3: the launched statement "
                                                  "holds a return"):
        residual_source(source, "kernel_shortcut", code, default_include_dirs(source),
                        DEFINES)


GUARDING_PROFILE = {"format": "polylift-offload-profile", "version": 1, "entries": [
    {"template": "blas.copy", "backend": "host", "dtype": "f32",
     "points": [{"work": 100.0, "ratio": 0.5}, {"work": 1e6, "ratio": 2.0}]}]}


def test_a_launch_chosen_at_run_time_against_its_loops_is_refused(tmp_path):
    # The copy of l2norm has sizes known at run time only, and the profile a crossing:
    # the launch or its loops run by a test of the sizes, so which is residual is not
    # known before the run.
    profile = tmp_path / "profile.json"
    profile.write_text(json.dumps(GUARDING_PROFILE))
    passes = (*LINALG.flags,
              f"match-kernels{{offload-policy=profitable offload-profile={profile}}}")
    source = FRAMEWORK_DIR / "l2norm.c"
    mlir, matched, _ = _lifted(source, passes)
    assert "polylift.offload_kept" in matched
    with pytest.raises(ResidualSourceError, match="by a test of the sizes at run time"):
        launched_code(mlir, kernel_name(source), passes, matched)


SMALL = """void kernel_k(int n, double x[restrict n])
{
  int i;
  /* a brace in a comment: } */
  for (i = 0; i < n; i++)
    x[i] = 0.0;  // }
  for (i = 0; i < n; i++)
    x[i] = x[i] * x[i];
}

int main(void) { return 0; }
"""


def test_the_body_ends_at_its_own_brace_not_one_in_a_comment(tmp_path):
    source = tmp_path / "small.c"
    source.write_text(SMALL)
    path = str(source)
    code = LaunchedCode(frozenset({(path, 6, 5)}), frozenset({(path, 8, 5)}))
    got = residual_source(source, "kernel_k", code, (), ())
    assert [(line, col) for _, line, col in got.removed] == [(6, 5)]
    assert got.text == ("void kernel_k(int n, double x[restrict n])\n{\n  int i;\n"
                        "  for (i = 0; i < n; i++)\n    x[i] = x[i] * x[i];\n\n}\n\n"
                        "int main(void) { return 0; }\n")


def test_a_statement_both_launched_and_residual_is_refused():
    source = LINALG_DIR / "covariance.c"
    at = (str(source), 42, 9)
    code = LaunchedCode(frozenset({at}), frozenset({at}))
    with pytest.raises(ResidualSourceError, match=r"covariance.c:42:9: the statement is split"):
        residual_source(source, "kernel_covariance", code, default_include_dirs(source),
                        DEFINES)


def test_launched_code_outside_the_kernel_is_refused():
    source = LINALG_DIR / "covariance.c"
    code = LaunchedCode(frozenset({(str(source), 59, 7)}), frozenset())  # main's init loop
    with pytest.raises(ResidualSourceError, match="located outside the kernel.s own statements"):
        residual_source(source, "kernel_covariance", code, default_include_dirs(source),
                        DEFINES)


def test_other_matched_ir_than_the_checks_is_refused():
    source = LINALG_DIR / "covariance.c"
    mlir, _, _ = _lifted(source)
    with pytest.raises(ResidualSourceError, match="other IR than the check's matched stage"):
        launched_code(mlir, "kernel_covariance", PASSES, "module {\n}\n")
