"""Run polylift-opt and the pinned mlir-opt with the same arguments and fail, showing
the difference, unless both print the same and exit alike.

    %python same_as_mlir_opt.py [--stderr-only] ARGS...

`--stderr-only`: compare what goes to the standard error and the status only (under
`--verify-diagnostics`, mlir-opt prints the chunks it processed even when it fails,
polylift-opt prints nothing but the problems). mlir-opt runs with
`--mlir-disable-threading`, so that it processes functions in order, as polylift-opt
always does. Both are found on lit's PATH.
"""

from __future__ import annotations

import difflib
import subprocess
import sys


def run(tool: str, args: list[str]) -> subprocess.CompletedProcess[str]:
    extra = ["--mlir-disable-threading"] if tool == "mlir-opt" else []
    return subprocess.run([tool, *extra, *args], capture_output=True, text=True, timeout=300)


def main(argv: list[str]) -> int:
    stderr_only = argv[:1] == ["--stderr-only"]
    args = argv[1:] if stderr_only else argv
    ours, theirs = run("polylift-opt", args), run("mlir-opt", args)
    same = ours.returncode == theirs.returncode
    if not same:
        print(f"exit status: polylift-opt {ours.returncode}, mlir-opt {theirs.returncode}")
    streams = [("stderr", ours.stderr, theirs.stderr)]
    if not stderr_only:
        streams.insert(0, ("stdout", ours.stdout, theirs.stdout))
    for name, mine, upstream in streams:
        if mine != upstream:
            same = False
            sys.stdout.writelines(difflib.unified_diff(
                upstream.splitlines(keepends=True), mine.splitlines(keepends=True),
                f"mlir-opt {name}", f"polylift-opt {name}"))
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
