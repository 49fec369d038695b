"""One C source compiled by the driver: gcc's object first, the lifted functions swapped
in after, where lifting succeeded.

    gcc -E (the project's flags; the dependency file, as the compile would write it)
      -> key -> cached object? copy it
      -> gcc -c (the project's command: the object the build gets whatever follows)
      -> lift_unit (front end, passes, LLVM, object)          [lift.py]
      -> gcc -c of the preprocessed text with stubs           [stubs.py]
      -> ld -r stubs.o lifted.o, lifted symbols made local    -> the object, cached
         (`-S`: gcc's assembly of it joined with the lifted parts' [assembly.py])

Anything that fails after gcc's own compile leaves gcc's object in place and says why;
a bug of polylift met in one function costs that function only (its record says so).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from polylift.driver import cache
from polylift.driver.command_line import ASSEMBLY, DEPENDENCY, MODE_FLAGS, GccCommand, Input
from polylift.driver.options import DriverOptions
from polylift.driver.outcome import KEPT, LIFTED, FunctionRecord, UnitOutcome
from polylift.errors import PolyliftError, describe_exception

if TYPE_CHECKING:  # the work loads MLIR: only a compile the cache does not hold does it
    from polylift.driver.unit.lift import LiftedUnit
    from polylift.harness.programs.toolchain import Toolchain

# gcc's target triples polylift builds for.
TARGETS = {"x86_64-linux-gnu": "x86_64", "aarch64-linux-gnu": "aarch64"}


@dataclass(frozen=True)
class Compiler:
    """The gcc the driver wraps (`$POLYLIFT_CC`, default `gcc`), its identity (version
    and target, part of every key) and the polylift target it builds for (None: one
    polylift does not build for: then the driver is gcc)."""

    program: str
    identity: str
    target: str | None


def wrapped_compiler() -> Compiler:
    """The compiler of this process's environment."""
    program = os.environ.get("POLYLIFT_CC", "gcc")
    try:
        machine = subprocess.run([program, "-dumpmachine"], capture_output=True, text=True,
                                 check=False).stdout.strip()
        version = subprocess.run([program, "-dumpfullversion"], capture_output=True,
                                 text=True, check=False).stdout.strip()
    except OSError:
        return Compiler(program, "", None)
    triple = "-".join(p for k, p in enumerate(machine.split("-")) if k != 1 or p != "pc")
    return Compiler(program, f"{program} {version} {machine}", TARGETS.get(triple))


def _run(argv: list[str], quiet: bool = False) -> int:
    """Run a command with the driver's stdout and stderr (none with `quiet`)."""
    out = subprocess.DEVNULL if quiet else None
    try:
        return subprocess.run(argv, stdout=out, stderr=out, check=False).returncode
    except OSError as exc:
        print(f"polylift-gcc: error: cannot run '{argv[0]}': {exc.strerror}", file=sys.stderr)
        return 1


def _dependency_args(cmd: GccCommand, output: Path) -> list[str]:
    """The command's dependency options as its compile into `output` would apply them,
    for the preprocessing run (whose own output is a temporary file)."""
    words = [w for o in cmd.options if o.word in DEPENDENCY for w in o.words]
    if not {"-MD", "-MMD"} & set(words):
        return []
    if "-MF" not in words:
        words += ["-MF", str(output.with_suffix(".d"))]
    if not {"-MT", "-MQ"} & set(words):
        words += ["-MT", str(output)]
    return words


def _key(cmd: GccCommand, source: Input, text: str, options: DriverOptions,
         compiler: Compiler) -> str:
    files = [Path(d) for d in [*options.templates.split(":"), options.offload_profile] if d]
    return cache.unit_key([cache.code_identity(), compiler.identity, cmd.stop_flag,
                           *cmd.compile_args(),
                           source.path, text, *options.key()], files)


def compile_source(cmd: GccCommand, source: Input, output: Path, options: DriverOptions,
                   compiler: Compiler) -> UnitOutcome:
    """Compile `source` into the object `output` as the command asks, lifted (`-`:
    standard output, as for gcc, written once the object is whole)."""
    if str(output) == "-":
        return _to_standard_output(cmd, source, options, compiler)
    start = time.perf_counter()
    with _work_folder() as work:
        preprocessed = work / "unit.i"
        status = _run([compiler.program, *cmd.without(lambda o: o.word in MODE_FLAGS
                                                      or o.word in DEPENDENCY),
                       *_dependency_args(cmd, output), "-E", source.path, "-o",
                       str(preprocessed)], quiet=True)
        if status != 0:  # gcc's own compile says why, as gcc would
            return UnitOutcome(source.path, str(output), _compile(cmd, source, output,
                                                                  compiler))
        key = _key(cmd, source, preprocessed.read_text(errors="replace"), options, compiler)
        hit = cache.lookup(key)
        if hit is not None:
            _install(hit.object, output)
            records = tuple(FunctionRecord.from_json(r) for r in hit.records["functions"])
            return UnitOutcome(source.path, str(output), 0, records, True,
                               hit.records["note"], time.perf_counter() - start)
        status = _compile(cmd, source, output, compiler)
        if status != 0:
            return UnitOutcome(source.path, str(output), status)
        outcome = _lifted(cmd, source, output, options, compiler, work, key)
        cache.store(key, output, outcome.to_json())
        return replace(outcome, seconds=time.perf_counter() - start)


def _to_standard_output(cmd: GccCommand, source: Input, options: DriverOptions,
                        compiler: Compiler) -> UnitOutcome:
    with tempfile.TemporaryDirectory(prefix="polylift-gcc-out-") as tmp:
        staged = Path(tmp) / ("out.s" if cmd.mode == ASSEMBLY else "out.o")
        outcome = compile_source(cmd, source, staged, options, compiler)
        if staged.exists():
            sys.stdout.buffer.write(staged.read_bytes())
            sys.stdout.flush()
    return replace(outcome, object="-")


@contextmanager
def _work_folder() -> Iterator[Path]:
    """A private folder for one compile's files, removed after it; kept (and named on
    stderr) with `POLYLIFT_KEEP=1`, to read what polylift made."""
    if os.environ.get("POLYLIFT_KEEP", "") not in ("", "0"):
        kept = Path(tempfile.mkdtemp(prefix="polylift-gcc-"))
        print(f"polylift: work files kept in {kept}", file=sys.stderr)
        yield kept
        return
    with tempfile.TemporaryDirectory(prefix="polylift-gcc-") as tmp:
        yield Path(tmp)


def _compile(cmd: GccCommand, source: Input, output: Path, compiler: Compiler) -> int:
    """gcc's own compile of `source` into `output`, with the command's flags."""
    return _run([compiler.program, *cmd.without(lambda o: o.word in MODE_FLAGS
                                                 or o.word in DEPENDENCY),
                 cmd.stop_flag, source.path, "-o", str(output)])


def _lifted(cmd: GccCommand, source: Input, output: Path, options: DriverOptions,
            compiler: Compiler, work: Path, key: str) -> UnitOutcome:
    """Lift `source` and swap the lifted functions into `output` (gcc's object); where
    that fails, gcc's object stays and the outcome says why."""
    from polylift.driver.unit.lift import lift_unit
    from polylift.harness.programs.toolchain import CommandLog, Toolchain, target_named

    if compiler.target is None:
        return UnitOutcome(source.path, str(output), 0,
                           note=f"polylift does not build for {compiler.identity}")
    tc = Toolchain(target_named(compiler.target), work, CommandLog(work))
    try:
        unit = lift_unit(Path(source.path), cmd.cpp_args(), options.plan(compiler.target), tc,
                         f"__polylift_{key[:12]}_", cmd.mode == ASSEMBLY)
        records = list(unit.records)
        if unit.files:
            records = _swap(cmd, source, unit, output, compiler, tc, records,
                            options if options.shadow else None)
    except PolyliftError as exc:
        return UnitOutcome(source.path, str(output), 0, note=exc.render().splitlines()[0])
    except Exception as exc:  # noqa: BLE001 - a bug must not break a build gcc builds
        return UnitOutcome(source.path, str(output), 0,
                           note=f"internal error: {describe_exception(exc)}")
    return UnitOutcome(source.path, str(output), 0, tuple(sorted(records, key=_order)))


def _order(record: FunctionRecord) -> tuple[int, str]:
    return record.line, record.name


def _swap(cmd: GccCommand, source: Input, unit: LiftedUnit, output: Path, compiler: Compiler,
          tc: Toolchain, records: list[FunctionRecord],
          shadow: DriverOptions | None) -> list[FunctionRecord]:
    """Compile gcc's text of the file with stubs (checked ones with `shadow`, the
    options of a shadow build), merge it with the lifted object (join it with the
    lifted assembly, for `-S`) into `output`; the records with the functions that could
    not be swapped in kept."""
    from polylift.driver.stubs import plain_body, stubbed
    from polylift.driver.unit.assembly import joined

    text = (tc.workdir / "unit.i").read_text(errors="replace")
    written = Path(source.path).read_text(errors="replace")
    maker, prelude = plain_body, []
    if shadow is not None:
        from polylift.driver import shadow as checking
        from polylift.tdl.library import load_library

        library = load_library([d for d in shadow.templates.split(":") if d])
        maker = checking.shadow_maker(
            {n: checking.checks(s, library, shadow.backend, unit.signatures[n])
             for n, s in unit.summaries.items()}, source.path)
        prelude = checking.prelude()
    edited = stubbed(text, written, unit.signatures, unit.entries, maker, prelude)
    (tc.workdir / "stubbed.i").write_text(edited.text)
    stubs = tc.workdir / ("stubbed.s" if cmd.mode == ASSEMBLY else "stubbed.o")
    tc.run([compiler.program, *cmd.compile_args(), "-w", cmd.stop_flag, "stubbed.i", "-o",
            stubs.name], "compiling the file with its lifted functions")
    if cmd.mode == ASSEMBLY:
        merged = tc.workdir / "merged.s"
        merged.write_text(joined(stubs.read_text(), [p.read_text() for p in unit.files]))
    else:
        merged = merge_objects(stubs, unit.files[0], tc)
    _install(merged, output)
    why = "its definition could not be found in gcc's preprocessed text (a macro made it?)"
    return [replace(r, status=KEPT, reason=why) if r.name in edited.missing and
            r.status == LIFTED else r for r in records]


def merge_objects(stubs: Path, lifted: Path, tc: Toolchain) -> Path:
    """One relocatable object of both, the lifted object's symbols made local: the
    result exports what gcc's object exports, and two files' lifted code never clash."""
    merged = tc.workdir / "merged.o"
    tc.run([tc.target.tool("ld"), "-r", "-o", merged.name, stubs.name, str(lifted)],
           "merging the lifted object")
    listed = tc.run([tc.target.tool("nm"), "-g", "--defined-only", str(lifted)],
                    "listing the lifted symbols").stdout
    names = [f.split()[-1] for f in listed.splitlines() if len(f.split()) == 3]
    if names:
        tc.run([tc.target.tool("objcopy"), *(f"--localize-symbol={n}" for n in names),
                merged.name], "making the lifted symbols local")
    return merged


def _install(obj: Path, output: Path) -> None:
    """Put `obj` at `output` in one step (a reader never sees half an object)."""
    staged = output.with_name(f".{output.name}.polylift.tmp")
    shutil.copyfile(obj, staged)
    os.replace(staged, output)


__all__ = ["Compiler", "compile_source", "merge_objects", "wrapped_compiler"]
