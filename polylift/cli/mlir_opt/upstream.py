"""What polylift-opt knows of upstream mlir-opt: its passes (for `--list-passes` and
"Did you mean") and its dialects (`--show-dialects`).

The bindings expose no registry of passes or dialects, so the pinned mlir-opt, built of
the same MLIR as the bindings, is asked once (`--list-passes`, `--show-dialects`) and
its answer kept in polylift's disk cache under a key of the binary's path, size and
time: about 70 ms the first time, nothing after. Only `--list-passes`,
`--show-dialects` and an unknown option ask; a pipeline run never does.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
from dataclasses import dataclass
from functools import cache

from polylift.mlir import new_context, tool_path
from polylift.tdl import disk_cache

CACHE_KIND = "mlir-opt-registry"
DIALECTS_PREFIX = "Available Dialects:"
# polylift's own dialect: its ops are unregistered to MLIR, parsed and then verified by
# polylift (kernel_dialect.py), so an input may hold them as any registered dialect's.
POLYLIFT_DIALECTS = ("kernel",)


@dataclass(frozen=True)
class UpstreamRegistry:
    """mlir-opt's `--list-passes` text, the pass and pipeline names in it, and its
    dialects; empty where mlir-opt could not be run."""

    list_text: str
    passes: tuple[str, ...]
    dialects: tuple[str, ...]


@cache
def upstream_registry() -> UpstreamRegistry:
    """The registry of the pinned mlir-opt, from the cache or from running it."""
    path = tool_path("mlir-opt")
    try:
        stat = os.stat(path)
    except OSError:
        return UpstreamRegistry("", (), ())
    digest = hashlib.sha256(f"{path}:{stat.st_size}:{stat.st_mtime_ns}".encode()).hexdigest()
    stored = disk_cache.read(CACHE_KIND, digest)
    if stored is not None:
        try:
            return _from_json(stored)
        except (ValueError, KeyError, TypeError):
            pass  # a broken entry is a miss
    registry = _ask(path)
    if registry.passes:
        disk_cache.write(CACHE_KIND, digest, json.dumps(registry.__dict__).encode())
    return registry


def _from_json(data: bytes) -> UpstreamRegistry:
    fields = json.loads(data)
    return UpstreamRegistry(fields["list_text"], tuple(fields["passes"]),
                            tuple(fields["dialects"]))


def _ask(path: str) -> UpstreamRegistry:
    """Run mlir-opt for its pass list and dialects."""
    try:
        listed = subprocess.run([path, "--list-passes"], capture_output=True, text=True,
                                timeout=60, check=True).stdout
        shown = subprocess.run([path, "--show-dialects"], capture_output=True, text=True,
                               timeout=60, check=True).stdout
    except (OSError, subprocess.SubprocessError):
        return UpstreamRegistry("", (), ())
    return UpstreamRegistry(listed, parse_pass_names(listed), parse_dialects(shown))


def parse_pass_names(text: str) -> tuple[str, ...]:
    """The passes and pipelines of a `--list-passes` text: the `--name` entries indented
    by two spaces (their options are indented by four)."""
    names = []
    for line in text.splitlines():
        if line.startswith("  --") and not line.startswith("   "):
            names.append(line[4:].split()[0].split("=", 1)[0])
    return tuple(names)


def parse_dialects(text: str) -> tuple[str, ...]:
    """The names of mlir-opt's `Available Dialects: a,b,c` line."""
    for line in text.splitlines():
        if line.startswith(DIALECTS_PREFIX):
            return tuple(d.strip() for d in line[len(DIALECTS_PREFIX):].split(",") if d.strip())
    return ()


def context_dialects() -> tuple[str, ...]:
    """The dialects an input of polylift-opt may use: those of upstream's registry that
    polylift's context has registered too, and polylift's own."""
    ctx = new_context()
    found: set[str] = set(POLYLIFT_DIALECTS)
    for name in upstream_registry().dialects:
        try:
            ctx.dialects[name]
        except (IndexError, KeyError, AttributeError, ValueError):
            continue
        found.add(name)
    return tuple(sorted(found))

