"""The MLIR lexer, the template lexer, the diff renderer and location stripping."""

from __future__ import annotations

import re

import lark
from pygments.token import Keyword, Name, Number, Operator, String

from polylift.harness.comparison.figures import seconds, ulp_text
from polylift.site.highlight import (
    TEMPLATE_KEYWORDS,
    MlirLexer,
    TemplateLexer,
    highlight,
    render_diff,
)
from polylift.site.locations import strip_locations
from polylift.site.model import launch_text
from polylift.tdl.parser import GRAMMAR


def _tokens(lexer, text: str) -> dict[str, object]:
    return {value: token for token, value in lexer().get_tokens(text) if value.strip()}


def test_mlir_lexer_classifies_values_ops_types_and_symbols() -> None:
    found = _tokens(MlirLexer, '%0 = arith.addf %in, %out_1 : f64\n'
                               'func.call @polylift_ref_gemm_f64(%a) : (memref<4x?xf32>) -> ()\n'
                               '^bb0(%x: index):\n"kernel.launch"() {n = 42 : i64} : () -> ()\n')
    assert found["%0"] is Name.Variable and found["%out_1"] is Name.Variable
    assert found["arith.addf"] is Name.Builtin and found["func.call"] is Name.Builtin
    assert found["@polylift_ref_gemm_f64"] is Name.Function
    assert found["f64"] is Keyword.Type and found["index"] is Keyword.Type
    assert found["4x"] is Keyword.Type and found["?x"] is Keyword.Type
    assert found["^bb0"] is Name.Label
    assert found['"kernel.launch"'] is String
    assert found["42"] is Number.Integer


def test_template_lexer_knows_the_dsl_keywords() -> None:
    found = _tokens(TemplateLexer, "template blas.gemm {\n  array C[m, n] inout\n"
                                   "  accuracy reassoc ulp 64  # why\n}\n")
    assert found["template"] is Keyword and found["inout"] is Keyword
    assert found["blas.gemm"] is Name.Function
    assert found["64"] is Number


def _grammar_keywords() -> set[str]:
    """The words of the template grammar: its literal words and the words of terminals
    that are only a choice of words (`ROLE: "inout" | "in" | "out"`)."""
    words = set()
    for terminal in lark.Lark(GRAMMAR.read_text(), parser="lalr").terminals:
        pattern = terminal.pattern
        if isinstance(pattern, lark.lexer.PatternStr) and pattern.value.isalpha():
            words.add(pattern.value)
        elif re.fullmatch(r"\(\?:[a-z]+(?:\|[a-z]+)*\)", pattern.value):
            words.update(re.findall("[a-z]+", pattern.value))
    return words


def test_template_lexer_keywords_are_the_grammar_keywords() -> None:
    keywords = _grammar_keywords()
    assert {"where", "window", "accumulate", "inout"} <= keywords  # the scan finds them
    assert set(TEMPLATE_KEYWORDS) == keywords
    for word in sorted(keywords):
        assert _tokens(TemplateLexer, f"{word}\n")[word] is Keyword, word


def test_template_lexer_highlights_where_window_and_accumulate() -> None:
    found = _tokens(TemplateLexer, "template cnn.maxpool {\n  accumulate i32\n"
                                   "  window r < 2, s < 2\n"
                                   "  compute { B[i, j] = max(A[2*i+r, j]) where j <= i }\n}\n")
    assert found["where"] is Keyword and found["window"] is Keyword
    assert found["accumulate"] is Keyword
    # Function names and dotted names that begin with a keyword are no keywords.
    assert found["max"] is Name and found["<="] is Operator
    names = _tokens(TemplateLexer, "template window.sum.x {\n  array outer[n] in\n}\n")
    assert names["window.sum.x"] is Name.Function and names["outer"] is Name
    assert names["in"] is Keyword


def test_highlight_escapes_and_anchors_lines() -> None:
    html = highlight("int a = b < c;\n", "source.c", "src")
    assert "&lt;" in html and 'id="src-1"' in html


def test_diff_marks_added_and_removed_lines() -> None:
    html = render_diff("a\nb\nc\n", "a\nB\nc\n<d>\n", "x.mlir", "y.mlir")
    assert '<span class="d-del">-b\n</span>' in html
    assert '<span class="d-add">+B\n</span>' in html
    assert '<span class="d-add">+&lt;d&gt;\n</span>' in html
    assert "No change" in render_diff("a\n", "a\n", "x", "y")


def test_strip_locations_drops_nested_locations_and_aliases() -> None:
    text = ('#loc1 = loc("source.c":3:5)\n'
            'func.func @f(%arg0: index loc("source.c":1:2)) {\n'
            '  return loc(fused["source.c":4:1, #loc1])\n} loc(#loc1)\n')
    assert strip_locations(text) == "func.func @f(%arg0: index) {\n  return\n}\n"


def test_formatting_helpers() -> None:
    assert seconds(7.2e-6) == "7.2 us" and seconds(0.0123) == "12.300 ms"
    assert seconds(None) == "-" and seconds(2.0) == "2.000 s"
    assert ulp_text(2**64) == "inf" and ulp_text(3) == "3" and ulp_text(None) == "-"
    assert launch_text({"ref": 1, "host": 2}) == "host 2, ref 1"
    assert launch_text({}) == "0" and launch_text(None) == "-"
