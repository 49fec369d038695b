"""`polylift check` on the command line: verdict lines, exit status, errors, JSON."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from polylift.cli.main import main

INPUTS = Path(__file__).parent / "inputs" / "harness"
HAS_FRONTEND = hasattr(__import__("polylift.frontend", fromlist=["x"]), "translate_file")
needs_frontend = pytest.mark.skipif(not HAS_FRONTEND, reason="the C front end is not built yet")


@pytest.mark.parametrize("argv, message", [
    (["check"], "give either one benchmark file, --suite or --polybench-root"),
    (["check", "x.c", "--suite", "linalg"], "give either one benchmark file, --suite or"),
    (["check", "--suite", "linalg", "-j", "0"], "--jobs must be at least 1"),
    (["check", "x.c", "--inputs", "random"], "invalid choice: 'random'"),
    (["check", "nope.c"], "no such benchmark 'nope.c'"),
    (["check", "x.c", "--target", "riscv"], "invalid choice: 'riscv'"),
    (["check", "x.c", "--backend", "cudnn,hots"], "unknown backend 'hots'"),
    (["check", "x.c", "--backend", "ref,host"], "backend 'ref' takes every launch left"),
    (["check", "--suite", "no-such-suite"], "no suite 'no-such-suite'"),
    (["check", "x.c", "--repeat", "0"], "--repeat must be at least 1"),
])
def test_usage_errors_print_one_line_and_exit_1(capsys, argv, message):
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert err.startswith("polylift: error: ") and message in err
    assert "Traceback" not in err


@needs_frontend
def test_one_benchmark_on_aarch64(capsys, tmp_path):
    out_json = tmp_path / "r.json"
    status = main(["check", str(INPUTS / "axpy.c"), "--target", "aarch64", "--repeat", "2",
                   "--json", str(out_json)])
    out = capsys.readouterr().out
    assert status == 0, out
    assert out.startswith("kernel_axpy: BIT-EXACT  reference ")
    data = json.loads(out_json.read_text())
    assert data["config"]["target"] == "aarch64" and data["config"]["repeat"] == 2
    check = data["results"][0]["checks"][0]
    assert check["verdict"] == "BIT-EXACT" and check["target"] == "aarch64"
    assert check["arrays"][0]["name"] == "y"


@needs_frontend
def test_suite_directory_with_a_failure_exits_1(capsys, tmp_path):
    suite = tmp_path / "suite"
    suite.mkdir()
    shutil.copy(INPUTS / "colsum.c", suite / "colsum.c")
    # A kernel the C front end cannot lift (a function call with side effects in it).
    (suite / "bad.c").write_text(
        "#include <stdio.h>\n"
        "static void kernel_bad(int n, double x[restrict n]) {\n"
        "  for (int i = 0; i < n; i++) x[i] = printf(\"%d\", i);\n}\n"
        "int main(void) { double x[4]; kernel_bad(4, x); return 0; }\n")
    status = main(["check", "--suite", str(suite), "--no-progress", "--keep",
                   str(tmp_path / "keep")])
    out = capsys.readouterr().out
    assert status == 1
    rows = {line.split()[0]: line for line in out.splitlines()[2:4]}
    assert "BIT-EXACT" in rows["kernel_colsum"]
    assert "FAIL" in rows["kernel_bad"]
    assert "1 of 2 ok" in out
    assert "reproducer: " + str(tmp_path / "keep" / "kernel_bad") in out
    assert (tmp_path / "keep" / "kernel_colsum" / "repro.sh").is_file()


@needs_frontend
def test_parallel_suite_keeps_order_and_prints_each_verdict_on_stderr(capsys, tmp_path):
    suite = tmp_path / "suite"
    suite.mkdir()
    for name in ("colsum.c", "axpy.c"):
        shutil.copy(INPUTS / name, suite / name)
    out_json = tmp_path / "r.json"
    status = main(["check", "--suite", str(suite), "-j", "2", "--repeat", "3",
                   "--json", str(out_json)])
    captured = capsys.readouterr()
    assert status == 0, captured.out
    lines = captured.out.splitlines()
    assert lines[0].split()[:4] == ["kernel", "coverage", "launches", "verdict"]
    assert [line.split()[0] for line in lines[2:4]] == ["kernel_axpy", "kernel_colsum"]
    # Each verdict on stderr as its kernel finishes (no bar: stderr is no terminal).
    verdicts = sorted(line.rsplit(" (", 1) for line in captured.err.splitlines())
    assert [v for v, _ in verdicts] == ["BIT-EXACT: kernel_axpy", "BIT-EXACT: kernel_colsum"]
    assert sorted(n for _, n in verdicts) == ["1 of 2)", "2 of 2)"]
    data = json.loads(out_json.read_text())
    assert [len(r["checks"][0]["lifted_times"]) for r in data["results"]] == [3, 3]
