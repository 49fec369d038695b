"""`polylift check my.c -I inc`: a relative include directory (or link object) names a
path under the directory the command started in, as every compiler takes it; the
harness compiles in its own work directory, so it resolves them first (issue 22).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from polylift.cli.check import run_check

ROOT = Path(__file__).resolve().parents[2]


def test_a_relative_include_directory_is_the_callers(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "inc").mkdir()
    shutil.copy(ROOT / "benchmarks" / "include" / "polylift_bench.h", tmp_path / "inc")
    source = (ROOT / "benchmarks" / "linalg" / "atax.c").read_text()
    (tmp_path / "my.c").write_text(source.replace("kernel_atax", "kernel_my"))
    monkeypatch.chdir(tmp_path)
    status = run_check(["my.c", "-I", "inc", "--keep", "work"])
    out = capsys.readouterr().out
    assert status == 0, out
    assert out.startswith("kernel_my: BIT-EXACT"), out
