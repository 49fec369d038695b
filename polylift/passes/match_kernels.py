"""match-kernels: rewrite linalg ops that compute a kernel template into `kernel.launch`."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace

from polylift import rewriter
from polylift.errors import UsageError
from polylift.lowering import host_policy, offload
from polylift.lowering.launch_call import Launch, abi_problem, mlir_dtype, resolve
from polylift.lowering.profile import Profile, load_profile
from polylift.matcher.binding.engine import Bindings, PlannedView
from polylift.matcher.binding.homed_local import homed_form, homed_local
from polylift.matcher.explain.report import FunctionReport, render_summary
from polylift.matcher.explain.residual import residual_ops
from polylift.matcher.expression.candidates import expression_templates
from polylift.matcher.ir.ir_model import DYNAMIC, DYNAMIC_OFFSET, constant_for
from polylift.matcher.ir.tree import Const, Elem, Val
from polylift.matcher.search.border import NotABorder, compose_border
from polylift.matcher.search.candidates import BlockShapes, CandidateIndex
from polylift.matcher.search.match import StepContexts, match
from polylift.matcher.search.runs import (
    dead_after,
    element_kind,
    fits,
    positions,
    run_kinds,
    run_of,
)
from polylift.mlir import arith, ir, linalg, memref, passmanager, source_loc, view_as, walk
from polylift.output import write_atomically
from polylift.passes.registry import Pass, PassRun
from polylift.raising.proof.aliasing import guarded_pairs
from polylift.tdl.expression import EXPRESSION_ATTR
from polylift.tdl.library import KernelTemplate, Library, load_library


def specificity(tpl: KernelTemplate) -> tuple[int, bool, int, int, int]:
    """More steps, a whole-image operator (it takes the border pieces too), more fixed
    scalars, more reads of one array (A.A^T is a syrk before it is a gemm), more
    written terms: the most specific wins."""
    fixed = sum(1 for p in tpl.params if p.fixed is not None)
    return (len(tpl.ast.steps), replicates(tpl), fixed, tpl.repeated_reads, tpl.written_length)


def replicates(tpl: KernelTemplate) -> bool:
    """A `border = replicate` template: a whole-image operator whose compute states the
    interior pixel only. It matches an interior op only together with the border pieces
    after it, proved to be the same pixel with clamped reads (matcher/search/border.py)."""
    return tpl.attrs.get("border") == "replicate"


def matchable(tpl: KernelTemplate) -> bool:
    """Whether the pass knows what `tpl` computes everywhere: a `border = halo` template
    (a region operator reading the halo as it is) or a template without a border rule
    says all it computes, a `replicate` one with its border proof; any other border rule
    is not known to be safe, so it is skipped."""
    return tpl.attrs.get("border", "halo") == "halo" or replicates(tpl)


@dataclass(frozen=True)
class MatchPlan:
    """A library made ready to match: its matchable templates ranked most specific
    first and indexed by the ops they can match (`index`), and ranked for explaining
    a residual op (`by_closeness`)."""

    library: Library
    index: CandidateIndex
    by_closeness: list[KernelTemplate]


_PLANS: dict[int, MatchPlan] = {}


def match_plan(library: Library) -> MatchPlan:
    """The plan of a library, made once per library object (a library is loaded once
    per process and template directory list)."""
    plan = _PLANS.get(id(library))
    if plan is None or plan.library is not library:
        ranked = sorted((t for t in library.templates.values() if matchable(t)),
                        key=specificity, reverse=True)
        # A whole-image template ranks after the region one it ties with: one op alone
        # can match only the latter.
        plan = MatchPlan(library, CandidateIndex(ranked), sorted(ranked, key=replicates))
        _PLANS[id(library)] = plan
    return plan


class MatchKernelsPass(Pass):
    """Replace linalg ops (and runs of them) that match a template by one launch."""

    name = "match-kernels"
    summary = "Match linalg ops against the kernel templates and emit kernel.launch"
    option_help = {
        "templates": "extra template directories (comma-separated)",
        "match-report": "write a JSON coverage report to this file",
        "offload-policy": "always (default) or profitable: launch a host call only where "
                          "the offload profile measured it faster than the loops",
        "offload-profile": "the offload profile (polylift calibrate) the profitable policy "
                           "reads; default: the one shipped with polylift",
        "expressions": "true (default) or false: a map or fold no listed template states "
                       "becomes a launch of its own expression template",
    }

    policy: Profile | None = None  # set by `run`: the profile of `profitable`

    @property
    def expressions(self) -> bool:
        """Whether maps no listed template states get expression templates."""
        value = self.options.get("expressions", "true")
        if value not in ("true", "false"):
            raise UsageError(f"--expressions must be true or false, not '{value}'")
        return value == "true"

    def profile(self) -> Profile | None:
        """The profile the `profitable` policy reads; None under `always`."""
        policy = self.options.get("offload-policy", "always")
        if policy not in offload.POLICIES:
            raise UsageError(f"--offload-policy must be always or profitable, not '{policy}'")
        return load_profile(self.options.get("offload-profile", "")) \
            if policy == "profitable" else None

    def run(self, module: ir.Module, run: PassRun) -> None:
        dirs = [d for d in self.options.get("templates", "").split(",") if d]
        self.policy = self.profile()
        plan = match_plan(load_library(dirs))
        _generalize(module)
        path = self.options.get("match-report")
        # Explaining a residual op tries every template on it (its closest): only for a
        # report or remarks someone reads.
        explain = bool(path) or run.wants("missed") or run.wants("analysis")
        reports = []
        for func in module.body.operations:
            if func.operation.name != "func.func":
                continue
            with run.at(func):
                reports.append(self.run_function(func.operation, plan, run, explain))
        if path:
            data = {"functions": [r.to_json() for r in reports]}
            write_atomically(path, json.dumps(data, indent=2, sort_keys=True) + "\n")
        for report in reports if run.wants("analysis") else ():
            for line in render_summary(report):
                run.remark(report.op, line, "analysis")

    def run_function(self, func: ir.Operation, plan: MatchPlan, run: PassRun,
                     explain: bool = True) -> FunctionReport:
        """Match inside one function, then (when `explain`) describe what is left."""
        report = FunctionReport(func, str(func.attributes["sym_name"]).strip('"'),
                                alias_guarded=[list(p.names) for p in guarded_pairs(func)])
        for block in _blocks(func):
            self.match_block(block, plan, run, report)
        if explain:
            self.explain_residual(func, plan, run, report)
        return report

    @staticmethod
    def explain_residual(func: ir.Operation, plan: MatchPlan, run: PassRun,
                         report: FunctionReport) -> None:
        """Report and remark each residual op with its closest template."""
        # Explaining loads the loop-program proofs: only when someone reads it.
        from polylift.matcher.explain.closest import closest_loop, closest_template

        ranked = plan.index.ranked
        for op, why in residual_ops(func):
            if host_policy.KEPT in op.attributes:
                kept = ir.StringAttr(op.attributes[host_policy.KEPT]).value
                report.residual_op(op, (kept, host_policy.KEPT_WHY), run.filename)
                run.remark(op, f"{kept} matched; {host_policy.KEPT_WHY}", "missed")
                continue
            if UNLOWERABLE in op.attributes:  # its remark was given when it was matched
                name, problem = ir.StringAttr(op.attributes[UNLOWERABLE]).value.split(": ", 1)
                report.residual_op(op, (name, problem), run.filename)
                continue
            if op.operation.name.startswith("linalg."):
                closest = closest_template(op.opview, plan.by_closeness)
                report.residual_op(op, closest, run.filename)
                run.remark(op, f"no template matches {op.name}; closest {closest[0]}: "
                               f"{closest[1]}", "missed")
                continue
            near = closest_loop(op.opview, ranked) if op.name == "affine.for" else None
            report.residual_op(op, near or ("", why), run.filename)
            if near is not None:
                run.remark(op, f"no template matches the loop nest; closest {near[0]}: "
                               f"{near[1]}", "missed")

    def match_block(self, block: ir.Block, plan: MatchPlan, run: PassRun,
                    report: FunctionReport) -> None:
        """Scan a block left to right; each match is rewritten before scanning on.

        The ops as steps are read once per block (`BlockShapes`): the run at the next
        op reads mostly the same ops (a kernel of three generics was read three times
        over)."""
        start = 0
        shapes = plan.index.reader()
        while True:
            ops = list(block.operations)
            starts = [i for i, op in enumerate(ops) if element_kind(op) and i >= start]
            if not starts:
                return
            with run.at(ops[starts[0]]):
                start = self.match_at(block, ops, starts[0], plan, run, report, shapes)

    def match_at(self, block: ir.Block, ops: list, i: int, plan: MatchPlan, run: PassRun,
                 report: FunctionReport, shapes: BlockShapes) -> int:
        """Match the ops of `block` from `ops[i]` on and rewrite the best match; the
        index of the op to scan from next."""
        notes: list[str] = []
        bindings = self.best_match(ops, i, shapes.candidates(ops[i]), notes, shapes)
        if self.expressions and (bindings is None or _stores_one_value(bindings)):
            found = expression_match(ops, i, shapes.contexts)
            if found is not None and (bindings is None or self._starts(found, ops, shapes)):
                bindings = found
        for note in notes:
            run.remark(ops[i], note, "missed")
        if bindings is None:
            return i + 1
        # Every way on erases, moves or marks them.
        shapes.forget([*bindings.ops, *bindings.dead])
        launch, built = build_launch(bindings)
        with launch.context:
            resolved, problem = resolve(launch, plan.library)
            problem = problem if resolved is None else abi_problem(resolved)
        if resolved is None or problem is not None:
            run.remark(launch, f"not matched: {bindings.template.name}: {problem}",
                       "missed")
            for op in reversed(built):
                rewriter.erase(op)
            for op in bindings.ops:
                rewriter.set_attribute(op, UNLOWERABLE, ir.StringAttr.get(
                    f"{bindings.template.name}: {problem}", op.context))
            return _after(block, bindings.ops[-1])
        choice = self.choose(resolved)
        if choice is not None:
            run.remark(launch, choice.remark, choice.kind)
        if choice is not None and choice.action == "loops":
            for op in reversed(built):
                rewriter.erase(op)
            host_policy.mark_kept(bindings.ops, bindings.template.name)
            return _after(block, bindings.ops[-1])
        form = "".join(f" {d}" for d in bindings.derived)
        if bindings.template.source:
            form += f" `{bindings.template.ast.doc}`"
        run.remark(launch, f"matched {bindings.template.name}{form} ({len(bindings.ops)} op"
                           f"{'s' if len(bindings.ops) > 1 else ''}) -> "
                           f"{launch.attributes['callee']}", "applied")
        report.launch(launch, bindings, run.filename)
        return _after(block, self.place(launch, bindings, plan.library, choice))

    def choose(self, resolved: Launch) -> host_policy.Choice | None:
        """The `profitable` policy's choice for a new launch; None under `always`."""
        return None if self.policy is None else host_policy.choose(resolved, self.policy)

    @staticmethod
    def place(launch: ir.Operation, b: Bindings, library: Library,
              choice: host_policy.Choice | None) -> ir.Operation:
        """Replace the matched ops by the launch, or by the run-time guard that runs one
        or the other; the op that now stands where they were."""
        if choice is not None and choice.action == "guard":
            resolved, _ = resolve(launch, library)
            assert resolved is not None
            anchor = host_policy.guard_launch(resolved, [o.operation for o in b.ops],
                                              choice.threshold)
        else:
            anchor = launch
            for op in reversed(b.ops):
                rewriter.erase(op)
        for op in reversed(b.dead):
            rewriter.erase_if_unused(op)
        return anchor

    def _starts(self, fold: Bindings, ops: list, shapes: BlockShapes) -> bool:
        """Whether an expression fold should take the fill a listed template matched as
        its start: one launch and one pass instead of two, unless a listed template
        states the fold op itself (a library's dedicated call wins)."""
        if len(fold.ops) < 2:
            return False
        last = ops.index(fold.ops[-1])
        return self.best_match(ops, last, shapes.candidates(ops[last]), [], shapes) is None

    @staticmethod
    def best_match(ops: Sequence[ir.OpView], i: int, ranked: Sequence[KernelTemplate],
                   notes: list[str], narrowing: BlockShapes | None = None) -> Bindings | None:
        """The first template of `ranked` (most specific first) matching the ops from
        `ops[i]`; `notes` gets why a whole-image template whose pixel matched did not
        take the border. `narrowing`: the block's index, which passes over a run whose
        later ops its templates' later steps cannot be, and holds the ops as steps that
        earlier searches of the block read."""
        runs: dict[tuple, list[ir.OpView] | None] = {}
        # Each op read once for every template.
        contexts = narrowing.contexts if narrowing is not None else StepContexts()
        index = positions(ops)
        # The templates as written first; their derived forms (in place, a factor of
        # 1) only where none matches, so a listed form (more specific) always wins.
        for derived in (False, True):
            found = MatchKernelsPass._first(ops, i, ranked, [] if derived else notes,
                                            narrowing, runs, contexts, index, derived)
            if found is not None:
                return found
        return None

    @staticmethod
    def _first(ops: Sequence[ir.OpView], i: int, ranked: Sequence[KernelTemplate],
               notes: list[str], narrowing: BlockShapes | None, runs: dict,
               contexts: StepContexts, index: dict, derived: bool) -> Bindings | None:
        """`best_match`'s search over `ranked`, as written or in their derived forms (a
        template folding a local into its output also as `homed_local` derives it)."""
        candidates = [(t, "") for t in ranked]
        if derived:
            candidates = [pair for t in ranked for pair in _forms_of(t)]
        for (tpl, form), kinds in ((c, k) for c in candidates for k in run_kinds(c[0])):
            if not fits(element_kind(ops[i]), kinds[0]):
                continue
            key = (kinds, bool(tpl.ast.locals))
            if key not in runs:
                runs[key] = run_of(ops, index, i, list(kinds), bool(tpl.ast.locals))
            run_ops = runs[key]
            if run_ops is None or not all(o.name == "linalg.generic" for o in run_ops
                                          if element_kind(o) == "op"):
                continue
            if narrowing is not None and not narrowing.admits_run(tpl, run_ops):
                continue
            found = match(tpl, run_ops, None, contexts, derived)
            if found is not None and replicates(tpl):
                try:
                    found = compose_border(found, ops, i)
                except NotABorder as exc:
                    notes.append(f"{tpl.name} not matched: {exc}")
                    continue
            if found is not None:
                return replace(found, dead=found.dead + tuple(dead_after(ops, index, run_ops)),
                               derived=found.derived + ((form,) if form else ()))
        return None


def expression_match(ops: Sequence[ir.OpView], i: int, contexts: StepContexts) -> Bindings | None:
    """The ops from `ops[i]` on as their own expression template (a map or a fold no
    listed template states), proven by the matcher as any template is; None where they
    are no such shape."""
    index = positions(ops)
    for tpl in expression_templates(ops, i):
        found = MatchKernelsPass._first(ops, i, [tpl], [], None, {}, contexts, index, False)
        if found is not None:
            return found
    return None


def _stores_one_value(b: Bindings) -> bool:
    """Whether a match is one op reading no array (a fill): the start of a fold, which
    an expression template states with it."""
    return len(b.ops) == 1 and b.ops[0].name == "linalg.generic" and \
        not list(view_as(b.ops[0], linalg.GenericOp).inputs)


def _forms_of(tpl: KernelTemplate) -> list[tuple[KernelTemplate, str]]:
    """The template and, where it folds a local into its output, that derived form (with
    how a remark names it)."""
    homed = homed_local(tpl)
    return [(tpl, "")] + ([(homed, homed_form(tpl))] if homed is not None else [])


# On ops a template matched whose launch no backend could take: "<template>: <why>", so
# that the residual report says that instead of looking for a closest template.
UNLOWERABLE = "polylift.unlowerable_match"


def build_launch(b: Bindings) -> tuple[ir.Operation, list[ir.Operation]]:
    """Insert the launch before the last matched op, with the views and values it reads;
    the launch and every op built (the launch last). The matched ops stay."""
    last = b.ops[-1]
    block = last.operation.block
    before = len(block.operations)
    tpl = b.template
    operands, attrs = [], {}
    with rewriter.before(last), last.location:
        for param in tpl.params:
            if param.kind == "array":
                view = _materialize(b.arrays[param.name])
                kept = b.kept.get(param.name)
                operands.append(view if kept is None else _slice(view, kept))
                continue
            bound = Const(param.fixed) if param.fixed is not None \
                else b.scalars[param.name]
            match bound:
                case Val(value=value):
                    operands.append(value)
                    continue
                case Elem(view=view, subscripts=subscripts):
                    # The element the ops read on every iteration, read once (nothing in
                    # them writes it).
                    indices = [arith.constant(ir.IndexType.get(), k) for k in subscripts]
                    operands.append(memref.load(view, indices))
                    continue
                case Const(value=number):
                    pass
                case _:
                    raise AssertionError(f"scalar {param.name} is bound to {bound}")
            ctype = mlir_dtype(tpl.scalar_dtype(param.name, b.dtype))
            attr = constant_for(number, ctype)
            operands.append(ir.Operation.create("arith.constant", results=[ctype],
                                                attributes={"value": attr}).result)
            attrs[param.name] = attr
        attrs.update(_template_attrs(tpl))
        attrs["callee"] = ir.FlatSymbolRefAttr.get(tpl.callee(b.dtype))
        attrs["template"] = ir.StringAttr.get(tpl.name)
        if tpl.source:
            attrs[EXPRESSION_ATTR] = ir.StringAttr.get(tpl.source)
        attrs["source_order_matches"] = ir.BoolAttr.get(b.source_order_matches)
        launch = ir.Operation.create("kernel.launch", results=[], operands=operands,
                                     attributes=attrs)
    ops = list(block.operations)
    end = [o.operation for o in ops].index(last.operation)
    return launch, [o.operation for o in ops[end - (len(ops) - before):end]]


def _materialize(view: ir.Value | PlannedView) -> ir.Value:
    """A launch operand: the view itself, or the planned box of a root as a subview."""
    if not isinstance(view, PlannedView):
        return view
    rtype = ir.MemRefType(view.root.type)
    strides, offset = rtype.get_strides_and_offset()
    if view.element is not None:
        # One element, as a 0-d view (a template's `r[]`).
        rank = len(view.element)
        at = offset + sum(k * s for k, s in zip(view.element, strides, strict=True)) \
            if DYNAMIC_OFFSET not in (offset, *strides) else DYNAMIC_OFFSET
        result = ir.MemRefType.get([], rtype.element_type, ir.StridedLayoutAttr.get(at, []),
                                   rtype.memory_space)
        return memref.subview(view.root, list(view.element), [1] * rank, [1] * rank,
                              result_type=result)
    shape = [s if isinstance(s, int) else DYNAMIC for s in view.sizes]
    layout = ir.StridedLayoutAttr.get(offset, strides)
    result = ir.MemRefType.get(shape, rtype.element_type, layout, rtype.memory_space)
    rank = len(shape)
    return memref.subview(view.root, [0] * rank, list(view.sizes), [1] * rank,
                          result_type=result)


def _slice(view: ir.Value, kept: tuple[int, ...]) -> ir.Value:
    """The rank-reducing view of `view` spanning dims `kept` from its first element (a
    row of a matrix for a template vector); the other dims are dropped at index 0."""
    vtype = ir.MemRefType(view.type)
    strides, offset = vtype.get_strides_and_offset()
    rank = len(vtype.shape)
    sizes: list = []
    for d in range(rank):
        if d not in kept:
            sizes.append(1)
        elif vtype.shape[d] != DYNAMIC:
            sizes.append(vtype.shape[d])
        else:
            sizes.append(memref.dim(view, arith.constant(ir.IndexType.get(), d)))
    layout = ir.StridedLayoutAttr.get(offset, [strides[d] for d in kept])
    rtype = ir.MemRefType.get([vtype.shape[d] for d in kept], vtype.element_type, layout,
                              vtype.memory_space)
    return memref.subview(view, [0] * rank, sizes, [1] * rank, result_type=rtype)


def _template_attrs(tpl: KernelTemplate) -> dict[str, ir.Attribute]:
    out: dict[str, ir.Attribute] = {}
    for key, value in tpl.attrs.items():
        if value in ("true", "false"):
            out[key] = ir.BoolAttr.get(value == "true")
        else:
            out[key] = ir.StringAttr.get(value)
    return out


def _after(block: ir.Block, op: ir.Operation | ir.OpView) -> int:
    """The index in `block` of the op after `op`."""
    return [o.operation for o in block.operations].index(op.operation) + 1


def _blocks(func: ir.Operation) -> list[ir.Block]:
    """The blocks that may hold runs; the body of a linalg op is its payload (a
    `linalg.index` there is no run element)."""
    blocks = []

    def visit(op):
        if op.name.startswith("linalg."):
            return ir.WalkResult.SKIP
        for region in op.regions:
            blocks.extend(region.blocks)
        return ir.WalkResult.ADVANCE

    walk(func, visit, ir.WalkOrder.POST_ORDER)
    return [b for b in blocks if any(element_kind(o) for o in b.operations)]


# The linalg ops that are no named structured op for `linalg-generalize-named-ops`.
_NOT_NAMED = ("linalg.generic", "linalg.yield", "linalg.index")


def _generalize(module: ir.Module) -> None:
    """Named linalg ops become generics first, so one matcher reads every op.

    The upstream pass also folds every payload it visits (`x * 1` becomes `x`), which
    would hide a tap with coefficient 1 from the matcher, so it runs only when a named
    op is there to generalize. `linalg.index` and `linalg.yield` are no named ops: they
    sit in payloads (an argmax's index), which must reach the matcher as written.
    """
    named = []

    def visit(op):
        if op.name.startswith("linalg.") and op.name not in _NOT_NAMED:
            named.append(op)
        return ir.WalkResult.ADVANCE

    walk(module, visit, ir.WalkOrder.POST_ORDER)
    if not named:
        return
    pm = passmanager.PassManager.parse("builtin.module(func.func(linalg-generalize-named-ops))",
                                       module.context)
    pm.run(module.operation)


__all__ = ["MatchKernelsPass", "source_loc"]
