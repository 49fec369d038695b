"""One command of a build through the driver: gcc's mode decides what polylift does.

- preprocessing (`-E`, `-M`), commands with no input and commands polylift is off for
  (`-fno-polylift`): gcc alone, as it was asked;
- a compile of C sources (`-c`, or `-S` for assembly): each source through
  `compile.compile_source` into the object (the assembly) gcc would write; other
  inputs (assembly, C++) by gcc as they were;
- a link: the C sources among its inputs compiled so first (into temporary objects that
  stand where the sources stood), then gcc's link with what the lifted code needs
  (`link.runtime_args`).

Every compile writes its record (`records.py`) and a line per file on stderr; a bug
polylift met in a function is a warning naming it, and an error with `-Werror=polylift`
(the function is gcc's either way, so the object is sound: the status is the build's
policy).
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from polylift.driver.command_line import ASSEMBLY, INFO, LINK, OBJECT, GccCommand, Input, parse
from polylift.driver.options import DriverOptions, driver_options
from polylift.driver.outcome import UnitOutcome
from polylift.driver.records import record, summary_line, write_record
from polylift.driver.unit.compile import Compiler, compile_source, wrapped_compiler


def build(argv: list[str]) -> int:
    """Run one gcc command with polylift; the exit status."""
    cmd = parse(argv)
    options = driver_options(cmd.polylift)
    compiler = wrapped_compiler()
    if not options.enabled or cmd.mode == INFO or (cmd.mode not in (OBJECT, ASSEMBLY, LINK)) \
            or not (cmd.sources or cmd.mode == LINK):
        return _gcc(compiler, list(cmd.args))
    if cmd.mode in (OBJECT, ASSEMBLY):
        return _compile_only(cmd, options, compiler)
    return _compile_and_link(cmd, options, compiler)


def _gcc(compiler: Compiler, args: list[str]) -> int:
    return subprocess.run([compiler.program, *args], check=False).returncode


def _object_name(cmd: GccCommand, source: Input) -> Path:
    """Where gcc puts the object of `source` under `-c` (its assembly under `-S`)."""
    if cmd.output is not None and len(cmd.inputs) == 1:
        return Path(cmd.output)
    return Path(Path(source.path).stem + (".s" if cmd.mode == ASSEMBLY else ".o"))


def _compile_only(cmd: GccCommand, options: DriverOptions, compiler: Compiler) -> int:
    if cmd.output is not None and len(cmd.inputs) > 1:
        return _gcc(compiler, list(cmd.args))  # gcc refuses it, and says so
    others = [i.path for i in cmd.inputs if not i.is_c]
    status = _gcc(compiler, [*cmd.without(), *others]) if others else 0
    outcomes = [compile_source(cmd, s, _object_name(cmd, s), options, compiler)
                for s in cmd.sources]
    return max([status, _report(cmd, outcomes, options, _object_name(cmd, cmd.sources[0]))])


def _compile_and_link(cmd: GccCommand, options: DriverOptions, compiler: Compiler) -> int:
    from polylift.driver.link import SHADOW_PREFIX, linked_files, runtime_args, undefined_names

    output = Path(cmd.output or "a.out")
    with tempfile.TemporaryDirectory(prefix="polylift-gcc-link-") as tmp:
        objects = {s.position: Path(tmp) / f"{k}-{Path(s.path).stem}.o"
                   for k, s in enumerate(cmd.sources)}
        outcomes = [compile_source(cmd, s, objects[s.position], options, compiler)
                    for s in cmd.sources]
        status = _report(cmd, outcomes, options, output) if outcomes else 0
        if any(o.status for o in outcomes):
            return max(o.status for o in outcomes)
        args = [str(objects.get(k, word)) for k, word in enumerate(cmd.args)]
        names = undefined_names(linked_files(cmd, map(str, objects.values())),
                                _nm(compiler))
        target = compiler.target or "x86_64"
        shadow = None
        if any(n.startswith(SHADOW_PREFIX) for n in names):
            from polylift.driver.shadow import shadow_library

            shadow = shadow_library(target)
        extra = runtime_args(names, target, [d for d in options.templates.split(":") if d],
                             shadow)
        return max(status, _gcc(compiler, [*args, *extra]))


def _nm(compiler: Compiler) -> str:
    prefix = compiler.program[:-3] if compiler.program.endswith("gcc") else ""
    return f"{prefix}nm"


def _report(cmd: GccCommand, outcomes: list[UnitOutcome], options: DriverOptions,
            output: Path) -> int:
    """Write the record and the lines of stderr; the status the compiles give the build."""
    if outcomes:
        write_record(record(outcomes, options, cmd.args), str(output), options)
    status = max([o.status for o in outcomes] + [0])
    for outcome in outcomes:
        if outcome.status:
            continue
        if not options.quiet:
            print(summary_line(outcome, options.backend), file=sys.stderr)
        status = max(status, _warn(outcome, options))
    return status


def _warn(outcome: UnitOutcome, options: DriverOptions) -> int:
    """A warning per function polylift met a bug in (an error with -Werror=polylift)."""
    kind = "error" if options.werror else "warning"
    found = outcome.failures()
    for failed in found:
        where = f"{outcome.source}:{failed.line}" if failed.line else outcome.source
        first = failed.reason.splitlines()[0].split(" error: ", 1)[-1]
        reproducer = next((line for line in failed.reason.splitlines()
                           if line.startswith("note: reproducer:")), "")
        print(f"{where}: {kind}: polylift: function '{failed.name}' compiled by gcc: {first}"
              f"{'; ' + reproducer.removeprefix('note: ') if reproducer else ''} "
              f"[-Werror=polylift]", file=sys.stderr)
    internal = outcome.note.startswith("internal error")
    if internal:
        print(f"{outcome.source}: {kind}: polylift: file compiled by gcc: {outcome.note} "
              "[-Werror=polylift]", file=sys.stderr)
    return 1 if options.werror and (found or internal) else 0


__all__ = ["build"]
