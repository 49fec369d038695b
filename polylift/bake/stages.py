"""The stages of one kernel, each a pure function of its inputs: text in, `StageResult` out.

Between stages the module travels as MLIR text *with* locations (`carry`), so that the
match report and remarks point at the C source as they would in one `polylift-opt` run;
the files a user reads are printed without locations, exactly as `polylift-opt -o` writes
them (`commands.txt` reproduces them), and beside each the same module with its
locations (`02-matched.loc.mlir`, as `mlir-opt --mlir-print-debuginfo` prints it), from
which the site links each op to its C line. MLIR is imported only when a stage really
runs, so a fully cached bake never loads it.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from polylift.errors import PolyliftError
from polylift.passes.stages import (
    AFFINE,
    LINALG,
    LLVM,
    LOWERED,
    MATCH_REPORT,
    MATCHED,
    SOURCE,
    lowering_flags,
)

OK, FAILED, UNAVAILABLE, SKIPPED = "ok", "failed", "unavailable", "skipped"
# The name the kernel's C file has in every baked file (locations, errors, commands).
SOURCE_NAME = SOURCE.file()
# The suffix of a stage's file printed with its locations (`01-linalg.loc.mlir`).
LOCATED_SUFFIX = ".loc.mlir"
BACKEND_CALL = re.compile(r"call @polylift_(ref|host|cublaslt|cublas|cudnn|cusolver|npp|pva)_")


@dataclass
class StageResult:
    """What one stage produced: files by name, the module for the next stage, or why not."""

    status: str
    files: dict[str, str] = field(default_factory=dict)
    carry: str = ""
    error: str = ""
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The cache record."""
        return {"status": self.status, "files": self.files, "carry": self.carry,
                "error": self.error, "data": self.data}

    @classmethod
    def from_json(cls, record: dict[str, Any]) -> StageResult:
        """The result a cache record holds."""
        return cls(record["status"], dict(record["files"]), record["carry"], record["error"],
                   dict(record["data"]))


def missing_passes(flags: Sequence[str]) -> list[str]:
    """The flags that no registered polylift pass answers to yet."""
    from polylift.passes.registry import PASS_FLAGS

    return [f for f in flags if f not in PASS_FLAGS]


@contextmanager
def _inside(directory: Path) -> Iterator[None]:
    """Run with `directory` as the working directory (the front end names files by path)."""
    before = os.getcwd()
    os.chdir(directory)
    try:
        yield
    finally:
        os.chdir(before)


def frontend_stage(source_text: str, include_dirs: Sequence[str], defines: Sequence[str],
                   function: str, assume_noalias: bool = False) -> StageResult:
    """polylift-cc on the kernel's source, named `source.c` so no machine path leaks; with
    function `'*'` (a library's file) the functions translated and skipped are data."""
    from polylift.frontend import translate_file_detailed

    with tempfile.TemporaryDirectory(prefix="polylift-bake-") as tmp, _inside(Path(tmp)):
        Path(SOURCE_NAME).write_text(source_text)
        try:
            translation, skipped = translate_file_detailed(
                SOURCE_NAME, tuple(include_dirs), tuple(defines), function, assume_noalias,
                allow_empty=function == "*")
        except PolyliftError as exc:
            return StageResult(FAILED, error=exc.render())
    data = {"translated": sorted(translation.signatures),
            "skipped": [{"name": s.name, "reason": s.reason} for s in skipped]}
    if not translation.signatures:
        first = skipped[0].reason.splitlines()[0] if skipped else "no function"
        return StageResult(FAILED, error=f"no function translated ({first})", data=data)
    text = translation.mlir
    return StageResult(OK, {AFFINE.file(): text}, carry=text, data=data)


def pass_stage(carry: str, flags: Sequence[str], out_name: str,
               options: dict[str, str] | None = None) -> StageResult:
    """Run polylift passes on the previous stage's module; the printed result, and the
    same with its locations (`located_file`).
    `missed_fallback[i]` names the fallback version (`f.flat`) the missed remark
    `missed[i]` was made in, '' for any other."""
    from polylift.bake.remarks import VersionRun, module_functions
    from polylift.function_versions import fallback_functions
    from polylift.mlir import new_context, parse_module
    from polylift.passes.pipeline import Step, run_pipeline

    ctx = new_context()
    run = VersionRun(filename=SOURCE_NAME, options=dict(options or {}),
                     wanted=frozenset({"missed"}))
    try:
        with ctx:
            module = parse_module(carry, ctx, SOURCE_NAME)
            run_pipeline([Step(flag) for flag in flags], module, run)
            # As polylift-opt ends its output: as mlir-opt does, with an empty line.
            printed = str(module) + "\n"
            with_locs = str(module.operation.get_asm(enable_debug_info=True)) + "\n"
            fallback = fallback_functions(module_functions(module))
    except PolyliftError as exc:
        return StageResult(FAILED, error=exc.render())
    missed = [(d.message, fn) for (kind, d), fn in zip(run.remarks, run.remark_functions,
                                                        strict=True) if kind == "missed"]
    return StageResult(OK, {out_name: printed, located_file(out_name): with_locs},
                       carry=with_locs,
                       data={"missed": [message for message, _ in missed],
                             "missed_fallback": [fn if fn in fallback else ""
                                                 for _, fn in missed]})


def located_file(filename: str) -> str:
    """The file of a stage printed with its locations: `01-linalg.mlir` ->
    `01-linalg.loc.mlir`."""
    return filename.removesuffix(".mlir") + LOCATED_SUFFIX


def linalg_stage(carry: str) -> StageResult:
    """raise-affine-to-linalg."""
    return pass_stage(carry, LINALG.flags, LINALG.file())


def match_stage(carry: str, options: dict[str, str] | None = None) -> StageResult:
    """match-kernels (with `options`: its offload policy), with its `--match-report` data
    as `match-report.json`."""
    with tempfile.TemporaryDirectory(prefix="polylift-bake-") as tmp:
        report_path = Path(tmp) / MATCH_REPORT
        result = pass_stage(carry, MATCHED.flags, MATCHED.file(),
                            {**(options or {}), "match-report": str(report_path)})
        if result.status == OK:
            report = json.loads(report_path.read_text())
            result.files[MATCH_REPORT] = json.dumps(report, indent=2, sort_keys=True) + "\n"
            result.data["report"] = report
    return result


def lower_stage(carry: str, backend: str, options: dict[str, str] | None = None) -> StageResult:
    """The launch lowering for one backend (with `options`: the GPU lowerings' offload
    policy), or UNAVAILABLE while its passes are missing."""
    flags = lowering_flags(backend)
    missing = missing_passes(flags)
    if missing:
        return StageResult(UNAVAILABLE, error=f"pass '{missing[0]}' is not available yet")
    result = pass_stage(carry, flags, LOWERED.file(backend), options)
    if result.status == OK:
        calls: dict[str, int] = {}
        for found in BACKEND_CALL.finditer(result.files[LOWERED.file(backend)]):
            calls[found.group(1)] = calls.get(found.group(1), 0) + 1
        result.data["calls"] = dict(sorted(calls.items()))
    return result


def llvm_stage(carry: str, backend: str) -> StageResult:
    """lower-to-llvm, then `mlir-translate --mlir-to-llvmir`."""
    from polylift.mlir import tool_path

    in_llvm = LLVM.name(backend) + ".mlir"
    lowered = pass_stage(carry, LLVM.flags, in_llvm)
    if lowered.status != OK:
        return lowered
    done = subprocess.run([tool_path("mlir-translate"), "--mlir-to-llvmir"],
                          input=lowered.files[in_llvm], capture_output=True, text=True,
                          check=False)
    if done.returncode != 0:
        detail = (done.stderr.strip().splitlines() or ["no output"])[0]
        return StageResult(FAILED, error=f"mlir-translate failed: {detail}")
    return StageResult(OK, {LLVM.file(backend): done.stdout})
