"""The template closest to an op that no template matches, and what differs, in words.

Every step of every template is a candidate (a step of a multi-step template stands
alone with the parameters it uses). Candidates rank by how much of the op they explain:

1. the op is one step of a multi-step template: the other steps are what is missing;
2. one edit of the step makes it match the op (a factor or term dropped, an input
   read transposed, `+=` for `=`): the edit is the difference, proved by the matcher;
3. otherwise by the differences of their coarse shapes (element type, rank of the
   written array, reduction loops, reads, terms, operators, scalars), then by how
   far the matcher's bindings got; the first difference (or the matcher's own
   reason when the shapes agree) is reported.

Ties go to the more specific template (the order `ranked` gives), so the result is
deterministic.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

from polylift.matcher.binding.state import Attempt
from polylift.matcher.explain.shapes import Shape, differences, op_shape, step_shape
from polylift.matcher.ir.ir_model import Unsupported
from polylift.matcher.ir.loop_model import LoopIR
from polylift.matcher.program.explain import closest_program
from polylift.matcher.search.match import StepContexts, match
from polylift.mlir import ir
from polylift.tdl.ast import (
    Access,
    ArrayDecl,
    Bin,
    Call,
    Expr,
    Neg,
    Ref,
    Step,
)
from polylift.tdl.library import KernelTemplate
from polylift.tdl.steps import (
    accesses,
    definitions_read,
    lookups,
    step_kind,
    walk,
    written_access,
)

# How many of the best-shaped candidates are probed with one-edit variants.
PROBED = 8
@dataclass(frozen=True)
class Candidate:
    """One template step, how it compares with the op, and its explanation."""

    template: str
    order: int  # position in the ranked library: earlier is more specific
    tier: int  # 0: a step of the template matches; 1: one edit does; 2: neither
    score: int  # weighted shape differences
    progress: int
    text: str

    def key(self) -> tuple[int, int, int, int]:
        """Lower is closer."""
        return (self.tier, self.score, -self.progress, self.order)


def closest_template(op: ir.OpView, ranked: list[KernelTemplate]) -> tuple[str, str]:
    """The template closest to `op` (no template matches it) and the first difference."""
    if op.name != "linalg.generic":
        return "none", f"{op.name} is not a linalg.generic"
    try:
        have = op_shape(op)
    except Unsupported as exc:
        return "none", str(exc)
    contexts = StepContexts()  # the op read once for every template and variant
    if have is None:
        return _closest_joint(op, ranked, contexts)
    found = [c for order, tpl in enumerate(ranked)
             for c in _candidates(op, have, tpl, order, contexts)]
    found.sort(key=Candidate.key)
    probed = [_probe(op, c, ranked, contexts) for c in found[:PROBED]]
    best = min(probed + found, key=Candidate.key, default=None)
    if best is None:
        return "none", "no template applies"
    return best.template, best.text


def _candidates(op: ir.OpView, have: Shape, tpl: KernelTemplate, order: int,
                contexts: StepContexts) -> Iterator[Candidate]:
    """One candidate per step of `tpl`, compared with the op (none of a loop program,
    which no linalg op computes alone)."""
    steps = () if tpl.ast.program else tpl.ast.steps
    joint = _joint_positions(steps)
    for k, step in enumerate(steps):
        if step_kind(step) != "op" or k in joint:
            continue  # a scatter, a recurrence, one element, or one target of a joint
            # update (whose op has an output per target): not a one-output linalg op
        variant = tpl if len(steps) == 1 else step_template(tpl, step)
        attempt = Attempt()
        if len(steps) > 1 and match(variant, [op], attempt, contexts) is not None:
            yield Candidate(tpl.name, order, 0, 0, 0, _missing_steps(tpl, k))
            continue
        if len(steps) == 1:
            match(tpl, [op], attempt, contexts)
        diffs = differences(have, step_shape(tpl, step), tpl, step)
        text = diffs[0][1] if diffs else attempt.reason or "no difference found"
        if len(steps) > 1:
            text = f"step {k + 1} ({step}): {text}"
        # A lone step of a longer template explains less of it than a whole template.
        penalty = 1 if len(steps) > 1 else 0
        yield Candidate(tpl.name, order, 2, sum(w for w, _ in diffs) + penalty,
                        attempt.progress, text)


def closest_loop(op: ir.OpView, ranked: list[KernelTemplate]) -> tuple[str, str] | None:
    """For a loop nest the raising kept: the template step it comes closest to (a
    scatter, a recurrence, or any step whose points a loop nest may compute), and the
    first difference; None when no step gets past reading the nest (a loop that is not
    one value stored per point)."""
    program = closest_program(op, ranked)
    try:
        LoopIR(op)
    except Unsupported:
        return program  # no step reads it, whatever it states
    best: tuple[tuple[int, int], str, str] | None = None
    contexts = StepContexts()
    for tpl in ranked:
        steps = () if tpl.ast.program else tpl.ast.steps
        joint = _joint_positions(steps)
        for k, step in enumerate(steps):
            if step_kind(step) not in ("loop", "op") or k in joint:
                continue
            attempt = Attempt()
            variant = tpl if len(steps) == 1 else step_template(tpl, step)
            if match(variant, [op], attempt, contexts) is not None:
                return tpl.name, _missing_steps(tpl, k)
            text = f"step {k + 1} ({step}): {attempt.reason}" if len(steps) > 1 \
                else attempt.reason
            # The furthest attempt; on a tie, the template with the fewest steps.
            rank = (attempt.progress, -len(steps))
            if attempt.progress > 1 and (best is None or rank > best[0]):
                best = (rank, tpl.name, text)
    return program if best is None else (best[1], best[2])


def _closest_joint(op: ir.OpView, ranked: list[KernelTemplate],
                   contexts: StepContexts) -> tuple[str, str]:
    """For an op of several outputs: the first template whose joint update alone matches
    it (the other steps are what is missing), else the one whose joint update got
    furthest, with the matcher's reason; none when no template has a joint update."""
    best: tuple[int, str, str] | None = None
    for tpl in ranked:
        steps = () if tpl.ast.program else tpl.ast.steps
        for first, last in _joint_groups(steps):
            attempt = Attempt()
            if match(_steps_template(tpl, first, last), [op], attempt, contexts) is not None:
                return tpl.name, _missing_steps(tpl, first, last)
            if best is None or attempt.progress > best[0]:
                numbers = ", ".join(str(j + 1) for j in range(first, last + 1))
                best = (attempt.progress, tpl.name, f"steps {numbers}: {attempt.reason}")
    return ("none", "op has more than one output") if best is None else best[1:]


def _joint_groups(steps: tuple) -> list[tuple[int, int]]:
    """(first, last) positions of each joint update's steps."""
    groups: list[tuple[int, int]] = []
    for k, step in enumerate(steps):
        if step.with_previous:
            start = groups.pop()[0] if groups and groups[-1][1] == k - 1 else k - 1
            groups.append((start, k))
    return groups


def _joint_positions(steps: tuple) -> set[int]:
    """The positions of the steps of joint updates (`Step.with_previous`), the first
    included: no op of one output computes one of them alone."""
    found = set()
    for k, step in enumerate(steps):
        if step.with_previous:
            found |= {k - 1, k}
    return found


def _missing_steps(tpl: KernelTemplate, k: int, last: int | None = None) -> str:
    """What the op lacks of `tpl` when it is its steps k to `last` (default: k)."""
    steps = tpl.ast.steps
    last = k if last is None else last
    before = [f"step {j + 1} ({steps[j]})" for j in range(k)]
    after = [f"step {j + 1} ({steps[j]})" for j in range(last + 1, len(steps))]
    text = f"the op is step {k + 1} of {tpl.name}" if last == k else \
        f"the op is steps {', '.join(str(j + 1) for j in range(k, last + 1))} of {tpl.name}"
    if before:
        text += f"; {', '.join(before)} {'is' if len(before) == 1 else 'are'} missing before it"
    if after:
        text += f"; {', '.join(after)} {'is' if len(after) == 1 else 'are'} missing after it"
    return text


def _probe(op: ir.OpView, cand: Candidate, ranked: list[KernelTemplate],
           contexts: StepContexts) -> Candidate:
    """`cand` moved to tier 1 when one edit of its step makes it match the op."""
    if cand.tier != 2:
        return cand
    tpl = ranked[cand.order]
    for k, step in enumerate(tpl.ast.steps):
        if step_kind(step) != "op":
            continue
        for text, edited, flipped in edits(step):
            if match(step_template(tpl, edited, flipped, k), [op], None,
                     contexts) is not None:
                where = f"step {k + 1} of the template: " if len(tpl.ast.steps) > 1 else ""
                return replace(cand, tier=1, text=where + text)
    return cand


def step_template(tpl: KernelTemplate, step: Step, flipped: str = "",
                  position: int | None = None) -> KernelTemplate:
    """`tpl` reduced to one step (the one at `position`, default where `step` stands),
    the definitions of locals before it, and the parameters they use; the matrix named
    `flipped` has its dims swapped (the step reads it transposed)."""
    steps = tpl.ast.steps
    if position is None:
        position = steps.index(step) if step in steps else len(steps)
    return _kept_template(tpl, (*definitions_read(steps[:position], step), step), flipped)


def _steps_template(tpl: KernelTemplate, first: int, last: int) -> KernelTemplate:
    """`tpl` reduced to its steps `first` to `last` (a joint update), the definitions of
    locals they read, and the parameters they use."""
    steps = tpl.ast.steps
    group = steps[first:last + 1]
    defined = dict.fromkeys(d for s in group for d in definitions_read(steps[:first], s))
    return _kept_template(tpl, (*defined, *group))


def _kept_template(tpl: KernelTemplate, kept: tuple[Step, ...],
                   flipped: str = "") -> KernelTemplate:
    """`tpl` with the steps `kept` and the parameters they use; the matrix named
    `flipped` has its dims swapped."""
    used = {a.array for s in kept for a in [*accesses(s), *lookups(s), *written_access(s)]}
    used |= {n.name for s in kept for n in walk(s.value) if isinstance(n, Ref)}
    params = tuple(replace(p, dims=p.dims[::-1]) if isinstance(p, ArrayDecl)
                   and p.name == flipped else p for p in tpl.ast.params if p.name in used)
    return KernelTemplate(replace(tpl.ast, steps=kept, params=params))


def edits(step: Step) -> Iterator[tuple[str, Step, str]]:
    """Each one-edit variant of `step`, the difference it stands for, and the matrix it
    reads transposed ("" when none)."""
    if step.op == "+=":
        yield (f"the op overwrites {step.target}, the template accumulates into it (+=)",
               replace(step, op="="), "")
    elif step.target not in walk(step.value):
        yield (f"the op accumulates into its output, the template overwrites {step.target}",
               replace(step, op="+="), "")
    for dropped, kind, value in _drops(step.value):
        if kind == "*" and isinstance(dropped, Ref):
            text = f"payload has no {dropped} (the template multiplies by it)"
        elif kind == "*":
            text = f"payload has no factor {_plain(dropped)}"
        else:
            text = f"payload has no term {_plain(dropped)}"
        yield text, replace(step, value=value), ""
    for access in dict.fromkeys(n for n in walk(step.value) if isinstance(n, Access)):
        if len(access.indices) == 2 and access != step.target:
            swapped = replace(access, indices=access.indices[::-1])
            yield (f"{access.array} is read transposed: the op reads {swapped} where the "
                   f"template has {access}",
                   replace(step, value=_swap(step.value, access, swapped)), access.array)


def _drops(e: Expr) -> Iterator[tuple[Expr, str, Expr]]:
    """(operand, its operator, `e` without it) for each operand of each sum or product."""
    if isinstance(e, Bin):
        if e.op in "+*":
            yield e.lhs, e.op, e.rhs
            yield e.rhs, e.op, e.lhs
        for dropped, kind, new in _drops(e.lhs):
            yield dropped, kind, replace(e, lhs=new)
        for dropped, kind, new in _drops(e.rhs):
            yield dropped, kind, replace(e, rhs=new)
    elif isinstance(e, Neg):
        for dropped, kind, new in _drops(e.operand):
            yield dropped, kind, replace(e, operand=new)
    elif isinstance(e, Call):
        for k, arg in enumerate(e.args):
            for dropped, kind, new in _drops(arg):
                yield dropped, kind, replace(e, args=e.args[:k] + (new,) + e.args[k + 1:])


def _swap(e: Expr, old: Access, new: Access) -> Expr:
    """`e` with every read of `old` replaced by `new`."""
    if e == old:
        return new
    if isinstance(e, Bin):
        return replace(e, lhs=_swap(e.lhs, old, new), rhs=_swap(e.rhs, old, new))
    if isinstance(e, Neg):
        return replace(e, operand=_swap(e.operand, old, new))
    if isinstance(e, Call):
        return replace(e, args=tuple(_swap(a, old, new) for a in e.args))
    return e


def _plain(e: Expr) -> str:
    """An expression as written, without the outer parentheses of a binary node."""
    text = str(e)
    return text[1:-1] if isinstance(e, Bin) else text


__all__ = ["closest_loop", "closest_template", "edits", "step_template"]
