"""Syntax highlighting (Pygments, with lexers for MLIR and the template DSL) and diffs.

Every function returns HTML as `markupsafe.Markup`: the text is escaped by Pygments or
here, so templates may insert it as it is.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Iterator
from functools import cache
from typing import Any

from markupsafe import Markup, escape
from pygments import highlight as pygments_highlight
from pygments.formatters import HtmlFormatter
from pygments.lexer import Lexer, RegexLexer, words
from pygments.lexers.asm import LlvmLexer
from pygments.lexers.c_cpp import CLexer
from pygments.lexers.data import JsonLexer
from pygments.lexers.shell import BashLexer
from pygments.lexers.special import TextLexer
from pygments.token import (
    Comment,
    Keyword,
    Name,
    Number,
    Operator,
    Punctuation,
    String,
    Text,
    Whitespace,
)

_ID = r"[A-Za-z_$.\-][\w$.\-]*|\d+"


class MlirLexer(RegexLexer):
    """MLIR in its generic and custom forms: ops, SSA values, symbols, types, attributes."""

    name = "MLIR"
    aliases = ["mlir"]
    filenames = ["*.mlir"]

    tokens = {
        "root": [
            (r"\s+", Whitespace),
            (r"//.*?$", Comment.Single),
            (r'"(\\\\|\\"|[^"])*"', String),
            (rf"%(?:{_ID})(?:#\d+)?", Name.Variable),
            (rf'@(?:{_ID}|"[^"]*")', Name.Function),
            (rf"\^(?:{_ID})", Name.Label),
            (rf"#(?:{_ID})", Name.Constant),
            (rf"!(?:{_ID})", Keyword.Type),
            (r"[a-z_][\w$]*\.[\w$.]+", Name.Builtin),
            (r"(?:i|si|ui|f)\d+\b|\b(?:index|bf16|tf32|none)\b", Keyword.Type),
            (words(("memref", "tensor", "vector", "tuple", "complex", "strided"),
                   suffix=r"\b"), Keyword.Type),
            (words(("func", "module", "loc", "to", "step", "ins", "outs", "iter_args",
                    "attributes", "affine_map", "affine_set", "dense", "true", "false",
                    "unit", "private", "fused", "callsite", "unknown"), suffix=r"\b"),
             Keyword),
            (r"0x[0-9a-fA-F]+", Number.Hex),
            (r"(?:\d+|\?)x", Keyword.Type),  # a shape dimension: `20x` and `?x` in `20x?xf64`
            (r"-?\d+\.\d*(?:[eE][+-]?\d+)?", Number.Float),
            (r"-?\d+", Number.Integer),
            (r"->|[=:*+\-]", Operator),
            (r"[{}()\[\]<>,?]", Punctuation),
            (r"[A-Za-z_][\w$]*", Name),
            (r".", Text),
        ],
    }


# Every keyword of the template grammar (`tdl/template.lark`), the roles included;
# a test checks this against the grammar so the two cannot drift apart.
TEMPLATE_KEYWORDS = (
    "template", "doc", "types", "array", "in", "out", "inout", "scalar", "local",
    "accumulate", "window", "compute", "where", "launch", "shim", "backends", "accuracy",
    "exact", "reassoc", "ulp", "backward", "for", "reversed", "cost", "flops", "bytes",
    "attrs", "together",
)


class TemplateLexer(RegexLexer):
    """polylift's kernel template DSL (`*.tpl`)."""

    name = "polylift template"
    aliases = ["tpl"]
    filenames = ["*.tpl"]

    tokens = {
        "root": [
            (r"\s+", Whitespace),
            (r"#.*?$", Comment.Single),
            (r'"[^"]*"', String),
            (words(TEMPLATE_KEYWORDS, prefix=r"\b", suffix=r"\b(?!\.)"), Keyword),
            (r"\b(?:i|u|f)\d+\b", Keyword.Type),
            (r"[a-z_]\w*(?:\.\w+)+", Name.Function),
            (r"-?\d+(?:\.\d*)?", Number),
            (r"\+=|<=|>=|==|!=|&&|<<|>>|[=+\-*/<>?]", Operator),
            (r"[{}()\[\],:]", Punctuation),
            (r"[A-Za-z_]\w*", Name),
            (r".", Text),
        ],
    }


_LEXERS: dict[str, type[Lexer]] = {
    ".c": CLexer, ".mlir": MlirLexer, ".ll": LlvmLexer, ".json": JsonLexer,
    ".tpl": TemplateLexer, ".txt": TextLexer, ".sh": BashLexer,
}


class _LineFormatter(HtmlFormatter):
    """An HtmlFormatter that hands each highlighted line (its spans closed, its newline
    kept) to `decorate(number, html)`, which may wrap it or add to it."""

    def __init__(self, decorate: Callable[[int, str], str], **options: Any):
        super().__init__(**options)
        self.decorate = decorate

    def wrap(self, source: Iterable[tuple[int, str]]) -> Iterator[tuple[int, str]]:
        return super().wrap(self._decorated(source))

    def _decorated(self, source: Iterable[tuple[int, str]]) -> Iterator[tuple[int, str]]:
        number = 0
        for is_line, html in source:
            if is_line:
                number += 1
                html = self.decorate(number, html)
            yield is_line, html


@cache
def _formatter(anchors: str) -> HtmlFormatter:
    return HtmlFormatter(cssclass="hl", lineanchors=anchors, anchorlinenos=False)


def lexer_for(filename: str) -> Lexer:
    """The lexer for a baked file, by its suffix (plain text when unknown)."""
    suffix = filename[filename.rfind("."):] if "." in filename else ""
    return _LEXERS.get(suffix, TextLexer)(stripnl=False, ensurenl=True)


def highlight(text: str, filename: str, anchors: str = "") -> Markup:
    """`text` highlighted as the kind of file `filename` names; `anchors` prefixes line ids."""
    return Markup(pygments_highlight(text, lexer_for(filename), _formatter(anchors)))


def highlight_lines(text: str, filename: str, decorate: Callable[[int, str], str]) -> Markup:
    """`text` highlighted as `highlight` does, each line then passed through `decorate`
    (which must return it as safe HTML)."""
    return Markup(pygments_highlight(text, lexer_for(filename),
                                     _LineFormatter(decorate, cssclass="hl")))


def pygments_css() -> str:
    """The style sheet of the highlighting classes."""
    return HtmlFormatter(style="friendly").get_style_defs(".hl") + "\n"


def render_diff(before: str, after: str, before_name: str, after_name: str) -> Markup:
    """A unified diff of two stages as HTML, one span per line, classed by kind."""
    lines = difflib.unified_diff(before.splitlines(), after.splitlines(), before_name,
                                 after_name, n=3, lineterm="")
    out = []
    for line in lines:
        if line.startswith(("+++", "---")):
            kind = "d-file"
        elif line.startswith("@@"):
            kind = "d-hunk"
        elif line.startswith("+"):
            kind = "d-add"
        elif line.startswith("-"):
            kind = "d-del"
        else:
            kind = "d-ctx"
        out.append(f'<span class="{kind}">{escape(line)}\n</span>')
    if not out:
        return Markup('<p class="empty">No change.</p>')
    return Markup('<pre class="diff">' + "".join(out) + "</pre>")
