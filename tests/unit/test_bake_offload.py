"""A bake under `--offload-policy=profitable`: the matched stage keeps the loops a profile
says lose, the profile travels with the stages and commands, and editing the profile
rebakes what depends on it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from polylift.bake import BakeOptions, bake
from polylift.bake.offload import PROFILE_FILE, OffloadChoice
from polylift.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
PROFILE = ROOT / "tests" / "lit" / "passes" / "Inputs" / "offload-profiles" / "gemv-crossover.json"
KEPT = 'polylift.offload_kept = "blas.gemv_acc1"'


@pytest.fixture
def suite(tmp_path: Path) -> Path:
    """mvt alone: its first product is blas.gemv_acc1, which the profile's crossing
    (work 1e5) keeps as loops below it; mvt's sizes are parameters, so the choice is a
    run-time guard with the loops in its other arm."""
    suite = tmp_path / "benchmarks" / "small"
    suite.mkdir(parents=True)
    shutil.copy(ROOT / "benchmarks" / "linalg" / "mvt.c", suite)
    shutil.copytree(ROOT / "benchmarks" / "include", suite.parent / "include")
    return suite


def _bake(suite: Path, out: Path, offload: OffloadChoice) -> tuple[str, int]:
    stats = bake([str(suite)], out, BakeOptions(backends=("host",), check=False, jobs=1,
                                                 progress=False, offload=offload))
    return (out / "small" / "mvt" / "02-matched.mlir").read_text(), stats.computed


def test_profitable_guards_the_call_with_the_loops(suite: Path, tmp_path: Path) -> None:
    always, _ = _bake(suite, tmp_path / "always", OffloadChoice())
    kept, _ = _bake(suite, tmp_path / "kept", OffloadChoice("profitable", str(PROFILE)))
    assert KEPT not in always and KEPT in kept
    assert kept.count("scf.if") == always.count("scf.if") + 1


def test_the_profile_travels_with_the_stages_and_commands(suite: Path,
                                                          tmp_path: Path) -> None:
    _bake(suite, tmp_path / "out", OffloadChoice("profitable", str(PROFILE)))
    kernel = tmp_path / "out" / "small" / "mvt"
    assert (kernel / PROFILE_FILE).read_text() == PROFILE.read_text()
    commands = (kernel / "commands.txt").read_text().splitlines()
    policy = f"--offload-policy=profitable --offload-profile={PROFILE_FILE}"
    assert [line for line in commands if "--match-kernels" in line] and all(
        policy in line for line in commands if "--match-kernels" in line)


def test_editing_the_profile_rebakes_the_matched_stage(suite: Path, tmp_path: Path) -> None:
    profile = tmp_path / "mine.json"
    profile.write_text(PROFILE.read_text())
    choice = OffloadChoice("profitable", str(profile))
    first, _ = _bake(suite, tmp_path / "out", choice)
    again, computed = _bake(suite, tmp_path / "out", choice)
    assert again == first and computed == 0
    data = json.loads(profile.read_text())
    for point in data["entries"][0]["points"]:
        point["ratio"] = 3.0  # the call now wins everywhere
    profile.write_text(json.dumps(data))
    edited, computed = _bake(suite, tmp_path / "out", choice)
    assert KEPT in first and KEPT not in edited and computed > 0


def test_an_unreadable_profile_is_refused_before_baking(suite: Path, tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    out = tmp_path / "out"
    status = main(["bake", str(suite), "-o", str(out), "--no-check",
                   "--offload-policy=profitable", f"--offload-profile={tmp_path / 'none.json'}"])
    err = capsys.readouterr().err
    assert status == 1 and "Traceback" not in err
    assert "error: cannot read offload profile" in err and not out.exists()
