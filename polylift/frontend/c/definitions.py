"""Function definitions in gcc's preprocessed text: where they are, and the text edits.

The compiler driver replaces a C function by a faster version without touching the user's files:
it edits what `gcc -E` made of the translation unit (with the project's own flags) and
compiles that. It knows each function by its name and by where a separate C parser saw
the name in the original source, so this module maps the preprocessed text back to the
original files through gcc's line markers (`# 12 "src/gemm.c" 2`, or `#line 12 "x.c"`),
finds the one definition whose name token sits there, and gives its span by offsets.

Finding is conservative: a wrong span would compile into a wrong program, so anything
that cannot be told for sure (two candidates, a name a macro made, a return type whose
shape the backward scan does not know) is no definition at all, and the function keeps
its original code. The scan is lexical: comments, string and character literals and
directive lines are each read whole, so braces and parentheses inside them never count,
and the brackets are matched once for the whole text.

`rewrite` puts a line marker after each replaced span, so whatever follows keeps its
original file, line and column in gcc's diagnostics however many lines the new text has.
"""

from __future__ import annotations

import os
import re
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

# How many lines from the asked one a name token may sit, when gcc -E joined or split the
# lines of a macro's expansion (or the parser's own preprocessing placed it differently).
NEAR_LINES = 3

_ATTRIBUTE_WORDS = frozenset({"__attribute__", "__attribute", "__asm__", "__asm", "asm"})
_TAG_WORDS = frozenset({"struct", "union", "enum"})
_KEYWORDS = frozenset({
    "auto", "break", "case", "char", "const", "continue", "default", "do", "double",
    "else", "enum", "extern", "float", "for", "goto", "if", "inline", "int", "long",
    "register", "restrict", "return", "short", "signed", "sizeof", "static", "struct",
    "switch", "typedef", "union", "unsigned", "void", "volatile", "while", "_Bool",
    "_Complex", "_Atomic", "_Noreturn", "_Thread_local", "_Alignas", "_Alignof",
    "__inline", "__inline__", "__restrict", "__restrict__", "__const", "__volatile__",
    "__extension__", "__typeof__", "typeof", "__signed__", "_Static_assert",
}) | _ATTRIBUTE_WORDS

# One token of preprocessed C, after the whitespace and comments before it. A directive
# takes its whole line (with `\`-continued lines), so that a `#` inside a comment or a
# string is never one: the whitespace stops at the newline before a directive, which
# the directive then starts with. The skipping is possessive (`*+`), so it never
# backtracks, and the end of the text is a token, so trailing blanks are read once.
_TOKEN = re.compile(r"""
    (?:[^\S\n]+|\n(?![ \t]*\#)|//[^\n]*|/\*[\s\S]*?(?:\*/|\Z))*+
    (?:
      (?P<dir>(?:^|\n)[ \t]*\#(?:[^\n\\]|\\[\s\S])*)
    | (?P<str>"(?:[^"\\\n]|\\[\s\S])*"?)
    | (?P<chr>'(?:[^'\\\n]|\\[\s\S])*'?)
    | (?P<num>\.?\d(?:[eEpP][+-]|[\w.$]|'(?=\w))*)
    | (?P<id>(?:[^\W\d]|\$)[\w$]*)
    | (?P<punct>\S)
    | (?P<eof>\Z)
    )
""", re.MULTILINE | re.VERBOSE)

_MARKER = re.compile(r'[ \t]*\#[ \t]*(?:line[ \t]+)?(?P<line>\d+)'
                     r'(?:[ \t]+"(?P<file>(?:[^"\\\n]|\\.)*)")?(?P<flags>[ \t\d]*)$')
_ESCAPE = re.compile(r"\\([0-7]{1,3}|.)")
_OPEN = {")": "(", "]": "[", "}": "{"}


@dataclass(frozen=True)
class Definition:
    """A function definition in preprocessed C text, by offsets into that text.

    Offsets, not text, so that several edits of one text can be checked for overlap and
    applied together; `start` is the first token of the declaration (specifiers,
    attributes, storage class), `body_start` its `{` and `end` just after the matching `}`.
    """

    name: str
    start: int
    name_start: int
    name_end: int
    body_start: int
    end: int

    def header(self, text: str) -> str:
        """The declaration part, `text[start:body_start]`: what a stub keeps."""
        return text[self.start:self.body_start]

    def body(self, text: str) -> str:
        """The body, `{` to its `}`: what a stub replaces."""
        return text[self.body_start:self.end]


class _Token(NamedTuple):
    """A token: a tuple rather than a dataclass, as a translation unit has millions."""

    kind: str   # "dir", "str", "chr", "num", "id" or "punct"
    start: int
    end: int
    text: str   # the spelling of an identifier or a punctuator; "" for the others


@dataclass(frozen=True)
class _Marker:
    """A line marker: the line after it is `line` of `file` (decoded; `raw` as spelled)."""

    phys: int
    line: int
    raw: str | None
    file: str | None
    flags: tuple[str, ...]


@dataclass(frozen=True)
class _Where:
    """Where gcc places a physical line of the text: an original file and line."""

    file: str | None
    raw: str | None
    line: int
    flags: tuple[str, ...]


@dataclass(frozen=True)
class _Scan:
    """A text lexed once: its tokens, their brackets, its lines and its line markers."""

    tokens: list[_Token]
    pair: list[int]      # the matching bracket's token index, or -1
    depth: list[int]     # brackets open around each token (a pair shares its depth)
    line_starts: list[int]
    markers: list[_Marker]
    marker_phys: list[int]
    calls: dict[str, list[int]]  # the indices of each identifier followed by `(`


class _Unsure(Exception):
    """A candidate that may be the definition, but whose span cannot be told for sure."""


def find_definition(text: str, name: str, file: str, line: int, column: int | None = None,
                    *, source: str | None = None) -> Definition | None:
    """The definition of function `name` whose name token gcc's line markers place on `line`
    of `file`; None when there is none there or it cannot be told.

    The exact line wins; failing that, a unique definition up to `NEAR_LINES` lines away in
    the same file (gcc -E joins and splits the lines of macro expansions). Two candidates
    on the line are told apart only by `column`, where exactly one starts there. A name a
    macro made reads like any other in preprocessed text, so with `source` (the original
    file's text) the name must also be written there as a function's declarator; without
    it that check is skipped.
    """
    scan = _scan(text)
    found: list[tuple[Definition, int, int]] = []
    try:
        for k, where in _candidates(scan, name, file, line):
            definition = _definition_at(scan, k)
            if definition is not None:
                found.append((definition, where.line, _column(scan, scan.tokens[k].start)))
    except _Unsure:
        return None
    chosen = _choose(found, line, column)
    if chosen is None or source is None:
        return chosen
    mapped = _where(scan, chosen.name_start)
    return chosen if mapped and _written_in(source, name, mapped.line) else None


def rewrite(text: str, edits: Sequence[tuple[Definition, str]]) -> str:
    """`text` with each definition's span `[start, end)` replaced by its replacement text.

    A line marker follows each replacement, so what follows keeps its original file, line
    and column for gcc's diagnostics however many lines the replacement has; the
    replacement's own lines count from the definition's first line. Overlapping edits (or
    a definition that is not of this text) are a ValueError.
    """
    ordered = sorted(edits, key=lambda edit: edit[0].start)
    for definition, _ in ordered:
        if text[definition.body_start:definition.body_start + 1] != "{" \
                or text[definition.end - 1:definition.end] != "}":
            raise ValueError(f"the definition of {definition.name} is not one of this text")
    for (before, _), (after, _) in zip(ordered, ordered[1:], strict=False):
        if after.start < before.end:
            raise ValueError(f"the edits of {before.name} and {after.name} overlap")
    scan = _scan(text)
    parts: list[str] = []
    done = 0
    for definition, replacement in ordered:
        parts += [text[done:definition.start], replacement]
        resync, done = _resync(text, scan, definition.end)
        parts.append(resync)
    parts.append(text[done:])
    return "".join(parts)


def renamed(text: str, d: Definition, new_name: str) -> str:
    """The definition's full text (header and body) with its name token replaced, to keep
    the original beside a stub; calls inside the body still name the original function."""
    return text[d.start:d.name_start] + new_name + text[d.name_end:d.end]


def with_body(text: str, d: Definition, body: str) -> str:
    """The definition's header followed by `body` (a `{...}` block): the stub's text."""
    return d.header(text) + body


# --- Lexing and line markers -----------------------------------------------------------


@lru_cache(maxsize=2)
def _scan(text: str) -> _Scan:
    """`text` lexed, bracketed and mapped; the last two are kept, as the driver asks one
    text (and its source) for many names, and a large unit's tokens take much memory."""
    tokens = _lex(text)
    pair, depth = _brackets(tokens)
    line_starts = [0] + [m.end() for m in re.finditer("\n", text)]
    markers = _markers(text, tokens, line_starts)
    calls: dict[str, list[int]] = {}
    for k in range(len(tokens) - 1):
        if tokens[k].kind == "id" and tokens[k + 1].text == "(":
            calls.setdefault(tokens[k].text, []).append(k)
    return _Scan(tokens, pair, depth, line_starts, markers, [m.phys for m in markers], calls)


def _lex(text: str) -> list[_Token]:
    """The tokens of `text`, less whitespace and comments."""
    tokens: list[_Token] = []
    for m in _TOKEN.finditer(text):
        kind = m.lastgroup or "eof"
        if kind == "eof":
            continue
        start = m.start(kind)
        if kind == "dir" and text[start] == "\n":
            start += 1
        spelled = m.group(kind) if kind in ("id", "punct") else ""
        tokens.append(_Token(kind, start, m.end(), spelled))
    return tokens


def _brackets(tokens: list[_Token]) -> tuple[list[int], list[int]]:
    """Each bracket's partner (-1 when unmatched) and each token's bracket depth.

    An unmatched closer leaves the open brackets open, so what follows a mismatch counts
    as nested and is never taken for a top-level definition.
    """
    pair = [-1] * len(tokens)
    depth = [0] * len(tokens)
    stack: list[int] = []
    for i, token in enumerate(tokens):
        spelled = token.text
        if spelled in _OPEN and stack and tokens[stack[-1]].text == _OPEN[spelled]:
            opener = stack.pop()
            pair[i], pair[opener] = opener, i
        depth[i] = len(stack)
        if spelled in ("(", "[", "{"):
            stack.append(i)
    return pair, depth


def _markers(text: str, tokens: list[_Token], line_starts: list[int]) -> list[_Marker]:
    """The line markers among the directives, in order; `#line N` keeps the file before."""
    markers: list[_Marker] = []
    for token in tokens:
        m = _MARKER.match(text, token.start, token.end) if token.kind == "dir" else None
        if m is None:
            continue
        phys = bisect_right(line_starts, token.start) - 1
        raw, flags = m["file"], tuple(m["flags"].split())
        if raw is None:
            raw = markers[-1].raw if markers else None
            flags = markers[-1].flags if markers else ()
        file = None if raw is None else _ESCAPE.sub(_unescape, raw)
        markers.append(_Marker(phys, int(m["line"]), raw, file, flags))
    return markers


def _unescape(m: re.Match[str]) -> str:
    """One escape of a marker's file name, as gcc writes them (`\\\\`, `\\"`, octal)."""
    escaped = m.group(1)
    return chr(int(escaped, 8)) if escaped[0] in "01234567" else escaped


def _where(scan: _Scan, offset: int) -> _Where | None:
    """The original file and line of the physical line holding `offset`; None on a marker."""
    phys = bisect_right(scan.line_starts, offset) - 1
    index = bisect_right(scan.marker_phys, phys) - 1
    if index < 0:
        return _Where(None, None, phys + 1, ())
    marker = scan.markers[index]
    if marker.phys == phys:
        return None
    return _Where(marker.file, marker.raw, marker.line + phys - marker.phys - 1, marker.flags)


def _column(scan: _Scan, offset: int) -> int:
    """The 1-based column of `offset` in its physical line."""
    return offset - scan.line_starts[bisect_right(scan.line_starts, offset) - 1] + 1


def _same_file(a: str | None, b: str) -> bool:
    """Whether a marker's file is `b`, `./src/x.c` and `src/x.c` alike."""
    return a is not None and os.path.normpath(a) == os.path.normpath(b)


# --- Finding ---------------------------------------------------------------------------


def _candidates(scan: _Scan, name: str, file: str | None,
                line: int) -> list[tuple[int, _Where]]:
    """The tokens `name (` placed within `NEAR_LINES` of `line` of `file` (of any file
    where `file` is None, and of a text without line markers alike)."""
    found: list[tuple[int, _Where]] = []
    for k in scan.calls.get(name, ()):
        where = _where(scan, scan.tokens[k].start)
        if where is None or abs(where.line - line) > NEAR_LINES:
            continue
        if file is None or _same_file(where.file, file):
            found.append((k, where))
    return found


def _choose(found: list[tuple[Definition, int, int]], line: int,
            column: int | None) -> Definition | None:
    """The one definition on `line` (by `column` among several), else the one nearby."""
    exact = [f for f in found if f[1] == line]
    pool = exact or found
    if len(pool) == 1:
        return pool[0][0]
    at_column = [f for f in exact if f[2] == column]
    return at_column[0][0] if column is not None and len(at_column) == 1 else None


def _definition_at(scan: _Scan, k: int) -> Definition | None:
    """The definition whose name is token `k` (followed by `(`); None when `k` names no
    definition (a prototype, a call in an initializer); `_Unsure` when it cannot be told."""
    tokens = scan.tokens
    if scan.depth[k] != 0:
        return None  # a parenthesized declarator (`void (*f(int))(void)`) or a nested name
    close = scan.pair[k + 1]
    if close < 0:
        raise _Unsure
    brace = _body_brace(scan, k + 1, close)
    if brace is None:
        return None
    end = scan.pair[brace]
    if end < 0:
        raise _Unsure
    first = _declaration_start(scan, k)
    return Definition(tokens[k].text, tokens[first].start, tokens[k].start, tokens[k].end,
                      tokens[brace].start, tokens[end].end)


def _body_brace(scan: _Scan, open_: int, close: int) -> int | None:
    """The `{` after a parameter list (past attributes, an asm label and K&R parameter
    declarations), or None when the declarator is not a definition's."""
    i = _skip_attributes(scan, _next(scan, close))
    token = _at(scan, i)
    if token.text == "{":
        return i
    if token.kind == "id" and _is_identifier_list(scan, open_, close):
        return _kr_brace(scan, i)
    return None


def _skip_attributes(scan: _Scan, i: int) -> int:
    """The first token from `i` on that is not `__attribute__((...))` or `__asm__("...")`."""
    while _at(scan, i).text in _ATTRIBUTE_WORDS:
        paren = _next(scan, i)
        if _at(scan, paren).text != "(" or scan.pair[paren] < 0:
            break
        i = _next(scan, scan.pair[paren])
    return i


def _is_identifier_list(scan: _Scan, open_: int, close: int) -> bool:
    """Whether a parameter list is K&R's `(a, b)`: identifiers between commas, no types."""
    inner = [t for t in scan.tokens[open_ + 1:close] if t.kind != "dir"]
    if not inner or len(inner) % 2 == 0:
        return False
    names, commas = inner[::2], inner[1::2]
    return all(t.kind == "id" and t.text not in _KEYWORDS for t in names) \
        and all(t.text == "," for t in commas)


def _kr_brace(scan: _Scan, i: int) -> int | None:
    """The body's `{` after K&R parameter declarations starting at token `i`."""
    tokens = scan.tokens
    last = ""
    while i < len(tokens):
        token = tokens[i]
        if token.kind != "dir" and scan.depth[i] == 0:
            if token.text == "{":
                return i if last == ";" else None
            if token.text in ("}", "="):
                return None
            last = token.text
        i += 1
    return None


def _declaration_start(scan: _Scan, k: int) -> int:
    """The first token of the declaration whose name is token `k`: just after the end of
    the item before it (a top-level `;` or a function's `}`), directives skipped.

    A `}` that closes a struct, union or enum of the return type is scanned past; one
    that closes anything else, or a `,` or `=` on the way, is `_Unsure`.
    """
    tokens, depth = scan.tokens, scan.depth
    j = k - 1
    while j >= 0:
        token = tokens[j]
        if depth[j] == 0 and token.text in (",", "="):
            raise _Unsure
        if depth[j] == 0 and token.text == ";":
            break
        if depth[j] == 0 and token.text == "}":
            keyword = _tag_keyword(scan, scan.pair[j])
            if keyword < 0:
                break
            j = keyword
        j -= 1
    return _next(scan, j)


def _tag_keyword(scan: _Scan, brace: int) -> int:
    """For the `{` of a top-level `{...}`: the index of `struct`/`union`/`enum` when it is
    a type's body, -1 when it is a function's body; `_Unsure` when neither is clear."""
    if brace < 0:
        raise _Unsure
    i = _skip_attributes_back(scan, _prev(scan, brace))
    token = _at(scan, i)
    if token.text in (")", ";"):
        return -1  # a parameter list's `)` (or an asm label's), or K&R declarations' `;`
    if token.kind == "id" and token.text not in _KEYWORDS:
        i = _skip_attributes_back(scan, _prev(scan, i))
        token = _at(scan, i)
    if token.text in _TAG_WORDS:
        return i
    raise _Unsure


def _skip_attributes_back(scan: _Scan, i: int) -> int:
    """The first token from `i` backwards that does not end an `__attribute__((...))`."""
    while _at(scan, i).text == ")" and scan.pair[i] >= 0:
        word = _prev(scan, scan.pair[i])
        if _at(scan, word).text not in ("__attribute__", "__attribute"):
            break
        i = _prev(scan, word)
    return i


def _next(scan: _Scan, i: int) -> int:
    """The index of the first token after `i` that is not a directive (or the end)."""
    i += 1
    while i < len(scan.tokens) and scan.tokens[i].kind == "dir":
        i += 1
    return i


def _prev(scan: _Scan, i: int) -> int:
    """The index of the last token before `i` that is not a directive (or -1)."""
    i -= 1
    while i >= 0 and scan.tokens[i].kind == "dir":
        i -= 1
    return i


_NONE = _Token("none", 0, 0, "")


def _at(scan: _Scan, i: int) -> _Token:
    """Token `i`, or a token matching nothing past either end."""
    return scan.tokens[i] if 0 <= i < len(scan.tokens) else _NONE


def _written_in(source: str, name: str, line: int) -> bool:
    """Whether `source` writes `name` as a function's declarator on `line` or a few lines
    after it (gcc -E moves a token up to the line where a macro call started): at top
    level, `name (...)` followed by a `{` or an identifier (a type, an attribute, a macro),
    never by `;`, `,`, `)` or an operator; so `DEF(foo)` or `NAME(foo)` does not."""
    scan = _scan(source)
    for k, where in _candidates(scan, name, None, line):
        close = scan.pair[k + 1]
        if scan.depth[k] != 0 or close < 0 or not 0 <= where.line - line <= NEAR_LINES:
            continue
        follower = _at(scan, _next(scan, close))
        if follower.text == "{" or follower.kind == "id":
            return True
    return False


# --- Rewriting -------------------------------------------------------------------------


def _resync(text: str, scan: _Scan, end: int) -> tuple[str, int]:
    """The line marker to put after a replacement ending the span at `end`, and the
    offset to go on from: the next line when the rest of the span's last line is blank,
    else the rest of that line, after the marker, indented to its original column."""
    where = _where(scan, end - 1)
    assert where is not None, "a span ends with a `}`, never on a directive line"
    line_end = text.find("\n", end)
    line_end = len(text) if line_end < 0 else line_end
    rest = text[end:line_end]
    if not rest.strip():
        if line_end >= len(text):
            return "\n", len(text)
        return "\n" + _marker_line(where, where.line + 1) + "\n", line_end + 1
    line_start = scan.line_starts[bisect_right(scan.line_starts, end) - 1]
    indent = re.sub(r"[^\t]", " ", text[line_start:end])
    return "\n" + _marker_line(where, where.line) + "\n" + indent, end


def _marker_line(where: _Where, line: int) -> str:
    """A line marker for `line` of `where`'s file, a system header's flags kept."""
    if where.raw is None:
        return f"#line {line}"
    kept = "".join(f" {flag}" for flag in where.flags if flag in ("3", "4"))
    return f'# {line} "{where.raw}"{kept}'
