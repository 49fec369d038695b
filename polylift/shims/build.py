"""Build one backend's shim library (static `.a` or shared `.so`), cached by content.

`shim_library("host", "aarch64")` renders the header and the host shim sources from the
template library and the shim families (`generate.py`), adds the `<dir>/host/*.c` of
each user template directory, compiles them for the target and returns the library and
the link arguments it needs. The generated sources are build products: they are
written into the build folder (`src/`, beside `include/polylift_shims.h`) and kept with
the library under `$POLYLIFT_CACHE_DIR` (default `~/.cache/polylift`), in a folder named
by a hash of everything the build reads (`store.py`). Cuda backends are built by
`cuda_build.py`.

PVA SDK hook (not testable here): when `PVA_SDK_ROOT` is set, the `pva` backend is
compiled with `-DPOLYLIFT_PVA_SDK=1 -I$PVA_SDK_ROOT/include`, by `$PVA_SDK_CC` if set,
and linked with `-L$PVA_SDK_ROOT/lib` plus the `-l` flags of `$PVA_SDK_LIBS`; the same
symbols are built, so a program links against either without change.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from polylift.errors import BuildError, UsageError
from polylift.shims import cuda_build
from polylift.shims.generate import CUDA_BACKENDS, generate_sources
from polylift.shims.header import HEADER_NAME, declared_symbols, render_header
from polylift.shims.store import (
    ShimLibrary,
    built_once,
    cache_dir,
    content_key,
    display,
    file_contents,
    run_tool,
    write_sources,
)
from polylift.shims.targets import C_FLAGS, target_named
from polylift.tdl.library import load_library

__all__ = ["ShimLibrary", "cache_dir", "missing_symbols", "shim_library", "user_sources"]

HELPER_DIR = Path(__file__).parent / "helpers"
C_BACKENDS = ("ref", "host", "pva")
KINDS = ("static", "shared")
# Warnings are on so a shim author sees mistakes; the ABI flags are every C compile's.
# errno is no output of a launch (the check compares arrays): without it `sqrt` is the
# instruction, with the same correctly rounded bits, and a loop of it vectorises, as
# MLIR's `math.sqrt` is; with it, every negative element is a call into libm.
SHIM_CFLAGS: tuple[str, ...] = (*C_FLAGS, "-fno-math-errno", "-fPIC", "-std=gnu11", "-Wall")
HOST_LINK_ARGS: tuple[str, ...] = ("-lopenblas", "-lm")


@dataclass(frozen=True)
class _Generated:
    """A backend's rendered header and shim sources (`<launch>.c` -> text)."""

    header: str
    units: dict[str, str]
    digest: str  # content_key of the header and every unit, for the cache key


@cache
def _generated(backend: str, template_dirs: tuple[str, ...]) -> _Generated:
    """Rendered once per process: the library they come from is loaded once per process
    too (`load_library`), and rendering every launch's unit costs a fifth of a second,
    which a campaign that builds thousands of programs would otherwise pay per build."""
    library = load_library(template_dirs)
    header, units = render_header(library), generate_sources(backend, library)
    return _Generated(header, units, content_key(
        [header, *(f"{name}\0{text}" for name, text in units.items())]))


@dataclass(frozen=True)
class _Recipe:
    compiler: str
    cflags: tuple[str, ...]
    link_args: tuple[str, ...]
    archiver: str
    nm: str


def user_sources(backend: str, template_dirs: Sequence[Path] = (), suffix: str = ".c"
                 ) -> list[Path]:
    """The hand-written shims of user template folders: `<dir>/<backend>/*<suffix>`."""
    folders = [Path(d) / backend for d in template_dirs]
    return [f for folder in folders if folder.is_dir() for f in sorted(folder.glob(f"*{suffix}"))]


def _local_headers(sources: Sequence[Path]) -> list[Path]:
    """Headers beside the sources and the shared helpers: part of the cache key too."""
    folders = sorted({src.parent for src in sources} | {HELPER_DIR})
    return [h for folder in folders for h in sorted(folder.glob("*.h"))]


@cache
def compiler_identity(compiler: str) -> str:
    """The version banner and target machine of a compiler (part of the cache key)."""
    banner = run_tool([compiler, "--version"], "querying the C compiler").splitlines()[0]
    machine = run_tool([compiler, "-dumpmachine"], "querying the C compiler").strip()
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
    found = run_tool([compiler, "-print-file-name=libopenblas.so"],
                     "looking for OpenBLAS").strip()
    if not os.path.isabs(found):
        raise BuildError(f"the host backend for {target_name} needs OpenBLAS built for "
                         f"{target_name}, which '{compiler}' cannot find: run "
                         "scripts/setup_system.sh (it adds the Debian multiarch package)")


def _compile_all(recipe: _Recipe, sources: Sequence[Path], work: Path) -> list[Path]:
    objects = []
    for i, src in enumerate(sources):
        obj = work / f"{i:03d}_{src.stem}.o"
        argv = [recipe.compiler, *recipe.cflags, f"-I{work / 'include'}", f"-I{HELPER_DIR}",
                "-c", str(src), "-o", str(obj)]
        run_tool(argv, f"compiling shim {display(src)}")
        objects.append(obj)
    return objects


def _defined_symbols(nm: str, lib: Path) -> set[str]:
    out = run_tool([nm, "-g", "--defined-only", str(lib)], f"listing the symbols of {lib.name}")
    return {fields[2] for line in out.splitlines() if len(fields := line.split()) == 3}


def _link(recipe: _Recipe, objects: Sequence[Path], lib: Path, kind: str) -> None:
    if kind == "static":
        run_tool([recipe.archiver, "rcs", str(lib), *map(str, objects)], f"archiving {lib.name}")
    else:
        run_tool([recipe.compiler, "-shared", "-o", str(lib), *map(str, objects),
                  *recipe.link_args], f"linking {lib.name}")


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
    generated = _generated(backend, tuple(str(d) for d in template_dirs))
    header, units = generated.header, generated.units
    if backend in CUDA_BACKENDS:
        user_cuda = user_sources(backend, [Path(d) / "cuda" for d in template_dirs], ".cu")
        return cuda_build.cuda_library(backend, kind, header, units, user_cuda)
    recipe = _recipe(backend, target)
    user = user_sources(backend, template_dirs)
    if not units and not user:
        raise BuildError(f"no shim sources for backend '{backend}'")
    key = content_key([backend, target, kind, generated.digest,
                       compiler_identity(recipe.compiler), *recipe.cflags, *recipe.link_args,
                       recipe.archiver] + file_contents([*user, *_local_headers(user)]))
    lib_name = f"libpolylift_{backend}{'.a' if kind == 'static' else '.so'}"

    def build(work: Path) -> None:
        generated = write_sources(work, HEADER_NAME, header, units)
        objects = _compile_all(recipe, [*generated, *user], work)
        _link(recipe, objects, work / lib_name, kind)
        for obj in objects:
            obj.unlink()

    final = cache_dir() / "shims" / f"{backend}-{target}-{kind}-{key}"
    return ShimLibrary(built_once(final, lib_name, build), recipe.link_args)


def missing_symbols(backend: str, lib: ShimLibrary, target: str = "x86_64",
                    template_dirs: Sequence[Path] = ()) -> list[str]:
    """Shims the header declares for `backend` that `lib` does not define, sorted.

    A build does not fail on them (a program that calls one fails to link, naming it),
    so that a backend stays usable while a new launch's shims are being written.
    """
    wanted = declared_symbols(load_library(template_dirs), backend)
    nm = target_named(target).tool("nm")
    return sorted(set(wanted) - _defined_symbols(nm, lib.path))
