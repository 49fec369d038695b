"""Build the reference and the lifted program from one benchmark source.

Both start from the same object: the benchmark compiled with
`-Dstatic=__attribute__((noipa))`, so its kernel is a global, never inlined or cloned,
and gcc assumes nothing about the registers it preserves. `objcopy --weaken-symbol`
then lets the generated wrapper (a strong `kernel_<name>`) take the kernel's place in
`main`'s call:

- reference: the object also gets `polylift_impl_<kernel>`, an alias of the original
  kernel's code, which the wrapper calls;
- lifted: the wrapper calls the generated adapter, which calls the MLIR-compiled kernel.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from polylift.errors import BuildError
from polylift.frontend.c.definitions import find_definition
from polylift.harness.programs.adapter import adapter_source
from polylift.harness.programs.memo import CommandFiles
from polylift.harness.programs.toolchain import C_FLAGS, Toolchain
from polylift.harness.programs.wrapper import SignatureLike, impl_name, wrapper_source
from polylift.shims.build import ShimLibrary, shim_library

# `static` functions become replaceable globals. A `static inline` helper becomes a
# plain `inline` one, which C99 defines nowhere unless inlined (and noipa forbids that):
# gnu89's rule gives every such function its definition, as `static inline` had one.
NOIPA_FLAGS = ("-Dstatic=__attribute__((noipa))", "-fgnu89-inline")
SIZES = ("MINI", "SMALL", "MEDIUM", "LARGE", "EXTRALARGE")


@dataclass(frozen=True)
class BenchFlags:
    """How to compile a benchmark: the dataset size, include dirs and defines."""

    size: str = "MINI"
    include_dirs: tuple[str, ...] = ()
    defines: tuple[str, ...] = ()
    link_args: tuple[str, ...] = field(default=("-lm",))

    def c_args(self) -> list[str]:
        """The preprocessor flags of the benchmark compile."""
        args = [f"-D{self.size}_DATASET"]
        args += [f"-I{d}" for d in self.include_dirs]
        args += [f"-D{d}" for d in self.defines]
        return args


def keep_apart(local: Path, kernel: str, sig: SignatureLike) -> None:
    """Make a kernel that is not `static` replaceable too: `-Dstatic=...noipa` reaches
    only static functions, so a global one gets `__attribute__((noipa))` written before
    its definition in the local copy of the benchmark, or gcc could inline it into
    `main` (the wrapper would never be called) or assume which registers it keeps."""
    where = getattr(sig, "source", None)
    if where is None:
        return
    text = local.read_text()
    marker = f'# 1 "{where.file}"\n'
    found = find_definition(marker + text, kernel, where.file, where.line, where.col)
    if found is None or re.search(r"\bstatic\b", found.header(marker + text)):
        return
    start = found.start - len(marker)
    local.write_text(text[:start] + "__attribute__((noipa)) " + text[start:])


def compile_benchmark(source: Path, flags: BenchFlags, tc: Toolchain) -> Path:
    """The benchmark, with its kernel made a replaceable global, as `bench.o`."""
    local = source.parent == tc.workdir
    argv = [tc.gcc(), *C_FLAGS, *NOIPA_FLAGS, *flags.c_args(), "-c",
            source.name if local else str(source), "-o", "bench.o"]
    if local:
        tc.produce(argv, "compiling the benchmark", CommandFiles((source.name,), ("bench.o",)))
    else:
        tc.run(argv, "compiling the benchmark")
    return tc.workdir / "bench.o"


def _symbol_place(obj: Path, symbol: str, tc: Toolchain) -> tuple[str, str]:
    """The section and value of a defined function symbol, from `objdump -t`."""
    table = tc.run([tc.target.tool("objdump"), "-t", obj.name], "objdump").stdout
    for line in table.splitlines():
        fields = line.split()
        if len(fields) >= 5 and fields[-1] == symbol and fields[-3] != "*UND*":
            return fields[-3], fields[0]
    raise BuildError(f"'{obj.name}' defines no function '{symbol}' (is the kernel named "
                     f"'{symbol}' and called from main?)")


def _write(tc: Toolchain, name: str, text: str) -> Path:
    path = tc.workdir / name
    path.write_text(text)
    return path


def _link(tc: Toolchain, objects: Sequence[Path], exe: str, flags: BenchFlags,
          libraries: Sequence[ShimLibrary] = ()) -> Path:
    # Shim archives after the objects that call them, their own needs (-lopenblas) after.
    shims = [str(lib.path) for lib in libraries]
    needs = [arg for lib in libraries for arg in lib.link_args]
    names = tuple(o.name for o in objects)
    try:
        tc.produce([tc.gcc(), *names, *shims, *needs, *flags.link_args, "-o", exe],
                   f"linking {exe}", CommandFiles(names, (exe,)))
    except BuildError as exc:
        if "undefined reference to `main'" in str(exc):
            raise BuildError("the program defines no main: a check runs the program's own "
                             "main, which calls the kernel on the program's inputs (a file "
                             "of functions alone is checked from a program that calls "
                             "them)") from None
        raise
    return tc.workdir / exe


def shim_libraries(backends: Sequence[str], target: str,
                   template_dirs: Sequence[str] = ()) -> list[ShimLibrary]:
    """The static shim library of each backend the lifted kernel calls, for `target`."""
    return [shim_library(b, target, kind="static", template_dirs=[Path(d) for d in template_dirs])
            for b in backends]


def build_reference(bench_obj: Path, sig: SignatureLike, flags: BenchFlags,
                    tc: Toolchain, factors: Sequence[str] = (), exe: str = "reference") -> Path:
    """The original program with the timing wrapper around its own kernel: `reference`
    (or `exe`: a lifted program with nothing lifted is this one too; `factors`: the
    wrapper's exact-mode fill of factorizations, `exact_factors.py`)."""
    kernel = sig.name
    section, value = _symbol_place(bench_obj, kernel, tc)
    tc.run([tc.target.tool("objcopy"), f"--weaken-symbol={kernel}",
            f"--add-symbol={impl_name(kernel)}={section}:0x{value},global,function",
            bench_obj.name, "bench.ref.o"], "objcopy (reference)")
    wrapper = compile_c(tc, "wrapper.c", wrapper_source(sig, factors), "compiling the wrapper")
    return _link(tc, [tc.workdir / "bench.ref.o", wrapper], exe, flags)


def build_lifted(bench_obj: Path, sig: SignatureLike, kernel_obj: Path, flags: BenchFlags,
                 tc: Toolchain, extra_objects: Sequence[Path] = (),
                 libraries: Sequence[ShimLibrary] = (), exe: str = "lifted",
                 factors: Sequence[str] = ()) -> Path:
    """The program with its kernel replaced by the MLIR-compiled one: `lifted`, linked
    with the shim `libraries` its launches call."""
    kernel = sig.name
    lifted_obj = tc.workdir / "bench.lifted.o"
    if not lifted_obj.exists():
        _symbol_place(bench_obj, kernel, tc)
        tc.run([tc.target.tool("objcopy"), f"--weaken-symbol={kernel}", bench_obj.name,
                lifted_obj.name], "objcopy (lifted)")
    wrapper = tc.workdir / "wrapper.o"
    if not wrapper.exists():
        wrapper = compile_c(tc, "wrapper.c", wrapper_source(sig, factors),
                            "compiling the wrapper")
    adapter = tc.workdir / "adapter.o"
    if not adapter.exists():
        adapter = compile_c(tc, "adapter.c", adapter_source(sig), "compiling the adapter")
    objects = [lifted_obj, wrapper, adapter, kernel_obj, *extra_objects]
    return _link(tc, objects, exe, flags, libraries)


@dataclass(frozen=True)
class LiftedParts:
    """What linking the lifted program takes; the launch audit links it again, with its
    wrappers in front of the backend shims."""

    bench_obj: Path
    sig: SignatureLike
    kernel_obj: Path
    flags: BenchFlags
    extra_objects: tuple[Path, ...] = ()
    libraries: tuple[ShimLibrary, ...] = ()
    factors: tuple[str, ...] = ()  # the wrapper's exact-mode fill of factorizations

    def build(self, tc: Toolchain, exe: str = "lifted", objects: Sequence[Path] = (),
              libraries: Sequence[ShimLibrary] = (), link_flags: Sequence[str] = ()) -> Path:
        """The lifted program as `exe`, with more objects, libraries and linker flags."""
        flags = replace(self.flags, link_args=(*link_flags, *self.flags.link_args))
        return build_lifted(self.bench_obj, self.sig, self.kernel_obj, flags, tc,
                            [*self.extra_objects, *objects], [*self.libraries, *libraries], exe,
                            self.factors)


def compile_c(tc: Toolchain, name: str, text: str, what: str,
              include_dirs: Sequence[Path] = ()) -> Path:
    """Write generated C into the work directory and compile it for the target."""
    source = _write(tc, name, text)
    obj = source.with_suffix(".o")
    tc.produce([tc.gcc(), *C_FLAGS, *[f"-I{d}" for d in include_dirs], "-c", source.name,
                "-o", obj.name], what, CommandFiles((source.name,), (obj.name,)))
    return obj
