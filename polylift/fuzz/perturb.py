"""One edit of a program, so the near misses of a library shape are exercised.

A swapped index, a dropped factor, an off-by-one bound or `=` for `+=`: each turns a
shape the library knows into one it must refuse, or match as something else.
"""

from __future__ import annotations

import random
from dataclasses import replace

from polylift.fuzz.edits import (
    expr_paths,
    get_expr,
    get_stmt,
    set_expr,
    splice,
    stmt_paths,
    with_value,
)
from polylift.fuzz.program import Binary, Loop, Program, Read, SetLocal, Store


def perturb(program: Program, rng: random.Random) -> Program:
    """`program` with one random edit (unchanged when no edit applies)."""
    edits = [_swap_index, _drop_factor, _off_by_one, _assign_for_accumulate]
    rng.shuffle(edits)
    for edit in edits:
        edited = edit(program, rng)
        if edited is not None:
            return replace(edited, shape=f"{program.shape}~{edit.__name__.strip('_')}")
    return program


def _value_sites(program: Program, want: type) -> list[tuple]:
    sites = []
    for path in stmt_paths(program.body):
        stmt = get_stmt(program.body, path)
        if isinstance(stmt, Store | SetLocal):
            sites += [(path, e) for e in expr_paths(stmt.value)
                      if isinstance(get_expr(stmt.value, e), want)]
    return sites


def _set_value(program: Program, path: tuple, epath: tuple, new) -> Program:
    stmt = get_stmt(program.body, path)
    assert isinstance(stmt, Store | SetLocal)
    edited = with_value(stmt, set_expr(stmt.value, epath, new))
    return replace(program, body=splice(program.body, path, (edited,)))


def _swap_index(program: Program, rng: random.Random) -> Program | None:
    sites = [(p, e) for p, e in _value_sites(program, Read)
             if len(get_expr(get_stmt(program.body, p).value, e).index) >= 2]  # type: ignore[union-attr]
    if not sites:
        return None
    path, epath = rng.choice(sites)
    read = get_expr(get_stmt(program.body, path).value, epath)  # type: ignore[union-attr]
    assert isinstance(read, Read)
    a, b = rng.sample(range(len(read.index)), 2)
    index = list(read.index)
    index[a], index[b] = index[b], index[a]
    return _set_value(program, path, epath, replace(read, index=tuple(index)))


def _drop_factor(program: Program, rng: random.Random) -> Program | None:
    sites = [(p, e) for p, e in _value_sites(program, Binary)
             if get_expr(get_stmt(program.body, p).value, e).op == "*"]  # type: ignore[union-attr]
    if not sites:
        return None
    path, epath = rng.choice(sites)
    product = get_expr(get_stmt(program.body, path).value, epath)  # type: ignore[union-attr]
    assert isinstance(product, Binary)
    return _set_value(program, path, epath, rng.choice((product.left, product.right)))


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
