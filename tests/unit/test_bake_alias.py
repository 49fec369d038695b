"""Baking a kernel without `restrict`: guarded launches counted, `--assume-noalias` kept."""

from __future__ import annotations

import shutil
from pathlib import Path

from polylift.bake import BakeOptions, bake

ROOT = Path(__file__).resolve().parents[2]


def test_guarded_launches_and_the_assumption_reach_the_bake(tmp_path: Path) -> None:
    suite = tmp_path / "alias"
    suite.mkdir()
    for name in ("copy.c", "alias.h"):
        shutil.copy(ROOT / "tests" / "exec" / "inputs" / "alias" / name, suite)
    summaries = {}
    for assume in (False, True):
        out = tmp_path / f"bake-{assume}"
        options = BakeOptions(check=False, jobs=1, progress=False, assume_noalias=assume)
        stats = bake([str(suite)], out, options)
        summaries[assume] = stats.summaries[0]
        commands = (out / "alias" / "copy" / "commands.txt").read_text()
        assert ("--assume-noalias" in commands) == assume
        affine = (out / "alias" / "copy" / "00-affine.mlir").read_text()
        assert ("@kernel_copy.noalias" in affine) == (not assume)
    assert summaries[False]["guarded_launches"] == 1
    assert summaries[True]["guarded_launches"] == 0
    assert summaries[False]["coverage"] == summaries[True]["coverage"] == "FULL"
