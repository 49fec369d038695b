"""`--verify-diagnostics`: check emitted diagnostics against `expected-*` comments.

The comment syntax is mlir-opt's: `// expected-remark {{text}}` on the line the
diagnostic points at, `@+N` / `@-N` for a line N below or above, `@above` / `@below`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from polylift.errors import SourceLoc
from polylift.mlir import Diag

_EXPECTED = re.compile(
    r"expected-(error|warning|remark|note)(@(?:[+-]\d+|above|below))?\s*\{\{(.*?)\}\}")


@dataclass
class Expected:
    """One expected diagnostic and where its comment is."""

    severity: str
    line: int
    text: str
    comment: SourceLoc
    seen: bool = False


def parse_expected(source: str, filename: str, first_line: int = 1) -> list[Expected]:
    """Every `expected-*` comment in `source`, whose first line is `first_line`."""
    found = []
    for offset, text in enumerate(source.splitlines()):
        lineno = first_line + offset
        for m in _EXPECTED.finditer(text):
            target = lineno
            where = m.group(2)
            if where == "@above":
                target = lineno - 1
            elif where == "@below":
                target = lineno + 1
            elif where:
                target = lineno + int(where[1:])
            found.append(Expected(m.group(1), target, m.group(3),
                                  SourceLoc(filename, lineno, m.start() + 1)))
    return found


def verify(expected: list[Expected], emitted: list[Diag]) -> list[str]:
    """Problems as printable lines; empty when every diagnostic was expected and seen."""
    problems = []
    for diag in emitted:
        match = next((e for e in expected if not e.seen and e.severity == diag.severity
                      and diag.loc is not None and e.line == diag.loc.line
                      and e.text in diag.message), None)
        if match is None:
            problems.append(Diag("error", diag.loc,
                                 f"unexpected {diag.severity}: {diag.message}").render())
        else:
            match.seen = True
    for e in expected:
        if not e.seen:
            problems.append(f"{e.comment}: error: expected {e.severity} \"{e.text}\" "
                            f"was not produced")
    return problems
