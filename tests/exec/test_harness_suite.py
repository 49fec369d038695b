"""The linalg suite at MINI through the C front end and the `ref` pipeline: BIT-EXACT on x86_64.

Every benchmark is its own test. A benchmark the front end rejects fails here with the
front end's error: a missing feature must be visible, not skipped.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from polylift.harness.check import CheckOptions, check_benchmark

ROOT = Path(__file__).resolve().parents[2]
LINALG = sorted((ROOT / "benchmarks" / "linalg").glob("*.c"))


def _frontend_missing() -> str:
    if importlib.util.find_spec("polylift.frontend") is None:
        return "the C front end (polylift.frontend) is not built yet"
    import polylift.frontend as frontend

    if not hasattr(frontend, "translate_file"):
        return "polylift.frontend has no translate_file yet"
    return ""


MISSING = _frontend_missing()


@pytest.mark.skipif(bool(MISSING), reason=MISSING or "front end present")
@pytest.mark.skipif(not LINALG, reason="benchmarks/linalg has no benchmarks yet")
@pytest.mark.parametrize("source", LINALG, ids=[p.stem for p in LINALG])
def test_linalg_mini_ref_is_bit_exact(source):
    result = check_benchmark(source, CheckOptions(backend="ref", target="x86_64", size="MINI"))
    assert result.verdict == "BIT-EXACT", f"{result.message}\nreproducer: {result.reproducer}"
    assert result.arrays, "the kernel writes no array the harness could compare"
