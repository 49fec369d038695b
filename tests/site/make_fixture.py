"""Regenerate `fixtures/bake`: three small kernels baked with the ref and host backends,
and a library suite.

`atax` is lifted fully, `jacobi-1d` partly (a loop stays), and `broken` stops in the
front end, so the pages show every kind of outcome. The `library` suite is two C files
without main (a library's sources): every function of each goes through the front end,
one translated and lifted, others raised but unmatched, others skipped (a while loop,
a call passing a struct), so its page shows the functions and the blockers counted by
category.

    .venv/bin/python -m tests.site.make_fixture

The fixture is data for the site tests (snapshots, links, browser): it is committed, so
the tests do not depend on what the rest of the toolchain currently produces. After
regenerating it, update the snapshots with `POLYLIFT_UPDATE_SNAPSHOTS=1 pytest tests/site`.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from polylift.bake import BakeOptions, bake

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = Path(__file__).parent / "fixtures" / "bake"
KERNELS = ("atax", "jacobi-1d")
BROKEN = """#include "polylift_bench.h"
/* A while loop is outside the front end's static-control subset. */
static void kernel_broken(int n, double A[n])
{
  int i = 0;
  while (A[i] > 0)
    i++;
}
"""


LIBRARY = {
    "blas.c": """/* A library's BLAS file: no main. */
void axpy(int n, float a, const float *restrict x, float *restrict y)
{
  for (int i = 0; i < n; i++)
    y[i] += a * x[i];
}

int find(int n, const float *x, float v)
{
  int i = 0;
  while (i < n && x[i] != v)
    i++;
  return i;
}
""",
    "layers.c": """typedef struct { int n, batch; float *output, *biases; } layer;
void log_layer(const layer *l);

void add_bias(layer l)
{
  for (int b = 0; b < l.batch; b++)
    for (int i = 0; i < l.n; i++)
      l.output[b * l.n + i] += l.biases[i];
}

void forward(layer l)
{
  add_bias(l);
  log_layer(&l);
}
""",
}


def main() -> None:
    """Bake the kernels in a scratch copy of the benchmark layout, keep all but the cache."""
    with tempfile.TemporaryDirectory() as tmp:
        suite = Path(tmp) / "benchmarks" / "linalg"
        suite.mkdir(parents=True)
        for name in KERNELS:
            shutil.copy(ROOT / "benchmarks" / "linalg" / f"{name}.c", suite)
        (suite / "broken.c").write_text(BROKEN)
        shutil.copytree(ROOT / "benchmarks" / "include", suite.parent / "include")
        library = Path(tmp) / "benchmarks" / "library"
        library.mkdir()
        for name, text in LIBRARY.items():
            (library / name).write_text(text)
        out = Path(tmp) / "bake"
        bake([str(suite), str(library)], out,
             BakeOptions(backends=("ref", "host"), jobs=1, progress=False))
        shutil.rmtree(out / ".cache")
        shutil.rmtree(FIXTURE, ignore_errors=True)
        shutil.copytree(out, FIXTURE)
    print(f"wrote {FIXTURE.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
