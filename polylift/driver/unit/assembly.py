"""Assembly files joined into one, as `ld -r` and `objcopy --localize-symbol` join the
objects of a `-c` compile: what `-S` writes through the driver.

gcc's assembly of the file with its stubs comes first, as it is. Each lifted part
after it (LLVM's assembly of the lifted functions, gcc's of each shim unit) is made
private to the file, as the object's lifted symbols are:

- its local labels (`.L...`, which gcc and LLVM number from zero in every file) get a
  tag of the part, so two parts' `.L2` or `.LC0` never meet;
- its static symbols (defined, or `.local` in common, not `.globl`) get the tag too, so
  a static of a shim unit never meets a function of the project's file by the same
  name;
- its global definitions lose `.globl` (and `.weak`): the stubs and the other parts of
  the file still reach them, nothing outside the file does, and the symbols the file
  exports are gcc's.

Strings (`.string`, `.ascii`) and `.file` lines are left as written; the `.file`
naming the source of a part after the first is dropped (the file is gcc's).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_DEFINED = re.compile(r"^([A-Za-z_.$][\w.$]*):")
_LOCAL_COMMON = re.compile(r"^\s*\.local\s+([\w.$]+)")  # a static in common: `.local x`
_GLOBAL = re.compile(r"^\s*\.(globl|global|weak)\s+([\w.$]+)\s*(#.*)?$")
_LOCAL_LABEL = re.compile(r"(?<![\w.$@])\.L(?=[\w.$])")
_VERBATIM = re.compile(r"^\s*\.(string|ascii|asciz|file|ident)\b")


def joined(first: str, parts: Sequence[str]) -> str:
    """`first` (gcc's assembly of the file) followed by every part made private."""
    return "".join([_ended(first), *(_ended(_private(p, f"pl{k}_"))
                                     for k, p in enumerate(parts))])


def _ended(text: str) -> str:
    return text if text.endswith("\n") else text + "\n"


def _private(text: str, tag: str) -> str:
    """`text` with its local labels and statics tagged and its globals local."""
    lines = text.splitlines()
    defined = {m.group(1) for m in map(_DEFINED.match, lines) if m}
    defined |= {m.group(1) for m in map(_LOCAL_COMMON.match, lines) if m}
    exported = {m.group(2) for m in map(_GLOBAL.match, lines) if m}
    statics = {n for n in defined - exported if not n.startswith(".L")}
    static = re.compile(r"(?<![\w.$])(" + "|".join(map(re.escape, sorted(statics))) +
                        r")(?![\w.$])") if statics else None
    out = []
    for line in lines:
        found = _GLOBAL.match(line)
        if found and found.group(2) in defined:
            continue
        if _VERBATIM.match(line):
            if not line.lstrip().startswith(".file"):
                out.append(line)
            continue
        line = _LOCAL_LABEL.sub(f".L{tag}", line)
        out.append(static.sub(lambda m: f"{m.group(1)}.{tag}", line) if static else line)
    return "\n".join(out)


__all__ = ["joined"]
