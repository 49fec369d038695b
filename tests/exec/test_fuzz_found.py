"""The programs `polylift fuzz` found failing, shrunk, each checked on both backends and
both input modes after its fix (issue 22). A new finding's `fz.c` goes to
inputs/fuzz/found/ with its kernel renamed after the file.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from polylift.harness.check import CheckOptions, check_benchmark

ROOT = Path(__file__).resolve().parents[2]
FOUND = sorted((Path(__file__).parent / "inputs" / "fuzz" / "found").glob("*.c"))
MODES = [(b, i) for b in ("ref", "host") for i in ("native", "exact")]


@pytest.mark.parametrize("source", FOUND, ids=lambda p: p.stem)
@pytest.mark.parametrize(("backend", "inputs"), MODES)
def test_a_found_program_checks_bit_exact(source: Path, backend: str, inputs: str,
                                          tmp_path: Path) -> None:
    options = CheckOptions(backend=backend, inputs=inputs, keep=str(tmp_path),
                           include_dirs=(str(ROOT / "benchmarks" / "include"),))
    result = check_benchmark(source, options)
    assert result.verdict == "BIT-EXACT", result.message
