"""The one exception hierarchy of polylift and the `file:line:col: error:` format.

The bottom layer: imports nothing of polylift, so every module may raise these.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class SourceLoc:
    """A position in a user's file (1-based line and column)."""

    file: str
    line: int
    col: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


class PolyliftError(Exception):
    """An error a user caused or must act on; printed without a traceback."""

    def __init__(self, message: str, loc: SourceLoc | None = None, source: str | None = None):
        super().__init__(message)
        self.message = message
        self.loc = loc
        self.source = source

    def render(self) -> str:
        """The error as `file:line:col: error: message`, with the line and a caret."""
        if self.loc is None:
            return f"error: {self.message}"
        text = f"{self.loc}: error: {self.message}"
        line = source_line(self.loc, self.source)
        if line is not None:
            caret = " " * (max(self.loc.col, 1) - 1) + "^"
            text += f"\n{line}\n{caret}"
        return text


class UsageError(PolyliftError):
    """Bad command-line arguments."""


class ParseError(PolyliftError):
    """Input text that does not parse (MLIR, C or a template)."""


class PassError(PolyliftError):
    """A pass failed on its input."""


class BuildError(PolyliftError):
    """Compiling or linking failed."""


class InternalError(PolyliftError):
    """A bug in polylift that some input met: an unexpected exception, reported at what
    was being worked on (a pass and an op, or a C function) instead of as a traceback.

    `function` names the C function it happened in where that is known, so a caller that
    can do without that one function (the compiler driver builds it with gcc) carries on;
    `reproducer` is a file that replays it, where one was written."""

    def __init__(self, message: str, loc: SourceLoc | None = None, source: str | None = None,
                 function: str | None = None, reproducer: str | None = None):
        super().__init__(message, loc, source)
        self.function = function
        self.reproducer = reproducer

    def render(self) -> str:
        notes = ["note: this is a bug in polylift; rerun with --debug for the traceback"]
        if self.reproducer:
            notes.append(f"note: reproducer: {self.reproducer}")
        return "\n".join([super().render(), *notes])


def describe_exception(exc: BaseException) -> str:
    """`Type: message` of an unexpected exception (its type alone when it has none)."""
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__


def source_line(loc: SourceLoc, source: str | None = None) -> str | None:
    """The text of `loc`'s line, from `source` or else from the file on disk."""
    if source is None:
        try:
            source = Path(loc.file).read_text(errors="replace")
        except OSError:
            return None
    lines = source.splitlines()
    if 1 <= loc.line <= len(lines):
        return lines[loc.line - 1].expandtabs(1)
    return None


def read_source(path: str | Path, what: str = "source file") -> str:
    """The text of a user's file; a file that is not UTF-8 text (a binary, say) or holds
    a NUL byte is a `ParseError` at its first offending byte, and an unreadable one a
    plain error naming it."""
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise PolyliftError(f"cannot read '{path}': {exc.strerror}") from None
    try:
        text = data.decode()
    except UnicodeDecodeError as exc:
        raise ParseError(f"not a {what}: byte 0x{data[exc.start]:02x} is not UTF-8 text",
                         _byte_loc(str(path), data, exc.start), source="") from None
    nul = data.find(b"\0")
    if nul >= 0:
        raise ParseError(f"not a {what}: it contains a NUL byte",
                         _byte_loc(str(path), data, nul), source="")
    return text


def _byte_loc(path: str, data: bytes, offset: int) -> SourceLoc:
    """The line and column (in characters) of byte `offset` of `data`."""
    line_start = data.rfind(b"\n", 0, offset) + 1
    column = len(data[line_start:offset].decode(errors="replace")) + 1
    return SourceLoc(path, data.count(b"\n", 0, offset) + 1, column)
