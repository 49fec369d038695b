"""The fuzzer's generator, renderer and shrinker, without the pipeline: programs are
deterministic per seed, every rendered program is valid C without undefined behaviour
(compiled with gcc's address and undefined-behaviour sanitizers and run), shards
partition a campaign, and the shrinker reaches a small program that keeps a property.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from polylift.cli.main import main
from polylift.fuzz.campaign import CampaignOptions, indices
from polylift.fuzz.edits import stmt_paths
from polylift.fuzz.generate import generate
from polylift.fuzz.oracle import Config, Outcome
from polylift.fuzz.program import Program, Read, Store, walk_expr, walk_stmts
from polylift.fuzz.render import render
from polylift.fuzz.shrink import shrink

ROOT = Path(__file__).resolve().parents[2]
INCLUDE = ROOT / "benchmarks" / "include"


def test_a_program_is_a_function_of_seed_and_index() -> None:
    assert render(generate(3, 5)) == render(generate(3, 5))
    assert render(generate(3, 5)) != render(generate(4, 5))
    names = [generate(11, i).shape for i in range(200)]
    shapes = Counter(re.split(r"[~+]", name)[0] for name in names)
    # Random nests and every library shape occur; some programs carry one edit, some
    # store an array elsewhere.
    assert shapes["random"] > 60 and len(shapes) >= 8, shapes
    assert sum("~" in name for name in names) > 20
    assert sum("+relayout" in name for name in names) > 20


def test_shards_split_a_campaign_without_overlap() -> None:
    parts = [list(indices(CampaignOptions(count=20, shard=k, shards=3))) for k in (1, 2, 3)]
    assert sorted(i for part in parts for i in part) == list(range(20))
    assert parts[1] == [1, 4, 7, 10, 13, 16, 19]


@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc")
def test_rendered_programs_are_valid_c_without_undefined_behaviour(tmp_path: Path) -> None:
    """Out-of-bounds accesses and signed overflow would make a DIFF meaningless."""
    for index in range(40):
        assert run_sanitized(generate(5, index), tmp_path / f"p{index}").count("hash=") >= 1


def run_sanitized(program: Program, exe: Path) -> str:
    """Compile `program` (warnings are errors) with the address and undefined-behaviour
    sanitizers, run it, and return what it printed; any finding fails the test."""
    source = exe.with_suffix(".c")
    source.write_text(render(program))
    subprocess.run(["gcc", "-std=c99", "-O1", "-Wall", "-Werror", "-Wno-unused-variable",
                    "-fsanitize=address,undefined", "-fno-sanitize-recover=all",
                    f"-I{INCLUDE}", str(source), "-o", str(exe), "-lm"], check=True)
    done = subprocess.run([str(exe)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, (source.read_text(), done.stderr)
    return done.stdout


def _reads_transposed(program) -> bool:
    """A stand-in failure: some store reads A with its two counters swapped."""
    for stmt in walk_stmts(program.body):
        if isinstance(stmt, Store):
            for node in walk_expr(stmt.value):
                if (isinstance(node, Read) and node.array == "A" and len(node.index) == 2
                        and [t.var for a in node.index for t in a.terms] == ["k", "i"]):
                    return True
    return False


def test_the_shrinker_keeps_the_failure_and_drops_the_rest() -> None:
    seed_program = next(p for p in (generate(2, i) for i in range(300))
                        if p.shape == "gemm" and _reads_transposed(p))
    shrunk = shrink(seed_program, _reads_transposed)
    assert _reads_transposed(shrunk.program)
    # The scaling nest is gone, and the update is one store in the fewest loops that
    # still bind its counters.
    assert len(stmt_paths(shrunk.program.body)) <= 3, render(shrunk.program)
    assert len(stmt_paths(shrunk.program.body)) < len(stmt_paths(seed_program.body))
    assert all(s.value <= 2 for s in shrunk.program.sizes)


def test_a_failure_kind_ignores_positions_numbers_and_paths() -> None:
    config = Config("host", "exact")
    a = Outcome(config, "FAIL", message="error: polylift passes failed: /tmp/x1/fz.c:12:3: "
                                        "error: cannot lower 'kernel.launch' of 3 operands")
    b = Outcome(config, "FAIL", message="error: polylift passes failed: /tmp/y2/fz.c:7:5: "
                                        "error: cannot lower 'kernel.launch' of 4 operands")
    assert a.kind == b.kind == ("host/exact FAIL error: polylift passes failed: PATH error: "
                                "cannot lower 'kernel.launch' of N operands")
    diff = Outcome(config, "DIFF", message="C: DIFF, 3 of 9 elements differ")
    assert diff.kind == "host/exact DIFF" and diff.failed
    assert not Outcome(config, "PASS").failed


@pytest.mark.parametrize(("argv", "message"), [
    (["--count", "1", "--shard", "3/2"], "--shard wants K/N with 1 <= K <= N, not '3/2'"),
    ([], "give --count, --seconds or both"),
    (["--count", "1", "-j", "0"], "--jobs must be at least 1"),
    (["--count", "-1"], "--count must be at least 1"),
    (["--count", "0"], "--count must be at least 1"),
    (["--seconds", "0"], "--seconds must be more than 0"),
])
def test_fuzz_refuses_bad_options(argv: list[str], message: str,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fuzz", *argv]) == 1
    assert capsys.readouterr().err.strip() == f"polylift: error: {message}"
