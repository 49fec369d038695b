"""One edit of a program, so the near misses of a library shape are exercised.

A swapped index, a dropped factor, an off-by-one bound or `=` for `+=`: each turns a
shape the library knows into one it must refuse, or match as something else. An argmax
(a value and a position updated under one comparison) has its own: `>=` for `>` (the
last extremum), a kept value other than the compared one, `k = i + 1`, and two
different comparisons for the value and the position.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace

from polylift.fuzz.edits import (
    expr_paths,
    get_expr,
    get_stmt,
    map_array_index,
    set_expr,
    splice,
    stmt_paths,
    with_value,
)
from polylift.fuzz.program import (
    REVERSED,
    Abs,
    Affine,
    Binary,
    Expr,
    If,
    Index,
    Loop,
    Program,
    Read,
    Scalar,
    Select,
    SetLocal,
    Stmt,
    Store,
    Term,
    used_names,
    walk_expr,
)


def perturb(program: Program, rng: random.Random) -> Program:
    """`program` with one random edit (unchanged when no edit applies)."""
    edits = [_swap_index, _drop_factor, _off_by_one, _assign_for_accumulate, _non_strict,
             _keep_other, _position_plus_one, _two_comparisons]
    rng.shuffle(edits)
    for edit in edits:
        edited = edit(program, rng)
        if edited is not None:
            return replace(edited, shape=f"{program.shape}~{edit.__name__.strip('_')}")
    return program


@dataclass(frozen=True)
class _Site:
    """An expression inside the value of the statement at `path`."""

    path: tuple[int, ...]
    epath: tuple[int, ...]
    node: Expr


def _value_sites(program: Program) -> list[_Site]:
    sites = []
    for path in stmt_paths(program.body):
        stmt = get_stmt(program.body, path)
        if isinstance(stmt, Store | SetLocal):
            sites += [_Site(path, e, get_expr(stmt.value, e)) for e in expr_paths(stmt.value)]
    return sites


def _set_value(program: Program, site: _Site, new: Expr) -> Program:
    stmt = get_stmt(program.body, site.path)
    assert isinstance(stmt, Store | SetLocal)
    edited = with_value(stmt, set_expr(stmt.value, site.epath, new))
    return replace(program, body=splice(program.body, site.path, (edited,)))


def _swap_index(program: Program, rng: random.Random) -> Program | None:
    sites = [s for s in _value_sites(program) if isinstance(s.node, Read) and
             len(s.node.index) >= 2]
    if not sites:
        return None
    site = rng.choice(sites)
    assert isinstance(site.node, Read)
    a, b = rng.sample(range(len(site.node.index)), 2)
    index = list(site.node.index)
    index[a], index[b] = index[b], index[a]
    return _set_value(program, site, replace(site.node, index=tuple(index)))


def _drop_factor(program: Program, rng: random.Random) -> Program | None:
    sites = [s for s in _value_sites(program) if isinstance(s.node, Binary) and
             s.node.op == "*"]
    if not sites:
        return None
    site = rng.choice(sites)
    assert isinstance(site.node, Binary)
    return _set_value(program, site, rng.choice((site.node.left, site.node.right)))


def _off_by_one(program: Program, rng: random.Random) -> Program | None:
    loops = [p for p in stmt_paths(program.body) if isinstance(get_stmt(program.body, p), Loop)]
    if not loops:
        return None
    path = rng.choice(loops)
    loop = get_stmt(program.body, path)
    assert isinstance(loop, Loop)
    edited = (replace(loop, hi=loop.hi.plus(rng.choice((1, -1)))) if rng.random() < 0.7
              else replace(loop, lo=loop.lo.plus(1)))
    return replace(program, body=splice(program.body, path, (edited,)))


def _assign_for_accumulate(program: Program, rng: random.Random) -> Program | None:
    stores = [p for p in stmt_paths(program.body)
              if isinstance(s := get_stmt(program.body, p), Store | SetLocal) and s.op == "+="]
    if not stores:
        return None
    path = rng.choice(stores)
    stmt = get_stmt(program.body, path)
    assert isinstance(stmt, Store | SetLocal)
    return replace(program, body=splice(program.body, path, (replace(stmt, op="="),)))


@dataclass(frozen=True)
class _Test:
    """The comparison of an `if`, or of a `?:` assigned to a local."""

    cmp: str
    left: Expr
    right: Expr


def _test_of(stmt: Stmt) -> _Test | None:
    match stmt:
        case If(cmp, left, right, _) | SetLocal(_, "=", Select(cmp, left, right, _, _)):
            return _Test(cmp, left, right)
    return None


def _with_test(stmt: Stmt, test: _Test) -> Stmt:
    match stmt:
        case If():
            return replace(stmt, cmp=test.cmp, left=test.left, right=test.right)
        case SetLocal(value=Select() as select):
            return replace(stmt, value=replace(select, cmp=test.cmp, left=test.left,
                                               right=test.right))
    return stmt


def _rewrite(body: tuple[Stmt, ...], edit: Callable[[Stmt], Stmt]) -> tuple[Stmt, ...]:
    """`body` with `edit` applied to every statement, inner ones first."""
    out: list[Stmt] = []
    for stmt in body:
        if isinstance(stmt, Loop | If):
            stmt = replace(stmt, body=_rewrite(stmt.body, edit))
        out.append(edit(stmt))
    return tuple(out)


def _tests(program: Program) -> list[_Test]:
    found = [_test_of(get_stmt(program.body, p)) for p in stmt_paths(program.body)]
    return list(dict.fromkeys(t for t in found if t is not None))


def _non_strict(program: Program, rng: random.Random) -> Program | None:
    """`>=` for `>` (`<=` for `<`) wherever one comparison is made: the last extremum."""
    strict = [t for t in _tests(program) if t.cmp in ("<", ">")]
    if not strict:
        return None
    test = rng.choice(strict)
    looser = replace(test, cmp=test.cmp + "=")
    return replace(program, body=_rewrite(
        program.body, lambda s: _with_test(s, looser) if _test_of(s) == test else s))


def _kept_values(program: Program) -> list[_Site]:
    """Each value kept under a comparison of it: `m = x[i]` inside `if (x[i] > m)`, or the
    `x[i]` of `m = x[i] > m ? x[i] : m`."""
    sites = []
    for path in stmt_paths(program.body):
        match get_stmt(program.body, path):
            case If(_, left, right, body):
                sites += [_Site((*path, n), (), s.value) for n, s in enumerate(body)
                          if isinstance(s, SetLocal) and s.value in (left, right)
                          and not isinstance(s.value, Scalar)]
            case SetLocal(_, "=", Select(_, left, right, then, _)) if then in (left, right):
                sites.append(_Site(path, (2,), then))
    return sites


def _keep_other(program: Program, rng: random.Random) -> Program | None:
    """Keep a value other than the compared one: x[i] for fabs(x[i]) and back, or w[i]."""
    sites = _kept_values(program)
    if not sites:
        return None
    site = rng.choice(sites)
    kept = site.node
    others: list[Expr] = [kept.arg if isinstance(kept, Abs) else Abs(kept)]
    if isinstance(kept, Read) and "w" in {a.name for a in program.arrays}:
        others.append(Read("w", kept.index))
    return _set_value(program, site, rng.choice(others))


def _position_plus_one(program: Program, rng: random.Random) -> Program | None:
    """`k = i + 1` for `k = i`: a position that is not the counter."""
    sites = [s for s in _value_sites(program) if isinstance(s.node, Index) and s.node.value.names()]
    if not sites:
        return None
    site = rng.choice(sites)
    assert isinstance(site.node, Index)
    return _set_value(program, site, Index(site.node.value.plus(1)))


def _two_comparisons(program: Program, rng: random.Random) -> Program | None:
    """The value and the position updated under different comparisons: one of a pair of
    `?:` sharing a comparison turned the other way, or an `if` made such a pair."""
    tests = [_test_of(get_stmt(program.body, p)) for p in stmt_paths(program.body)]
    paths = [p for p, t in zip(stmt_paths(program.body), tests, strict=True)
             if (t is not None and isinstance(get_stmt(program.body, p), SetLocal)
                 and tests.count(t) > 1)
             or _is_update(get_stmt(program.body, p))]
    if not paths:
        return None
    path = rng.choice(paths)
    stmt = get_stmt(program.body, path)
    test = _test_of(stmt)
    assert test is not None
    if not isinstance(stmt, If):
        turned = _with_test(stmt, replace(test, cmp=REVERSED[test.cmp]))
        return replace(program, body=splice(program.body, path, (turned,)))
    read = {n.name for e in (stmt.left, stmt.right) for n in walk_expr(e)
            if isinstance(n, Scalar)}
    # The compared local last, so the other reads it before it changes, as in C's pair.
    updates = sorted((u for u in stmt.body if isinstance(u, SetLocal)),
                     key=lambda u: u.name in read)
    turned_at = rng.randrange(len(updates))
    pair = tuple(SetLocal(u.name, "=", Select(REVERSED[test.cmp] if n == turned_at
                                              else test.cmp, test.left, test.right, u.value,
                                              Scalar(u.name)))
                 for n, u in enumerate(updates))
    return replace(program, body=splice(program.body, path, pair))


def _is_update(stmt: Stmt) -> bool:
    """An `if` that only assigns locals (at least two): an argmax's update."""
    return (isinstance(stmt, If) and len(stmt.body) >= 2
            and all(isinstance(u, SetLocal) and u.op == "=" for u in stmt.body))


def relayout(program: Program, rng: random.Random) -> Program:
    """`program` with one array stored elsewhere: each subscript `x` of it, read or
    written, becomes `coef * x + offset`, so launches see views that start inside their
    array, with strides, and leading dimensions larger than their sizes."""
    used = sorted(used_names(program) & {a.name for a in program.arrays})
    if not used:
        return program
    array = program.array(rng.choice(used))
    layout = [(rng.choices((1, 2), (4, 1))[0], rng.choice((0, 1, 3))) for _ in range(array.rank)]

    def remap(index: tuple[Affine, ...]) -> tuple[Affine, ...]:
        return tuple(Affine(tuple(Term(t.var, t.coef * c) for t in a.terms), a.const * c + o)
                     for a, (c, o) in zip(index, layout, strict=True))

    body = tuple(map_array_index(s, array.name, remap) for s in program.body)
    return replace(program, body=body, shape=f"{program.shape}+relayout")
