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

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, replace

from polylift.matcher.ast import (
    Access,
    And,
    ArrayDecl,
    Bin,
    Call,
    Compare,
    Cond,
    Expr,
    Lookup,
    Neg,
    Num,
    Ref,
    Step,
)
from polylift.matcher.checks import accesses, lookups, step_kind, walk, written_access
from polylift.matcher.engine import Attempt, flatten, step_expr
from polylift.matcher.ir_model import Node, Unsupported, operands
from polylift.matcher.library import KernelTemplate
from polylift.matcher.loop_model import LoopIR
from polylift.matcher.mask import split_mask
from polylift.matcher.match import match
from polylift.matcher.payload import BINARY, UNARY, payload
from polylift.mlir import ir

# How many of the best-shaped candidates are probed with one-edit variants.
PROBED = 8
# Payload casts an integer template states once with `accumulate`: not operators.
CASTS = ("sext", "trunc")
LEAVES = ("arg", "val", "const")
# A select is how a body writes max or min; the matcher says why it read neither.
SELECT = "max"


@dataclass(frozen=True)
class Shape:
    """What one op (or one template step) computes, coarsely."""

    dtype: str
    rank: int  # of the element written, counting the dims the loops vary
    parallel: int
    reduced: int
    reads: int = 0  # array elements read besides the one written
    reads_out: bool = False
    terms: int = 0  # of the outermost sum
    ops: tuple[tuple[str, int], ...] = ()  # operator counts, sorted
    scalars: int = 0  # scalar values and constants
    unread: str = ""  # why the payload could not be read ("" when it could)
    # Why a select of the payload is no template function (max, min, clamp, abs, rdiv),
    # for a template that states none of its own ("" when every select is one).
    selects: str = ""


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
    if have is None:
        return "none", "op has more than one output"
    found = [c for order, tpl in enumerate(ranked) for c in _candidates(op, have, tpl, order)]
    found.sort(key=Candidate.key)
    probed = [_probe(op, c, ranked) for c in found[:PROBED]]
    best = min(probed + found, key=Candidate.key, default=None)
    if best is None:
        return "none", "no template applies"
    return best.template, best.text


def _candidates(op: ir.OpView, have: Shape, tpl: KernelTemplate,
                order: int) -> Iterator[Candidate]:
    """One candidate per step of `tpl`, compared with the op."""
    steps = tpl.ast.steps
    for k, step in enumerate(steps):
        if step_kind(step) != "op":
            continue  # a scatter, a recurrence or one element: not a linalg op
        variant = tpl if len(steps) == 1 else step_template(tpl, step)
        attempt = Attempt()
        if len(steps) > 1 and match(variant, [op], attempt) is not None:
            yield Candidate(tpl.name, order, 0, 0, 0, _missing_steps(tpl, k))
            continue
        if len(steps) == 1:
            match(tpl, [op], attempt)
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
    try:
        LoopIR(op)
    except Unsupported:
        return None  # no step reads it, whatever it states
    best: tuple[tuple[int, int], str, str] | None = None
    for tpl in ranked:
        steps = tpl.ast.steps
        for k, step in enumerate(steps):
            if step_kind(step) not in ("loop", "op"):
                continue
            attempt = Attempt()
            variant = tpl if len(steps) == 1 else step_template(tpl, step)
            if match(variant, [op], attempt) is not None:
                return tpl.name, _missing_steps(tpl, k)
            text = f"step {k + 1} ({step}): {attempt.reason}" if len(steps) > 1 \
                else attempt.reason
            # The furthest attempt; on a tie, the template with the fewest steps.
            rank = (attempt.progress, -len(steps))
            if attempt.progress > 1 and (best is None or rank > best[0]):
                best = (rank, tpl.name, text)
    return None if best is None else (best[1], best[2])


def _missing_steps(tpl: KernelTemplate, k: int) -> str:
    steps = tpl.ast.steps
    before = [f"step {j + 1} ({steps[j]})" for j in range(k)]
    after = [f"step {j + 1} ({steps[j]})" for j in range(k + 1, len(steps))]
    text = f"the op is step {k + 1} of {tpl.name}"
    if before:
        text += f"; {', '.join(before)} {'is' if len(before) == 1 else 'are'} missing before it"
    if after:
        text += f"; {', '.join(after)} {'is' if len(after) == 1 else 'are'} missing after it"
    return text


def _probe(op: ir.OpView, cand: Candidate, ranked: list[KernelTemplate]) -> Candidate:
    """`cand` moved to tier 1 when one edit of its step makes it match the op."""
    if cand.tier != 2:
        return cand
    tpl = ranked[cand.order]
    for k, step in enumerate(tpl.ast.steps):
        if step_kind(step) != "op":
            continue
        for text, edited, flipped in edits(step):
            if match(step_template(tpl, edited, flipped, k), [op]) is not None:
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
    kept = (*(s for s in steps[:position] if step_kind(s) == "local"), step)
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


def op_shape(op: ir.OpView) -> Shape | None:
    """The shape of a linalg.generic (None with more than one output)."""
    if len(op.outputs) != 1:
        return None
    ops = operands(op)
    out = next(k for k, o in enumerate(ops) if o.is_output)
    maps = [ir.AffineMapAttr(a).value for a in op.attributes["indexing_maps"]]
    rank = sum(1 for e in maps[out].results if not isinstance(e, ir.AffineConstantExpr))
    kinds = [str(a).split("<")[-1].rstrip(">").strip('"') for a in op.attributes["iterator_types"]]
    dtype = str(ir.MemRefType(op.outputs[0].type).element_type)
    base = Shape(dtype, rank, kinds.count("parallel"), kinds.count("reduction"))
    value = split_mask(op)[0]  # inside a triangle's mask
    try:
        tree = _uncast(payload(op, value))
    except Unsupported as exc:
        return _block_shape(op, replace(base, unread=str(exc)))
    try:
        payload(op, value, conditions=False)
    except Unsupported as exc:
        base = replace(base, selects=str(exc))
    leaves = [n for n in _nodes(tree) if n[0] in ("arg", "val", "const")]
    return replace(base, reads=sum(1 for n in leaves if n[0] == "arg" and n[1] != out),
                   reads_out=("arg", out) in leaves, terms=len(flatten(tree, "+", False)),
                   ops=_counts(n[0] for n in _nodes(tree) if n[0] not in LEAVES),
                   scalars=sum(1 for n in leaves if n[0] in ("val", "const")))


def _block_shape(op: ir.OpView, base: Shape) -> Shape:
    """What the body of an op shows when its payload is no tree the matcher reads: the
    arguments it uses and the operators it applies (a select counts as one)."""
    block = op.regions[0].blocks[0]
    args = list(block.arguments)
    used = [any(True for _ in arg.uses) for arg in args]
    names = [BINARY.get(o.name) or UNARY.get(o.name) or
             (SELECT if o.name == "arith.select" else o.name.split(".")[-1])
             for o in block.operations if o.name not in ("linalg.yield", "arith.constant")
             and all(str(r.type) not in ("index", "i1") for r in o.results)]
    return replace(base, reads=sum(used[:-1]), reads_out=used[-1],
                   ops=_counts([n for n in names if n not in CASTS]))


def step_shape(tpl: KernelTemplate, step: Step) -> Shape:
    """The shape of one template step (its element type: the first the template takes)."""
    expr = step_expr(step)
    nodes = list(walk(expr))
    written = {v for a in written_access(step) for sub in a.indices for v in sub.vars}
    every = {v for n in nodes if isinstance(n, Access) for sub in n.indices for v in sub.vars}
    reads = [n for n in nodes if isinstance(n, Access)]
    return Shape(tpl.dtypes[0] if tpl.dtypes else "", len(step.target.indices), len(written),
                 len(every - written), sum(1 for n in reads if n != step.target),
                 step.target in reads, len(flatten(expr, "+", True)),
                 _counts(_operator(n) for n in nodes
                         if isinstance(n, Bin | Neg | Call | Lookup | Cond | Compare | And)),
                 sum(1 for n in nodes if isinstance(n, Ref | Num)) - _compared_numbers(nodes))


def _compared_numbers(nodes: list[Expr]) -> int:
    """Numbers a comparison compares with: the op's form folds them into a constant."""
    return sum(1 for n in nodes if isinstance(n, Compare)
               for side in (n.lhs, n.rhs) if isinstance(side, Num))


# The payload node names of the template's conditional forms.
_CONDITIONAL = {Cond: "select", Compare: "cmp", And: "and"}


def _operator(n: Bin | Neg | Call | Lookup | Cond | Compare | And) -> str:
    if isinstance(n, Lookup):
        return "lookup"
    if isinstance(n, Cond | Compare | And):
        return _CONDITIONAL[type(n)]
    return n.op if isinstance(n, Bin) else "neg" if isinstance(n, Neg) else n.fn


def _counts(names: Iterator[str] | list[str]) -> tuple[tuple[str, int], ...]:
    return tuple(sorted(Counter(names).items()))


def _is_node(child: object) -> bool:
    return isinstance(child, tuple) and bool(child) and isinstance(child[0], str)


def _nodes(tree: Node) -> Iterator[Node]:
    yield tree
    if tree[0] == "lookup":  # the table is no scalar: only its key has leaves
        yield from _nodes(tree[2])
    elif tree[0] == "cmp":  # a comparison's atoms (its numbers are folded into a form)
        for atom, _ in tree[2]:
            yield from _nodes(atom)
    elif tree[0] not in ("arg", "val", "const"):
        for child in tree[1:]:
            if _is_node(child):
                yield from _nodes(child)


def _uncast(tree: Node) -> Node:
    """The payload without the widening and narrowing casts of integer arithmetic."""
    if tree[0] in CASTS:
        return _uncast(tree[1])
    if tree[0] in ("arg", "val", "const", "cmp"):
        return tree
    return (tree[0], *(_uncast(c) if _is_node(c) else c for c in tree[1:]))


def differences(have: Shape, want: Shape, tpl: KernelTemplate,
                step: Step) -> list[tuple[int, str]]:
    """(weight, words) for each way the op's shape differs from the step's, the most
    telling first."""
    out: list[tuple[int, str, str]] = []
    if have.dtype not in tpl.dtypes:
        out.append((2, f"element type {have.dtype}, the template takes "
                       f"{', '.join(tpl.dtypes)}", "type"))
    if have.rank != want.rank:
        out.append((3, f"the op writes a rank-{have.rank} element, the template "
                       f"{step.target} (rank {want.rank})", "rank"))
    if have.reduced != want.reduced:
        out.append((2, _reduction(have, want, step), "loops"))
    if have.unread:
        # Only what the body shows compares, after the reason the matcher cannot read it.
        out.append((0, have.unread, ""))
    if have.selects and not any(isinstance(n, Cond) for n in walk(step.value)):
        out.append((0, have.selects, ""))
    if have.reads_out != want.reads_out:
        out.append((1, f"the op {'reads' if have.reads_out else 'does not read'} its output, "
                       f"the template {'reads' if want.reads_out else 'overwrites'} "
                       f"{step.target}", "reads"))
    more = _payload_differences(have, want, step)
    if have.unread:
        more = [d for d in more if d[2] in ("reads", "ops")]
    return [(weight, text) for weight, text, _ in out + more]


def _reduction(have: Shape, want: Shape, step: Step) -> str:
    written = {v for a in written_access(step) for sub in a.indices for v in sub.vars}
    summed = sorted({v for n in walk(step.value) if isinstance(n, Access)
                     for sub in n.indices for v in sub.vars} - written)
    if not want.reduced:
        return (f"the op sums over {have.reduced} loop{'s' if have.reduced > 1 else ''} "
                "(a reduction) where the template has none")
    if not have.reduced:
        return f"the op has no reduction, the template sums over {', '.join(summed)}"
    return (f"the op sums over {have.reduced} loops, the template over {want.reduced} "
            f"({', '.join(summed)})")


def _payload_differences(have: Shape, want: Shape, step: Step) -> list[tuple[int, str, str]]:
    out: list[tuple[int, str, str]] = []
    if have.terms != want.terms:
        extra = have.terms - want.terms
        out.append((1, f"payload sums {have.terms} term{'s' if have.terms > 1 else ''}, the "
                       f"template {want.terms}: {abs(extra)} "
                       f"{'extra' if extra > 0 else 'missing'}", "terms"))
    if have.scalars < want.scalars:
        names = [str(n) for n in walk(step.value) if isinstance(n, Ref | Num)]
        listed = " or ".join(names) if len(names) <= 2 else f"{', '.join(names[:3])}, ..."
        out.append((1, f"payload has no {listed} (the template has {want.scalars} "
                       f"scalar{'s' if want.scalars > 1 else ''}, the op {have.scalars})",
                    "scalars"))
    elif have.scalars > want.scalars:
        out.append((1, f"payload has {have.scalars} scalars or constants, the template "
                       f"{want.scalars}", "scalars"))
    if have.reads != want.reads:
        out.append((1, f"payload reads {have.reads} array element"
                       f"{'s' if have.reads != 1 else ''} besides its output, the template "
                       f"{want.reads}", "reads"))
    mine, theirs = dict(have.ops), dict(want.ops)
    for name in sorted(set(mine) | set(theirs)):
        a, b = mine.get(name, 0), theirs.get(name, 0)
        # The sum's own '+' are its terms, counted once above.
        if a != b and not (name == "+" and have.terms != want.terms):
            out.append((1, f"payload has {a} '{name}', the template {b}", "ops"))
    return out


__all__ = ["closest_template", "differences", "edits", "op_shape", "step_shape",
           "step_template"]
