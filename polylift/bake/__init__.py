"""`polylift bake`: every stage of every kernel written to files, cached by content.

`bake(suites, out, options)` is the entry point (see `driver`); `kernel.bake_kernel`
bakes one kernel (a `job.KernelJob`), `stages` holds the stage functions of the stage
table (`passes/stages.py`), `summary` what a baked kernel amounts to and its
`commands.txt`, `checks` the results stage, `cache` the content-hash cache.

May import: `polylift.harness`, `polylift.passes`, `polylift.matcher`, `polylift.tdl`,
`polylift.frontend` and below (never `cli` or `site`). What loads MLIR (the front end,
the passes, the harness) is imported where a stage runs, so a fully cached bake never
loads it.
"""

from polylift.bake.driver import BakeOptions, BakeStats, bake, find_suite

__all__ = ["BakeOptions", "BakeStats", "bake", "find_suite"]
