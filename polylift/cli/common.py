"""What every polylift command shares: error reporting, exit codes, atomic output."""

from __future__ import annotations

import os
import sys
import tempfile
import traceback
from collections.abc import Callable
from pathlib import Path

from polylift.errors import PolyliftError, UsageError


def write_atomically(path: str, text: str) -> None:
    """Write `text` to `path` (`-` is stdout) so a failure leaves no partial file."""
    if path == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w") as handle:
            handle.write(text)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def option_value(argv: list[str], i: int, flag: str) -> tuple[str, int]:
    """The value of `-Xvalue`, `--flag=value` or `flag value` at argv[i]; the next index."""
    arg = argv[i]
    if arg.startswith("--") and "=" in arg:
        return arg.split("=", 1)[1], i + 1
    if arg != flag:
        return arg[len(flag):], i + 1
    if i + 1 >= len(argv):
        raise UsageError(f"option '{flag}' needs a value")
    return argv[i + 1], i + 2


def read_input(path: str) -> str:
    """The text of `path`, or of stdin for `-`."""
    if path == "-":
        return sys.stdin.read()
    try:
        return Path(path).read_text()
    except OSError as exc:
        raise PolyliftError(f"cannot read '{path}': {exc.strerror}") from None


def run_command(tool: str, body: Callable[[list[str]], int], argv: list[str] | None) -> int:
    """Run `body(argv)`; a `PolyliftError` prints as `file:line:col: error:` and exits 1."""
    args = sys.argv[1:] if argv is None else argv
    debug = "--debug" in args
    try:
        return body(args)
    except PolyliftError as exc:
        if debug:
            traceback.print_exc()
        rendered = exc.render()
        if exc.loc is None:
            rendered = f"{tool}: {rendered}"
        print(rendered, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 1
