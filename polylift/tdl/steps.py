"""What a template step reads, writes and is: the walks over its expressions, and its
kind (which IR a step matches: a linalg op, a loop nest, a store, or none for a local's
definition)."""

from __future__ import annotations

from functools import cache

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
    Template,
)

# Functions whose value is a float whatever they read.
_FLOAT_FUNCTIONS = frozenset({"sqrt", "exp", "tanh", "f64", "f32"})


def walk(expr: Expr):
    """Every node of `expr`, parents first."""
    yield expr
    if isinstance(expr, Bin):
        yield from walk(expr.lhs)
        yield from walk(expr.rhs)
    elif isinstance(expr, Neg):
        yield from walk(expr.operand)
    elif isinstance(expr, Call):
        for arg in expr.args:
            yield from walk(arg)
    elif isinstance(expr, Lookup):
        yield from walk(expr.key)
    elif isinstance(expr, Compare | And):
        yield from walk(expr.lhs)
        yield from walk(expr.rhs)
    elif isinstance(expr, Cond):
        yield from walk(expr.test)
        yield from walk(expr.then)
        yield from walk(expr.other)


def _read_nodes(step: Step) -> list[Expr]:
    """The nodes a step evaluates: its right-hand side and a scatter target's key."""
    nodes = list(walk(step.value))
    return nodes + list(walk(step.target.key)) if isinstance(step.target, Lookup) else nodes


def accesses(step: Step) -> list[Access]:
    """The array reads of a step: its right-hand side (and a scatter's key), plus the
    target for `+=` and `-=`."""
    reads = [n for n in _read_nodes(step) if isinstance(n, Access)]
    updates = step.op in ("+=", "-=")
    target = [step.target] if updates and isinstance(step.target, Access) else []
    return target + reads


def lookups(step: Step) -> list[Lookup]:
    """The table reads at computed subscripts of a step (a scatter's target for `+=`)."""
    reads = [n for n in _read_nodes(step) if isinstance(n, Lookup)]
    return ([step.target] if isinstance(step.target, Lookup) else []) + reads


def target_array(step: Step) -> str:
    """The array a step writes ("" for a local's definition)."""
    return "" if isinstance(step.target, Ref) else step.target.array


def written_access(step: Step) -> list[Access]:
    """The target of a step as an element access (none for a scatter's computed one)."""
    return [step.target] if isinstance(step.target, Access) else []


def is_scatter(step: Step) -> bool:
    """`hist[unsigned(src[i,j])] += 1`: the step writes at a subscript computed from data."""
    return isinstance(step.target, Lookup)


def is_recurrence(step: Step) -> bool:
    """`cdf[k] = cdf[k-1] + hist[k]`: the step reads its target at other elements than it
    writes, so its points run in order (increasing indices, outermost first)."""
    target = step.target
    return isinstance(target, Access) and any(
        isinstance(n, Access) and n.array == target.array and n.indices != target.indices
        for n in walk(step.value))


def is_point(step: Step) -> bool:
    """`cdf[0] = hist[0]`: the step computes one element (no index at all)."""
    return isinstance(step.target, Access) and not any(
        sub.terms for a in [step.target, *accesses(step)] for sub in a.indices) and \
        not lookups(step)


@cache
def step_kind(step: Step) -> str:
    """What a step matches: `loop` (a scatter or a recurrence: a loop nest the raising
    kept), `store` (one element: a store outside loops), `op` (a linalg op, or a loop
    nest computing its points) or `local` (the definition of a local scalar: a value
    the later steps read, no op of its own)."""
    if isinstance(step.target, Ref):
        return "local"
    if is_scatter(step) or is_recurrence(step):
        return "loop"
    return "store" if is_point(step) else "op"


def names_read(step: Step) -> set[str]:
    """The scalars, locals and indices a step reads by name."""
    return {n.name for n in _read_nodes(step) if isinstance(n, Ref)}


def definitions_read(before: tuple[Step, ...], step: Step) -> list[Step]:
    """The definitions (among `before`) of the locals `step` reads and of the locals
    those read, in template order: what the ops matched to `step` compute too."""
    if not any(isinstance(s.target, Ref) for s in before):
        return []
    needed, kept = names_read(step), []
    for s in reversed(before):
        if isinstance(s.target, Ref) and s.target.name in needed:
            kept.append(s)
            needed |= names_read(s)
    return kept[::-1]


def written_indices(step: Step) -> set[str]:
    """The index variables of the element a step writes (the loops it does not reduce)."""
    return {v for a in written_access(step) for sub in a.indices for v in sub.vars}


def step_indices(step: Step) -> set[str]:
    """The index variables a step's subscripts use (its loops)."""
    return written_indices(step) | {v for a in accesses(step) for sub in a.indices
                                    for v in sub.vars}


def integer_valued(tpl: Template, expr: Expr) -> bool:
    """Whether `expr` computes in integers by the types its leaves declare for
    themselves: indices read as numbers, scalars, locals and arrays given an integer type
    (numbers take the type of the rest), and no float function. A chain of `+` or `*` of
    such values wraps in its integer type, so it may be regrouped without changing a
    bit, even in a float template (an index computed beside a float maximum: `base +
    n*sn + ... + s*ss`). Leaves of the launch's element type do not count: an integer
    template states its own order, which `source_order_matches` reports."""
    typed = False
    for node in walk(expr):
        if isinstance(node, Call) and node.fn in _FLOAT_FUNCTIONS or \
                isinstance(node, Num) and not float(node.value).is_integer():
            return False
        if isinstance(node, Ref | Access | Lookup):
            if not _declared_type(tpl, node).startswith(("i", "u")):
                return False
            typed = True
    return typed


def _declared_type(tpl: Template, leaf: Ref | Access | Lookup) -> str:
    """The type a leaf declares for itself ("": the launch's element type); an index
    read as a number is an integer."""
    name = leaf.name if isinstance(leaf, Ref) else leaf.array
    declared = tpl.param(name) or tpl.local(name)
    if declared is None:
        return "i64"
    return declared.dtype or ""
