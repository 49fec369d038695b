"""Time polylift-cc on every linalg benchmark kernel (warm, in one process).

usage: python scripts/bench_cc.py [--size MINI] [--kernels gemm,atax] [--repeat N]
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
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--size", default="MINI",
                        help="dataset size, MINI or MINI_DATASET alike (default MINI)")
    parser.add_argument("--kernels", default="",
                        help="comma-separated stems of benchmarks/linalg (default: all)")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    include = str(ROOT / "benchmarks" / "include")
    size = args.size if args.size.endswith("_DATASET") else f"{args.size}_DATASET"
    files = sorted((ROOT / "benchmarks" / "linalg").glob("*.c"))
    wanted = [k for k in args.kernels.split(",") if k]
    missing = sorted(set(wanted) - {f.stem for f in files})
    if missing:
        parser.error(f"no benchmarks/linalg kernel named {', '.join(missing)}")
    files = [f for f in files if not wanted or f.stem in wanted]
    if not files:
        print("no benchmarks/linalg/*.c files", file=sys.stderr)
        return 1
    translate_file(str(files[0]), [include], [size])  # warm up: imports, contexts
    total, failures = 0.0, 0
    for path in files:
        best = float("inf")
        try:
            for _ in range(args.repeat):
                start = time.perf_counter()
                translate_file(str(path), [include], [size])
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
