"""One edit of a program, so the near misses of a library shape are exercised.

A swapped index, a dropped factor, an off-by-one bound or `=` for `+=`: each turns a
shape the library knows into one it must refuse, or match as something else.
"""

from __future__ import annotations

import random
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
    Affine,
    Binary,
    Expr,
    Loop,
    Program,
    Read,
    SetLocal,
    Store,
    Term,
    used_names,
)


def perturb(program: Program, rng: random.Random) -> Program:
    """`program` with one random edit (unchanged when no edit applies)."""
    edits = [_swap_index, _drop_factor, _off_by_one, _assign_for_accumulate]
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
