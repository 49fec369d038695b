"""One translation unit lifted: its functions through the front end and the passes of a
`BuildPlan`, those that got a launch compiled into an object under names of their own.

The harness's build steps do the work (`programs/lift.py`: the module prepared, the
passes run stage by stage, LLVM IR, `opt`, `llc`), split after matching: a function is
lifted when any of its versions got a launch, and only those go on to be lowered, so
the object holds nothing gcc's object does not need. Every C function the front end
translated gets its own symbol (`<prefix><name>`, with the C interface MLIR makes,
`_mlir_ciface_<prefix><name>`), so no name of the lifted object clashes with gcc's.

A bug polylift meets in one function (`InternalError`, which names it) costs that
function alone: it is removed and the rest is lifted again; the function keeps gcc's
code, and its record says why.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from polylift import rewriter
from polylift.driver.outcome import FAILED, KEPT, LIFTED, SKIPPED, FunctionRecord
from polylift.errors import InternalError
from polylift.frontend import Signature, translate_file_detailed
from polylift.function_versions import c_function_name, fallback_functions
from polylift.harness.facts.coverage import LiftSummary, summarize
from polylift.harness.programs.lift import (
    emit_assembly,
    emit_object,
    prepare_functions,
    run_passes,
    stage_plan,
)
from polylift.harness.programs.plan import BuildPlan
from polylift.harness.programs.toolchain import Toolchain
from polylift.matcher.explain.residual import residual_ops
from polylift.mlir import ir, new_context, parse_module, walk
from polylift.tdl.library import load_library


@dataclass(frozen=True)
class LiftedUnit:
    """The records of every function of the unit, the lifted code's files (none when
    nothing was lifted: the object, or for `-S` the assembly parts of
    `programs.lift.emit_assembly`), and for each lifted function its signature, the C
    interface symbol a caller compiled by gcc reaches it by, and its launches
    (`coverage.summarize`)."""

    records: tuple[FunctionRecord, ...]
    files: tuple[Path, ...]
    entries: dict[str, str]
    signatures: dict[str, Signature]
    summaries: dict[str, LiftSummary]


def lift_unit(source: Path, cpp_args: Iterable[str], plan: BuildPlan, tc: Toolchain,
              prefix: str, assembly: bool = False) -> LiftedUnit:
    """Translate every function of `source` and lift those that get a launch, into an
    object (assembly parts with `assembly`)."""
    translation, skipped = translate_file_detailed(str(source), cpp_args=tuple(cpp_args),
                                                   allow_empty=True)
    records = [FunctionRecord(s.name, FAILED if s.internal else SKIPPED, s.reason)
               for s in skipped]
    signatures = dict(translation.signatures)
    text = translation.mlir
    while signatures:
        try:
            return _lift(text, signatures, plan, tc, prefix, records, assembly)
        except InternalError as exc:
            name = (exc.function or "").removeprefix(prefix)  # the passes saw it renamed
            if name not in signatures:
                raise
            records.append(FunctionRecord(name, FAILED, exc.render(),
                                          line=_line(signatures.pop(name))))
            text = without_functions(text, {name})
    return LiftedUnit(tuple(records), (), {}, {}, {})


def _line(sig: Signature) -> int:
    return sig.source.line if sig.source is not None else 0


def _lift(text: str, signatures: dict[str, Signature], plan: BuildPlan, tc: Toolchain,
          prefix: str, records: list[FunctionRecord], assembly: bool) -> LiftedUnit:
    renames = {name: prefix + name for name in signatures}
    matching, lowering = plan.through_matching()
    matched = run_passes(prepare_functions(text, renames), matching, stage_plan(matching), tc)
    found = {c_function_name(n): r for n, r in _launches(matched.read_text(), renames).items()}
    done = [*records, *(_record(name, signatures[name], found.get(name)) for name in signatures)]
    lifted = {name for name, record in found.items() if record.status == LIFTED}
    if not lifted:
        return LiftedUnit(tuple(done), (), {}, {}, {})
    library = load_library(plan.templates)
    summaries = {n: summarize(matched.read_text(), renames[n], signatures[n], library)
                 for n in sorted(lifted)}
    kept = {n for n in signatures if n not in lifted}
    lowered = stage_plan(lowering)
    (tc.workdir / lowered.input).write_text(without_functions(matched.read_text(), kept,
                                                              renames))
    final = run_passes((tc.workdir / lowered.input).read_text(), lowering, lowered, tc)
    files = emit_assembly(final, lowered, tc) if assembly else [emit_object(final, lowered, tc)]
    return LiftedUnit(tuple(done), tuple(files),
                      {n: f"_mlir_ciface_{renames[n]}" for n in sorted(lifted)},
                      {n: signatures[n] for n in sorted(lifted)}, summaries)


def _record(name: str, sig: Signature, found: FunctionRecord | None) -> FunctionRecord:
    if found is None:
        return FunctionRecord(name, KEPT, "no launch", "NONE", line=_line(sig))
    return FunctionRecord(name, found.status, found.reason, found.coverage, found.templates,
                          _line(sig))


def _launches(text: str, renames: dict[str, str]) -> dict[str, FunctionRecord]:
    """Per function of the matched module (its versions merged, under its C name): its
    launches' templates, its coverage and, without a launch, what stopped it."""
    back = {new: old for old, new in renames.items()}
    templates: dict[str, list[str]] = {}
    residual: dict[str, list[str]] = {}
    ctx = new_context()
    with ctx:
        module = parse_module(text, ctx, "matched.mlir")
        functions = _functions(module)
        # The fallback run only where a guard fails keeps the loops: no residual of it.
        fallback = fallback_functions({_symbol(f) for f in functions})
        for func in functions:
            name = c_function_name(_symbol(func))
            name = back.get(name, name)
            templates.setdefault(name, []).extend(_templates(func))
            residual.setdefault(name, []).extend(
                [] if _symbol(func) in fallback else [op.name for op, _ in residual_ops(func)])
    return {name: _summary(name, templates[name], residual[name]) for name in templates}


def _summary(name: str, templates: list[str], residual: list[str]) -> FunctionRecord:
    coverage = "NONE" if not templates else "PARTIAL" if residual else "FULL"
    if templates:
        return FunctionRecord(name, LIFTED, "", coverage, tuple(sorted(set(templates))))
    why = "no launch: loops not raised" if any(not r.startswith("linalg.") for r in residual) \
        else "no launch: no template matches" if residual else "no launch: nothing to lift"
    return FunctionRecord(name, KEPT, why, coverage)


def _templates(func: ir.Operation) -> list[str]:
    found: list[str] = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        if op.name == "kernel.launch":
            found.append(ir.StringAttr(op.attributes["template"]).value)
        return ir.WalkResult.ADVANCE

    walk(func, visit, ir.WalkOrder.PRE_ORDER)
    return found


def _functions(module: ir.Module) -> list[ir.Operation]:
    return [op.operation for op in module.body.operations
            if op.operation.name == "func.func" and len(op.operation.regions[0].blocks)]


def _symbol(func: ir.Operation) -> str:
    return ir.StringAttr(func.attributes["sym_name"]).value


def without_functions(text: str, names: set[str], renames: dict[str, str] | None = None) -> str:
    """The module `text` without the definitions of the C functions `names` (every
    version of each; `renames` maps a C name to the symbol it was given), and without
    the declarations nothing calls any more."""
    back = {new: old for old, new in (renames or {}).items()}
    ctx = new_context()
    with ctx:
        module = parse_module(text, ctx, "module.mlir")
        for func in _functions(module):
            name = c_function_name(_symbol(func))
            if back.get(name, name) in names:
                rewriter.erase(func)
        called = _callees(module)
        for op in list(module.body.operations):
            func = op.operation
            if func.name == "func.func" and not len(func.regions[0].blocks) and \
                    _symbol(func) not in called:
                rewriter.erase(func)
        return str(module.operation.get_asm(enable_debug_info=True))


def _callees(module: ir.Module) -> set[str]:
    found: set[str] = set()

    def visit(op: ir.Operation) -> ir.WalkResult:
        if op.name == "func.call":
            found.add(ir.FlatSymbolRefAttr(op.attributes["callee"]).value)
        return ir.WalkResult.ADVANCE

    walk(module, visit, ir.WalkOrder.PRE_ORDER)
    return found


__all__ = ["LiftedUnit", "lift_unit", "without_functions"]
