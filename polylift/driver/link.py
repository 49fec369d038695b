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

import re
import subprocess
from collections.abc import Iterable
from pathlib import Path

from polylift.driver.command_line import GccCommand
from polylift.harness.programs.plan import BuildPlan
from polylift.shims.build import C_BACKENDS, shim_library
from polylift.shims.generate import CUDA_BACKENDS

_BACKENDS = "|".join(sorted(C_BACKENDS + CUDA_BACKENDS))
_SHIM = re.compile(rf"polylift_({_BACKENDS})_\w+")
SHADOW_PREFIX = "polylift_shadow_"


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
    found = {m.group(1) for n in names if (m := _SHIM.fullmatch(n))}
    return tuple(b for b in (*CUDA_BACKENDS, *C_BACKENDS) if b in found)


def runtime_args(names: set[str], plan: BuildPlan, shadow_library: Path | None) -> list[str]:
    """What the link must add for the lifted code among `names` (undefined names of its
    inputs): the shim libraries and their needs, the shadow runtime; [] for none."""
    backends = needed_backends(names)
    args: list[str] = []
    if shadow_library is not None and any(n.startswith(SHADOW_PREFIX) for n in names):
        args.append(str(shadow_library))
    libraries = [shim_library(b, plan.target, template_dirs=[Path(d) for d in plan.templates])
                 for b in backends]
    args += [str(lib.path) for lib in libraries]
    args += [a for lib in libraries for a in lib.link_args]
    return args + (["-lm"] if args else [])


__all__ = ["SHADOW_PREFIX", "linked_files", "needed_backends", "runtime_args",
           "undefined_names"]
