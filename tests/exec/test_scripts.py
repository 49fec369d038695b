"""Every script of scripts/ runs: its --help, and a small run (MINI, a kernel or two).

So a rename in the package cannot break a script silently. A new script must be given
a run here (`test_every_script_has_a_run`).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = sorted(p for p in (ROOT / "scripts").iterdir() if p.suffix in (".py", ".sh"))
POLYBENCH = ROOT / "tests" / "exec" / "inputs" / "polybench"


def _bake(first: list[str], suite: str, kernel: str) -> tuple[list[str], list[str]]:
    """A bake script's run: one kernel, into a fresh bake and site directory."""
    return ([*first, "{tmp}/bake", "{tmp}/site", "--only", kernel],
            [f"{suite}: 1 kernels", "baked 1 kernels"])


# script -> (arguments of a small run, words its output must hold); `{tmp}` is a fresh
# directory.
RUNS: dict[str, tuple[list[str], list[str]]] = {
    "bench_app.py": (["--own", "--repeat", "1", "--steps", "4", "--side", "32", "--work",
                      "{tmp}/work"],
                     ["cnn (own):", "transformer (own):", "lifted: 14 functions in 6 files",
                      "outputs agree", "speedup", "0 mismatched"]),
    "bench_alias_guard.py": (["--kernel", "gemm", "--backend", "ref", "--sizes", "MINI",
                              "--repeat", "1", "--rounds", "1"],
                             ["gemm without restrict", "MINI", "guarded"]),
    "bench_cc.py": (["--size", "MINI", "--kernels", "gemm,atax", "--repeat", "1"],
                    ["atax.c", "gemm.c", "(2 kernels)"]),
    "bench_host.py": (["--size", "MINI", "--suite", "image,linalg", "--kernels",
                       "box_i8,gemm,floyd-warshall", "--repeat", "1", "--rounds", "2"],
                      ["least of 2 round(s)", "box_i8", "gemm", "BIT-EXACT", "FULL",
                       "image: 1 kernels, geomean", "linalg: 2 kernels, geomean",
                       "no launch: the source's own code runs; MLIR build ",
                       "no launch: the source's own code runs: floyd-warshall",
                       "mlir resid", "gcc resid", "gcc/mlir resid"]),
    "bench_pipeline.py": (["--size", "MINI", "--kernels", "gemm,blas1_helpers", "--repeat", "1"],
                          ["gemm", "blas1_helpers", "20 functions"]),
    "bench_shims.py": (["--templates", "ch.add_bias,ch.normalize,ew.expsum_scaled",
                        "--sizes", "nb=2,nc=3,ns=17,n=33", "--repeat", "1"],
                       ["ch.add_bias", "ch.normalize", "ew.expsum_scaled", "same bits"]),
    "bench_raise.py": (["--kernels", "gemm,atax", "--repeat", "1"], ["gemm", "atax"]),
    "match_report.py": (["--suite", "linalg", "--kernels", "gemm"],
                        ["linalg/gemm", "FULL", "1 kernels"]),
    "setup_system.sh": (["--dry-run"], []),
    "bake_linalg.sh": _bake([], "linalg", "gemm"),
    "bake_cnn.sh": _bake([], "cnn", "shortcut"),
    "bake_image.sh": _bake([], "image", "box_i8"),
    "bake_arrays.sh": _bake([], "arrays", "vadd"),
    "bake_polybench.sh": _bake([str(POLYBENCH)], "polybench", "gemm"),
    "bake_suite.sh": _bake(["linalg"], "linalg", "atax"),
}


@pytest.fixture(scope="module")
def env(tmp_path_factory) -> dict[str, str]:
    """This environment's tools, and a template cache of the tests' own."""
    cache = tmp_path_factory.mktemp("polylift-cache")
    bindir = Path(sys.executable).parent
    return dict(os.environ, POLYLIFT_CACHE_DIR=str(cache), POLYLIFT=str(bindir / "polylift"),
                PATH=f"{bindir}{os.pathsep}{os.environ.get('PATH', '')}")


def _run(script: Path, args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess:
    command = [sys.executable, str(script)] if script.suffix == ".py" else ["bash", str(script)]
    return subprocess.run([*command, *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=600)


def test_every_script_has_a_run():
    assert sorted(RUNS) == [p.name for p in SCRIPTS]


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_help(script, env):
    done = _run(script, ["--help"], env)
    assert done.returncode == 0, done.stderr
    # The usage names the script (argparse) or shows how to call it (the shell scripts).
    assert "usage" in done.stdout.lower() or f"scripts/{script.name}" in done.stdout


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_a_small_run(script, env, tmp_path):
    args, words = RUNS[script.name]
    done = _run(script, [a.replace("{tmp}", str(tmp_path)) for a in args], env)
    assert done.returncode == 0, f"{done.stdout}\n{done.stderr}"
    for word in words:
        assert word in done.stdout, f"'{word}' missing from:\n{done.stdout}"
    if script.name.startswith("bake_"):
        index = json.loads((tmp_path / "bake" / "index.json").read_text())
        kernels = [k["kernel"] for suite in index["suites"].values() for k in suite["kernels"]]
        assert kernels == [args[args.index("--only") + 1]]
        assert (tmp_path / "site" / "index.html").is_file()


def test_bake_only_names_kernels_of_the_suites(tmp_path, capsys):
    from polylift.cli.main import main

    assert main(["bake", "linalg", "-o", str(tmp_path), "--only", "gemm,nope"]) == 1
    assert "--only names no kernel of the suites: nope" in capsys.readouterr().err
    assert not (tmp_path / "index.json").exists()
