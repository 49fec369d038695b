"""The results stage: `polylift.harness.check.check_benchmark` per backend, size and target.

Every check runs in a private work directory that is removed afterwards, and the
messages are scrubbed of machine paths, so `results.json` stays deterministic and
portable; a DIFF or a failure records the `polylift check` command that reproduces it
(with `--keep`) instead of a temporary path.
"""

from __future__ import annotations

import shlex
import shutil
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from polylift.bake.offload import OffloadChoice

if TYPE_CHECKING:
    from polylift.harness.check import CheckOptions

DEFAULT_OFFLOAD = OffloadChoice()  # `always`: every match launched

UNSUPPORTED = "UNSUPPORTED"


@dataclass(frozen=True)
class CheckConfig:
    """One check of a kernel: backend, dataset size and target."""

    backend: str
    size: str
    target: str

    @property
    def label(self) -> str:
        """`ref/MINI/x86_64`."""
        return f"{self.backend}/{self.size}/{self.target}"


@dataclass(frozen=True)
class CheckSetup:
    """Where a kernel's check finds what the benchmark needs besides its own directory."""

    include_dirs: tuple[str, ...] = ()
    defines: tuple[str, ...] = ()
    polybench_root: str = ""  # a PolyBench/C checkout: its flags and utilities/polybench.c
    assume_noalias: bool = False  # polylift-cc --assume-noalias
    offload: OffloadChoice = OffloadChoice()


def check_command(display: str, config: CheckConfig, include_display: Sequence[str],
                  defines: Sequence[str], polybench: str = "",
                  assume_noalias: bool = False,
                  offload: OffloadChoice = DEFAULT_OFFLOAD) -> str:
    """The `polylift check` command line for one check, with paths under `"$ROOT"`."""
    what = ["--polybench-root", f"$ROOT/{polybench}", "--only", Path(display).stem] \
        if polybench else [f"$ROOT/{display}"]
    argv = ["polylift", "check", *what, "--backend", config.backend,
            "--size", config.size, "--target", config.target]
    argv += ["--assume-noalias"] if assume_noalias else []
    argv += offload.flags()
    if polybench:
        include_display, defines = (), ()
    for inc in include_display:
        argv += ["-I", f"$ROOT/{inc}"]
    for define in defines:
        argv += ["-D", define]
    return " ".join(f'"{a}"' if a.startswith("$ROOT/") else shlex.quote(a) for a in argv)


def machine_paths(source: str, display: str, root: str) -> dict[str, str]:
    """What to replace machine paths with in a kernel's messages: the kernel, its root,
    polylift's own files, the Python environment and the temporary directory."""
    from polylift.bake.cache import PACKAGE

    return {source: f"$ROOT/{display}", root + "/": "$ROOT/",
            str(PACKAGE) + "/": "polylift/", sys.prefix + "/": "$VENV/",
            tempfile.gettempdir() + "/": "$TMP/"}


def scrub(text: str, replacements: dict[str, str]) -> str:
    """`text` with each machine path replaced (longest first, so nested paths work)."""
    for path in sorted(replacements, key=len, reverse=True):
        text = text.replace(path, replacements[path])
    return text


def run_check(source: Path, config: CheckConfig, setup: CheckSetup,
              scrubs: dict[str, str]) -> dict[str, Any]:
    """Check one kernel for one configuration; the record `results.json` lists."""
    from polylift.errors import UsageError
    from polylift.harness.check import check_benchmark
    from polylift.harness.programs.gpu import require_backend_devices
    from polylift.harness.report import check_json
    from polylift.harness.suite import polybench_options

    with tempfile.TemporaryDirectory(prefix="polylift-bake-check-") as tmp:
        options = _options(config, setup, tmp)
        try:
            options.validate()
            require_backend_devices(options.pass_list())  # cuda backends without a GPU
        except UsageError as exc:
            return failed_check(config, UNSUPPORTED, exc.message)
        if setup.polybench_root:
            options = polybench_options(Path(setup.polybench_root), options)
        result = check_benchmark(source, options)
        message = scrub(result.message, {**scrubs, tmp + "/": "", tmp: "."})
        shutil.rmtree(tmp, ignore_errors=True)
    # The reproducer was the temporary folder: `commands.txt` has the command instead.
    return {**check_json(result, options), "message": message, "reproducer": None}


def _options(config: CheckConfig, setup: CheckSetup, keep: str = "") -> CheckOptions:
    from polylift.harness.check import CheckOptions

    return CheckOptions(backend=config.backend, target=config.target, size=config.size,
                        include_dirs=setup.include_dirs, defines=setup.defines,
                        keep=keep or None, assume_noalias=setup.assume_noalias,
                        offload_policy=setup.offload.policy,
                        offload_profile=setup.offload.profile)


def failed_check(config: CheckConfig, verdict: str, message: str) -> dict[str, Any]:
    """The record of a check that could not run (UNSUPPORTED here, or FAIL)."""
    from polylift.harness.check import CheckResult
    from polylift.harness.report import check_json

    return check_json(CheckResult("", "", verdict, message=message), _options(config,
                                                                             CheckSetup()))
