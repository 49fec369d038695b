"""`polylift check --polybench-root` on a stand-in PolyBench/C checkout (inputs/polybench).

The stand-in has PolyBench's layout and macro conventions and kernels of its own; the
harness must find `<name>/<name>.c` at both depths, compile them with the C99-prototype
and restrict flags, link `utilities/polybench.c`, and leave the checkout untouched.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from polylift.cli.main import main
from polylift.errors import UsageError
from polylift.harness.suite import polybench_sources

TREE = Path(__file__).parent / "inputs" / "polybench"


def _listing() -> list[str]:
    return sorted(str(p.relative_to(TREE)) for p in TREE.rglob("*"))


def test_finds_benchmarks_at_both_depths():
    found = [str(p.relative_to(TREE)) for p in polybench_sources(TREE)]
    assert found == ["linear-algebra/kernels/atax/atax.c", "linear-algebra/blas/gemm/gemm.c",
                     "stencils/jacobi-1d/jacobi-1d.c"]


def test_a_directory_without_utilities_is_refused(tmp_path):
    with pytest.raises(UsageError, match="not a PolyBench/C checkout"):
        polybench_sources(tmp_path)


@pytest.mark.parametrize("target", ["x86_64", "aarch64"])
def test_checkout_is_bit_exact(capsys, tmp_path, target):
    before = _listing()
    out_json = tmp_path / "results.json"
    status = main(["check", "--polybench-root", str(TREE), "--target", target, "--no-progress",
                   "--json", str(out_json)])
    out = capsys.readouterr().out
    assert status == 0, out
    rows = {line.split()[0]: line.split() for line in out.splitlines()[2:5]}
    assert set(rows) == {"kernel_atax", "kernel_gemm", "kernel_jacobi_1d"}
    data = json.loads(out_json.read_text())
    # BIT-EXACT, or PASS where a template reorders the source's arithmetic (bound > 0).
    for r in data["results"]:
        check = r["checks"][0]
        assert check["verdict"] == "BIT-EXACT" or (check["verdict"] == "PASS"
                                                   and check["ulp_bound"] > 0)
        assert rows[r["function"]][3] == check["verdict"]
    assert _listing() == before


def test_only_and_exact_inputs(capsys):
    status = main(["check", "--polybench-root", str(TREE), "--only", "gemm", "--inputs",
                   "exact", "--no-progress"])
    out = capsys.readouterr().out
    assert status == 0, out
    assert out.splitlines()[2].split()[0] == "kernel_gemm" and "1 of 1 ok" in out
    assert main(["check", "--polybench-root", str(TREE), "--only", "nope"]) == 1
    assert "--only names no benchmark of the suite: nope" in capsys.readouterr().err
