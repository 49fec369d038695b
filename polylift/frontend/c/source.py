"""Reading C: `gcc -E` over the fake libc headers, then pycparser, keeping positions; a
system header they lack is read as empty and what it declares is opaque
(`unmodelled.py`)."""

from __future__ import annotations

import re
import subprocess
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pycparser_fake_libc
from pycparser import c_ast, c_parser

from polylift.errors import ParseError, PolyliftError, SourceLoc, read_source
from polylift.frontend.c.unmodelled import (
    MAX_OPAQUE,
    Preprocessed,
    declare_opaque,
    missing_system_header,
    opaque_type,
    stable_text,
    write_stub,
)

# GNU spellings that system and project headers use but the C99 parser does not know.
_GNU_DEFINES = (
    "-D__attribute__(x)=", "-D__extension__=", "-D__restrict=restrict",
    "-D__restrict__=restrict", "-D__inline=inline", "-D__inline__=inline",
    "-D__asm__(x)=", "-D__const=const",
)


# Headers that replace fake libc ones the parser cannot read (searched first).
_OVERRIDES = Path(__file__).with_name("include")


def system_headers() -> tuple[str, ...]:
    """The directories whose headers stand for the C library."""
    return (str(_OVERRIDES), pycparser_fake_libc.directory)


class UnsupportedError(PolyliftError):
    """C that is outside the static-control subset the front end translates."""


def node_loc(node: c_ast.Node | None) -> SourceLoc | None:
    """The file position pycparser recorded for `node` (column 1 when unknown)."""
    coord = getattr(node, "coord", None)
    if coord is None or not coord.file:
        return None
    return SourceLoc(coord.file, coord.line, coord.column or 1)


def unsupported(what: str, node: c_ast.Node | None) -> UnsupportedError:
    """The error for a construct outside the subset: `unsupported <what>`."""
    return UnsupportedError(f"unsupported {what}", node_loc(node))


def preprocess(path: str, include_dirs: Sequence[str], defines: Sequence[str],
               cpp_args: Sequence[str] = ()) -> str:
    """The text of `path` after the C preprocessor, with line markers kept; `cpp_args`
    are a project's own preprocessing flags (`-I`, `-D`, `-U`, `-include`, `-std=`, the
    `-O`/`-f`/`-m` flags that define macros), after polylift's, so they win."""
    return preprocess_file(path, include_dirs, defines, cpp_args).text


def preprocess_file(path: str, include_dirs: Sequence[str], defines: Sequence[str],
                    cpp_args: Sequence[str] = ()) -> Preprocessed:
    """`preprocess`, with each system header the front end does not model read as an
    empty stub (`unmodelled.py`), and those headers named."""
    cmd = ["gcc", "-E", "-std=c99", "-nostdinc", "-I", str(_OVERRIDES), "-I",
           pycparser_fake_libc.directory]
    for directory in include_dirs:
        cmd += ["-I", directory]
    cmd += list(_GNU_DEFINES) + [f"-D{d}" for d in defines] + list(cpp_args)
    read_source(path, "C source file")  # refuse a binary before gcc reads it
    stubbed: list[str] = []
    with tempfile.TemporaryDirectory(prefix="polylift-stubs-") as folder:
        while True:
            done = _run_cpp([*cmd, "-idirafter", folder, path])
            stderr = done.stderr.decode(errors="replace")
            if done.returncode == 0:
                return Preprocessed(stable_text(_decoded(done.stdout, path), Path(folder)),
                                    tuple(stubbed))
            header = missing_system_header(stderr)
            if header is None or header in stubbed:
                raise _first_gcc_error(stderr, path)
            write_stub(Path(folder), header)
            stubbed.append(header)


def _run_cpp(cmd: list[str]) -> subprocess.CompletedProcess[bytes]:
    try:
        return subprocess.run(cmd, capture_output=True, check=False)
    except OSError as exc:
        raise PolyliftError(f"cannot run the C preprocessor: {exc.strerror}") from None


def _decoded(output: bytes, path: str) -> str:
    try:
        return output.decode()
    except UnicodeDecodeError:
        # A header, not the file itself (checked above): its lines are not C text.
        raise ParseError(f"preprocessing '{path}' produced text that is not UTF-8 "
                         "(an included file is binary?)") from None


def _first_gcc_error(stderr: str, path: str) -> ParseError:
    """gcc's first error, placed where gcc placed it (`file:line[:col]: error: ...`)."""
    for line in stderr.splitlines():
        found = _GCC_ERROR.match(line.strip())
        if found:
            loc = SourceLoc(found["file"], int(found["line"]), int(found["col"] or 1))
            return ParseError(f"preprocessing failed: {found['message']}", loc)
        if "error" in line:
            return ParseError(f"preprocessing '{path}' failed: {line.strip()}")
    return ParseError(f"preprocessing '{path}' failed")


_GCC_ERROR = re.compile(r"(?P<file>[^:]+):(?P<line>\d+):(?:(?P<col>\d+):)? "
                        r"(?:fatal )?error: (?P<message>.*)")


@dataclass(frozen=True)
class ParsedC:
    """A parsed file, and the names it uses as types that an unmodelled header would
    have declared (declared as opaque structs to parse it)."""

    ast: c_ast.FileAST
    opaque: tuple[str, ...] = ()


def parse_file(pre: Preprocessed, path: str) -> ParsedC:
    """Parse preprocessed C; where unmodelled headers were stubbed, a syntax error just
    after an undeclared name makes that name an opaque type and the parse is tried
    again (`MAX_OPAQUE` names at most)."""
    opaque: list[str] = []
    while True:
        try:
            return ParsedC(parse_c(declare_opaque(pre.text, opaque) if opaque else pre.text,
                                   path), tuple(opaque))
        except ParseError as exc:
            name = _undeclared_type(exc, pre) if len(opaque) < MAX_OPAQUE else None
            if name is None or name in opaque:
                raise
            opaque.append(name)


def _undeclared_type(exc: ParseError, pre: Preprocessed) -> str | None:
    """The undeclared type name a syntax error follows, in the file (the source or a
    project header) the error is in; only where unmodelled headers were stubbed."""
    if not pre.unmodelled or exc.loc is None or not Path(exc.loc.file).is_file():
        return None
    return opaque_type(read_source(exc.loc.file), exc.loc.line, exc.loc.col)


def parse_c(text: str, path: str) -> c_ast.FileAST:
    """Parse preprocessed C; a syntax error becomes a `ParseError` at its position."""
    parser = c_parser.CParser()
    try:
        return parser.parse(text, path)
    except c_parser.ParseError as exc:
        raise _parse_error(str(exc), _next_token_loc(parser) or _end_of(path)) from None
    except RecursionError:
        raise ParseError("C syntax error: the expressions nest too deeply to parse",
                         _next_token_loc(parser) or _end_of(path)) from None


def _end_of(path: str) -> SourceLoc:
    """The end of the user's file: where "At end of input" errors belong."""
    try:
        lines = Path(path).read_text(errors="replace").splitlines() or [""]
    except OSError:
        return SourceLoc(path, 1, 1)
    return SourceLoc(path, len(lines), len(lines[-1]) + 1)


def _next_token_loc(parser: c_parser.CParser) -> SourceLoc | None:
    """Where the parser stopped: its next token, placed by the preprocessor's line markers.

    Some of pycparser's errors ("Invalid expression") name only the file; the token
    the parser could not take is where the user must look.
    """
    try:
        tok = parser._peek()  # noqa: SLF001 - pycparser keeps no public position
    except Exception:  # noqa: BLE001 - the lexer may fail again on the same text
        return None
    if tok is None or not getattr(tok, "filename", None):
        return None
    return SourceLoc(tok.filename, tok.lineno, tok.column)


def _parse_error(message: str, fallback: SourceLoc | None) -> ParseError:
    # pycparser reports "file:line:col: before: tok" or "file: msg"; split off the position.
    parts = message.split(":", 3)
    if len(parts) == 4 and parts[1].isdigit() and parts[2].isdigit():
        loc = SourceLoc(parts[0], int(parts[1]), int(parts[2]))
        return ParseError(f"C syntax error {parts[3].strip()}", loc)
    reason = message.split(": ", 1)[1] if ": " in message else message
    return ParseError(f"C syntax error: {reason}", fallback)


def int_literal(node: c_ast.Node) -> int | None:
    """The value of a decimal, octal or hexadecimal integer literal node."""
    if not isinstance(node, c_ast.Constant) or node.type not in (
            "int", "unsigned int", "long int", "unsigned long int", "long long int",
            "unsigned long long int"):
        return None
    text = node.value.rstrip("uUlL")
    if text.lower().startswith("0x"):
        return int(text, 16)
    if text.lower().startswith("0b"):
        return int(text, 2)
    return int(text, 8) if len(text) > 1 and text.startswith("0") else int(text)
