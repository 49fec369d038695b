"""`--verify-diagnostics` (`cli/mlir_opt/verify_diagnostics.py`): mlir-opt's comment syntax, its
line designators and regexes, and its messages."""

from pathlib import Path

from polylift.cli.mlir_opt.verify_diagnostics import Verifier, expected_regex, parse_expected
from polylift.errors import SourceLoc
from polylift.mlir import Diag

SOURCE = """\
// expected-error @+1 {{spaced}}
op1
op2 // expected-warning {{same line}}
// expected-remark@-1 {{no space}}
op4
// expected-note @above {{above}}
// expected-error @below {{below}}
// expected-error @above {{skips designators}}
op9
// expected-error-re @unknown {{unknown {{[0-9]+}}}}
"""


def at(line: int, col: int = 1) -> SourceLoc:
    return SourceLoc("t.mlir", line, col)


def test_every_designator_resolves_as_upstream():
    found = {e.text: e.line for e in parse_expected(SOURCE, "t.mlir")}
    assert found == {"spaced": 2, "same line": 3, "no space": 3, "above": 5, "below": 9,
                     "skips designators": 5, "unknown {{[0-9]+}}": None}


def test_a_regex_is_literal_but_for_its_braced_parts():
    assert expected_regex("op {{[0-9]+}} (x)") == r"op\ ([0-9]+)\ \(x\)"
    assert expected_regex("a {{[[:digit:]]+}}") == "a\\ ([0-9]+)"


def test_expected_diagnostics_are_met():
    verifier = Verifier.of(SOURCE, "t.mlir")
    verifier.check([Diag("error", at(2), "a spaced error"),
                    Diag("warning", at(3), "on the same line"),
                    Diag("remark", at(3), "with no space"),
                    Diag("note", at(5), "above"), Diag("error", at(5), "skips designators"),
                    Diag("error", at(9), "below"), Diag("error", None, "unknown 42")])
    assert verifier.report() == []


def test_mismatches_print_as_upstream_prints_them():
    verifier = Verifier.of("func.func @f() {\n  // expected-error @+1 {{was}}\n  bad\n}\n",
                           "t.mlir")
    verifier.check([Diag("warning", at(3, 3), "it was"), Diag("error", at(1), "surprise")])
    assert verifier.report() == [
        "t.mlir:2:6: error: 'warning' diagnostic emitted when expecting a 'error'\n"
        "  // expected-error @+1 {{was}}\n"
        "     ^",
        "t.mlir:1:1: error: unexpected error: surprise\n"
        "func.func @f() {\n"
        "^",
        "t.mlir:2:6: error: expected error \"was\" was not produced\n"
        "  // expected-error @+1 {{was}}\n"
        "     ^~~",
    ]


def test_only_expected_ignores_what_nothing_expects():
    verifier = Verifier.of("x // expected-error {{x}}\n", "t.mlir")
    verifier.check([Diag("error", at(1), "x"), Diag("remark", at(1), "other")],
                   only_expected=True)
    assert verifier.report() == []


def test_one_comment_per_diagnostic_first_then_as_upstream_any():
    source = "x\n// expected-error @above {{dup}}\n// expected-error @above {{dup}}\n"
    twice = Verifier.of(source, "t.mlir")
    twice.check([Diag("error", at(1), "dup"), Diag("error", at(1), "dup")])
    assert twice.report() == []
    thrice = Verifier.of(source, "t.mlir")
    thrice.check([Diag("error", at(1), "dup")] * 3)
    assert thrice.report() == []


def test_a_bad_regex_is_reported_where_it_is():
    verifier = Verifier.of("// expected-error-re {{a {{[b}}}}\n", "t.mlir")
    assert verifier.report()[0].startswith("t.mlir:1:4: error: invalid regex:")


def test_a_diagnostic_in_another_file_meets_that_files_comments(tmp_path: Path):
    source = tmp_path / "k.c"
    source.write_text("int f(void) {\n  return 0; // expected-remark {{returned}}\n}\n")
    verifier = Verifier.of("module {}\n", "t.mlir")
    verifier.check([Diag("remark", SourceLoc(str(source), 2, 3), "returned here")])
    assert verifier.report() == []
    verifier.check([Diag("remark", SourceLoc(str(source), 1, 1), "more")])
    assert verifier.report()[0].startswith(f"{source}:1:1: error: unexpected remark: more\n"
                                           "int f(void) {")
