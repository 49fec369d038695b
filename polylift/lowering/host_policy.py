"""The `profitable` policy of `match-kernels`: launch a template's host shim only where a
measured profile (`profile.py`) says the call beats the loops it replaces.

The decision is taken per launch, right after the match, while the matched ops still
exist: with every size static, now (the launch, or the source loops and no launch);
otherwise at run time, by the cost guard the GPU policy uses (`offload.CostBuilder`):

    scf.if (flops + bytes >= threshold) { kernel.launch } else { the matched ops, moved here }

A template the profile does not hold, or one without a cost expression, is launched as
with `always`, and a remark says so.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from polylift import rewriter
from polylift.lowering.launch_call import Launch
from polylift.lowering.offload import CostBuilder, guarded_branches, static_sizes
from polylift.lowering.profile import Entry, Point, Profile
from polylift.mlir import arith, ir

BACKEND = "host"  # the backend whose calls the match-kernels policy weighs
# On each op the policy kept, where it may run: the template it matched.
KEPT = "polylift.offload_kept"
KEPT_WHY = "kept as loops by the offload policy, where the host call loses"


@dataclass(frozen=True)
class Choice:
    """What to do with one launch: `launch`, `loops` (keep the matched ops) or `guard`
    (decide at run time from `threshold`); `remark` says why, as a remark of `kind`."""

    action: str
    remark: str
    kind: str
    threshold: float = 0.0


def _measured(point: Point) -> str:
    where = f", {point.kernel} at {point.size}" if point.kernel else ""
    return f"measured {point.ratio:.2f}x at work {point.work:.3g}{where}"


def _span(entry: Entry) -> str:
    """The range of an entry's measurements, for a remark."""
    ordered = sorted(entry.points, key=lambda p: p.work)
    if len(ordered) == 1:
        return _measured(ordered[0])
    return f"{_measured(ordered[0])} to {_measured(ordered[-1])}"


def choose(launch: Launch, profile: Profile) -> Choice:
    """Launch, keep the loops or guard, as `profile` says for this launch's template."""
    tpl = launch.template
    entry = profile.entry(tpl.name, BACKEND, launch.dtype)
    if entry is None or tpl.ast.flops is None or tpl.ast.bytes is None:
        what = "no measurement" if entry is None else "no cost expression"
        return Choice("launch", f"{tpl.name}: {what} for the {BACKEND} {launch.dtype} call "
                      f"in profile {profile.source}; launched", "analysis")
    threshold = entry.threshold()
    sizes = static_sizes(launch)
    if sizes is None:
        if threshold == 0.0:
            return Choice("launch", f"{tpl.name}: the {BACKEND} call wins from the smallest "
                          f"measured size on ({_span(entry)}; profile {profile.source})",
                          "applied")
        if math.isinf(threshold):
            return Choice("loops", f"kept the source loops: the {BACKEND} call of {tpl.name} "
                          f"loses more often than it wins at every size measured "
                          f"({_span(entry)}; profile {profile.source})", "missed")
        return Choice("guard", f"sizes known at run time only: {tpl.name} is launched when "
                      f"its work (flops + bytes) >= {threshold:.3g}, else the source loops "
                      f"run ({_span(entry)}; profile {profile.source})", "analysis", threshold)
    work = sum(tpl.cost(sizes, launch.dtype))
    measured = _measured(entry.nearest(work))
    if work >= threshold:
        return Choice("launch", f"{tpl.name}: the {BACKEND} call wins at work {work:.3g} "
                      f"({measured}; profile {profile.source})", "applied")
    return Choice("loops", f"kept the source loops: the {BACKEND} call of {tpl.name} loses "
                  f"at work {work:.3g} ({measured}; profile {profile.source})", "missed")


def mark_kept(ops: Sequence[ir.Operation | ir.OpView], template: str) -> None:
    """Say on each kept op which template it matched, so that no later explanation
    looks for a closest template."""
    for op in ops:
        rewriter.set_attribute(op, KEPT, ir.StringAttr.get(template, op.context))


def guard_launch(launch: Launch, matched: list[ir.Operation], threshold: float) -> ir.Operation:
    """`scf.if (flops + bytes >= threshold) { launch } else { matched ops }`, built where the
    launch is; the launch and the matched ops (which carry no results) move into it."""
    loc = launch.location
    ast = launch.template.ast
    assert ast.flops is not None and ast.bytes is not None
    flops, moved = ast.flops, ast.bytes

    def pays(costs: CostBuilder) -> ir.Value:
        work = arith.addf(costs.value(flops), costs.value(moved), loc=loc)
        return arith.cmpf(arith.CmpFPredicate.OGE, work, costs.constant(threshold), loc=loc)

    arms = guarded_branches(launch, pays)
    rewriter.move_before(launch.op, arms.then_end)
    mark_kept(matched, launch.template.name)
    for op in matched:
        rewriter.move_before(op, arms.else_end)
    return arms.op
