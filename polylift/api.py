"""polylift from Python: the front end, the passes, the lift and the check, as the
command-line tools run them, with errors as Python exceptions.

    from mlir import ir, passmanager
    from polylift import api

    ctx = ir.Context()
    api.register(ctx)                         # polylift's ops parse, its dialects load
    module = api.translate_c("gemm.c", function="kernel_gemm", context=ctx)
    pm = passmanager.PassManager("builtin.module", ctx)
    for flag in ("raise-affine-to-linalg", "match-kernels", "lower-kernel-launch-to-host"):
        api.add_pass(pm, flag)                # a Python pass, by its flag
    pm.add("canonicalize")                    # upstream passes mix in as usual
    pm.run(module.operation)

    result = api.check("gemm.c", backend="host")   # the CheckResult `polylift check` prints

MLIR's textual pass pipelines name registered passes only, and the bindings register no
Python pass by name: `PassManager.parse("builtin.module(raise-affine-to-linalg)")` stays
refused. The closest equivalents are `add_pass` (a Python pass appended to any
`PassManager`) and `run_passes` (a textual list mixing polylift's and upstream's passes,
as `polylift-opt` runs it). A polylift pass that fails inside a `PassManager` reports its
error as an MLIR diagnostic at the C location and fails the pass, so `pm.run` raises
`MLIRError`; every other function raises a `PolyliftError` (`UsageError`, `ParseError`,
`PassError`, `BuildError`, `InternalError` for a bug of polylift).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from polylift.errors import PolyliftError, SourceLoc
from polylift.harness.check import CheckOptions, CheckResult, check_benchmark
from polylift.mlir import BUILT_DIALECTS, Diag, ir, new_context, parse_module, passmanager, walk
from polylift.passes.pipeline import Step, internal_error, parse_element, run_pipeline
from polylift.passes.registry import PASS_FLAGS, PassRun, load_pass
from polylift.passes.stages import backend_passes
from polylift.recursion import deep_recursion

__all__ = ["PASS_FLAGS", "Lifted", "PolyliftPass", "add_pass", "check", "context", "lift",
           "register", "run_passes", "translate_c"]


def register(ctx: ir.Context) -> None:
    """Make `ctx` a context polylift works in: its `kernel.launch` ops parse (as ops of
    an unregistered dialect, which polylift's own verifier checks) and the dialects its
    passes build load now (an op of a dialect not loaded would be unregistered)."""
    ctx.allow_unregistered_dialects = True
    for name in BUILT_DIALECTS:
        _ = ctx.dialects[name]


def context() -> ir.Context:
    """A new context polylift's commands use (registered, without threads of its own)."""
    return new_context()


def translate_c(path: str | Path, include_dirs: Sequence[str] = (),
                defines: Sequence[str] = (), function: str = "*",
                assume_noalias: bool = False, context: ir.Context | None = None) -> ir.Module:
    """The C file's functions (`function`: one of them, or every one but `main`) as an
    affine MLIR module, as `polylift-cc` prints it, in `context` (a new one if None)."""
    from polylift.frontend import translate_file

    translation = translate_file(str(path), tuple(include_dirs), tuple(defines), function,
                                 assume_noalias)
    ctx = context or new_context()
    if context is not None:
        register(ctx)
    return parse_module(translation.mlir, ctx, str(path))


class _ModuleOf:
    """What a polylift pass reads of a module, for the module op a `PassManager` gives
    a Python pass (the bindings make no `ir.Module` of an op)."""

    def __init__(self, op: ir.Operation):
        self.operation = op
        self.context = op.context
        self.body = op.regions[0].blocks[0]

    def __str__(self) -> str:
        return str(self.operation)


@dataclass(frozen=True)
class PolyliftPass:
    """A polylift pass as a callable `PassManager.add` takes (`add_pass`): its flag and
    options (`templates`, `offload-policy`, ...). Its remarks are kept in `remarks`."""

    flag: str
    options: dict[str, str] = field(default_factory=dict)
    remarks: list[Diag] = field(default_factory=list)

    def __call__(self, op: ir.Operation, pass_: Any) -> None:
        run = PassRun(filename="-")
        try:
            instance = load_pass(self.flag)(dict(self.options))
            with deep_recursion():
                instance.run(_ModuleOf(op), run)  # type: ignore[arg-type]
        except PolyliftError as exc:
            self._fail(op, pass_, exc)
        except Exception as exc:  # noqa: BLE001 - a bug: a failed pass, not an abort
            self._fail(op, pass_, internal_error(Step(self.flag), exc, run))
        finally:
            self.remarks.extend(d for _, d in run.remarks)

    @staticmethod
    def _fail(op: ir.Operation, pass_: Any, exc: PolyliftError) -> None:
        loc = op.location
        if exc.loc is not None:
            loc = ir.Location.file(exc.loc.file, exc.loc.line, exc.loc.col, op.context)
        loc.emit_error(exc.message)
        pass_.signal_pass_failure()


def add_pass(pm: passmanager.PassManager, flag: str, **options: str) -> PolyliftPass:
    """Append polylift's pass `flag` (with its options, `_` for `-` in their names) to
    `pm`; the pass object, whose `remarks` fill as it runs."""
    if flag not in PASS_FLAGS:
        raise PolyliftError(f"no polylift pass '{flag}' (polylift's: {', '.join(PASS_FLAGS)})")
    made = PolyliftPass(flag, {k.replace("_", "-"): v for k, v in options.items()})
    pm.add(made, name=flag, argument=flag)
    return made


def run_passes(module: ir.Module, passes: Sequence[str], filename: str = "-") -> list[Diag]:
    """Run `passes` (pipeline elements: polylift's flags and upstream passes, with
    options `name{opt=v}` or nested `func.func(cse)`) on `module` in place, as
    polylift-opt does (the module verified after each); the remarks they made."""
    run = PassRun(filename=filename)
    run_pipeline([parse_element(p) for p in passes], module, run)
    return [diag for _, diag in run.remarks]


@dataclass(frozen=True)
class Lifted:
    """A C file lifted: the module after the backend's lowering (launches lowered to
    shim calls, before LLVM) and the remarks of every pass."""

    module: ir.Module
    remarks: tuple[Diag, ...]

    def launches(self) -> list[str]:
        """The shim functions the module calls, in order."""
        callees: list[str] = []

        def visit(op: ir.Operation) -> ir.WalkResult:
            if op.name in ("func.call", "llvm.call") and "callee" in op.attributes:
                name = ir.FlatSymbolRefAttr(op.attributes["callee"]).value
                if name.startswith("polylift_"):
                    callees.append(name)
            return ir.WalkResult.ADVANCE

        walk(self.module.operation, visit, ir.WalkOrder.PRE_ORDER)
        return callees


def lift(path: str | Path, backend: str = "host", function: str = "*",
         include_dirs: Sequence[str] = (), defines: Sequence[str] = (),
         assume_noalias: bool = False) -> Lifted:
    """Translate, raise, match and lower a C file to `backend`'s shim calls."""
    module = translate_c(path, include_dirs, defines, function, assume_noalias)
    passes = [p for p in backend_passes(backend) if p != "lower-to-llvm"]
    return Lifted(module, tuple(run_passes(module, passes, str(path))))


def check(path: str | Path, **options: Any) -> CheckResult:
    """`polylift check` of one benchmark file: the same `CheckResult` the command prints
    (`options`: the fields of `CheckOptions`: backend, size, inputs, function, ...)."""
    if not Path(path).is_file():
        raise PolyliftError(f"no such file '{path}'", SourceLoc(str(path), 1, 1))
    return check_benchmark(Path(path), CheckOptions(**options))
