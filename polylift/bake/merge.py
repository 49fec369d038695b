"""`polylift bake --merge DIR... -o OUT`: the shards of a bake joined into one bake.

Every shard 1..N of one run must be there, each suite baked with the same options in
all of them. The kernels' folders are copied into OUT (where a shard baked elsewhere),
the stage caches joined, and OUT's `index.json`, `results.json` and `templates.json`
written as the bake on one machine writes them, so the merged bake is that bake.
"""

from __future__ import annotations

import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from polylift.bake.driver import write_index
from polylift.bake.shards import Fragment, read_fragments
from polylift.errors import UsageError
from polylift.output import write_atomically
from polylift.shard import missing_shards

CACHE = ".cache"


def _fragments(folders: Sequence[Path]) -> list[Fragment]:
    for folder in folders:
        if not folder.is_dir():
            raise UsageError(f"no bake folder '{folder}'")
    found = [f for folder in folders for f in read_fragments(folder)]
    if not found:
        raise UsageError("no shard of a bake (shard-K-of-N.json) in "
                         + ", ".join(map(str, folders)))
    why = missing_shards([f.shard for f in found])
    if why:
        raise UsageError(f"cannot merge: {why}")
    return found


def _configs(fragments: Sequence[Fragment]) -> dict[str, dict[str, Any]]:
    """Each suite's config, the same in every shard."""
    configs: dict[str, dict[str, Any]] = {}
    for fragment in fragments:
        for name, config in fragment.configs.items():
            if configs.setdefault(name, config) != config:
                raise UsageError(f"cannot merge: suite '{name}' was baked with other options "
                                 f"in shard {fragment.shard} ({fragment.folder})")
    return configs


def _copy_kernel(fragment: Fragment, summary: dict[str, Any], out: Path) -> None:
    relative = Path(summary["suite"]) / summary["kernel"]
    if fragment.folder.resolve() == out.resolve():
        return
    target = out / relative
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(fragment.folder / relative, target)


def _join_cache(folder: Path, out: Path) -> None:
    """Copy the stage records of `folder`'s cache that `out`'s lacks, each written aside
    and renamed into place, as the bake writes them (another process reading or joining
    the same cache sees a whole record or none)."""
    source = folder / CACHE
    if not source.is_dir() or source.resolve() == (out / CACHE).resolve():
        return
    for record in source.rglob("*.json"):
        target = out / CACHE / record.relative_to(source)
        if not target.exists():
            write_atomically(str(target), record.read_bytes())


def merge(folders: Sequence[Path], out: Path) -> list[dict[str, Any]]:
    """Join the shards in `folders` into the bake `out`; the kernels' summaries."""
    fragments = _fragments(folders)
    configs = _configs(fragments)
    out.mkdir(parents=True, exist_ok=True)
    summaries, seen = [], set()
    for fragment in fragments:
        for summary in fragment.summaries:
            key = (summary["suite"], summary["kernel"])
            if key in seen:
                raise UsageError(f"cannot merge: {key[0]}/{key[1]} is in two shards")
            seen.add(key)
            _copy_kernel(fragment, summary, out)
            summaries.append(summary)
        _join_cache(fragment.folder, out)
    summaries.sort(key=lambda s: (s["suite"], s["kernel"]))
    write_index(out.resolve(), configs, summaries)
    return summaries


__all__ = ["merge"]
