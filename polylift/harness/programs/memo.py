"""Outputs of compile commands remembered by what they read, for a run of many checks.

A fuzz campaign checks each program four or five ways, and every way compiles the same
benchmark object, the same adapter and often the same wrapper and lowered kernel. A
`BuildMemo` keys such a command by its arguments, its target and the bytes of the input
files it names, and keeps the files it wrote; the next command with that key gets the
files back without running. It is the caller's promise that nothing else the command
reads (headers and libraries outside the work directory, the compilers) changes while
the memo lives: that holds for one campaign, and is why only the fuzzer makes one.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class CommandFiles:
    """One command's files, relative to the work directory it runs in."""

    inputs: tuple[str, ...]
    outputs: tuple[str, ...]


@dataclass(frozen=True)
class _Output:
    """A file a command wrote: its bytes and permission bits (a linked program runs)."""

    data: bytes
    mode: int


@dataclass
class BuildMemo:
    """Remembered outputs by command key, least recently used dropped past `limit`."""

    limit: int = 2048
    hits: int = 0
    misses: int = 0
    _entries: OrderedDict[str, tuple[_Output, ...]] = field(default_factory=OrderedDict)

    def key(self, target: str, argv: Sequence[str], step: CommandFiles, workdir: Path) -> str:
        """The command's identity: target, arguments, and each input's name and bytes."""
        digest = hashlib.sha256("\0".join([target, *argv]).encode())
        for name in step.inputs:
            digest.update(b"\1" + name.encode() + b"\2" + (workdir / name).read_bytes())
        return digest.hexdigest()

    def restore(self, key: str, step: CommandFiles, workdir: Path) -> bool:
        """Write the remembered outputs of `key` into `workdir`; False when unknown."""
        found = self._entries.get(key)
        if found is None:
            self.misses += 1
            return False
        self._entries.move_to_end(key)
        for name, output in zip(step.outputs, found, strict=True):
            (workdir / name).write_bytes(output.data)
            (workdir / name).chmod(output.mode)
        self.hits += 1
        return True

    def remember(self, key: str, step: CommandFiles, workdir: Path) -> None:
        """Keep the outputs a command just wrote."""
        self._entries[key] = tuple(_Output((workdir / name).read_bytes(),
                                           (workdir / name).stat().st_mode & 0o777)
                                   for name in step.outputs)
        while len(self._entries) > self.limit:
            self._entries.popitem(last=False)
