"""The kernel substitution keeps the caller intact on aarch64 (run under qemu).

The harness compiles a program with `-Dstatic=__attribute__((noipa))` and weakens its
kernel symbol, so a strong replacement wins. The replacement here clobbers every
caller-saved register; main's loop bounds and running sum must survive, and the
replacement must really be the code that ran (it adds 2 where the original adds 1).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from polylift.harness.programs.build import BenchFlags, compile_benchmark
from polylift.harness.programs.toolchain import CommandLog, Toolchain, target_named

INPUTS = Path(__file__).parent / "inputs" / "harness"
ROUNDS_SQUARES = sum(r * r for r in range(1, 12))  # main weights round r by r


def expected(step: int) -> int:
    """main's printed sum when each kernel call adds `step` to each of 37 elements."""
    return 37 * step * ROUNDS_SQUARES


def _toolchain(tmp_path: Path) -> Toolchain:
    return Toolchain(target_named("aarch64"), tmp_path, CommandLog(tmp_path))


def _run_substituted(tc: Toolchain, bench_obj: Path, weaken: list[str]) -> str:
    tc.run([tc.target.tool("objcopy"), *weaken, bench_obj.name, "bench.sub.o"], "objcopy")
    tc.run([tc.gcc(), "-O2", "-c", str(INPUTS / "clobber_aarch64.c"), "-o", "evil.o"], "gcc")
    tc.run([tc.gcc(), "bench.sub.o", "evil.o", "-o", "substituted"], "link")
    return tc.run([*tc.target.emulator, "./substituted"], "run").stdout.strip()


def test_clobbering_replacement_keeps_the_callers_loop(tmp_path):
    tc = _toolchain(tmp_path)
    bench = compile_benchmark(INPUTS / "clobber.c", BenchFlags(), tc)
    out = _run_substituted(tc, bench, ["--weaken-symbol=kernel_clobber"])
    assert out == str(expected(2))


def test_original_program_prints_the_unsubstituted_sum(tmp_path):
    tc = _toolchain(tmp_path)
    tc.run([tc.gcc(), "-O2", str(INPUTS / "clobber.c"), "-o", "original"], "gcc")
    assert tc.run([*tc.target.emulator, "./original"], "run").stdout.strip() == str(expected(1))


@pytest.mark.parametrize("define", ["-Dstatic=", "-Dstatic=static"])
def test_without_noipa_the_substitution_is_not_reliable(tmp_path, define):
    """Control: without noipa gcc inlines (or keeps local) the kernel, so the strong
    replacement never runs; the test above would notice that, since it asserts step 2."""
    tc = _toolchain(tmp_path)
    tc.run([tc.gcc(), "-O2", define, "-c", str(INPUTS / "clobber.c"), "-o", "bench.o"], "gcc")
    out = _run_substituted(tc, tmp_path / "bench.o", ["--weaken-symbol=kernel_clobber"])
    assert out == str(expected(1))
