"""A bake in shards, for more than one machine: each shard's part of the index.

`polylift bake SUITES -o DIR --shard K/N` bakes every N-th kernel from the K-th
(`polylift.shard`) into DIR as a whole bake would, but writes its part of the index to
`DIR/shard-K-of-N.json` (every suite it was given, with its config, and the summaries of
its own kernels) instead of `index.json`: the shards may share DIR on a shared
filesystem (their kernel folders differ; the stage cache's records are written
atomically and named by content) or each have its own. `merge.py` joins them.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from polylift.output import write_atomically
from polylift.shard import Shard

_NAME = re.compile(r"shard-(\d+)-of-(\d+)\.json")


def fragment_name(shard: Shard) -> str:
    """`shard-2-of-3.json`."""
    return f"shard-{shard.index}-of-{shard.count}.json"


@dataclass(frozen=True)
class Fragment:
    """One shard's part of a bake, read from the folder it baked into."""

    shard: Shard
    folder: Path
    configs: dict[str, dict[str, Any]]
    summaries: tuple[dict[str, Any], ...]


def write_fragment(out: Path, shard: Shard, configs: dict[str, dict[str, Any]],
                   summaries: list[dict[str, Any]]) -> None:
    """Write the shard's part of the index into `out`."""
    data = {"shard": str(shard), "suites": configs, "kernels": summaries}
    write_atomically(str(out / fragment_name(shard)),
                     json.dumps(data, indent=2, sort_keys=True) + "\n")


def read_fragments(folder: Path) -> list[Fragment]:
    """The shards' parts found in `folder`."""
    found = []
    for path in sorted(folder.glob("shard-*-of-*.json")):
        if not _NAME.fullmatch(path.name):
            continue
        data = json.loads(path.read_text())
        found.append(Fragment(Shard.parse(data["shard"]), folder, data["suites"],
                              tuple(data["kernels"])))
    return found


__all__ = ["Fragment", "fragment_name", "read_fragments", "write_fragment"]
