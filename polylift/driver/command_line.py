"""gcc's command line, read as gcc reads it: what to do, to which inputs, into which output.

The driver runs gcc with the command it was given, less polylift's own flags
(`-fpolylift-*`, `-fno-polylift`, `-Werror=polylift`, `-Wno-error=polylift`), so it must
know which words are options, which options take the next word, which words are inputs
and in which language (`-x`), and which of gcc's modes the command asks for. Response
files (`@file`) are expanded first, as gcc does, quoting and escapes included.
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from polylift.errors import UsageError

# gcc's modes: stop after preprocessing, after compiling to assembly, after assembling an
# object; link; or no input at all (`--version`, `-dumpmachine`, `-print-*`).
PREPROCESS, ASSEMBLY, OBJECT, LINK, INFO = "preprocess", "assembly", "object", "link", "info"

# Options whose value is the next word when not attached (`-o out`, `-I dir`, `-x c`).
SEPARATE = frozenset({
    "-o", "-I", "-D", "-U", "-include", "-imacros", "-isystem", "-iquote", "-idirafter",
    "-iprefix", "-iwithprefix", "-iwithprefixbefore", "-isysroot", "-imultilib", "-x",
    "-MF", "-MT", "-MQ", "-L", "-l", "-Xlinker", "-Xassembler", "-Xpreprocessor", "-u",
    "-T", "-e", "-z", "-A", "-aux-info", "--param", "-dumpbase", "-dumpdir",
    "-dumpbase-ext", "--sysroot",
})
# Of those, the ones that change what the preprocessor makes of a file.
_CPP_SEPARATE = frozenset({"-I", "-D", "-U", "-include", "-imacros", "-isystem", "-iquote",
                           "-idirafter", "-iprefix", "-iwithprefix", "-iwithprefixbefore",
                           "-isysroot", "--sysroot"})
# Dependency output options: they belong to the run that preprocesses.
DEPENDENCY = frozenset({"-M", "-MM", "-MD", "-MMD", "-MF", "-MT", "-MQ", "-MP", "-MG"})
_CPP_PREFIXES = ("-I", "-D", "-U", "-std=", "-O", "-f", "-m", "-isystem", "-iquote",
                 "-idirafter", "-include", "-imacros", "--sysroot=")
# Options of the preprocessor alone, and of the stage a command stops at: a compile of
# preprocessed text (`.i`) into an object takes none of them.
_CPP_ONLY = ("-I", "-D", "-U", "-isystem", "-iquote", "-idirafter", "-include", "-imacros",
             "-iprefix", "-iwithprefix", "-iwithprefixbefore", "-undef", "-nostdinc", "-x",
             "-Xpreprocessor", "-C", "-CC", "-P", "-trigraphs", "-traditional-cpp")
MODE_FLAGS = ("-c", "-S", "-E")
# Flags under which gcc computes floating point otherwise than the C source says
# (reassociation, contraction into fused multiply-adds, reciprocals, no NaN or -0.0).
_FP_FLAGS = ("-Ofast", "-ffast-math", "-funsafe-math-optimizations", "-fassociative-math",
             "-freciprocal-math", "-ffinite-math-only", "-fno-signed-zeros",
             "-ffp-contract=fast", "-fcx-limited-range")
C_SUFFIXES = (".c",)


def is_polylift_flag(arg: str) -> bool:
    """Whether `arg` is one of polylift's own flags (never passed to gcc)."""
    return arg.startswith(("-fpolylift", "-fno-polylift")) or \
        arg in ("-Werror=polylift", "-Wno-error=polylift")


def fp_semantics_flags(args: Sequence[str]) -> tuple[str, ...]:
    """The flags of a command that change floating-point semantics, as gcc reads them:
    a later `-fno-X` (or `-fsigned-zeros` for `-fno-signed-zeros`), another `-O` level
    or another `-ffp-contract=` takes one back."""
    found: dict[str, None] = {}
    for arg in args:
        if arg in _FP_FLAGS:
            found[arg] = None
        elif arg.startswith("-fno-"):
            found.pop("-f" + arg.removeprefix("-fno-"), None)
        elif arg.startswith("-f"):
            found.pop("-fno-" + arg.removeprefix("-f"), None)
        if arg.startswith("-O") and arg != "-Ofast":
            found.pop("-Ofast", None)
        elif arg.startswith("-ffp-contract=") and arg != "-ffp-contract=fast":
            found.pop("-ffp-contract=fast", None)
    return tuple(found)


@dataclass(frozen=True)
class Input:
    """One input file: its path, the language gcc reads it in, and where it stands in
    `GccCommand.args` (a link replaces a C source by its object there)."""

    path: str
    language: str  # `c` for a C source polylift may lift, else what `-x` or the suffix says
    position: int

    @property
    def is_c(self) -> bool:
        """Whether polylift translates it (a C source on disk, not stdin)."""
        return self.language == "c" and self.path != "-"


@dataclass(frozen=True)
class Option:
    """One option: its word, its value when that is the next word (`-o out`), and the
    positions of its words in `GccCommand.args`."""

    word: str
    value: str | None
    positions: tuple[int, ...]

    @property
    def words(self) -> tuple[str, ...]:
        """The option as words for a command."""
        return (self.word,) if self.value is None else (self.word, self.value)

    @property
    def shapes_preprocessing(self) -> bool:
        """Whether it changes what the preprocessor makes of a source: include paths,
        macros, the language standard, and the options that define macros (`-O`, `-f`,
        `-m`, `-pthread`)."""
        if self.value is not None:
            return self.word in _CPP_SEPARATE
        return self.word.startswith(_CPP_PREFIXES) or self.word in ("-ansi", "-pthread",
                                                                    "-undef")


@dataclass(frozen=True)
class GccCommand:
    """A gcc command: its words for gcc, the mode, inputs, options, the output and
    polylift's own flags."""

    args: tuple[str, ...]
    mode: str
    inputs: tuple[Input, ...]
    options: tuple[Option, ...]
    output: str | None
    polylift: tuple[str, ...]

    @property
    def sources(self) -> tuple[Input, ...]:
        """The C sources polylift may lift."""
        return tuple(i for i in self.inputs if i.is_c)

    @property
    def stop_flag(self) -> str:
        """The flag of a compile of one source as this command stops: `-S` (assembly) or
        `-c` (an object)."""
        return "-S" if self.mode == ASSEMBLY else "-c"

    def cpp_args(self) -> tuple[str, ...]:
        """The preprocessing flags (`Option.shapes_preprocessing`), in order."""
        return tuple(w for o in self.options if o.shapes_preprocessing for w in o.words)

    def compile_args(self) -> list[str]:
        """What compiling preprocessed text of one of its sources into an object takes:
        `args` less the inputs, the output, the mode, the dependency output and the
        preprocessor's own options."""
        return self.without(lambda o: o.word in MODE_FLAGS or o.word in DEPENDENCY
                            or o.word.startswith(_CPP_ONLY))

    def without(self, dropped: Callable[[Option], bool] = lambda o: False) -> list[str]:
        """`args` less every input, the `-o` option and the options `dropped` names (each
        with its value): what running it on one source into one output takes besides the
        source and the output."""
        positions = {i.position for i in self.inputs}
        for option in self.options:
            if option.word.startswith("-o") or dropped(option):
                positions.update(option.positions)
        return [w for k, w in enumerate(self.args) if k not in positions]


def expand_response_files(argv: Sequence[str], depth: int = 0) -> list[str]:
    """`argv` with every `@file` replaced by the words of the file (gcc's quoting: single
    and double quotes, backslash escapes), recursively; a missing file is a word."""
    if depth > 16:
        raise UsageError("response files nest too deeply")
    out: list[str] = []
    for word in argv:
        path = Path(word[1:]) if word.startswith("@") and len(word) > 1 else None
        if path is None or not path.is_file():
            out.append(word)
            continue
        try:
            words = shlex.split(path.read_text(errors="replace"), comments=False, posix=True)
        except ValueError as exc:
            raise UsageError(f"response file '{path}': {exc}") from None
        out += expand_response_files(words, depth + 1)
    return out


def _language(path: str, forced: str | None) -> str:
    if forced not in (None, "none"):
        return forced or "c"
    return "c" if path.endswith(C_SUFFIXES) else os.path.splitext(path)[1].lstrip(".") or "?"


def _mode(args: Sequence[str], inputs: Sequence[Input]) -> str:
    words = set(args)
    if "-E" in words or (words & {"-M", "-MM"}):
        return PREPROCESS
    if "-S" in words:
        return ASSEMBLY
    if "-c" in words:
        return OBJECT
    return LINK if inputs else INFO


def parse(argv: Sequence[str]) -> GccCommand:
    """Read a gcc command line (without the program name)."""
    words = expand_response_files(argv)
    args: list[str] = []
    ours: list[str] = []
    inputs: list[Input] = []
    options: list[Option] = []
    language: str | None = None
    k = 0
    while k < len(words):
        word = words[k]
        k += 1
        if is_polylift_flag(word):
            ours.append(word)
            continue
        args.append(word)
        if word in SEPARATE and k < len(words):
            args.append(words[k])
            options.append(Option(word, words[k], (len(args) - 2, len(args) - 1)))
            k += 1
        elif word == "-" or not word.startswith("-"):
            inputs.append(Input(word, _language(word, language), len(args) - 1))
            continue
        else:
            options.append(Option(word, None, (len(args) - 1,)))
        if options[-1].word.startswith("-x"):
            language = options[-1].value if options[-1].value is not None else word[2:]
    output = next((o.value or o.word[2:] for o in reversed(options)
                   if o.word.startswith("-o")), None)
    return GccCommand(tuple(args), _mode(args, inputs), tuple(inputs), tuple(options), output,
                      tuple(ours))


__all__ = ["ASSEMBLY", "INFO", "LINK", "OBJECT", "PREPROCESS", "GccCommand", "Input", "Option",
           "expand_response_files", "fp_semantics_flags", "is_polylift_flag", "parse"]
