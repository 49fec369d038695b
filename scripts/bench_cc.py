"""Time polylift-cc on every linalg benchmark kernel (warm, in one process).

usage: python scripts/bench_cc.py [--size MINI_DATASET] [--repeat N]
Prints the best time per kernel and the total; the goal is under 2 s in total.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from polylift.errors import PolyliftError
from polylift.frontend import translate_file

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    """Translate each benchmarks/linalg/*.c file and print the timings."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="MINI_DATASET")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    include = str(ROOT / "benchmarks" / "include")
    files = sorted((ROOT / "benchmarks" / "linalg").glob("*.c"))
    if not files:
        print("no benchmarks/linalg/*.c files", file=sys.stderr)
        return 1
    translate_file(str(files[0]), [include], [args.size])  # warm up: imports, contexts
    total, failures = 0.0, 0
    for path in files:
        best = float("inf")
        try:
            for _ in range(args.repeat):
                start = time.perf_counter()
                translate_file(str(path), [include], [args.size])
                best = min(best, time.perf_counter() - start)
        except PolyliftError as exc:
            failures += 1
            print(f"{path.name:24s}  FAILED  {exc.render().splitlines()[0]}")
            continue
        total += best
        print(f"{path.name:24s} {best * 1000:8.1f} ms")
    print(f"{'total':24s} {total * 1000:8.1f} ms  ({len(files) - failures} kernels)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
