"""What every polylift command shares: error reporting, exit codes, reading input."""

from __future__ import annotations

import argparse
import sys
import traceback
from collections.abc import Callable

from polylift.errors import (
    InternalError,
    PolyliftError,
    UsageError,
    describe_exception,
    read_source,
)


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


def version_line(tool: str) -> str:
    """`<tool> (polylift) <version>, MLIR <version>`: what `--version` prints."""
    from polylift import __version__
    from polylift.results import mlir_version

    name = tool if tool == "polylift" else f"{tool} (polylift)"
    return f"{name} {__version__}, MLIR {mlir_version()}"


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
    """Run `body(argv)`; a `PolyliftError` prints as `file:line:col: error:` and exits 1,
    and so does any other exception (a bug met outside any pass), as an internal error:
    a user never sees a traceback unless `--debug` asks for one."""
    args = sys.argv[1:] if argv is None else argv
    debug = "--debug" in args
    try:
        return body(args)
    except PolyliftError as exc:
        return _report(tool, exc, debug)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 1
    except Exception as exc:  # noqa: BLE001 - reported as what it is, a bug in polylift
        return _report(tool, InternalError(f"internal error: {describe_exception(exc)}"),
                       debug)


def _report(tool: str, exc: PolyliftError, debug: bool) -> int:
    """Print the error being handled (with its traceback under `--debug`); status 1."""
    if debug:
        traceback.print_exc()
    rendered = exc.render()
    if exc.loc is None:
        rendered = f"{tool}: {rendered}"
    print(rendered, file=sys.stderr)
    return 1
