"""What every polylift command shares: error reporting, exit codes, reading input."""

from __future__ import annotations

import argparse
import sys
import traceback
from collections.abc import Callable

from polylift.errors import PolyliftError, UsageError, read_source


class CommandParser(argparse.ArgumentParser):
    """argparse that raises `UsageError` instead of exiting (the subcommands' parsers)."""

    def error(self, message: str):  # type: ignore[override]
        raise UsageError(message)


def add_offload_arguments(p: argparse.ArgumentParser) -> None:
    """`--offload-policy` and `--offload-profile`, as check and bake take them."""
    p.add_argument("--offload-policy", default="always", choices=("always", "profitable"),
                   help="profitable: keep the source loops where the offload profile "
                        "measured the host call slower (default always)")
    p.add_argument("--offload-profile", default="",
                   help="the profile of `polylift calibrate` (default: the shipped one)")


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
    return read_source(path, "text file")


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
