"""`--verify-diagnostics`: check emitted diagnostics against `expected-*` comments,
with mlir-opt's syntax, matching and messages.

    // expected-error {{text}}            on the line the diagnostic points at
    // expected-remark @+1 {{text}}       N lines below (@-N above; the space is optional)
    // expected-note @above {{text}}      the nearest line above/below that holds no
    // expected-warning@below {{text}}    expected-* comment
    // expected-error @unknown {{text}}   a diagnostic without a location
    // expected-error-re {{op {{[0-9]+}} failed}}   `{{regex}}` parts, the rest literal

A diagnostic matches an expectation of its kind on its line whose text it contains (or
whose regex it holds); notes count as diagnostics of their own. What went wrong prints
as upstream prints it, the comment's line and a caret under it: `expected error "..."
was not produced`, `unexpected error: ...`, `'error' diagnostic emitted when expecting
a 'warning'`. Where mlir-opt lets one comment stand for several equal diagnostics,
a comment not yet matched is preferred, so that a test may expect each of them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from polylift.errors import PolyliftError, SourceLoc, read_source, source_line
from polylift.mlir import Diag

_EXPECTED = re.compile(r"expected-(error|note|remark|warning)(-re)? *"
                       r"(@([+-][0-9]+|above|below|unknown))? *\{\{(.*)\}\}$")
# llvm::Regex is POSIX: bracket classes such as [[:digit:]] read as Python's.
_POSIX_CLASSES = {"[:alpha:]": "a-zA-Z", "[:digit:]": "0-9", "[:alnum:]": "a-zA-Z0-9",
                  "[:upper:]": "A-Z", "[:lower:]": "a-z", "[:space:]": r"\s",
                  "[:xdigit:]": "0-9A-Fa-f", "[:punct:]": r"!-/:-@\[-`{-~"}


@dataclass
class Expected:
    """One expected diagnostic: its kind, the line it applies to (None: `@unknown`),
    its text or regex, and where its comment is."""

    severity: str
    line: int | None
    text: str
    comment: SourceLoc
    regex: re.Pattern[str] | None = None
    seen: bool = False

    def matches(self, message: str) -> bool:
        if self.regex is not None:
            return self.regex.search(message) is not None
        return self.text in message


@dataclass
class Verifier:
    """The expectations of the input and of each other file a diagnostic points into
    (as upstream, a remark at a C line is checked against that C file's comments), and
    the problems checking found."""

    filename: str
    source: str
    files: dict[str, list[Expected]] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)  # in the order found

    @classmethod
    def of(cls, source: str, filename: str) -> Verifier:
        """Every `expected-*` comment of `source`; a bad regex is a problem at once."""
        verifier = cls(filename, source)
        verifier.files[filename] = parse_expected(source, filename, verifier.problems)
        return verifier

    def check(self, emitted: list[Diag], only_expected: bool = False) -> None:
        """Match `emitted`; with `only_expected`, a diagnostic nothing expects is fine."""
        for diag in emitted:
            problem = self._match(diag)
            if problem and not only_expected:
                self.problems.append(problem)

    def _expected_in(self, loc: SourceLoc | None) -> list[Expected]:
        """The expectations a diagnostic at `loc` may meet: those of its file, read on
        first use, or the `@unknown` ones of every file for no location."""
        if loc is None:
            return [e for found in self.files.values() for e in found if e.line is None]
        if loc.file not in self.files:
            try:
                text = read_source(loc.file)
            except PolyliftError:
                text = ""
            self.files[loc.file] = parse_expected(text, loc.file, self.problems)
        return [e for e in self.files[loc.file] if e.line == loc.line]

    def _match(self, diag: Diag) -> str | None:
        """None where `diag` was expected, else the problem it is."""
        same_line = [e for e in self._expected_in(diag.loc) if e.matches(diag.message)]
        kind = [e for e in same_line if e.severity == diag.severity]
        if kind:
            chosen = next((e for e in kind if not e.seen), kind[0])
            chosen.seen = True
            return None
        if same_line:
            near = same_line[-1]
            return self._render(near.comment, f"'{diag.severity}' diagnostic emitted when "
                                f"expecting a '{near.severity}'", 0)
        return self._render(diag.loc, f"unexpected {diag.severity}: {diag.message}", 0)

    def report(self) -> list[str]:
        """Every problem: those found while checking, then each expectation no
        diagnostic met."""
        unseen = [e for found in self.files.values() for e in found if not e.seen]
        # As upstream: those of `@unknown` last.
        unseen.sort(key=lambda e: e.line is None)
        missing = [self._render(e.comment, f"expected {e.severity} \"{e.text}\" was not "
                                f"produced", len(e.text)) for e in unseen]
        return self.problems + missing

    def _render(self, loc: SourceLoc | None, message: str, width: int) -> str:
        """`file:line:col: error: message`, the line, and a caret `^~~~` as wide as
        `width` (the expected text, as upstream underlines it)."""
        if loc is None:
            return f"<unknown>:0: error: {message}"
        text = source_line(loc, self.source if loc.file == self.filename else None)
        if text is None or loc.line == 0:
            return f"{loc}: error: {message}"
        caret = " " * (max(loc.col, 1) - 1) + "^" + "~" * max(width - 1, 0)
        return f"{loc}: error: {message}\n{text}\n{caret}"


def parse_expected(source: str, filename: str, problems: list[str] | None = None
                   ) -> list[Expected]:
    """Every `expected-*` comment in `source`, its line resolved as upstream does:
    `@above`/`@below` skip lines that hold such comments themselves."""
    found: list[Expected] = []
    below: list[Expected] = []
    lines = source.split("\n")
    last_plain = 1  # upstream's first line, where no plain line came before
    for index, text in enumerate(lines):
        lineno = index + 1
        m = _EXPECTED.search(text.rstrip())
        if m is None:
            for e in below:
                e.line = lineno
            below, last_plain = [], lineno
            continue
        expected = _expected(m, lineno, last_plain, len(lines), filename, problems)
        if expected is None:
            continue
        found.append(expected)
        if m.group(4) == "below":
            below.append(expected)
    return found


def _expected(m: re.Match[str], lineno: int, last_plain: int, count: int, filename: str,
              problems: list[str] | None) -> Expected | None:
    """The expectation of one comment; None (and a problem) for a bad regex."""
    comment = SourceLoc(filename, lineno, m.start() + 1)
    where = m.group(4)
    line: int | None = lineno
    if where == "unknown":
        line = None
    elif where == "above":
        line = last_plain
    elif where == "below":
        line = count  # until a plain line follows
    elif where:
        line = lineno + int(where)
    expected = Expected(m.group(1), line, m.group(5), comment)
    if m.group(2):
        try:
            expected.regex = re.compile(expected_regex(expected.text))
        except re.error as exc:
            if problems is not None:
                problems.append(f"{comment}: error: invalid regex: {exc}\n"
                                f"{m.string}\n{' ' * m.start()}^"
                                f"{'~' * max(len(expected.text) - 1, 0)}")
            return None
    return expected


def expected_regex(text: str) -> str:
    """The regex of an `expected-*-re` text: `{{...}}` parts as regexes (each a group,
    as upstream), the rest literal."""
    parts, rest = [], text
    while rest:
        start = rest.find("{{")
        if start < 0:
            parts.append(re.escape(rest))
            break
        parts.append(re.escape(rest[:start]))
        rest = rest[start + 2:]
        end = rest.find("}}")
        if end < 0:
            raise re.error("found start of regex with no end '}}'")
        parts.append(f"({_posix(rest[:end])})")
        rest = rest[end + 2:]
    return "".join(parts)


def _posix(regex: str) -> str:
    for posix, python in _POSIX_CLASSES.items():
        regex = regex.replace(posix, python)
    return regex
