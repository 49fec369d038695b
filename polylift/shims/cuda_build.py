"""Compile the cuda shim backends (`cublas`, `cublaslt`, `cudnn`, `cusolver`, `npp`) with
nvcc.

Sources: `polylift/shims/cuda/common/*.cu` (the runtime every cuda backend carries: the
device-buffer cache, transfers, error reporting), `polylift/shims/cuda/<backend>/*.cu`
(the backend's handle and descriptors), the backend's generated units (one per launch,
from the shim families: `generate.py`) and the `<dir>/cuda/<backend>/*.cu` of user template
folders, with the headers of `polylift/shims/cuda/include/`. Vendor
headers and libraries come from the CUDA 13 wheels of the `gpu` extra (`nvidia-cublas`,
`nvidia-cudnn-cu13`, `nvidia-cuda-runtime`, for cuSOLVER `nvidia-cusolver` with
`nvidia-cusparse` and `nvidia-nvjitlink`, for NPP `nvidia-npp`), found through
`$POLYLIFT_CUDA_WHEELS`, the `nvidia` namespace package, or the machine's other Python
environments (a GPU node's Python has them without polylift's extra); nvcc comes from the system
(`$POLYLIFT_NVCC`, else `nvcc` on PATH, else `$CUDA_HOME/bin/nvcc`). Device code is
built for the architectures of `$POLYLIFT_CUDA_ARCHS` (default `80;90`: cubins for both
plus PTX of the last one).

The wheels ship only versioned names (`libcublas.so.13`), so libraries are linked by
file name (`-l:libcublas.so.13`) with an rpath to their folders. Nothing here needs a
GPU or a driver: the libraries compile and link on any machine with nvcc and the wheels.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import re
import shutil
import tempfile
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from polylift.errors import BuildError, UsageError
from polylift.shims.header import HEADER_NAME
from polylift.shims.store import (
    ShimLibrary,
    built_once,
    cache_dir,
    content_key,
    display,
    run_tool,
    write_sources,
)

CUDA_DIR = Path(__file__).parent / "cuda"
CUDA_BACKENDS = ("cublas", "cublaslt", "cudnn", "cusolver", "npp")
INSTALL_HINT = ("pip install 'polylift[gpu]' (the CUDA 13 wheels of cuBLAS, cuDNN, cuSOLVER, "
                "NPP and the runtime), or point POLYLIFT_CUDA_WHEELS at another environment's "
                "site-packages/nvidia")
# fmad=false: our own kernels must round every product, as the C reference does; the
# host compiler must not contract either (the units carry the template's loops).
NVCC_FLAGS: tuple[str, ...] = ("-x", "cu", "-std=c++17", "-O2", "--fmad=false",
                               "-Xcompiler", "-fPIC", "-Xcompiler", "-Wall",
                               "-Xcompiler", "-ffp-contract=off")
# (wheel folder under nvidia/, library file) each backend links, in dependency order.
BACKEND_LIBS: dict[str, tuple[tuple[str, str], ...]] = {
    "cublas": (("cu13", "libcublas.so.13"), ("cu13", "libcublasLt.so.13")),
    # The cuBLASLt shims share polylift_cublas.h, whose status check names the status
    # with cuBLAS's cublasGetStatusName: cuBLAS comes with them.
    "cublaslt": (("cu13", "libcublasLt.so.13"), ("cu13", "libcublas.so.13")),
    # cuDNN's own libraries look for cuBLASLt beside an older wheel layout; linking it
    # here loads it first, so their lookup finds it already in the process.
    # cuSOLVER needs cuSPARSE and nvJitLink (their wheels are in the gpu extra), and
    # cuBLAS, whose ?geam the LU shim transposes with.
    "cusolver": (("cu13", "libcusolver.so.12"), ("cu13", "libcusparse.so.12"),
                 ("cu13", "libnvJitLink.so.13"), ("cu13", "libcublas.so.13"),
                 ("cu13", "libcublasLt.so.13")),
    "cudnn": (("cudnn", "libcudnn.so.9"), ("cu13", "libcublasLt.so.13"),
              ("cu13", "libcublas.so.13")),
    # NPP's arithmetic and logical operations, its statistics (MinEvery, MaxEvery, Max,
    # histograms), its conversions (8u <-> 16u), its palette lookups (in the colour
    # conversions), and the core they load; not the filter library (nppif, 60 MB), which
    # no shim calls.
    "npp": (("cu13", "libnppial.so.13"), ("cu13", "libnppist.so.13"),
            ("cu13", "libnppidei.so.13"), ("cu13", "libnppicc.so.13"),
            ("cu13", "libnppc.so.13")),
}
RUNTIME_LIB = ("cu13", "libcudart.so.13")
SYSTEM_LIBS = ("-lstdc++", "-lpthread", "-ldl", "-lrt", "-lm")


@dataclass(frozen=True)
class CudaToolchain:
    """nvcc and the wheel folders a cuda build uses."""

    nvcc: str
    wheel_root: Path  # site-packages/nvidia

    def include_dirs(self) -> tuple[Path, ...]:
        """Vendor header folders (CUDA runtime and cuBLAS, cuDNN)."""
        return (self.wheel_root / "cu13" / "include", self.wheel_root / "cudnn" / "include")

    def libraries(self, backend: str) -> tuple[Path, ...]:
        """The vendor library files one backend links, runtime last."""
        return tuple(self.wheel_root / folder / "lib" / name
                     for folder, name in (*BACKEND_LIBS[backend], RUNTIME_LIB))


def find_nvcc() -> str | None:
    """The nvcc to use, or None when there is none."""
    explicit = os.environ.get("POLYLIFT_NVCC")
    if explicit:
        return explicit
    found = shutil.which("nvcc")
    if found:
        return found
    home = os.environ.get("CUDA_HOME") or os.environ.get("CUDA_PATH")
    candidate = Path(home) / "bin" / "nvcc" if home else None
    return str(candidate) if candidate and candidate.is_file() else None


# Where a machine's Python environments keep their packages, searched for the CUDA 13
# wheels when polylift's own environment lacks the `gpu` extra (a GPU node's Python).
SITE_PATTERNS = ("/usr/lib/python3*/site-packages", "/usr/lib/python3*/dist-packages",
                 "/usr/local/lib/python3*/site-packages", "/usr/local/lib/python3*/dist-packages",
                 "/opt/conda/lib/python3*/site-packages", "~/.local/lib/python3*/site-packages")


def _wheel_folders() -> list[Path]:
    """Candidate `site-packages/nvidia` folders, in the order they are preferred:
    `$POLYLIFT_CUDA_WHEELS`, this environment's `nvidia` package, then the machine's
    other Python environments (`SITE_PATTERNS`)."""
    found = [Path(os.environ["POLYLIFT_CUDA_WHEELS"])] \
        if os.environ.get("POLYLIFT_CUDA_WHEELS") else []
    spec = importlib.util.find_spec("nvidia")
    if spec is not None and spec.submodule_search_locations:
        found += [Path(f) for f in spec.submodule_search_locations]
    for pattern in SITE_PATTERNS:
        found += sorted(p / "nvidia" for p in Path("/").glob(
            str(Path(pattern).expanduser()).lstrip("/")))
    return found


def find_wheel_root() -> Path | None:
    """`site-packages/nvidia` holding the CUDA 13 wheels' headers, or None."""
    return next((root for root in _wheel_folders()
                 if (root / "cu13" / "include" / "cublas_v2.h").is_file()), None)


def toolchain(backend: str = "cublas") -> CudaToolchain:
    """nvcc and the wheels, or a `BuildError` saying what to install."""
    nvcc = find_nvcc()
    if nvcc is None:
        raise BuildError("the cuda shims need nvcc (CUDA 13), which is not on PATH: install "
                         "the CUDA 13 toolkit's compiler or set POLYLIFT_NVCC")
    root = find_wheel_root()
    if root is None:
        raise BuildError(f"the cuda shims need the CUDA 13 headers and libraries: {INSTALL_HINT}")
    tools = CudaToolchain(nvcc, root)
    missing = [str(p) for p in (*tools.libraries(backend), *tools.include_dirs())
               if not p.exists()]
    if missing:
        raise BuildError(f"the {backend} shims need files the installed wheels lack "
                         f"({', '.join(missing)}): {INSTALL_HINT}")
    return tools


def cuda_available() -> tuple[bool, str]:
    """Whether the cuda shims can be built here, and why not."""
    try:
        for backend in CUDA_BACKENDS:
            toolchain(backend)
    except BuildError as err:
        return False, err.message
    return True, ""


def runtime_sources(backend: str) -> list[Path]:
    """The runtime a cuda backend carries: the common one (device-buffer cache, transfers,
    errors), then the backend's own (its library handle, descriptors)."""
    _check_backend(backend)
    return [*sorted((CUDA_DIR / "common").glob("*.cu")),
            *sorted((CUDA_DIR / backend).glob("*.cu"))]


def cuda_library(backend: str, kind: str, header: str, units: dict[str, str],
                 user: Sequence[Path]) -> ShimLibrary:
    """Build (or find in the cache) a cuda backend's library from its generated units
    and the user's sources, against the generated header."""
    runtime = runtime_sources(backend)
    key = content_key([backend, kind, header, fingerprint(backend)]
                      + [f"{name}\0{text}" for name, text in units.items()]
                      + [f"{s.name}\0{s.read_text()}" for s in [*runtime, *user]])
    lib_name = f"libpolylift_{backend}{'.a' if kind == 'static' else '.so'}"

    def build(work: Path) -> None:
        generated = write_sources(work, HEADER_NAME, header, units)
        built = build_cuda_library(backend, [*runtime, *generated, *user], work / "include",
                                   work / lib_name, kind)
        (work / "link_args").write_text("\n".join(built.link_args))

    final = cache_dir() / "shims" / f"{backend}-x86_64-{kind}-{key}"
    path = built_once(final, lib_name, build)
    text = (final / "link_args").read_text()
    return ShimLibrary(path, tuple(line for line in text.splitlines() if line))


def fingerprint(backend: str) -> str:
    """Everything besides the sources that a cuda build depends on (for cache keys)."""
    parts = [Path(__file__).read_text()]
    parts += [f"{h.name}\0{h.read_text()}" for h in sorted((CUDA_DIR / "include").glob("*.h"))]
    nvcc = find_nvcc()
    parts.append(_nvcc_version(nvcc) if nvcc else "no nvcc")
    root = find_wheel_root()
    parts.append(str(root) if root else "no wheels")
    parts.append(os.environ.get("POLYLIFT_CUDA_ARCHS", ""))
    parts.append(backend)
    return "\n".join(parts)


@cache
def _nvcc_version(nvcc: str) -> str:
    return run_tool([nvcc, "--version"], "querying nvcc").strip().splitlines()[-1]


def arch_flags() -> tuple[str, ...]:
    """`-gencode` flags: a cubin per architecture, plus PTX of the last for newer GPUs."""
    archs = [a for a in re.split(r"[;, ]+", os.environ.get("POLYLIFT_CUDA_ARCHS", "80;90")) if a]
    if not archs or not all(a.isdigit() for a in archs):
        raise UsageError("POLYLIFT_CUDA_ARCHS must list compute capabilities such as '80;90'")
    flags: list[str] = []
    for arch in archs:
        flags += ["-gencode", f"arch=compute_{arch},code=sm_{arch}"]
    flags += ["-gencode", f"arch=compute_{archs[-1]},code=compute_{archs[-1]}"]
    return tuple(flags)


def compile_flags(tools: CudaToolchain, include_dir: Path) -> list[str]:
    """nvcc flags (the same for every backend, so shared sources compile once): the
    generated header first, vendor headers last."""
    flags = [*NVCC_FLAGS, *arch_flags(), f"-I{include_dir}", f"-I{CUDA_DIR / 'include'}"]
    # After the system folders, so nvcc's own runtime headers win over the wheel's copy.
    for folder in tools.include_dirs():
        flags += ["-Xcompiler", f"-idirafter{folder}"]
    return flags


def link_args(tools: CudaToolchain, backend: str) -> tuple[str, ...]:
    """What a program linking a cuda shim library needs (vendor libraries, rpath, C++)."""
    libs = tools.libraries(backend)
    folders = sorted({str(p.parent) for p in libs})
    args = [f"-L{f}" for f in folders]
    args += [f"-l:{p.name}" for p in libs]
    args += [f"-Wl,-rpath,{f}" for f in folders]
    return (*args, *SYSTEM_LIBS)


def build_cuda_library(backend: str, sources: Sequence[Path], include_dir: Path,
                       out_path: Path, kind: str) -> ShimLibrary:
    """Compile `sources` into `out_path` (`.a` for `static`, `.so` for `shared`)."""
    _check_backend(backend)
    if kind not in ("static", "shared"):
        raise UsageError(f"unknown library kind '{kind}' (known: static, shared)")
    if not sources:
        raise BuildError(f"no cuda shim sources for backend '{backend}'")
    tools = toolchain(backend)
    flags = compile_flags(tools, include_dir)
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        objects = list(pool.map(lambda src: compiled_object(tools, flags, src, include_dir),
                                sources))
    if kind == "static":
        run_tool(["ar", "rcs", str(out_path), *map(str, objects)], f"archiving {out_path.name}")
    else:
        _link_shared(tools, backend, objects, out_path)
    check_symbols(out_path, include_dir, backend)
    return ShimLibrary(out_path, link_args(tools, backend))


def compiled_object(tools: CudaToolchain, flags: Sequence[str], src: Path, include_dir: Path
                    ) -> Path:
    """The object of one source, from a content-keyed cache shared by both library kinds
    and every backend (the runtime sources are the same in all three)."""
    digest = hashlib.sha256()
    headers = sorted((CUDA_DIR / "include").glob("*.h")) + sorted(include_dir.glob("*.h"))
    # The generated header's folder is a fresh temporary one; its content is what counts.
    stable_flags = ["-I<generated>" if f == f"-I{include_dir}" else f for f in flags]
    for part in [_nvcc_version(tools.nvcc), *stable_flags, src.read_text(),
                 *(f"{h.name}\0{h.read_text()}" for h in headers)]:
        data = part.encode()
        digest.update(len(data).to_bytes(8, "little") + data)
    folder = cache_dir() / "cuda-objects"
    obj = folder / f"{src.stem}-{digest.hexdigest()[:24]}.o"
    if obj.is_file():
        return obj
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{src.stem}-", suffix=".o")
    os.close(fd)
    try:
        run_tool([tools.nvcc, *flags, "-c", str(src), "-o", tmp],
                 f"compiling cuda shim {display(src)}", lines=25)
        os.replace(tmp, obj)  # atomic: a concurrent identical build writes the same bytes
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return obj


def _link_shared(tools: CudaToolchain, backend: str, objects: Sequence[Path], out: Path
                 ) -> None:
    libs = tools.libraries(backend)
    folders = sorted({str(p.parent) for p in libs})
    argv = [tools.nvcc, "-shared", "-cudart", "shared", "-o", str(out), *map(str, objects)]
    argv += [f"-L{f}" for f in folders] + [f"-l:{p.name}" for p in libs]
    argv += [f"-Xlinker=-rpath,{f}" for f in folders]
    run_tool(argv, f"linking {out.name}", lines=25)


def declared_in_header(include_dir: Path, backend: str) -> set[str]:
    """The `polylift_<backend>_*` symbols the generated header declares."""
    text = (include_dir / "polylift_shims.h").read_text()
    return set(re.findall(rf"\b(polylift_{backend}_\w+)\s*\(", text))


def defined_symbols(lib: Path) -> set[str]:
    """Global symbols a static or shared library defines."""
    argv = ["nm", "-g", "--defined-only"] + (["-D"] if lib.suffix == ".so" else []) + [str(lib)]
    out = run_tool(argv, f"listing the symbols of {lib.name}")
    return {f[2] for line in out.splitlines() if len(f := line.split()) == 3}


def check_symbols(lib: Path, include_dir: Path, backend: str) -> None:
    """Fail when the library lacks a shim the header declares for its backend."""
    missing = sorted(declared_in_header(include_dir, backend) - defined_symbols(lib))
    if missing:
        raise BuildError(f"{lib.name} lacks shims the header declares: {', '.join(missing)} "
                         f"(add the launch to a family in polylift/shims/families/)")


def _check_backend(backend: str) -> None:
    if backend not in CUDA_BACKENDS:
        raise UsageError(f"unknown cuda backend '{backend}' (known: {', '.join(CUDA_BACKENDS)})")
