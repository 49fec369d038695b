"""System headers the front end does not model (`<xmmintrin.h>`, a platform's own).

The front end preprocesses over its own small C library; a file that includes any
other system header would otherwise lose every function to one "No such file" error.
Such a header is read as empty instead (a stub), so what it declares is opaque: a type
name it would have declared is an incomplete struct of that name (`unsupported type`),
a function or macro it would have declared is a call declared nowhere. The functions
that use those are skipped with their own reason, naming the header; the rest of the
file translates. A header included as `"name.h"` is the project's own: a missing one
stays an error.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

# Where the stubs' line markers point in the preprocessed text (stable across runs).
STUB_DIR = "<unmodelled>"
_MISSING = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+):(?:\d+:)? fatal error: "
                      r"(?P<name>[^:\n]+): No such file or directory", re.MULTILINE)
_ANGLED = re.compile(r"^\s*#\s*include\s*<(?P<name>[^>]+)>")
_IDENTIFIER = re.compile(r"[A-Za-z_]\w*$")
_AT_IDENTIFIER = re.compile(r"[A-Za-z_]\w*")
_C_WORDS = frozenset({
    "auto", "break", "case", "char", "const", "continue", "default", "do", "double",
    "else", "enum", "extern", "float", "for", "goto", "if", "inline", "int", "long",
    "register", "restrict", "return", "short", "signed", "sizeof", "static", "struct",
    "switch", "typedef", "union", "unsigned", "void", "volatile", "while", "_Bool",
})
# The most opaque names one file may add before its parse error stands.
MAX_OPAQUE = 64


@dataclass(frozen=True)
class Preprocessed:
    """A C file after the preprocessor, and the system headers read as empty stubs."""

    text: str
    unmodelled: tuple[str, ...] = ()


def missing_system_header(stderr: str) -> str | None:
    """The header of gcc's "No such file" error where the include is `<...>` (a system
    header), else None."""
    found = _MISSING.search(stderr)
    if found is None:
        return None
    try:
        lines = Path(found["file"]).read_text(errors="replace").splitlines()
        line = lines[int(found["line"]) - 1]
    except (OSError, IndexError):
        return None
    include = _ANGLED.match(line)
    return include["name"] if include and include["name"] == found["name"] else None


def write_stub(folder: Path, name: str) -> None:
    """An empty header `name` under `folder` (`sys/foo.h` makes `sys/`)."""
    stub = folder / name
    stub.parent.mkdir(parents=True, exist_ok=True)
    stub.write_text(f"/* {name}: a system header polylift does not model */\n")


def stable_text(text: str, folder: Path) -> str:
    """The preprocessed text with the stubs' folder named `STUB_DIR`, so that it is the
    same whatever temporary folder held them."""
    return text.replace(str(folder), STUB_DIR)


def opaque_type(text: str, line: int, column: int) -> str | None:
    """The name a syntax error at `line:column` of a file's `text` shows to be an
    undeclared type: the identifier just before the error's token (`__m128 x;` fails
    before `x`), or, after a keyword, the token itself (`static float32x4_t f(...)`
    fails at the type). None where neither is an identifier."""
    lines = text.splitlines()
    if not 0 < line <= len(lines):
        return None
    before = _IDENTIFIER.search(lines[line - 1][:max(column - 1, 0)].rstrip())
    if before is not None and before.group() not in _C_WORDS:
        return before.group()
    at = _AT_IDENTIFIER.match(lines[line - 1], max(column - 1, 0))
    return at.group() if at is not None and at.group() not in _C_WORDS else None


def declare_opaque(text: str, names: list[str]) -> str:
    """`text` with each name declared first as an incomplete struct type, under a line
    marker of its own (the file's lines keep their numbers)."""
    declarations = "".join(f"typedef struct __polylift_opaque_{n} {n};\n" for n in names)
    return f'# 1 "{STUB_DIR}/opaque.h"\n{declarations}{text}'


def reason_with_headers(reason: str, opaque: Sequence[str], headers: Sequence[str]) -> str:
    """A skipped function's reason, naming the unmodelled headers where it is about one
    of their names (an opaque type, a call declared nowhere)."""
    if not headers:
        return reason
    if "declared nowhere" in reason or any(f"'{name}'" in reason for name in opaque):
        return (f"{reason} (the file includes {', '.join(f'<{h}>' for h in headers)}, "
                "which polylift does not model)")
    return reason


__all__ = ["MAX_OPAQUE", "STUB_DIR", "Preprocessed", "declare_opaque", "missing_system_header",
           "opaque_type", "reason_with_headers", "stable_text", "write_stub"]
