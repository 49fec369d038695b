"""Compiled objects kept by content, so that a rebuild of an unchanged file costs a
preprocessing and a copy.

An object is found by a key of everything it is made from: gcc's preprocessed text of
the file, the compile flags, the compiler, polylift's version and options, the template
library. Entries are folders under `<cache>/driver/` (`$POLYLIFT_CACHE_DIR`, else
`~/.cache/polylift`) holding the object and the file's records; each is written in a
private folder and renamed into place, so concurrent writers of one key (`make -j`, two
builds sharing a cache) never leave a half-written entry: the first rename wins and the
others are dropped, and a reader sees a whole entry or none.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import polylift

OBJECT, RECORDS = "object.o", "records.json"


def cache_dir() -> Path:
    """`$POLYLIFT_CACHE_DIR`, else `~/.cache/polylift` (the shim libraries' too)."""
    root = os.environ.get("POLYLIFT_CACHE_DIR")
    return Path(root) if root else Path.home() / ".cache" / "polylift"


@cache
def code_identity() -> str:
    """Every file of the installed polylift by name, size and modification time: a
    change of its code or data (an editable install edited) makes new keys. A stat of
    each file, not its text: a compile that finds its object in the cache reads little."""
    root = Path(polylift.__file__).parent
    seen = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            stat = os.stat(os.path.join(folder, name))
            seen.append(f"{os.path.relpath(os.path.join(folder, name), root)} "
                        f"{stat.st_size} {stat.st_mtime_ns}")
    return hashlib.sha256("\n".join([polylift.__version__, *seen]).encode()).hexdigest()


def unit_key(parts: Sequence[str], files: Sequence[Path]) -> str:
    """The key of a compile made from `parts` and the files or folders `files` (user
    template folders, an offload profile: their text, recursively)."""
    digest = hashlib.sha256()
    for part in parts:
        digest.update(len(part.encode()).to_bytes(8, "little") + part.encode())
    for path in files:
        found = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() \
            else [path] if path.is_file() else []
        for file in found:
            digest.update(str(file).encode() + b"\0" + file.read_bytes())
    return digest.hexdigest()[:32]

@dataclass(frozen=True)
class CachedUnit:
    """A cache entry: the object and the records of the compile that made it."""

    object: Path
    records: dict[str, Any]


def _entry(key: str) -> Path:
    return cache_dir() / "driver" / key[:2] / key


def lookup(key: str) -> CachedUnit | None:
    """The entry of `key`, or None (also for an entry that cannot be read)."""
    folder = _entry(key)
    try:
        records = json.loads((folder / RECORDS).read_text())
    except (OSError, ValueError):
        return None
    obj = folder / OBJECT
    return CachedUnit(obj, records) if obj.is_file() else None


def store(key: str, obj: Path, records: dict[str, Any]) -> None:
    """Keep `obj` and `records` under `key`; a failure to write only loses the entry."""
    final = _entry(key)
    if final.is_dir():
        return
    try:
        final.parent.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix=f".{key}.", dir=final.parent))
    except OSError:
        return
    try:
        shutil.copyfile(obj, work / OBJECT)
        (work / RECORDS).write_text(json.dumps(records, indent=1, sort_keys=True) + "\n")
        os.rename(work, final)
    except OSError:  # another writer won, or the disk is full: no entry from this one
        shutil.rmtree(work, ignore_errors=True)


__all__ = ["CachedUnit", "cache_dir", "code_identity", "lookup", "store", "unit_key"]
