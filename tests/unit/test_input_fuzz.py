"""Input fuzzing of every entry point (issue 22): polylift-cc on mutated C (the lit
inputs and the benchmarks, cut, spliced, with tokens, NUL and non-UTF-8 bytes put in),
polylift-opt on mutated MLIR from the lit tests, and the template loader on mutated
`.tpl` files. The rule: success, or exit status 1 with one located
`file:line:col: error:`, no traceback and no output file left behind.

Hypothesis drives the mutations, derandomized so a run is reproducible; what it found
is kept as lit tests (tests/lit/cc/preprocess-errors.c, syntax-error.c, binary-input.c).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from polylift.cli.cc import main as cc_main
from polylift.errors import PolyliftError
from polylift.tdl.library import load_library

ROOT = Path(__file__).resolve().parents[2]
C_SEEDS = sorted([*ROOT.glob("tests/lit/cc/*.c"), *ROOT.glob("benchmarks/linalg/*.c")])
MLIR_SEEDS = sorted(ROOT.glob("tests/lit/passes/*.mlir"))
TPL_SEEDS = sorted([*ROOT.glob("polylift/templates/*.tpl"),
                    *ROOT.glob("tests/lit/passes/Inputs/*/*.tpl")])
TOKENS = ["(", ")", "{", "}", ";", "[", "]", "for", "int", "0", "-", "*", "/", "?", ":",
          "#", '"', "\0", "\n", "\xff", "i", "=", "+=", "double", "restrict", "*/", "/*",
          "1e999", "0x", "'", "\\", "#if 1\n", "%", "^", "<", ">", "!", "@", "$", "->"]
LOCATED = re.compile(r"^\S+:\d+:\d+: error: ", re.MULTILINE)
SETTINGS = settings(max_examples=40, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow,
                                           HealthCheck.function_scoped_fixture])

edit = st.tuples(st.sampled_from(("insert", "delete", "splice", "truncate")),
                 st.floats(0, 1), st.sampled_from(TOKENS), st.integers(1, 40))


def mutate(text: str, edits: list[tuple[str, float, str, int]]) -> str:
    """`text` with each edit applied at its relative position."""
    for kind, where, token, length in edits:
        pos = int(where * len(text))
        if kind == "insert":
            text = text[:pos] + token + text[pos:]
        elif kind == "delete":
            text = text[:pos] + text[pos + length:]
        elif kind == "splice":
            text = text[:pos] + text[length:length * 3] + text[pos:]
        else:
            text = text[:pos]
    return text


def _write(path: Path, text: str) -> None:
    path.write_bytes(text.encode("utf-8", errors="surrogateescape").replace(b"\xc3\xbf", b"\xff"))


def _assert_rule(status: int, err: str, output: Path) -> None:
    # A Python traceback's header: the word alone may be in the source line an error
    # quotes (the lit inputs' `// NUL-NOT: Traceback`).
    assert "Traceback (most recent call last)" not in err, err
    if status == 0:
        return
    assert status == 1, err
    assert LOCATED.search(err), err
    assert not output.exists(), err


@SETTINGS
@given(seed=st.sampled_from(C_SEEDS), edits=st.lists(edit, min_size=1, max_size=4))
def test_polylift_cc_on_mutated_c(seed: Path, edits, tmp_path: Path,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    source, output = tmp_path / "m.c", tmp_path / "m.mlir"
    _write(source, mutate(seed.read_text(), edits))
    output.unlink(missing_ok=True)
    status = cc_main([str(source), "-I", str(ROOT / "benchmarks" / "include"),
                      "-o", str(output)])
    _assert_rule(status, capsys.readouterr().err, output)


@SETTINGS
@given(seed=st.sampled_from(MLIR_SEEDS), edits=st.lists(edit, min_size=1, max_size=3),
       passes=st.sampled_from((["--raise-affine-to-linalg", "--match-kernels"],
                               ["--match-kernels", "--lower-kernel-launch-to-host"],
                               ["--lower-masked-generics", "--lower-to-llvm"])))
def test_polylift_opt_on_mutated_mlir(seed: Path, edits, passes: list[str],
                                      tmp_path: Path) -> None:
    source, output = tmp_path / "m.mlir", tmp_path / "out.mlir"
    _write(source, mutate(seed.read_text(), edits))
    output.unlink(missing_ok=True)
    # A process per input, as users run it: in one process, after a few dozen malformed
    # modules, MLIR's parser once failed an assertion (a cast to StringAttr) on an input
    # that parses to a located error in a process of its own.
    done = subprocess.run([sys.executable, "-m", "polylift.cli.opt", str(source), *passes,
                           "-o", str(output)], capture_output=True, text=True, check=False)
    _assert_rule(done.returncode, done.stderr, output)


@SETTINGS
@given(seed=st.sampled_from(TPL_SEEDS), edits=st.lists(edit, min_size=1, max_size=3))
def test_template_loader_on_mutated_templates(seed: Path, edits, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POLYLIFT_CACHE_DIR", "")
    directory = tmp_path / "tpl"
    directory.mkdir(exist_ok=True)
    _write(directory / "m.tpl", mutate(seed.read_text(), edits))
    try:
        load_library((str(directory),))
    except PolyliftError as exc:
        assert LOCATED.match(exc.render()) or exc.render().startswith("error: "), exc.render()
        assert exc.loc is None or exc.loc.file.endswith(".tpl"), exc.render()


def _sum(terms: int) -> str:
    """A kernel storing a sum of `terms` reads: an unrolled filter, or far beyond one."""
    return ("void k(float *restrict A) {\n  for (int i = 0; i < 4; i++)\n    A[i] = "
            + " + ".join(["A[i + 4]"] * terms) + ";\n}\n")


def _nest(depth: int) -> str:
    """A kernel whose one store sits in `depth` nested loops of two iterations."""
    loops = "".join(f"for (int i{d} = 0; i{d} < 2; i{d}++) " for d in range(depth))
    return f"void k(float *A) {{ {loops}A[0] += 1.0f; }}\n"


# Found by feeding huge inputs by hand (issue 22): a sum of 150 terms and 300 nested
# loops ended in a RecursionError traceback in the front end, and a sum of 1000 terms
# in one from match-kernels.
# 300 loops take half a minute in the raising: for them the front end is the test.
@pytest.mark.parametrize("text, passes", [(_sum(150), True), (_sum(1000), True),
                                          (_nest(300), False)],
                         ids=["sum150", "sum1000", "nest300"])
def test_deep_but_reasonable_c_goes_through(text: str, passes: bool, tmp_path: Path) -> None:
    source, lifted = tmp_path / "deep.c", tmp_path / "deep.mlir"
    source.write_text(text)
    assert cc_main([str(source), "-o", str(lifted)]) == 0
    if not passes:
        return
    done = subprocess.run([sys.executable, "-m", "polylift.cli.opt", str(lifted),
                           "--raise-affine-to-linalg", "--match-kernels",
                           "--lower-kernel-launch-to-host", "--lower-to-llvm",
                           "-o", str(tmp_path / "out.mlir")],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("text", [_sum(20000), "/* " + "x" * 30_000_000 + " */\n" + _sum(2)],
                         ids=["sum20000", "comment30MB"])
def test_huge_c_is_translated_or_refused_at_a_location(text: str, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    source, output = tmp_path / "huge.c", tmp_path / "huge.mlir"
    source.write_text(text)
    status = cc_main([str(source), "-o", str(output)])
    _assert_rule(status, capsys.readouterr().err, output)


def _nested_loops_mlir(depth: int) -> str:
    """A function whose one store sits in `depth` nested affine loops."""
    loops = "".join(f"affine.for %i{d} = 0 to 1 {{\n" for d in range(depth))
    return ("func.func @k(%A: memref<1xf32>) {\n" + loops
            + '%c = arith.constant {note = "}}}{"} 1.0 : f32\n'
            + "affine.store %c, %A[0] : memref<1xf32>\n" + "}\n" * depth + "return\n}\n")


# Found by feeding huge inputs by hand (issue 22): MLIR's parser overflows the C stack
# (a segmentation fault, in mlir-opt too) near 3000 nested regions; polylift-opt refuses
# past 2000 at the brace, and takes 1000 (the braces of a string do not count).
@pytest.mark.parametrize("depth, status", [(1000, 0), (3000, 1)])
def test_deeply_nested_mlir_is_parsed_or_refused_at_a_location(depth: int, status: int,
                                                               tmp_path: Path) -> None:
    source, output = tmp_path / "deep.mlir", tmp_path / "out.mlir"
    source.write_text(_nested_loops_mlir(depth))
    done = subprocess.run([sys.executable, "-m", "polylift.cli.opt", str(source),
                           "-o", str(output)], capture_output=True, text=True, check=False)
    assert done.returncode == status, done.stderr
    _assert_rule(done.returncode, done.stderr, output)
    if status:
        assert f"{source}:2001:28: error: regions nest more than 2000 deep" in done.stderr


def _deep_template(terms: int) -> str:
    """A template whose compute adds `terms` reads."""
    return ("template my.deep {\n  doc \"deep\"\n  types f32\n  array y[n] out\n"
            "  array x[n] in\n  compute {\n    y[i] = " + " + ".join(["x[i]"] * terms)
            + "\n  }\n  launch deep\n  shim n, x, y\n  backends ref\n  accuracy exact\n"
            "  cost flops n bytes esize*n\n}\n")


# Found by feeding huge inputs by hand (issue 22): a compute of 3000 terms ended in a
# RecursionError traceback in the parser's transformer, then in pickling the library.
@pytest.mark.parametrize("terms, loads", [(3000, True), (40000, False)])
def test_deep_templates_load_or_are_refused_at_a_location(terms: int, loads: bool,
                                                          tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POLYLIFT_CACHE_DIR", str(tmp_path / "cache"))
    directory = tmp_path / f"tpl{terms}"
    directory.mkdir()
    (directory / "deep.tpl").write_text(_deep_template(terms))
    try:
        assert "my.deep" in load_library((str(directory),)).templates and loads
    except PolyliftError as exc:
        assert not loads and exc.render().startswith(f"{directory / 'deep.tpl'}:1:1: error: ")
