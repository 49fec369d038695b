"""Other C files a benchmark's program needs: `/* POLYLIFT_LINK(path) */`.

Code taken from a real code base calls helpers defined in other files of it (a
framework's `fill_cpu` in its BLAS file). The kernel keeps such a call as it is, and
both programs, the reference and the lifted one, must link the file that defines it. A
benchmark says so in a comment, with a path relative to its own directory:

    /* POLYLIFT_LINK(framework_util.c) */

Each file is compiled for the target with the benchmark's include directories and
defines, and without `-Dstatic=...` (its own static helpers stay private to it), then
linked into both programs.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from polylift.errors import BuildError
from polylift.harness.programs.extents import read_annotations_of
from polylift.harness.programs.toolchain import C_FLAGS, Toolchain

ANNOTATION = "POLYLIFT_LINK"


def linked_sources(source: Path) -> list[Path]:
    """The files `source` asks to be linked with it, resolved and checked."""
    found = []
    for body, loc in read_annotations_of(source, ANNOTATION):
        path = (source.parent / body.strip()).resolve()
        if not body.strip() or not path.is_file():
            raise BuildError(f"{ANNOTATION} names '{body.strip()}', which is no file next to "
                             f"{source.name}", loc)
        found.append(path)
    return found


def compile_links(source: Path, c_args: Sequence[str], tc: Toolchain) -> list[Path]:
    """Each linked file as an object in the work directory (`link-<stem>.o`)."""
    objects = []
    for path in linked_sources(source):
        name = f"link-{re.sub(r'[^A-Za-z0-9_]', '_', path.stem)}.o"
        tc.run([tc.gcc(), *C_FLAGS, *c_args, "-c", str(path), "-o", name],
               f"compiling {path.name} (linked by {ANNOTATION})")
        objects.append(tc.workdir / name)
    return objects
