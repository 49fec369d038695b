"""Where built shim libraries are kept: content keys, private build folders published
atomically, and the one way the builds run an external tool.

Both builds (`build.py` for the C backends, `cuda_build.py` for nvcc) share these, so
neither imports the other's internals.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from polylift.errors import BuildError

REPO_ROOT = Path(__file__).resolve().parent.parent.parent


@dataclass(frozen=True)
class ShimLibrary:
    """A built shim library and the linker arguments a program using it needs."""

    path: Path
    link_args: tuple[str, ...]

    @property
    def include_dir(self) -> Path:
        """The folder holding the `polylift_shims.h` the library was built against."""
        return self.path.parent / "include"

    @property
    def source_dir(self) -> Path:
        """The folder holding the shim sources the library was generated from."""
        return self.path.parent / "src"


def cache_dir() -> Path:
    """Where built libraries are kept: `$POLYLIFT_CACHE_DIR` or `~/.cache/polylift`."""
    root = os.environ.get("POLYLIFT_CACHE_DIR")
    return Path(root) if root else Path.home() / ".cache" / "polylift"


def content_key(parts: Sequence[str | bytes]) -> str:
    """A short hash of `parts` (each length-prefixed, so boundaries count)."""
    digest = hashlib.sha256()
    for part in parts:
        data = part.encode() if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "little") + data)
    return digest.hexdigest()[:24]


def display(path: Path) -> str:
    """A path as messages show it: relative to the repository when inside it."""
    try:
        return str(path.resolve().relative_to(REPO_ROOT))
    except ValueError:
        return str(path)


def file_contents(files: Sequence[Path]) -> list[str]:
    """Name and text of each file, for a cache key."""
    return [f"{display(f)}\0{f.read_text()}" for f in files]


def run_tool(argv: list[str], what: str, lines: int = 20) -> str:
    """Run a build tool; a missing tool or a failure raises `BuildError` with its output."""
    try:
        done = subprocess.run(argv, text=True, capture_output=True, check=False)
    except FileNotFoundError:
        raise BuildError(f"{what}: cannot run '{argv[0]}' (not installed? "
                         "scripts/setup_system.sh installs the toolchains)") from None
    if done.returncode != 0:
        detail = (done.stderr or done.stdout).strip().splitlines()[-lines:]
        raise BuildError(f"{what} failed (exit {done.returncode}):\n" + "\n".join(detail))
    return done.stdout


def write_sources(folder: Path, header_name: str, header: str, units: dict[str, str]
                  ) -> list[Path]:
    """Write the generated header to `folder/include` and the units to `folder/src`."""
    (folder / "include").mkdir()
    (folder / "include" / header_name).write_text(header)
    (folder / "src").mkdir()
    paths = []
    for name, text in units.items():
        (folder / "src" / name).write_text(text)
        paths.append(folder / "src" / name)
    return paths


def built_once(final: Path, lib_name: str, build: Callable[[Path], None]) -> Path:
    """`final/lib_name`, built by `build(work)` into a private folder first when missing.

    The folder is renamed into place only when complete, so processes building at once
    never see a half-written library; a concurrent identical build may win the rename.
    """
    if (final / lib_name).is_file():
        return final / lib_name
    final.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(dir=final.parent, prefix=f".build-{final.name[:16]}-"))
    try:
        build(work)
        try:
            os.rename(work, final)
        except OSError:
            if not final.is_dir():
                raise
    finally:
        if work.exists():
            shutil.rmtree(work, ignore_errors=True)
    return final / lib_name
