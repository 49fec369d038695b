"""What the commands import: only what they use (issue 23, a pipeline as quick to start
as mlir-opt).

Each command runs in a fresh process through a driver that prints, after the command,
the modules it loaded; the test names the ones the command must not load. Nothing is
timed: what stays unimported costs nothing, on any machine.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from polylift.tdl.disk_cache import ENV_VAR

ROOT = Path(__file__).resolve().parents[2]
GEMM = ROOT / "benchmarks" / "linalg" / "gemm.c"

# Runs `<module>.main(argv)`, then prints every loaded module's name, one JSON list.
DRIVER = """
import importlib, sys
status = importlib.import_module(sys.argv[1]).main(sys.argv[2:])
print(__import__("json").dumps(sorted(sys.modules)))
sys.exit(status)
"""

# What no pass of this pipeline uses: numpy (the bindings' optional attribute builders,
# the front end's float rounding, the harness), linalg's op DSL (named-op builders),
# jinja2 (C text), lark (the template parser, when the disk cache has the library),
# the explanations of residual ops and the loop-program proofs (only for reports
# and remarks, and for solver templates), and islpy (gemm's fission question is settled
# without ISL, `raising/proof/rational.py`).
NOT_ON_PIPELINE = ("numpy", "mlir.dialects.linalg", "mlir.dialects.linalg.opdsl", "jinja2",
                   "lark", "polylift.matcher.explain.closest",
                   "polylift.matcher.program.prove", "islpy")


def loaded(module: str, argv: list[str], cache: Path) -> set[str]:
    """The modules a fresh process loads running `module.main(argv)`."""
    env = dict(os.environ, **{ENV_VAR: str(cache)})
    done = subprocess.run([sys.executable, "-c", DRIVER, module, *argv], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout.splitlines()[-1]))


@pytest.fixture(scope="module")
def gemm_affine(tmp_path_factory) -> tuple[Path, set[str]]:
    """gemm at MINI translated by polylift-cc, and what polylift-cc loaded."""
    work = tmp_path_factory.mktemp("startup")
    out = work / "gemm.mlir"
    modules = loaded("polylift.cli.cc", [str(GEMM), "-I", str(ROOT / "benchmarks" / "include"),
                                         "-DMINI_DATASET", "-o", str(out)], work / "cache")
    return out, modules


def test_polylift_cc_loads_neither_numpy_nor_the_op_dsl(gemm_affine):
    path, modules = gemm_affine
    assert "affine.for" in path.read_text()
    assert "polylift.frontend" in modules
    unwanted = {"numpy", "mlir.dialects.linalg", "jinja2", "lark"} & modules
    assert not unwanted, unwanted


def test_the_host_pipeline_loads_only_what_it_uses(gemm_affine, tmp_path):
    source, _ = gemm_affine
    out = tmp_path / "out.mlir"
    argv = [str(source), "--raise-affine-to-linalg", "--match-kernels", "--backend=host",
            "--lower-to-llvm", "-o", str(out)]
    loaded("polylift.cli.opt", argv, tmp_path / "cache")  # fills the template cache
    modules = loaded("polylift.cli.opt", argv, tmp_path / "cache")
    assert "polylift_host_gemm_f64" in out.read_text()  # matched, lowered: the whole path ran
    assert {"polylift.passes.match_kernels", "polylift.mlir.op_classes.linalg"} <= modules
    unwanted = set(NOT_ON_PIPELINE) & modules
    assert not unwanted, unwanted


def test_numpy_imports_as_usual_after_the_bindings_and_their_builders_use_it():
    """The bindings load without numpy; afterwards numpy imports normally, and the dense
    elements attribute builders the bindings define with it build what they did."""
    script = """
import sys
from polylift.mlir import ir, new_context
assert "numpy" not in sys.modules
import numpy
assert numpy.array([1, 2]).sum() == 3
with new_context() as ctx:
    for kind, values in (("F64ElementsAttr", [1.5, -2.0]), ("I32ElementsAttr", [1, 2]),
                         ("I64ElementsAttr", [3]), ("IndexElementsAttr", [4, 5])):
        print(ir.AttrBuilder.get(kind)(values, ctx))
"""
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "dense<[1.500000e+00, -2.000000e+00]> : tensor<2xf64>",
        "dense<[1, 2]> : tensor<2xi32>",
        "dense<3> : tensor<1xi64>",
        "dense<[4, 5]> : tensor<2xindex>",
    ]


def test_the_named_op_builders_load_the_op_dsl_when_asked():
    """`linalg_builders()` is upstream's module with the DSL's builders, and its op
    classes are the ones polylift looks ops up with."""
    script = """
import sys
from polylift.mlir import linalg, linalg_builders
assert "mlir.dialects.linalg" not in sys.modules
full = linalg_builders()
assert "mlir.dialects.linalg.opdsl" in sys.modules
assert full.GenericOp is linalg.GenericOp and callable(full.fill) and callable(full.dot)
"""
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr


# Runs polylift-opt's body twice in one process, and prints the modules the second run
# looked for (a module found once is in `sys.modules` and never looked for again).
TWICE = """
import json, sys
from polylift.cli.opt import run_opt
run_opt(sys.argv[1:])
wanted = []
class Finder:
    def find_spec(self, name, path=None, target=None):
        wanted.append(name)
sys.meta_path.insert(0, Finder())
status = run_opt(sys.argv[1:])
print(json.dumps(wanted))
sys.exit(status)
"""


def test_a_second_run_in_process_looks_for_no_module(gemm_affine, tmp_path):
    """The bindings retry the import of a dialect's module they did not find each time
    they wrap one of its ops; `kernel.launch`'s dialect has an (empty) module for them
    to find once (`polylift/mlir/op_classes/kernel.py`)."""
    source, _ = gemm_affine
    out = tmp_path / "out.mlir"
    argv = [str(source), "--raise-affine-to-linalg", "--match-kernels", "--backend=host",
            "--lower-to-llvm", "-o", str(out)]
    env = dict(os.environ, **{ENV_VAR: str(tmp_path / "cache")})
    done = subprocess.run([sys.executable, "-c", TWICE, *argv], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "polylift_host_gemm_f64" in out.read_text()
    assert json.loads(done.stdout.splitlines()[-1]) == []


def test_a_stencil_pipeline_loads_no_islpy(tmp_path):
    """jacobi-1d's two nests in one time loop cannot be split: raising proves the
    dependence by a point that meets every constraint (`raising/proof/rational.py`),
    and matching the time loop against loop programs settles its questions the same
    way (`matcher/program/polyhedra.py`), without ISL."""
    source = tmp_path / "jacobi-1d.mlir"
    cc = [str(ROOT / "benchmarks" / "linalg" / "jacobi-1d.c"), "-I",
          str(ROOT / "benchmarks" / "include"), "-DMINI_DATASET", "-o", str(source)]
    loaded("polylift.cli.cc", cc, tmp_path / "cache")
    out = tmp_path / "out.mlir"
    argv = [str(source), "--raise-affine-to-linalg", "--match-kernels", "--backend=host",
            "--lower-to-llvm", "--remarks=missed", "-o", str(out)]
    loaded("polylift.cli.opt", argv, tmp_path / "cache")  # fills the template cache
    env = dict(os.environ, **{ENV_VAR: str(tmp_path / "cache")})
    done = subprocess.run([sys.executable, "-c", DRIVER, "polylift.cli.opt", *argv],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "loop fission would reverse a dependence" in done.stderr
    assert "llvm.func" in out.read_text()
    modules = set(json.loads(done.stdout.splitlines()[-1]))
    assert {"polylift.raising.proof.rational", "polylift.matcher.program.polyhedra"} <= modules
    assert "islpy" not in modules
