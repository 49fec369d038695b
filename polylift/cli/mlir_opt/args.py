"""polylift-opt's command line, spelled as mlir-opt's: `-flag`, `--flag`, `-flag=value`,
`--flag=value`, `-o FILE`, `-o=FILE`; `--` ends the options.

A flag that is no driver option is a pass, run in the order given: one of polylift's
Python passes, an option one of them declares (`--templates=DIR`, shared by every pass
that takes it), or an upstream pass, checked against the bindings' registry before
anything runs (`opt.check_passes`), so a typo is an unknown option with a "Did you
mean", as in mlir-opt, and never a pass that fails later.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import NamedTuple

from polylift.errors import UsageError
from polylift.passes.pipeline import Step, parse_pipeline
from polylift.passes.registry import PASS_FLAGS, all_option_names, is_python_pass
from polylift.passes.stages import chain_passes

TOOL = "polylift-opt"
SPLIT_MARKER = "// -----"
REMARKS = ("missed", "applied", "all")
VERIFY_MODES = {"": "all", "all": "all", "only-expected": "only-expected"}
TRUE, FALSE = ("", "true", "TRUE", "True", "1"), ("false", "FALSE", "False", "0")


@dataclass(frozen=True)
class PrintOptions:
    """How IR is printed: the dumps around passes (`--mlir-print-ir-*`) and the form of
    every printout, output included (`--mlir-print-debuginfo`, `-op-generic`,
    `-local-scope`). Passes named in `before`/`after` are printed around by name."""

    before_all: bool = False
    after_all: bool = False
    after_change: bool = False
    after_failure: bool = False
    module_scope: bool = False
    before: frozenset[str] = frozenset()
    after: frozenset[str] = frozenset()
    debuginfo: bool = False
    generic: bool = False
    local_scope: bool = False

    def prints_before(self, names: list[str]) -> bool:
        """Whether a step that runs the passes `names` is printed before."""
        return self.before_all or any(n in self.before for n in names)

    def prints_after(self, names: list[str]) -> bool:
        """Whether it is printed after (`--mlir-print-ir-after-failure` alone prints
        after each pass that fails, as upstream)."""
        return self.after_all or self.after_failure or any(n in self.after for n in names)


@dataclass(frozen=True)
class OptArgs:
    """The parsed command line of polylift-opt."""

    input: str = "-"
    output: str = "-"
    steps: tuple[Step, ...] = ()
    # The upstream passes given as flags, with the flag as written: each must be a
    # registered pass, else it is an unknown option.
    pass_flags: tuple[tuple[str, Step], ...] = ()
    options: Mapping[str, str] = field(default_factory=dict)
    remarks: str = ""
    split_marker: str | None = None
    output_split_marker: str = SPLIT_MARKER
    verify_diagnostics: str = ""  # "", "all" or "only-expected"
    printing: PrintOptions = PrintOptions()
    statistics: bool = False
    dump_pipeline: bool = False
    timing: bool = False
    allow_unregistered: bool = False
    verify_each: bool = True
    emit_bytecode: bool = False
    no_implicit_module: bool = False
    disable_threading: bool = False
    debug: bool = False
    help: bool = False
    version: bool = False
    list_passes: bool = False
    show_dialects: bool = False


class Option(NamedTuple):
    """A driver option: how it takes a value, the field it sets, and its help line."""

    kind: str  # flag, value, optional, list, or special (parsed by a function)
    target: str
    help: str
    metavar: str = ""
    default: str = ""  # what an `optional` option means without `=value`


_PRINT = "printing."
OPTIONS: dict[str, Option] = {
    "o": Option("value", "output", "write the output to it, only on success (default "
                "stdout)", "file"),
    "pass-pipeline": Option("special", "pass-pipeline", "the passes to run, as "
                            "'builtin.module(p1,p2{opt=v},func.func(p3))'", "pipeline"),
    "backend": Option("special", "backend", "lower kernel.launch to these backends in "
                      "order, then ref, then check that none is left", "b1,b2"),
    "remarks": Option("special", "remarks", "print pass remarks", "missed|applied|all"),
    "split-input-file": Option("optional", "split_marker", "process each chunk between "
                               "marker lines on its own", "marker", SPLIT_MARKER),
    "output-split-marker": Option("value", "output_split_marker",
                                  "the line between the chunks' outputs", "marker"),
    "verify-diagnostics": Option("optional", "verify_diagnostics", "check diagnostics "
                                 "against expected-* comments", "all|only-expected", "all"),
    "allow-unregistered-dialect": Option("flag", "allow_unregistered",
                                         "accept ops of unknown dialects"),
    "no-implicit-module": Option("flag", "no_implicit_module",
                                 "the input must be one builtin.module op"),
    "emit-bytecode": Option("flag", "emit_bytecode", "write MLIR bytecode"),
    "verify-each": Option("flag", "verify_each", "verify after each pass (default; =false: "
                          "once, after the last)"),
    "mlir-disable-threading": Option("flag", "disable_threading",
                                     "accepted: polylift's contexts have no threads"),
    "mlir-timing": Option("flag", "timing", "print a wall-time table of the passes"),
    "mlir-pass-statistics": Option("flag", "statistics", "print each pass's statistics "
                                   "(polylift's: its remarks by kind)"),
    "dump-pass-pipeline": Option("flag", "dump_pipeline", "print the pipeline to be run"),
    "mlir-print-ir-before-all": Option("flag", _PRINT + "before_all", "print the IR before "
                                       "each pass"),
    "mlir-print-ir-after-all": Option("flag", _PRINT + "after_all", "print the IR after "
                                      "each pass"),
    "mlir-print-ir-before": Option("list", _PRINT + "before", "print the IR before these "
                                   "passes", "p1,p2"),
    "mlir-print-ir-after": Option("list", _PRINT + "after", "print the IR after these "
                                  "passes", "p1,p2"),
    "mlir-print-ir-after-change": Option("flag", _PRINT + "after_change",
                                         "print after a pass only if it changed the IR"),
    "mlir-print-ir-after-failure": Option("flag", _PRINT + "after_failure",
                                          "print after a pass only if it failed"),
    "mlir-print-ir-module-scope": Option("flag", _PRINT + "module_scope",
                                         "print the whole module around nested passes"),
    "mlir-print-debuginfo": Option("flag", _PRINT + "debuginfo", "print locations"),
    "mlir-print-op-generic": Option("flag", _PRINT + "generic", "print the generic form"),
    "mlir-print-local-scope": Option("flag", _PRINT + "local_scope",
                                     "print attributes and types inline, not aliased"),
    "list-passes": Option("flag", "list_passes", "list polylift's passes, then upstream's"),
    "show-dialects": Option("flag", "show_dialects", "list the dialects an input may use"),
    "version": Option("flag", "version", "print polylift's version and MLIR's"),
    "debug": Option("flag", "debug", "show Python tracebacks"),
    "help": Option("flag", "help", "print this help"),
    "h": Option("flag", "help", "print this help"),
}


def usage() -> str:
    """The `--help` text, from the table of options."""
    lines = [f"usage: {TOOL} [options] [--<pass>[=<options>] ...] [input.mlir|-] [-o file]",
             "", "Passes run in the order given, polylift's (--list-passes) and upstream "
             "mlir-opt's mixed.", "Options are spelled -name or --name, their values "
             "-name=value or -name value.", ""]
    for name, option in OPTIONS.items():
        if name == "h":
            continue
        spelled = _spelled(name)
        if option.kind == "optional":
            spelled += f"[=<{option.metavar}>]"
        elif option.metavar:
            spelled += f" <{option.metavar}>" if name == "o" else f"=<{option.metavar}>"
        lines.append(f"  {spelled:42s} {option.help}")
    return "\n".join(lines) + "\n"


@dataclass
class _State:
    """What parsing has gathered so far (made into an `OptArgs` at the end)."""

    values: dict[str, object] = field(default_factory=dict)
    steps: list[Step] = field(default_factory=list)
    pass_flags: list[tuple[str, Step]] = field(default_factory=list)
    options: dict[str, str] = field(default_factory=dict)
    positional: list[str] = field(default_factory=list)
    only_positional: bool = False


def parse_args(argv: list[str]) -> OptArgs:
    """Parse argv as mlir-opt would, with polylift's passes and options beside
    upstream's."""
    state, i = _State(), 0
    while i < len(argv):
        i = _parse_one(argv, i, state)
    if len(state.positional) > 1:
        raise UsageError(f"expected at most one input file, got '{state.positional[0]}' "
                         f"and '{state.positional[1]}'")
    return _build(state)


def _parse_one(argv: list[str], i: int, state: _State) -> int:
    """Parse argv[i] (and its value where it takes the next one); the next index."""
    arg = argv[i]
    if state.only_positional or arg == "-" or not arg.startswith("-"):
        state.positional.append(arg)
        return i + 1
    if arg == "--":
        state.only_positional = True
        return i + 1
    name, has_value, value = arg[2 if arg.startswith("--") else 1:].partition("=")
    option = OPTIONS.get(name)
    if option is not None:
        return _parse_option(argv, i, name, option, value if has_value else None, state)
    if is_python_pass(name):
        state.steps.append(Step(name, value.strip("\"'")))
    elif name in all_option_names():
        state.options[name], i = _value(argv, i, name, value if has_value else None)
        return i
    else:
        step = Step(name, value.strip("\"'"))
        state.steps.append(step)
        state.pass_flags.append((arg, step))
    return i + 1


def _parse_option(argv: list[str], i: int, name: str, option: Option, value: str | None,
                  state: _State) -> int:
    """Parse a driver option; the next index."""
    if option.kind == "flag":
        state.values[option.target] = _boolean(name, value)
        return i + 1
    if option.kind == "optional":
        given = option.default if value is None else value
        state.values[option.target] = _check_optional(name, given)
        return i + 1
    text, i = _value(argv, i, name, value)
    if option.kind == "list":
        listed = state.values.setdefault(option.target, set())
        assert isinstance(listed, set)
        listed.update(p.strip() for p in text.split(",") if p.strip())
    elif option.kind == "special":
        _SPECIAL[name](text, state)
    else:
        state.values[option.target] = text
    return i


def _value(argv: list[str], i: int, name: str, value: str | None) -> tuple[str, int]:
    """The value of `-name=value`, or else of `-name value`; the next index."""
    if value is not None:
        return value, i + 1
    if i + 1 >= len(argv):
        raise UsageError(f"for the {_spelled(name)} option: requires a value!")
    return argv[i + 1], i + 2


def _boolean(name: str, value: str | None) -> bool:
    """A flag's value: none is true; `=true`/`=1` and `=false`/`=0` as in LLVM."""
    if value is None or value in TRUE:
        return True
    if value in FALSE:
        return False
    raise UsageError(f"for the {_spelled(name)} option: '{value}' is invalid value for "
                     "boolean argument! Try 0 or 1")


def _check_optional(name: str, value: str) -> str:
    if name == "verify-diagnostics":
        if value not in VERIFY_MODES:
            raise UsageError(f"for the --verify-diagnostics option: Cannot find option "
                             f"named '{value}'!")
        return VERIFY_MODES[value]
    return value or SPLIT_MARKER


def _pipeline(text: str, state: _State) -> None:
    state.steps.extend(parse_pipeline(text.strip("\"'")))


def _backend(text: str, state: _State) -> None:
    state.steps.extend(Step(flag) for flag in chain_passes(text))


def _remarks(text: str, state: _State) -> None:
    if text not in REMARKS:
        raise UsageError(f"--remarks must be missed, applied or all, not '{text}'")
    state.values["remarks"] = text


_SPECIAL: dict[str, Callable[[str, _State], None]] = {
    "pass-pipeline": _pipeline, "backend": _backend, "remarks": _remarks,
}


def _spelled(name: str) -> str:
    return f"-{name}" if len(name) == 1 else f"--{name}"


def _build(state: _State) -> OptArgs:
    """The frozen arguments of what parsing gathered."""
    printing: dict[str, object] = {}
    plain: dict[str, object] = {}
    for target, value in state.values.items():
        if target.startswith(_PRINT):
            key = target[len(_PRINT):]
            printing[key] = frozenset(value) if isinstance(value, set) else value
        else:
            plain[target] = value
    return OptArgs(input=state.positional[0] if state.positional else "-",
                   steps=tuple(state.steps), pass_flags=tuple(state.pass_flags),
                   options=dict(state.options), printing=PrintOptions(**printing),  # type: ignore[arg-type]
                   **plain)  # type: ignore[arg-type]


def unknown_option(arg: str, upstream: tuple[str, ...] = ()) -> UsageError:
    """`unknown option '-canonicalise'` with mlir-opt's "Did you mean" line: the closest
    of the driver's options, polylift's passes and their options, and `upstream`."""
    name, has_value, value = arg.lstrip("-").partition("=")
    guess = suggest(name, upstream)
    message = f"unknown option '{arg}'"
    if guess:
        message += f"\n{TOOL}: Did you mean '{_spelled(guess)}{'=' + value if has_value else ''}'?"
    return UsageError(message)


def suggest(name: str, upstream: tuple[str, ...] = ()) -> str | None:
    """The known name closest to `name`, if any is close."""
    import difflib  # only on the way to an error

    known = [*OPTIONS, *PASS_FLAGS, *all_option_names(), *upstream]
    found = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
    return found[0] if found else None
