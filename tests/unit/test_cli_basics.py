"""What every command answers: `--version` (polylift's and MLIR's), `--help`; and files
written with the process's umask."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from polylift.cli.cc import main as cc_main
from polylift.cli.gcc import main as gcc_main
from polylift.cli.main import main
from polylift.output import write_atomically


@pytest.mark.parametrize("command, name", [(main, "polylift"),
                                           (cc_main, "polylift-cc (polylift)")])
def test_version(command, name: str, capsys: pytest.CaptureFixture[str]):
    assert command(["--version"]) == 0
    line = capsys.readouterr().out.strip()
    assert line.startswith(f"{name} 0.") and ", MLIR 22." in line


def test_the_driver_says_both_versions(capfd: pytest.CaptureFixture[str]):
    assert gcc_main(["--version"]) == 0
    out = capfd.readouterr().out.splitlines()
    assert out[0].startswith("polylift-gcc (polylift) 0.") and out[0].endswith("wrapping:")
    assert "gcc" in out[1]


def test_demo_has_help(capsys: pytest.CaptureFixture[str]):
    with pytest.raises(SystemExit) as exited:
        main(["demo", "--help"])
    assert exited.value.code == 0
    assert "usage: polylift demo" in capsys.readouterr().out


@pytest.mark.parametrize("mask", [0o022, 0o077, 0o002])
def test_a_file_written_has_the_mode_the_umask_gives(mask: int, tmp_path: Path):
    before = os.umask(mask)
    try:
        write_atomically(str(tmp_path / "out.txt"), "text\n")
    finally:
        os.umask(before)
    assert (tmp_path / "out.txt").stat().st_mode & 0o777 == 0o666 & ~mask
