"""`polylift check --bundle DIR`: the build stage for every benchmark, into one folder.

Each kernel gets a folder with its programs: the reference and the lifted one, and the
audited and magnitude programs where the kernel has them, so that every verdict a local
check could reach can be reached from the bundle's outputs. Vendor libraries are linked
dynamically and without this machine's library paths: `run.sh` finds them on the
machine it runs on. The folder is built beside DIR and renamed into place when complete.
"""

from __future__ import annotations

import multiprocessing
import os
import shlex
import shutil
import tempfile
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path

from polylift.errors import PolyliftError, UsageError
from polylift.harness.build_stage import (
    CheckOptions,
    Translator,
    build_kernel,
    build_manifest,
    failed_entry,
    frontend_translator,
    kernel_of,
    work_directory,
)
from polylift.harness.comparison.audit import AUDIT_FILE
from polylift.harness.facts.manifest import MANIFEST_NAME, BuildManifest, KernelEntry, manifest_json
from polylift.harness.programs.toolchain import C_FLAGS, CommandLog, Toolchain, target_named
from polylift.passes.stages import lowered_backends
from polylift.progress import Progress
from polylift.shims.cuda_build import BACKEND_LIBS, RUNTIME_LIB
from polylift.shims.header import c_templates

RUN_SCRIPT = "run.sh"
GPU_PROBE = "gpu_probe"
_HERE = Path(__file__).parent


def _build_into(source: Path, options: CheckOptions, translate: Translator | None,
                dest: Path) -> KernelEntry:
    """Build one benchmark in a work directory and copy its programs to `dest/<kernel>`."""
    work = work_directory(options, kernel_of(source, options), "bundle")
    tc = Toolchain(target_named(options.target), work, CommandLog(work))
    if translate is None:
        translate = partial(frontend_translator, assume_noalias=options.assume_noalias)
    try:
        entry = build_kernel(source, options, translate, tc, supplements=True,
                             portable=True).entry
    except PolyliftError as exc:
        (work / "repro.sh").write_text(tc.log.script())
        return failed_entry(source, f"{exc.render()}\nreproducer (where the bundle was "
                                    f"built): {work}", kernel_of(source, options))
    if options.keep:
        (work / "repro.sh").write_text(tc.log.script())
    folder = dest / entry.directory
    folder.mkdir()
    for program in entry.programs:
        shutil.copy2(work / program.path, folder / program.path)
    if not options.keep:
        shutil.rmtree(work, ignore_errors=True)
    return entry


def _build_all(sources: Sequence[Path], options: CheckOptions, translate: Translator | None,
               dest: Path, progress: bool, jobs: int) -> list[KernelEntry]:
    with Progress(len(sources), "bundle", bar=progress, lines=False) as shown:
        if jobs <= 1:
            entries = []
            for source in sources:
                shown.working(source.stem)
                entries.append(_build_into(source, options, translate, dest))
                shown.done()
            return entries
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
            futures = [pool.submit(_build_into, s, options, translate, dest) for s in sources]
            for future in futures:
                future.add_done_callback(lambda _: shown.done())
            return [f.result() for f in futures]


def _program_lines(manifest: BuildManifest) -> list[str]:
    """`run.sh`'s lines that run every program, kernel by kernel, shell-quoted."""
    lines = []
    for entry in manifest.kernels:
        if entry.programs:
            lines.append(shlex.join(["start_kernel", entry.directory]))
        for program in entry.programs:
            env = [f"{k}={v}" for k, v in program.env]
            lines.append(shlex.join(["run_program", entry.directory, program.path,
                                     str(program.repeat), *env]))
    return lines


def run_script(manifest: BuildManifest, options: CheckOptions, cuda_lib_dir: str | None) -> str:
    """The text of the bundle's `run.sh`."""
    libs = [name for backend in manifest.cuda_backends
            for _, name in (*BACKEND_LIBS[backend], RUNTIME_LIB)]
    host = "libopenblas" if "host" in lowered_backends(options.pass_list()) else ""
    return c_templates(_HERE).get_template("run.sh.j2").render(
        inputs=shlex.quote(manifest.inputs), cuda_libs=" ".join(dict.fromkeys(libs)),
        cuda_lib_dir=shlex.quote(cuda_lib_dir or ""), timeout=int(options.timeout or 900),
        cuda_backends=", ".join(manifest.cuda_backends), host_libs=host,
        target=options.target,
        audit_file=AUDIT_FILE, programs=_program_lines(manifest))


def _gpu_probe(options: CheckOptions, dest: Path) -> None:
    tc = Toolchain(target_named(options.target), dest, CommandLog(dest))
    shutil.copyfile(_HERE / "gpu_probe.c", dest / "gpu_probe.c")
    tc.run([tc.gcc(), *C_FLAGS, "gpu_probe.c", "-o", GPU_PROBE, "-ldl"],
           "compiling the GPU probe")
    (dest / "gpu_probe.c").unlink()


def _fresh(dest: Path) -> Path:
    """A private folder beside `dest` to build the bundle in; `dest` must be new, empty or
    an earlier bundle (which the new one replaces)."""
    if dest.exists() and any(dest.iterdir()) and not (dest / MANIFEST_NAME).is_file():
        raise UsageError(f"--bundle: '{dest}' exists and is not a bundle; give a new folder")
    dest.parent.mkdir(parents=True, exist_ok=True)
    return Path(tempfile.mkdtemp(prefix=f".{dest.name}.partial-", dir=dest.parent))


def write_bundle(sources: Sequence[Path], options: CheckOptions, dest: Path,
                 translate: Translator | None = None, cuda_lib_dir: str | None = None,
                 progress: bool = True, jobs: int = 1, suite: bool = False) -> BuildManifest:
    """Build every benchmark of `sources` and write the bundle to `dest`."""
    options.validate()
    dest = dest.resolve()
    work = _fresh(dest)
    try:
        entries = _build_all(sources, options, translate, work, progress, jobs)
        manifest = build_manifest(options, entries, suite)
        (work / MANIFEST_NAME).write_text(manifest_json(manifest))
        if manifest.cuda_backends:
            _gpu_probe(options, work)
        script = work / RUN_SCRIPT
        script.write_text(run_script(manifest, options, cuda_lib_dir))
        script.chmod(0o755)
        work.chmod(0o755)  # mkdtemp made it private
        shutil.rmtree(dest, ignore_errors=True)
        os.replace(work, dest)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return manifest


def bundle_size(dest: Path) -> int:
    """The bytes of every file in the bundle."""
    return sum(p.stat().st_size for p in dest.rglob("*") if p.is_file())


def bundle_summary(manifest: BuildManifest, dest: Path) -> str:
    """What was bundled, what failed to build, and what to do next."""
    built = [k for k in manifest.kernels if not k.error]
    lines = [f"bundle {dest}: {len(built)} of {len(manifest.kernels)} kernel(s) built for "
             f"{manifest.backend} on {manifest.target}, {manifest.size}, "
             f"{bundle_size(dest) / 1e6:.1f} MB"]
    for entry in manifest.kernels:
        if entry.error:
            lines.append(f"{entry.kernel}: FAIL: {entry.error}")
    lines.append(f"run {dest / RUN_SCRIPT} on the target machine (copy the folder there), "
                 f"then: polylift check --collect {dest}")
    return "\n".join(lines)


__all__ = ["GPU_PROBE", "RUN_SCRIPT", "bundle_size", "bundle_summary", "run_script",
           "write_bundle"]
