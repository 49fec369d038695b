"""The run-time cost of the alias guard, on a kernel whose arrays say no `restrict`.

A bundled benchmark is copied to a scratch directory with its `restrict` qualifiers
removed and checked twice per size with `polylift check --repeat N` (a warm-up call, then
the median of N calls, each timed alone by the wrapper): as it is, so that its arrays
may alias and the dispatcher computes their address ranges at entry before it calls the
lifted version, and with `--assume-noalias`, which translates the same C with no guard.
Both lifted programs run the same launches on the same arrays; the ratio of the two
medians is what the guard and the call through the dispatcher cost. Both must be
BIT-EXACT or PASS. The two builds alternate for `--rounds` rounds and each reports the
median of its rounds' medians, so a load that comes and goes weighs on both alike.

    OPENBLAS_NUM_THREADS=1 .venv/bin/python scripts/bench_alias_guard.py --kernel gemm \
        --sizes MINI,LARGE --repeat 21 --rounds 5
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

from polylift.frontend import translate_file
from polylift.harness.check import CheckOptions, CheckResult, check_benchmark, kernel_name

ROOT = Path(__file__).resolve().parents[1]
INCLUDE = ROOT / "benchmarks" / "include"


def unrestricted(kernel: str, scratch: Path) -> Path:
    """The benchmark `kernel` of a bundled suite, `restrict` removed, in `scratch`."""
    found = sorted(ROOT.glob(f"benchmarks/*/{kernel}.c"))
    if not found:
        raise SystemExit(f"no bundled benchmark '{kernel}'")
    path = scratch / found[0].name
    path.write_text(found[0].read_text().replace("restrict ", ""))
    return path


def _check(path: Path, options: CheckOptions) -> CheckResult:
    result = check_benchmark(path, options)
    if not result.ok or result.lifted_s is None:
        raise SystemExit(f"{path.name} ({options.size}, assume_noalias="
                         f"{options.assume_noalias}): {result.verdict}: {result.message}")
    return result


def main(argv: list[str] | None = None) -> int:
    """Print, per size, the lifted kernel's median time with and without the guard."""
    parser = argparse.ArgumentParser(description="Run-time cost of the alias guard.")
    parser.add_argument("--kernel", default="gemm", help="a bundled benchmark (gemm)")
    parser.add_argument("--backend", default="host")
    parser.add_argument("--sizes", default="MINI,LARGE")
    parser.add_argument("--repeat", type=int, default=21, help="timed calls per program")
    parser.add_argument("--rounds", type=int, default=5, help="builds of each, alternating")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="polylift-alias-bench-") as tmp:
        path = unrestricted(args.kernel, Path(tmp))
        mlir = translate_file(str(path), [str(INCLUDE)], ["MINI_DATASET"],
                              kernel_name(path)).mlir
        if "polylift.alias_guarded" not in mlir:
            raise SystemExit(f"{args.kernel} without restrict has no alias guard to time")
        print(f"{args.kernel} without restrict, --backend {args.backend}, lifted program: "
              f"median over {args.rounds} rounds of the median of {args.repeat} calls")
        print(f"{'size':<8} {'guarded':>12} {'no guard':>12} {'ratio':>7}  verdicts")
        for size in [s for s in args.sizes.split(",") if s]:
            base = CheckOptions(backend=args.backend, size=size, repeat=args.repeat,
                                include_dirs=(str(INCLUDE),))
            runs: dict[bool, list[CheckResult]] = {False: [], True: []}
            for _ in range(args.rounds):
                for assume in (False, True):
                    runs[assume].append(_check(path, replace(base, assume_noalias=assume)))
            guarded, plain = (statistics.median(r.lifted_s or 0.0 for r in runs[a])
                              for a in (False, True))
            verdicts = " ".join(sorted({r.verdict for r in runs[False] + runs[True]}))
            print(f"{size:<8} {guarded * 1e6:>10.2f}us {plain * 1e6:>10.2f}us "
                  f"{guarded / plain:>7.3f}  {verdicts}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
