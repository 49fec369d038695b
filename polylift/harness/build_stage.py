"""The build stage: one benchmark's programs, and its entry in the manifest.

From a benchmark source it makes, in a work directory, the reference and the lifted
program (`build.py`, the kernel through the passes by `lift.py`), and on request the two
programs a DIFF may call for, the launch audit's and the magnitude run's, so that a
bundle run elsewhere has them. The entry it returns (`manifest.py`) records what the
run and compare stages need: each program and its environment, the kernel's arrays,
extents and what it writes, its launches and their templates.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from polylift.errors import BuildError, UsageError
from polylift.harness.comparison.audit import build_audited
from polylift.harness.comparison.magnitude import build_magnitude
from polylift.harness.facts.coverage import LiftSummary, has_launch, matched_stage, summarize
from polylift.harness.facts.exact_factors import exact_fill
from polylift.harness.facts.manifest import (
    FROM_C,
    LIFTED,
    REFERENCE,
    BuildManifest,
    KernelEntry,
    Program,
)
from polylift.harness.programs.build import (
    SIZES,
    BenchFlags,
    LiftedParts,
    build_reference,
    compile_benchmark,
    keep_apart,
)
from polylift.harness.programs.extents import apply_extents
from polylift.harness.programs.lift import compile_lifted
from polylift.harness.programs.links import compile_links
from polylift.harness.programs.plan import OFFLOAD_POLICIES, BuildPlan
from polylift.harness.programs.toolchain import Toolchain, target_named
from polylift.harness.programs.wrapper import SignatureLike
from polylift.passes.stages import backend_passes
from polylift.shims.store import content_key
from polylift.tdl.library import BUILTIN_DIR, load_library, template_files

INPUT_MODES = ("native", "exact")


@dataclass(frozen=True)
class CheckOptions:
    """Everything a check needs besides the benchmark itself."""

    backend: str = "ref"
    target: str = "x86_64"
    size: str = "MINI"
    inputs: str = "native"
    repeat: int = 1
    include_dirs: tuple[str, ...] = ()
    defines: tuple[str, ...] = ()
    keep: str | None = None
    ulp_bound: int | None = None  # None: from the launches' templates
    templates: tuple[str, ...] = ()  # extra template directories
    passes: tuple[str, ...] | None = None  # None: the backend's passes
    timeout: float | None = 900.0
    extra_objects: tuple[str, ...] = field(default=())
    link_objects: tuple[str, ...] = ()  # objects both programs link (a suite's utilities)
    # The kernel's array arguments are distinct, as if `restrict` (polylift-cc's option).
    assume_noalias: bool = False
    # match-kernels' offload policy (`always` or `profitable`) and the profile it reads
    # ("" for the one shipped with polylift).
    offload_policy: str = "always"
    offload_profile: str = ""
    # The kernel's C name ("": `kernel_<file stem>`), `static` or not.
    function: str = ""

    def validate(self) -> None:
        """Reject options no check can honour, before anything is built."""
        target_named(self.target)
        if self.size not in SIZES:
            raise UsageError(f"unknown size '{self.size}' (known: {', '.join(SIZES)})")
        if self.inputs not in INPUT_MODES:
            raise UsageError(f"input mode '{self.inputs}' is not supported yet (known: "
                             f"{', '.join(INPUT_MODES)})")
        if self.passes is None:
            backend_passes(self.backend)  # raises UsageError for an unknown backend
        if self.repeat < 1:
            raise UsageError("--repeat must be at least 1")
        if self.offload_policy not in OFFLOAD_POLICIES:
            raise UsageError(f"--offload-policy must be always or profitable, not "
                             f"'{self.offload_policy}'")

    def pass_list(self) -> tuple[str, ...]:
        """The polylift passes from the front end's MLIR to the LLVM dialect, with the
        options the check gives them (`BuildPlan.passes`)."""
        return self.plan().passes

    def plan(self) -> BuildPlan:
        """The check's build, resolved (paths absolute against the current folder)."""
        return BuildPlan.resolved(self.backend, self.target, self.templates,
                                  self.offload_policy, self.offload_profile, self.passes)


# (benchmark source, include dirs, defines, kernel name) -> (MLIR text, signature).
Translator = Callable[[Path, Sequence[str], Sequence[str], str], tuple[str, SignatureLike]]


def frontend_translator(source: Path, include_dirs: Sequence[str], defines: Sequence[str],
                        kernel: str, assume_noalias: bool = False) -> tuple[str, SignatureLike]:
    """The C front end on one kernel of `source`."""
    try:
        from polylift.frontend import translate_file
    except ImportError:
        raise BuildError("the C front end (polylift.frontend.translate_file) is not "
                         "available") from None
    translation = translate_file(str(source), include_dirs=tuple(include_dirs),
                                 defines=tuple(defines), function=kernel,
                                 assume_noalias=assume_noalias)
    if kernel not in translation.signatures:
        raise BuildError(f"the front end found no function '{kernel}' in {source.name}")
    return translation.mlir, translation.signatures[kernel]


def kernel_name(source: Path) -> str:
    """`kernel_<stem>` with the stem made an identifier (`jacobi-2d.c` -> `kernel_jacobi_2d`)."""
    return "kernel_" + re.sub(r"\W", "_", source.stem)


def kernel_of(source: Path, options: CheckOptions) -> str:
    """The kernel a check of `source` checks: the one named, else `kernel_<stem>`."""
    return options.function or kernel_name(source)


def default_include_dirs(source: Path) -> tuple[str, ...]:
    """The benchmark's own directory and a sibling `include/`, where they exist."""
    dirs = [source.parent.resolve(), source.parent.resolve().parent / "include"]
    return tuple(str(d) for d in dirs if d.is_dir())


def work_directory(options: CheckOptions, kernel: str, purpose: str) -> Path:
    """A fresh folder to build `kernel` in: `<keep>/<kernel>` with `--keep`, else a
    temporary one named by `purpose`."""
    if options.keep:
        path = Path(options.keep) / kernel
        shutil.rmtree(path, ignore_errors=True)
        path.mkdir(parents=True)
        return path
    return Path(tempfile.mkdtemp(prefix=f"polylift-{purpose}-{kernel}-"))


def _absolute(paths: Sequence[str]) -> tuple[str, ...]:
    """`paths` resolved against the directory the command started in."""
    return tuple(str(Path(p).resolve()) for p in paths)


@dataclass(frozen=True)
class KernelBuild:
    """A built kernel: its manifest entry, and what linking its lifted program again
    takes (the audit and the magnitude run of a local check do)."""

    entry: KernelEntry
    parts: LiftedParts


def build_kernel(source: Path, options: CheckOptions, translate: Translator, tc: Toolchain,
                 supplements: bool = False, portable: bool = False) -> KernelBuild:
    """Build the reference and the lifted program of `source` in `tc.workdir`; with
    `supplements`, the audited and magnitude programs too. `portable` links the vendor
    libraries without this machine's library paths, for a program run elsewhere."""
    kernel = kernel_of(source, options)
    plan = options.plan()
    local = tc.workdir / "bench.c"
    shutil.copyfile(source, local)
    # The compilers run in the work directory: the user's relative paths are theirs.
    includes = (*default_include_dirs(source), *_absolute(options.include_dirs))
    linked = compile_links(source, BenchFlags(options.size, includes, options.defines).c_args(),
                           tc)
    flags = BenchFlags(options.size, includes, options.defines,
                       (*_absolute(options.link_objects), *(str(o) for o in linked), "-lm"))
    tc.log.note(f"front end: {kernel} of bench.c -> kernel.mlir")
    mlir, front_sig = translate(source, includes, (f"{options.size}_DATASET", *options.defines),
                                kernel)
    sig = apply_extents(front_sig, source)
    keep_apart(local, kernel, front_sig)
    (tc.workdir / "kernel.mlir").write_text(mlir)
    bench_obj = compile_benchmark(local, flags, tc)
    kernel_obj = compile_lifted(mlir, kernel, plan.passes, tc)
    stage = matched_stage(tc.workdir)
    text = stage.read_text() if stage else ""
    library = load_library(plan.templates)
    summary = summarize(text, kernel, sig, library) if stage else LiftSummary((), 0)
    # Both programs get the same exact inputs: those of the lifted one's factorizations.
    factors = tuple(exact_fill(summary.launches, sig, library))
    reference = build_reference(bench_obj, sig, flags, tc, factors)
    extra = [Path(o).resolve() for o in options.extra_objects]
    shims = plan.shim_libraries(portable=portable)
    parts = LiftedParts(bench_obj, sig, kernel_obj, flags, tuple(extra), tuple(shims),
                        factors)
    lifted = parts.build(tc)
    programs = [Program(REFERENCE, reference.name, options.repeat),
                Program(LIFTED, lifted.name, options.repeat)]
    if options.passes is None and not has_launch(text):
        # What users get with nothing lifted: the kernel as the reference's compiler built
        # it; the MLIR build (`lifted`) is still compared, this one is timed.
        tc.log.note("nothing lifted: the lifted program is the kernel as gcc compiled it")
        from_c = build_reference(bench_obj, sig, flags, tc, factors, exe="lifted-from-c")
        programs.append(Program(FROM_C, from_c.name, options.repeat))
    if supplements:
        programs += filter(None, [
            build_audited(parts, summary, tc, options.inputs, options.templates),
            build_magnitude(parts, summary, library, tc, options.templates)])
    entry = KernelEntry(source.stem, kernel, kernel, sig, summary, tuple(programs))
    return KernelBuild(entry, parts)


def failed_entry(source: Path, message: str, kernel: str = "") -> KernelEntry:
    """The entry of a benchmark whose build failed: the compare stage reports it."""
    kernel = kernel or kernel_name(source)
    return KernelEntry(source.stem, kernel, kernel, error=message)


def library_key(template_dirs: Sequence[str]) -> str:
    """A hash of every template file the library of `template_dirs` reads."""
    files = template_files([BUILTIN_DIR, *map(Path, template_dirs)])
    return content_key([part for f in files for part in (f.name, f.read_text())])


def build_manifest(options: CheckOptions, kernels: Sequence[KernelEntry],
                   suite: bool = False) -> BuildManifest:
    """The manifest of kernels built with `options` (template folders made absolute)."""
    plan = options.plan()
    return BuildManifest(options.backend, options.target, options.size, options.inputs,
                         options.repeat, options.ulp_bound, plan.templates, tuple(kernels),
                         plan.cuda_backends, library_key(plan.templates), suite)
