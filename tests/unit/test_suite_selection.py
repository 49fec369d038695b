"""`suite_selection`: the benchmarks that `--suite` and `--kernels` name, for
`polylift calibrate` and `scripts/bench_host.py` alike."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from polylift.errors import UsageError
from polylift.harness.suite import suite_selection

ROOT = Path(__file__).resolve().parents[2]


def test_every_kernel_of_each_suite_without_kernels():
    chosen = suite_selection("cnn,linalg", None, ROOT)
    assert list(chosen) == ["cnn", "linalg"]
    assert "maxpool" in [s.stem for s in chosen["cnn"]]
    assert "gemm" in [s.stem for s in chosen["linalg"]]


def test_kernels_are_picked_from_whichever_suite_holds_them():
    chosen = suite_selection("cnn,linalg", "maxpool,atax", ROOT)
    assert {suite: [s.stem for s in sources] for suite, sources in chosen.items()} == \
        {"cnn": ["maxpool"], "linalg": ["atax"]}


@pytest.mark.parametrize("kernels, missing", [("maxpool,nope", "nope"), (",", "(none)")])
def test_a_kernel_no_suite_holds_is_an_error(kernels, missing):
    with pytest.raises(UsageError, match=re.escape(f"no benchmark of the suites cnn: {missing}")):
        suite_selection("cnn", kernels, ROOT)


def test_an_unknown_suite_is_an_error():
    with pytest.raises(UsageError, match="no suite 'nosuch'"):
        suite_selection("nosuch", None, ROOT)
