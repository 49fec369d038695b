"""`polylift bake`: every stage of every kernel written to files, cached by content.

`bake(suites, out, options)` is the entry point (see `driver`); `kernel.bake_kernel`
bakes one kernel, `stages` holds the stage functions, `cache` the content-hash cache.
"""

from polylift.bake.driver import BakeOptions, BakeStats, bake, find_suite

__all__ = ["BakeOptions", "BakeStats", "bake", "find_suite"]
