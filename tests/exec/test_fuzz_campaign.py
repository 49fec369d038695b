"""`polylift fuzz` end to end: it finds a planted miscompile, shrinks it to a nest of a
few lines and writes a reproducer that fails the same way; and a smoke campaign with
fixed seeds over both backends and both input modes finds nothing.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from polylift.cli.fuzz import run_fuzz

PLANTED = Path(__file__).parent / "inputs" / "fuzz" / "planted"
# Program 0 of seed 13389 is a rectangular transposed copy (found by listing the
# generator's programs; the test fails loudly if the generator changes).
PLANTED_SEED = 13389
BIN = Path(sys.executable).parent


def _sizes(program: str) -> list[int]:
    """The sizes main passes to the kernel."""
    call = re.search(r"kernel_fz\(([^;]*)\);", program.split("int main", 1)[1])
    assert call is not None
    return [int(a) for a in call.group(1).split(", ") if a.isdigit()]


def test_fuzz_finds_shrinks_and_reproduces_a_planted_miscompile(tmp_path: Path) -> None:
    out, report = tmp_path / "out", tmp_path / "campaign.json"
    status = run_fuzz(["--count", "1", "--seed", str(PLANTED_SEED), "--templates", str(PLANTED),
                       "--out", str(out), "--json", str(report), "--no-progress",
                       "--no-aarch64"])
    assert status == 1
    campaign = json.loads(report.read_text())
    assert campaign["results"][0]["shape"] == "copy2d"
    [finding] = campaign["findings"]
    assert finding["kind"] == "ref/native DIFF"
    assert finding["shrunk_lines"] <= 6
    directory = Path(finding["directory"])
    shrunk = (directory / "fz.c").read_text()
    assert "B[i][j] = A[j][i];" in shrunk
    # The sizes shrank from 4 x 3 to the smallest that still show the swap.
    assert _sizes((directory / "original.c").read_text()) == [4, 3]
    assert max(_sizes(shrunk)) <= 2
    done = subprocess.run([str(directory / "repro.sh")], capture_output=True, text=True,
                          env={**os.environ, "POLYLIFT": str(BIN / "polylift")}, check=False)
    assert done.returncode == 1, done.stdout + done.stderr
    assert done.stdout.startswith("kernel_fz: DIFF"), done.stdout
    assert "1 launch(es) planted.copy2d" in done.stdout


# The smoke campaign: 300 programs of seed 1 (1200 checks plus about 38 on aarch64),
# about two minutes on two cores; a finding fails it and names its reproducer.
SMOKE_COUNT = 300
SMOKE = ["--count", str(SMOKE_COUNT), "--seed", "1", "-j", "2", "--no-progress"]


@pytest.mark.slow
def test_a_smoke_campaign_finds_nothing(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    report = tmp_path / "campaign.json"
    status = run_fuzz([*SMOKE, "--out", str(tmp_path / "out"), "--json", str(report)])
    out = capsys.readouterr().out
    assert status == 0, out
    campaign = json.loads(report.read_text())
    assert campaign["programs"] == SMOKE_COUNT and not campaign["findings"]
    assert set(campaign["verdicts"]) >= {"ref/native", "ref/exact", "host/native",
                                         "host/exact"}
    # The goal for a campaign: a third of the programs match a template.
    assert 3 * campaign["launched"] >= SMOKE_COUNT, out


def test_an_expression_campaign_finds_nothing(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """Expression bodies (maps in place, accumulated and under branches, folds guarded
    or not and per column, over tables of signed zeros, infinities and NaNs) keep C's
    bits on both backends, and most of them become launches."""
    report = tmp_path / "campaign.json"
    status = run_fuzz(["--count", "40", "--seed", "2", "--shape", "expression", "-j", "2",
                       "--no-progress", "--no-aarch64", "--out", str(tmp_path / "out"),
                       "--json", str(report)])
    out = capsys.readouterr().out
    assert status == 0, out
    campaign = json.loads(report.read_text())
    assert campaign["programs"] == 40 and not campaign["findings"]
    assert 2 * campaign["launched"] >= 40, out
