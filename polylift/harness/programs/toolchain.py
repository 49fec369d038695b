"""The tools of one target (compiler, binutils, emulator) and a log of every command run.

Every external command the harness runs goes through `Toolchain.run`, which records it,
so a failed build or a wrong result can be replayed from a reproducer script. The
targets themselves and the shared C flags live in `polylift.shims.targets` (the shim
build below the harness needs them too); they are re-exported here for the harness.
"""

from __future__ import annotations

import os
import shlex
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from polylift.errors import BuildError
from polylift.harness.programs.memo import BuildMemo, CommandFiles
from polylift.mlir import tool_path
from polylift.shims.targets import C_FLAGS, TARGETS, Target, target_named

__all__ = ["C_FLAGS", "TARGETS", "CommandLog", "Target", "Toolchain", "target_named"]


@dataclass
class CommandLog:
    """The commands run so far, as shell lines relative to the work directory."""

    workdir: Path
    lines: list[str] = field(default_factory=list)

    def record(self, argv: list[str], env: dict[str, str] | None = None) -> None:
        """Remember one command, with any environment it was given."""
        prefix = " ".join(f"{k}={shlex.quote(v)}" for k, v in sorted((env or {}).items()))
        self.lines.append((prefix + " " if prefix else "") + shlex.join(argv))

    def note(self, comment: str) -> None:
        """A comment line in the script (for steps done inside polylift)."""
        self.lines.append(f"# {comment}")

    def script(self) -> str:
        """The log as a shell script that runs in the work directory."""
        head = ["#!/bin/sh", "# Replays a polylift check; run from this directory.", "set -e",
                'cd "$(dirname "$0")"']
        return "\n".join(head + self.lines) + "\n"


@dataclass
class Toolchain:
    """Runs the commands of one target in one work directory, logging each."""

    target: Target
    workdir: Path
    log: CommandLog
    memo: BuildMemo | None = None  # remembered compile outputs (`memo.py`), fuzzing only

    def run(self, argv: list[str], what: str, env: dict[str, str] | None = None,
            timeout: float | None = None) -> subprocess.CompletedProcess[str]:
        """Run `argv` in the work directory; a non-zero exit raises `BuildError`."""
        self.log.record(argv, env)
        full_env = dict(os.environ, **(env or {}))
        try:
            done = subprocess.run(argv, cwd=self.workdir, env=full_env, text=True,
                                  capture_output=True, timeout=timeout, check=False)
        except FileNotFoundError:
            raise BuildError(f"{what}: cannot run '{argv[0]}' (not installed?)") from None
        except subprocess.TimeoutExpired:
            raise BuildError(f"{what}: '{argv[0]}' timed out after {timeout} s") from None
        if done.returncode != 0:
            detail = (done.stderr or done.stdout).strip().splitlines()[-12:]
            raise BuildError(f"{what} failed (exit {done.returncode}): "
                             + ("\n".join(detail) or "no output"))
        return done

    def produce(self, argv: list[str], what: str, step: CommandFiles) -> None:
        """Run a command that writes `step.outputs` from `step.inputs` alone (a compile),
        or, when the memo remembers one like it, write its outputs without running it;
        the log records the command either way, so a reproducer replays it."""
        if self.memo is None:
            self.run(argv, what)
            return
        key = self.memo.key(self.target.name, argv, step, self.workdir)
        if self.memo.restore(key, step, self.workdir):
            self.log.record(argv)
            return
        self.run(argv, what)
        self.memo.remember(key, step, self.workdir)

    def gcc(self) -> str:
        """The target's C compiler."""
        return self.target.tool("gcc")

    def llvm_tool(self, name: str) -> str:
        """A pinned LLVM/MLIR tool by name (`llc`, `mlir-translate`)."""
        return tool_path(name)
