"""An on-disk cache of what the template language builds from its files: the LALR parser
and the checked library, so a command does not rebuild either on every run.

An entry is a file named by the hash of everything that made it, so a stale entry is
never read: it is simply not found. The directory is `$POLYLIFT_CACHE_DIR`, else
`$XDG_CACHE_HOME/polylift`, else `~/.cache/polylift`; an empty `POLYLIFT_CACHE_DIR`
turns the cache off. A cache that cannot be read or written is no cache, never an
error: entries are written atomically (two processes may store the same key at once)
and one that does not load is built again.
"""

from __future__ import annotations

import hashlib
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from polylift import __version__

ENV_VAR = "POLYLIFT_CACHE_DIR"
# Entries kept per kind; older ones go, so edited templates do not pile up entries.
# Expression templates (one small entry per expression a program states) keep more.
KEEP = 16
_KEEP_OF = {"expression": 4096}
_TDL = Path(__file__).parent

T = TypeVar("T")


def cache_dir() -> Path | None:
    """The cache directory the environment names (None: caching is off)."""
    chosen = os.environ.get(ENV_VAR)
    if chosen is not None:
        return Path(chosen) if chosen else None
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    # The XDG convention: a relative value is invalid and is ignored.
    base = Path(xdg) if os.path.isabs(xdg) else Path.home() / ".cache"
    return base / "polylift"


def key(*parts: str) -> str:
    """The hash of `parts` (each length-prefixed, so no two lists collide), of polylift's
    version and Python's, and of the template language's grammar and code: an AST class
    or a check that changes makes every entry stale, even before the version is bumped."""
    h = hashlib.sha256()
    code = [p.read_text() for p in sorted([*_TDL.glob("*.py"), *_TDL.glob("*.lark")])]
    for part in (__version__, sys.version, *code, *parts):
        data = part.encode()
        h.update(f"{len(data)}:".encode())
        h.update(data)
    return h.hexdigest()


def cached(kind: str, digest: str, build: Callable[[], T], dump: Callable[[T], bytes],
           load: Callable[[bytes], T]) -> T:
    """The entry of `kind` under `digest` through `load`, else `build()`, stored through
    `dump`. An entry that does not load (truncated, written by another version of a
    library it pickles) is built again: whatever `load` raises is a miss. A value too
    deep for `dump` (a template expression of thousands of terms) is not stored."""
    data = read(kind, digest)
    if data is not None:
        try:
            return load(data)
        except Exception:  # a broken entry of any kind is a miss, never an error
            pass
    value = build()
    try:
        dumped = dump(value)
    except RecursionError:
        return value
    write(kind, digest, dumped)
    return value


def read(kind: str, digest: str) -> bytes | None:
    """The entry of `kind` stored under `digest`, or None."""
    folder = cache_dir()
    if folder is None:
        return None
    try:
        return (folder / f"{kind}-{digest}.bin").read_bytes()
    except OSError:
        return None


def write(kind: str, digest: str, data: bytes) -> None:
    """Store an entry; where the directory cannot be written, do nothing."""
    folder = cache_dir()
    if folder is None:
        return
    tmp = None
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{kind}-", suffix=".tmp")
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, folder / f"{kind}-{digest}.bin")
        tmp = None
        _prune(folder, kind)
    except OSError:
        pass
    finally:
        if tmp is not None:
            Path(tmp).unlink(missing_ok=True)


def _prune(folder: Path, kind: str) -> None:
    """Remove all but the `KEEP` newest entries of `kind` (more for some kinds)."""
    entries = sorted(folder.glob(f"{kind}-*.bin"), key=_mtime, reverse=True)
    for stale in entries[_KEEP_OF.get(kind, KEEP):]:
        stale.unlink(missing_ok=True)


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0
