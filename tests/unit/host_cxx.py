"""Compiling a test driver over the cuda runtime's CUDA-free headers with the host C++
compiler (their logic is tested on any machine)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

INCLUDE = Path(__file__).resolve().parents[2] / "polylift" / "shims" / "cuda" / "include"


def build_driver(factory: pytest.TempPathFactory, name: str, source: str) -> Path:
    """The executable of `source` (C++17, warnings as errors) in a fresh folder."""
    folder = factory.mktemp(name)
    (folder / "driver.cc").write_text(source)
    subprocess.run(["g++", "-std=c++17", "-O2", "-Wall", "-Werror", f"-I{INCLUDE}",
                    "driver.cc", "-o", "driver"], cwd=folder, check=True)
    return folder / "driver"
