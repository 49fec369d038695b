"""Build one backend's shim library (static `.a` or shared `.so`), cached by content.

`shim_library("host", "aarch64")` compiles `polylift/shims/host/*.c` (plus
`<dir>/host/*.c` of each user template directory) against the header generated from the
template library, for the target, and returns the library and the link arguments it
needs. Results live under `$POLYLIFT_CACHE_DIR` (default `~/.cache/polylift`) in a
folder named by a hash of the sources, the header, the flags and the compiler, built in
a private folder and renamed into place, so processes building at once never see a
half-written library. Cuda backends are delegated to `polylift.shims.cuda_build`.

PVA SDK hook (not testable here): when `PVA_SDK_ROOT` is set, the `pva` backend is
compiled with `-DPOLYLIFT_PVA_SDK=1 -I$PVA_SDK_ROOT/include`, by `$PVA_SDK_CC` if set,
and linked with `-L$PVA_SDK_ROOT/lib` plus the `-l` flags of `$PVA_SDK_LIBS`; the same
symbols are built, so a program links against either without change.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from polylift.errors import BuildError, UsageError
from polylift.shims.header import HEADER_NAME, declared_symbols, render_header
from polylift.shims.targets import C_FLAGS, target_named
from polylift.shims.template_library import load_library

SHIM_DIR = Path(__file__).parent
C_BACKENDS = ("ref", "host", "pva")
CUDA_BACKENDS = ("cublas", "cublaslt", "cudnn")
KINDS = ("static", "shared")
# Warnings are on so a shim author sees mistakes; the ABI flags are every C compile's.
SHIM_CFLAGS: tuple[str, ...] = (*C_FLAGS, "-fPIC", "-std=gnu11", "-Wall")
HOST_LINK_ARGS: tuple[str, ...] = ("-lopenblas", "-lm")


@dataclass(frozen=True)
class ShimLibrary:
    """A built shim library and the linker arguments a program using it needs."""

    path: Path
    link_args: tuple[str, ...]

    @property
    def include_dir(self) -> Path:
        """The folder holding the `polylift_shims.h` the library was built against."""
        return self.path.parent / "include"


@dataclass(frozen=True)
class _Recipe:
    compiler: str
    cflags: tuple[str, ...]
    link_args: tuple[str, ...]
    archiver: str
    nm: str


def cache_dir() -> Path:
    """Where built libraries are kept: `$POLYLIFT_CACHE_DIR` or `~/.cache/polylift`."""
    root = os.environ.get("POLYLIFT_CACHE_DIR")
    return Path(root) if root else Path.home() / ".cache" / "polylift"


def shim_sources(backend: str, template_dirs: Sequence[Path] = (), suffix: str = ".c"
                 ) -> list[Path]:
    """The shim sources of a backend: built-in ones, then those of each template folder."""
    folders = [SHIM_DIR / backend] + [Path(d) / backend for d in template_dirs]
    return [f for folder in folders if folder.is_dir() for f in sorted(folder.glob(f"*{suffix}"))]


def _local_headers(sources: Sequence[Path]) -> list[Path]:
    """Headers beside the sources (`host_blas.h`, ...): part of the cache key too."""
    folders = sorted({src.parent for src in sources})
    return [h for folder in folders for h in sorted(folder.glob("*.h"))]


def _contents(files: Sequence[Path]) -> list[str]:
    return [f"{_display(f)}\0{f.read_text()}" for f in files]


def _run(argv: list[str], what: str) -> str:
    try:
        done = subprocess.run(argv, text=True, capture_output=True, check=False)
    except FileNotFoundError:
        raise BuildError(f"{what}: cannot run '{argv[0]}' (not installed? "
                         "scripts/setup_system.sh installs the toolchains)") from None
    if done.returncode != 0:
        detail = (done.stderr or done.stdout).strip().splitlines()[-20:]
        raise BuildError(f"{what} failed (exit {done.returncode}):\n" + "\n".join(detail))
    return done.stdout


@cache
def compiler_identity(compiler: str) -> str:
    """The version banner and target machine of a compiler (part of the cache key)."""
    banner = _run([compiler, "--version"], "querying the C compiler").splitlines()[0]
    machine = _run([compiler, "-dumpmachine"], "querying the C compiler").strip()
    return f"{banner} {machine}"


def _pva_sdk(recipe: _Recipe) -> _Recipe:
    root = os.environ.get("PVA_SDK_ROOT")
    if not root:
        return recipe
    libs = tuple(os.environ.get("PVA_SDK_LIBS", "").split())
    return _Recipe(os.environ.get("PVA_SDK_CC", recipe.compiler),
                   (*recipe.cflags, "-DPOLYLIFT_PVA_SDK=1", f"-I{root}/include"),
                   (f"-L{root}/lib", f"-Wl,-rpath,{root}/lib", *libs), recipe.archiver,
                   recipe.nm)


def _recipe(backend: str, target_name: str) -> _Recipe:
    target = target_named(target_name)
    recipe = _Recipe(target.tool("gcc"), SHIM_CFLAGS,
                     HOST_LINK_ARGS if backend == "host" else (), target.tool("ar"),
                     target.tool("nm"))
    if backend == "host" and target_name != "x86_64":
        _check_cross_blas(target.tool("gcc"), target_name)
    return _pva_sdk(recipe) if backend == "pva" else recipe


@cache
def _check_cross_blas(compiler: str, target_name: str) -> None:
    """Fail early and clearly when the target has no OpenBLAS to link against."""
    found = _run([compiler, "-print-file-name=libopenblas.so"], "looking for OpenBLAS").strip()
    if not os.path.isabs(found):
        raise BuildError(f"the host backend for {target_name} needs OpenBLAS built for "
                         f"{target_name}, which '{compiler}' cannot find: run "
                         "scripts/setup_system.sh (it adds the Debian multiarch package)")


def _key(parts: Sequence[str | bytes]) -> str:
    digest = hashlib.sha256()
    for part in parts:
        data = part.encode() if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "little") + data)
    return digest.hexdigest()[:24]


def _display(path: Path) -> str:
    try:
        return str(path.relative_to(SHIM_DIR.parent.parent))
    except ValueError:
        return str(path)


def _compile_all(recipe: _Recipe, sources: Sequence[Path], include: Path, work: Path
                 ) -> list[Path]:
    objects = []
    for i, src in enumerate(sources):
        obj = work / f"{i:03d}_{src.stem}.o"
        argv = [recipe.compiler, *recipe.cflags, f"-I{include}", "-c", str(src), "-o", str(obj)]
        _run(argv, f"compiling shim {_display(src)}")
        objects.append(obj)
    return objects


def _defined_symbols(nm: str, lib: Path) -> set[str]:
    out = _run([nm, "-g", "--defined-only", str(lib)], f"listing the symbols of {lib.name}")
    return {fields[2] for line in out.splitlines() if len(fields := line.split()) == 3}


def _link(recipe: _Recipe, objects: Sequence[Path], lib: Path, kind: str) -> None:
    if kind == "static":
        _run([recipe.archiver, "rcs", str(lib), *map(str, objects)], f"archiving {lib.name}")
    else:
        _run([recipe.compiler, "-shared", "-o", str(lib), *map(str, objects),
              *recipe.link_args], f"linking {lib.name}")


def _publish(work: Path, final: Path) -> None:
    """Move a finished build folder into place; a concurrent identical build may win."""
    try:
        os.rename(work, final)
    except OSError:
        if not final.is_dir():
            raise
        shutil.rmtree(work, ignore_errors=True)


def _check_parameters(backend: str, kind: str) -> None:
    if backend not in C_BACKENDS + CUDA_BACKENDS:
        raise UsageError(f"unknown shim backend '{backend}' "
                         f"(known: {', '.join(C_BACKENDS + CUDA_BACKENDS)})")
    if kind not in KINDS:
        raise UsageError(f"unknown library kind '{kind}' (known: {', '.join(KINDS)})")


def shim_library(backend: str, target: str = "x86_64", *, kind: str = "static",
                 template_dirs: Sequence[Path] = ()) -> ShimLibrary:
    """Build (or find in the cache) the shim library of `backend` for `target`."""
    _check_parameters(backend, kind)
    library = load_library(template_dirs)
    header = render_header(library)
    if backend in CUDA_BACKENDS:
        return _cuda_library(backend, kind, template_dirs, header)
    recipe = _recipe(backend, target)
    sources = shim_sources(backend, template_dirs)
    if not sources:
        raise BuildError(f"no shim sources for backend '{backend}'")
    key = _key([backend, target, kind, header, compiler_identity(recipe.compiler),
                *recipe.cflags, *recipe.link_args, recipe.archiver]
               + _contents([*sources, *_local_headers(sources)]))
    suffix = ".a" if kind == "static" else ".so"
    final = cache_dir() / "shims" / f"{backend}-{target}-{kind}-{key}"
    lib_name = f"libpolylift_{backend}{suffix}"
    if not (final / lib_name).is_file():
        final.parent.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(dir=final.parent, prefix=f".build-{backend}-"))
        try:
            (work / "include").mkdir()
            (work / "include" / HEADER_NAME).write_text(header)
            objects = _compile_all(recipe, sources, work / "include", work)
            _link(recipe, objects, work / lib_name, kind)
            for obj in objects:
                obj.unlink()
            _publish(work, final)
        finally:
            if work.exists():
                shutil.rmtree(work, ignore_errors=True)
    return ShimLibrary(final / lib_name, recipe.link_args)


def missing_symbols(backend: str, lib: ShimLibrary, target: str = "x86_64",
                    template_dirs: Sequence[Path] = ()) -> list[str]:
    """Shims the header declares for `backend` that `lib` does not define, sorted.

    A build does not fail on them (a program that calls one fails to link, naming it),
    so that a backend stays usable while a new launch's shims are being written.
    """
    wanted = declared_symbols(load_library(template_dirs), backend)
    nm = target_named(target).tool("nm")
    return sorted(set(wanted) - _defined_symbols(nm, lib.path))


def _cuda_library(backend: str, kind: str, template_dirs: Sequence[Path], header: str
                  ) -> ShimLibrary:
    # Imported here: only cuda builds need it, and it may probe for nvcc when loaded.
    from polylift.shims import cuda_build

    sources = cuda_build.cuda_sources(backend, template_dirs)
    recipe_text = cuda_build.fingerprint(backend)
    key = _key([backend, kind, header, recipe_text]
               + [f"{s.name}\0{s.read_text()}" for s in sources])
    final = cache_dir() / "shims" / f"{backend}-x86_64-{kind}-{key}"
    lib_name = f"libpolylift_{backend}{'.a' if kind == 'static' else '.so'}"
    if (final / lib_name).is_file():
        return ShimLibrary(final / lib_name, _cuda_link_args(final))
    final.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(dir=final.parent, prefix=f".build-{backend}-"))
    try:
        (work / "include").mkdir()
        (work / "include" / HEADER_NAME).write_text(header)
        built = cuda_build.build_cuda_library(backend, sources, work / "include",
                                              work / lib_name, kind)
        (work / "link_args").write_text("\n".join(built.link_args))
        _publish(work, final)
    finally:
        if work.exists():
            shutil.rmtree(work, ignore_errors=True)
    return ShimLibrary(final / lib_name, _cuda_link_args(final))


def _cuda_link_args(folder: Path) -> tuple[str, ...]:
    text = (folder / "link_args").read_text()
    return tuple(line for line in text.splitlines() if line)
