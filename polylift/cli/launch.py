"""The process entry of `polylift-opt`: Python's cyclic collector off before the first
import.

A polylift-opt process lives a fraction of a second and allocates mostly objects that
live as long as it does (modules, classes, the template library: some 70,000), which
the collector scans again and again to free nothing, about a tenth of the CPU time of a
host pipeline run on a PolyBench kernel. A run leaves only a few hundred objects in
cycles (measured on the benchmark kernels and a file of twenty functions), so a process
that ends after one command does without the collector. Only this entry turns it off:
`run_opt` called inside a longer-lived program (a benchmark script, the tests) leaves
the collector as it is.
"""

from __future__ import annotations

import gc
import sys


def opt() -> int:
    """`polylift-opt` as a process: the driver imported with the collector off."""
    gc.disable()
    # Imported here, after the collector is off: the imports are most of the objects.
    from polylift.cli.opt import main

    return main()


if __name__ == "__main__":
    sys.exit(opt())
