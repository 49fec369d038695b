"""Coarse shapes of an op and of a template step, and their differences in words: what
`closest.py` ranks candidates by when no edit of a step matches the op.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, replace

from polylift.matcher.binding.engine import flatten, step_expr
from polylift.matcher.ir.ir_model import (
    Unsupported,
    indexing_maps,
    iterator_kinds,
    operands,
)
from polylift.matcher.ir.mask import split_mask
from polylift.matcher.ir.payload import BINARY, UNARY, payload
from polylift.matcher.ir.tree import Apply, Arg, Cmp, Node, children, kind, with_children
from polylift.mlir import ir, linalg, view_as
from polylift.tdl.ast import (
    Access,
    And,
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
from polylift.tdl.library import KernelTemplate
from polylift.tdl.steps import walk, written_indices

# Payload casts an integer template states once with `accumulate`: not operators.
CASTS = ("sext", "zext", "trunc")
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


def op_shape(op: ir.OpView) -> Shape | None:
    """The shape of a linalg.generic (None with more than one output)."""
    generic = view_as(op, linalg.GenericOp)
    if len(generic.outputs) != 1:
        return None
    ops = operands(op)
    out = next(k for k, o in enumerate(ops) if o.is_output)
    maps = indexing_maps(op)
    rank = sum(1 for e in maps[out].results if not isinstance(e, ir.AffineConstantExpr))
    kinds = iterator_kinds(op)
    dtype = str(ir.MemRefType(generic.outputs[0].type).element_type)
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
    leaves = [n for n in _nodes(tree) if kind(n) in LEAVES]
    return replace(base, reads=sum(1 for n in leaves if isinstance(n, Arg) and n.index != out),
                   reads_out=Arg(out) in leaves, terms=len(flatten(tree, "+", False)),
                   ops=_counts("cmp" if kind(n) == "fcmp" else kind(n) for n in _nodes(tree)
                               if kind(n) not in LEAVES),
                   scalars=sum(1 for n in leaves if kind(n) in ("val", "const")))


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
    written = written_indices(step)
    every = {v for n in nodes if isinstance(n, Access) for sub in n.indices for v in sub.vars}
    reads = [n for n in nodes if isinstance(n, Access)]
    rank = len(step.target.indices) if isinstance(step.target, Access) else 0
    return Shape(tpl.dtypes[0] if tpl.dtypes else "", rank, len(written),
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


def _nodes(tree: Node) -> Iterator[Node]:
    yield tree
    match tree:
        case Apply("lookup", (_, key)):  # the table is no scalar: only its key has leaves
            yield from _nodes(key)
        case Cmp(terms=terms):  # a comparison's atoms (its numbers are folded into a form)
            for atom, _ in terms:
                yield from _nodes(atom)
        case _:
            for child in children(tree):
                yield from _nodes(child)


def _uncast(tree: Node) -> Node:
    """The payload without the widening and narrowing casts of integer arithmetic."""
    match tree:
        case Apply(op, (value,)) if op in CASTS:
            return _uncast(value)
        case Cmp(rel, terms, const):  # the compared atoms, as the template reads them: widened
            return Cmp(rel, tuple((_uncast(a), c) for a, c in terms), const)
    return with_children(tree, [_uncast(c) for c in children(tree)])


def differences(have: Shape, want: Shape, tpl: KernelTemplate,
                step: Step) -> list[tuple[int, str]]:
    """(weight, words) for each way the op's shape differs from the step's, the most
    telling first."""
    out: list[tuple[int, str, str]] = []
    if tpl.dtype_for(have.dtype) is None:
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
    written = written_indices(step)
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
