"""MLIR locations as the site shows them: dropped from the text, kept as one C line per op.

The bake writes every MLIR stage also with its locations (`loc(...)` after each op,
`#locN = loc(...)` aliases around the module), which would double the width of every
line. The site shows the text without them, as `polylift-opt` prints it, and keeps of
each op only the line of the kernel's C source it came from, to put a small `c:12`
marker on the op's first line and link the two.

An op's location is printed after the op, so an op with regions has it on the line that
closes its last region (`} loc(#loc7)`); braces are matched to give it to the op's first
line instead. No MLIR is parsed: this is text, so the site never loads MLIR.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from polylift.passes.stages import SOURCE

# A location attached to an op or a value, possibly nested (`loc(fused[...])`,
# `loc(callsite(... at ...))`); never the tail of a name such as `memref.alloc(`.
LOC = re.compile(r"\s*(?<![\w.$%#@\-])loc\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)")
_ALIAS = re.compile(r"(#loc\d*) = (.*)$")
# In a location's text, in order: a file location, or a reference to an alias.
_PART = re.compile(r'"((?:[^"\\]|\\.)*)":(\d+):\d+|(#loc\d*)(?![\w])')
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


def located_file(filename: str) -> str:
    """The bake's copy of a stage printed with its locations (`01-linalg.mlir` ->
    `01-linalg.loc.mlir`, see `polylift.bake.driver`); the affine stage has them in its
    own file."""
    return filename.removesuffix(".mlir") + ".loc.mlir"


@dataclass(frozen=True)
class LocatedText:
    """MLIR text without its locations, and for each of its lines (`lines[i]` for line
    `i + 1`) the C source line of the op that starts there, or None."""

    text: str
    lines: tuple[int | None, ...]

    def ops_by_c_line(self) -> dict[int, list[int]]:
        """For each C line, the lines (1-based) of the ops that came from it, in order."""
        found: dict[int, list[int]] = {}
        for number, c_line in enumerate(self.lines, 1):
            if c_line is not None:
                found.setdefault(c_line, []).append(number)
        return found


def strip_locations(mlir: str) -> str:
    """MLIR text without `loc(...)` and `#locN = ...` lines, as `polylift-opt` prints it."""
    return locate(mlir).text


def _c_line(text: str, aliases: dict[str, str], source: str, depth: int = 0) -> int | None:
    """The C line a location's text names first in `source` (through its aliases; in a
    fused location, its first part; in a call site, the callee's line), or None."""
    if depth > 16:  # aliases never nest this deep; a cycle would be a malformed file
        return None
    for found in _PART.finditer(text):
        if found.group(3):
            line = _c_line(aliases.get(found.group(3), ""), aliases, source, depth + 1)
            if line is not None:
                return line
        elif found.group(1) == source:
            return int(found.group(2))
    return None


def _braces(code: str) -> list[str]:
    """The braces of a line of MLIR, in order, outside its strings."""
    return [c for c in _STRING.sub("", code) if c in "{}"]


def locate(mlir: str, source: str = SOURCE.file()) -> LocatedText:
    """The text of `mlir` without its locations, each op's first line given the C line
    of its location in the file named `source` (the module's own location left out)."""
    aliases: dict[str, str] = {}
    kept: list[str] = []
    for line in mlir.splitlines():
        alias = _ALIAS.match(line) if line.startswith("#loc") else None
        if alias:
            aliases[alias.group(1)] = alias.group(2)
        elif not line.startswith("#loc"):
            kept.append(line)
    code_lines: list[str] = []
    owners: list[int | None] = []  # the line whose op a trailing location belongs to
    trailing: list[str] = []
    open_ops: list[int] = []  # for each open brace, the line of the op it belongs to
    for number, line in enumerate(kept):
        code = LOC.sub("", line)
        found = list(LOC.finditer(line))
        tail = found[-1] if found and found[-1].end() == len(line.rstrip()) else None
        closed = None
        for brace in _braces(code):
            if brace == "}":
                closed = open_ops.pop() if open_ops else None
            else:  # `} else {`, `}, {`: the op's next region
                open_ops.append(closed if closed is not None and
                                code.lstrip().startswith("}") else number)
        owner = closed if code.lstrip().startswith("}") else number
        code_lines.append(code)
        owners.append(owner if tail else None)
        trailing.append(tail.group() if tail else "")
    lines: list[int | None] = [None] * len(kept)
    for owner, text in zip(owners, trailing, strict=True):
        if owner is not None and not code_lines[owner].lstrip().startswith("module"):
            lines[owner] = _c_line(text, aliases, source)
    return LocatedText("\n".join(code_lines) + "\n", tuple(lines))
