"""`polylift-gcc`: gcc, with the functions polylift lifts swapped in.

    make CC=polylift-gcc            cmake -DCMAKE_C_COMPILER=polylift-gcc
    ./configure CC=polylift-gcc     polylift-gcc -O2 -c gemm.c -o gemm.o -fpolylift-shadow

It takes gcc's command line and runs gcc with it (less polylift's own `-fpolylift-*`
flags, `polylift.driver.options`): preprocessing and commands without inputs are gcc's
alone; a compile of C sources builds gcc's object, then swaps in the functions polylift
lifts (`polylift.driver.unit.compile`; `-S` writes the same as assembly); a link adds what
lifted objects need (`polylift.driver.link`). `--showme` prints the gcc command it would
run; `--version` says polylift's version and gcc's.
"""

from __future__ import annotations

import subprocess
import sys

from polylift.cli.common import run_command, version_line

USAGE = """usage: polylift-gcc [gcc options] [-fpolylift-OPTION...] FILE...

gcc with the functions polylift lifts swapped in (see README, "Build your project with
polylift"). polylift's own options (also from POLYLIFT_* variables and POLYLIFT_FLAGS):
  -fpolylift-backend=B[,B...]    backends of the launches (default host)
  -fpolylift-offload=always|profitable
  -fpolylift-offload-profile=F   an offload profile of `polylift calibrate`
  -fpolylift-templates=DIR[:DIR] more template folders
  -fpolylift-report=FILE         append the build records to FILE (default
                                 <output>.polylift.json beside each output)
  -fpolylift-shadow              check each lifted call against the original at run time
                                 (POLYLIFT_SHADOW=report|abort|off, POLYLIFT_SHADOW_RATE)
  -fpolylift-quiet               no line per file on stderr
  -fno-polylift                  gcc only
  -Werror=polylift               a function polylift fails on fails the build
  --showme                       print the gcc command and exit
"""


def _gcc(argv: list[str]) -> int:
    """gcc itself, with the driver's standard streams."""
    from polylift.driver.unit.compile import wrapped_compiler

    return subprocess.run([wrapped_compiler().program, *argv], check=False).returncode


def run_gcc(argv: list[str]) -> int:
    """The body of polylift-gcc."""
    from polylift.driver.command_line import is_polylift_flag

    if argv == ["--help"]:
        sys.stdout.write(USAGE)
        return 0
    if "--version" in argv:
        print(f"{version_line('polylift-gcc')}, wrapping:", flush=True)
        return _gcc(["--version"])
    if "--showme" in argv:
        from polylift.driver.unit.compile import wrapped_compiler

        words = [a for a in argv if a != "--showme" and not is_polylift_flag(a)]
        print(" ".join([wrapped_compiler().program, *words]))
        return 0
    from polylift.driver.build import build

    return build(argv)


def main(argv: list[str] | None = None) -> int:
    """Entry point of `polylift-gcc`."""
    return run_command("polylift-gcc", run_gcc, argv)


__all__ = ["main", "run_gcc"]

if __name__ == "__main__":
    sys.exit(main())
