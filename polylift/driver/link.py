"""The link step: what the lifted objects need, added to the project's own link.

A lifted object calls shims (`polylift_<backend>_<launch>_<dtype>`) and, in a shadow
build, the shadow runtime (`polylift_shadow_*`): the link gets the static library of
each backend those calls name (built once per backend, target and polylift version,
and cached: `shims/build.py`), its own needs (OpenBLAS, the CUDA libraries), and the
shadow runtime, after every input, for executables and shared libraries alike; and
nothing where no input needs it. The inputs looked at are the objects and archives of
the command, and the archives its `-l` options find in its `-L` folders (a library of
the project; the system's hold no lifted code).
"""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from polylift.driver import cache
from polylift.driver.command_line import GccCommand

SHADOW_PREFIX = "polylift_shadow_"
_SHIM = re.compile(r"polylift_([a-z]+)_\w+")


def linked_files(cmd: GccCommand, extra: Iterable[str] = ()) -> list[Path]:
    """The objects and archives a link command reads that may hold lifted code."""
    files = [Path(i.path) for i in cmd.inputs if i.path.endswith((".o", ".a"))]
    folders = [Path(o.value if o.value is not None else o.word[2:])
               for o in cmd.options if o.word.startswith("-L")]
    for option in cmd.options:
        if option.word.startswith("-l"):
            name = option.value if option.value is not None else option.word[2:]
            files += [f / f"lib{name}.a" for f in folders if (f / f"lib{name}.a").is_file()]
    return [*files, *map(Path, extra)]


def undefined_names(files: Iterable[Path], nm: str) -> set[str]:
    """The names the files call and do not define."""
    names: set[str] = set()
    for path in files:
        if not path.is_file():
            continue
        done = subprocess.run([nm, "-u", str(path)], capture_output=True, text=True,
                              check=False)
        names.update(line.split()[-1] for line in done.stdout.splitlines()
                     if line.strip() and not line.endswith(":"))
    return names


def needed_backends(names: Iterable[str]) -> tuple[str, ...]:
    """The backends whose shims `names` call, in a fixed order."""
    candidates = {m.group(1) for n in names if (m := _SHIM.fullmatch(n))}
    if not candidates:
        return ()
    from polylift.tdl.checks import BACKENDS

    return tuple(b for b in BACKENDS if b in candidates)


def runtime_args(names: set[str], target: str, templates: Iterable[str],
                 shadow_library: Path | None) -> list[str]:
    """What the link must add for the lifted code among `names` (undefined names of its
    inputs): the shim libraries and their needs, the shadow runtime; [] for none."""
    args: list[str] = []
    if shadow_library is not None and any(n.startswith(SHADOW_PREFIX) for n in names):
        args.append(str(shadow_library))
    libraries = [_library(b, target, tuple(templates)) for b in needed_backends(names)]
    args += [lib.path for lib in libraries]
    args += [a for lib in libraries for a in lib.link_args]
    return args + (["-lm"] if args else [])


@dataclass(frozen=True)
class Library:
    """A built shim library and what linking it takes besides."""

    path: str
    link_args: tuple[str, ...]


def _library(backend: str, target: str, templates: tuple[str, ...]) -> Library:
    """The shim library of `backend` (path, link arguments): built and cached by the
    shim build, and its place remembered per polylift version, so a link after the
    first reads a small file instead of rendering every shim to find the library's key."""
    memo = cache.cache_dir() / "driver" / "shims" / (
        f"{backend}-{target}-{cache.unit_key([cache.code_identity()], list(map(Path, templates)))}"
        ".json")
    try:
        found = json.loads(memo.read_text())
        if Path(found["path"]).is_file():
            return Library(found["path"], tuple(found["link_args"]))
    except (OSError, ValueError, KeyError, TypeError):
        pass
    from polylift.output import write_atomically
    from polylift.shims.build import shim_library

    lib = shim_library(backend, target, template_dirs=[Path(d) for d in templates])
    write_atomically(str(memo), json.dumps({"path": str(lib.path),
                                            "link_args": list(lib.link_args)}))
    return Library(str(lib.path), lib.link_args)


__all__ = ["SHADOW_PREFIX", "linked_files", "needed_backends", "runtime_args",
           "undefined_names"]
