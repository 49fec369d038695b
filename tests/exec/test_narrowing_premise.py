"""The premise the matcher's narrowing rests on (`binding/narrowing.py`), measured
where the lifted code runs: a float operation C computes in double, rounded back to
float, is the float operation, on the host and (under qemu, where installed) aarch64."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

SOURCE = Path(__file__).parent / "inputs" / "premises" / "narrowing.c"
FLAGS = ["-O2", "-ffp-contract=off", "-fno-fast-math"]
AARCH64_ROOT = "/usr/aarch64-linux-gnu"


def _disagreements(cc: str, run: list[str], tmp_path: Path) -> tuple[int, int]:
    """Operations where at most one operand is a NaN that disagree, and those of two
    NaNs that do."""
    exe = tmp_path / f"premise-{cc}"
    subprocess.run([cc, *FLAGS, str(SOURCE), "-o", str(exe), "-lm"], check=True)
    done = subprocess.run([*run, str(exe)], check=True, capture_output=True, text=True)
    one, two = done.stdout.split()
    return int(one), int(two)


def test_double_rounding_is_innocuous_on_the_host(tmp_path: Path):
    assert _disagreements("gcc", [], tmp_path)[0] == 0


@pytest.mark.skipif(not (shutil.which("aarch64-linux-gnu-gcc") and shutil.which("qemu-aarch64")),
                    reason="needs aarch64-linux-gnu-gcc and qemu-aarch64")
def test_double_rounding_is_innocuous_on_aarch64(tmp_path: Path):
    one, two = _disagreements("aarch64-linux-gnu-gcc", ["qemu-aarch64", "-L", AARCH64_ROOT],
                              tmp_path)
    assert one == 0
    # Why the matcher narrows no operation of two floats: two NaNs, one signaling.
    assert two > 0
