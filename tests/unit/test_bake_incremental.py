"""Baking: every stage on disk, failures recorded, a second bake computes nothing.

Three small linalg kernels and one the front end rejects, baked into a temporary
directory with checks on the ref backend.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from polylift.bake import BakeOptions, bake

ROOT = Path(__file__).resolve().parents[2]
KERNELS = ("atax", "gemm", "trisolv")
BROKEN = """#include "polylift_bench.h"
static void kernel_broken(int n, double A[n])
{
  int i = 0;
  while (A[i] > 0) i++;
}
"""


@pytest.fixture(scope="module")
def suite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("src")
    suite = base / "benchmarks" / "small"
    suite.mkdir(parents=True)
    for name in KERNELS:
        shutil.copy(ROOT / "benchmarks" / "linalg" / f"{name}.c", suite)
    (suite / "broken.c").write_text(BROKEN)
    shutil.copytree(ROOT / "benchmarks" / "include", suite.parent / "include")
    return suite


def _files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and ".cache" not in p.parts}


@pytest.fixture(scope="module")
def baked(suite: Path, tmp_path_factory: pytest.TempPathFactory):
    out = tmp_path_factory.mktemp("bake")
    options = BakeOptions(backends=("ref", "host"), jobs=2, progress=False)
    first = bake([str(suite)], out, options)
    snapshot = _files(out)
    second = bake([str(suite)], out, options)
    return out, first, second, snapshot


def test_second_bake_does_no_work_and_changes_no_byte(baked) -> None:
    out, first, second, snapshot = baked
    assert first.kernels == second.kernels == 4
    assert first.computed > 0
    assert second.computed == 0
    assert second.cached == first.computed + first.cached
    assert _files(out) == snapshot


def test_every_stage_file_is_written(baked) -> None:
    out = baked[0]
    gemm = out / "small" / "gemm"
    for name in ("source.c", "00-affine.mlir", "01-linalg.mlir", "02-matched.mlir",
                 "match-report.json", "results.json", "commands.txt"):
        assert (gemm / name).is_file(), name
    assert "linalg.generic" in (gemm / "01-linalg.mlir").read_text()
    assert "kernel.launch" in (gemm / "02-matched.mlir").read_text()
    assert 'loc("source.c":' in (gemm / "00-affine.mlir").read_text()
    doc = json.loads((gemm / "results.json").read_text())
    assert doc["kind"] == "bake" and [r["function"] for r in doc["results"]] == ["kernel_gemm"]
    assert doc["results"][0]["lift"]["status"] == "lifted"
    results = doc["results"][0]["checks"]
    assert [(r["backend"], r["size"], r["target"]) for r in results] == \
        [("ref", "MINI", "x86_64"), ("host", "MINI", "x86_64")]
    assert results[0]["verdict"] in ("BIT-EXACT", "PASS")
    assert results[0]["reference_s"] > 0 and results[0]["lifted_s"] > 0


def test_a_failing_kernel_is_recorded_and_the_others_go_on(baked) -> None:
    out, first = baked[0], baked[1]
    assert first.failed == ["small/broken"]
    index = json.loads((out / "index.json").read_text())
    kernels = {k["kernel"]: k for k in index["suites"]["small"]["kernels"]}
    assert sorted(kernels) == ["atax", "broken", "gemm", "trisolv"]
    broken = kernels["broken"]
    assert broken["blocker"] == "front end" and broken["coverage"] == "NONE"
    assert broken["stages"]["00-affine"] == "failed"
    assert broken["stages"]["01-linalg"] == "skipped"
    assert broken["errors"]["00-affine"].startswith("source.c:")
    assert kernels["gemm"]["coverage"] == "FULL" and kernels["gemm"]["blocker"] == ""
    assert kernels["atax"]["blocker"] in ("no template", "")


def test_no_machine_path_in_any_baked_file(baked, suite: Path) -> None:
    out = baked[0]
    for rel, data in _files(out).items():
        text = data.decode()
        assert str(suite.parent.parent) not in text, rel
        assert str(out) not in text, rel
        assert "/tmp/" not in text, rel


def test_fresh_bake_is_byte_identical(suite: Path, tmp_path: Path) -> None:
    options = BakeOptions(backends=("ref",), jobs=1, progress=False, check=False)
    bake([str(suite)], tmp_path / "a", options)
    bake([str(suite)], tmp_path / "b", options)
    assert _files(tmp_path / "a") == _files(tmp_path / "b")



def test_commands_reproduce_every_stage(baked, suite: Path, tmp_path: Path) -> None:
    from polylift.mlir import tool_path

    gemm = baked[0] / "small" / "gemm"
    shutil.copy(gemm / "source.c", tmp_path)
    commands = [line for line in (gemm / "commands.txt").read_text().splitlines()
                if not line.startswith("polylift check")]
    tools = [str(Path(sys.executable).parent), str(Path(tool_path("mlir-translate")).parent)]
    env = {**os.environ, "PATH": os.pathsep.join([*tools, os.environ["PATH"]]),
           "ROOT": str(suite.parent)}  # display paths are relative to the suite's parent
    done = subprocess.run(["sh", "-e", "-c", "\n".join(commands)], cwd=tmp_path, env=env,
                          text=True, capture_output=True, check=False)
    assert done.returncode == 0, done.stderr
    for name in ("00-affine.mlir", "01-linalg.mlir", "02-matched.mlir", "match-report.json",
                 "03-lowered-ref.mlir", "04-llvm-ref.ll", "03-lowered-host.mlir",
                 "04-llvm-host.ll"):
        assert (tmp_path / name).read_bytes() == (gemm / name).read_bytes(), name


def test_baking_the_linalg_suite_twice_does_no_work_the_second_time(tmp_path: Path) -> None:
    """The issue's check on the whole bundled linalg suite, checks on the ref backend."""
    options = BakeOptions(backends=("ref",), jobs=2, progress=False)
    first = bake(["linalg"], tmp_path, options)
    snapshot = _files(tmp_path)
    second = bake(["linalg"], tmp_path, options)
    assert first.kernels == second.kernels == len(list((ROOT / "benchmarks/linalg").glob("*.c")))
    assert first.computed > 0 and second.computed == 0
    assert not first.failed
    assert _files(tmp_path) == snapshot
