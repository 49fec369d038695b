"""Expression bodies: the loops that expression templates take (`matcher/expression/`).

A random scalar expression tree (+ - * /, comparisons choosing between two other
values, magnitudes; elements read at the point, scalars, constants, negative ones
among them) is stored into an array (out of place, in place, accumulated, under a
branch) or folded in order (into one value, under a guard or not, or one value per
column of a matrix). Half of the programs read tables holding signed zeros,
infinities and NaNs, where every operation's bits count.
"""

from __future__ import annotations

import math
import random

from polylift.fuzz.nests import float_scalar, overlap
from polylift.fuzz.program import (
    Abs,
    Affine,
    Array,
    Binary,
    Const,
    Expr,
    If,
    Loop,
    Program,
    Read,
    Scalar,
    ScalarParam,
    Select,
    SetLocal,
    SizeParam,
    Stmt,
    Store,
    const,
    var,
)

CONSTANTS = (0.5, 2.0, 1.0, 3.0, 0.25, -1.5, -2.0)
COMPARISONS = (">", "<", ">=", "<=")
# Element tables: signed zeros, infinities and a NaN beside ordinary values.
SPECIAL = (0.5, -1.5, 0.0, -0.0, 2.0, math.inf, -0.75, -math.inf, 3.25, math.nan)
PLAIN = (0.5, -1.5, 2.0, -0.75, 3.25, 1.25, -2.5)


def _point(rank: int) -> tuple[Affine, ...]:
    return (var("i"), var("j"))[:rank]


def _tree(rng: random.Random, reads: list[Read], depth: int) -> Expr:
    """A random expression over `reads`, the scalars and constants."""
    if depth <= 0 or rng.random() < 0.25:
        roll = rng.random()
        if roll < 0.65:
            return rng.choice(reads)
        if roll < 0.8:
            return Scalar(rng.choice(("alpha", "beta")))
        return Const(rng.choice(CONSTANTS))
    roll = rng.random()
    if roll < 0.15:
        return Abs(_tree(rng, reads, depth - 1))
    if roll < 0.35:
        parts = [_tree(rng, reads, depth - 1) for _ in range(4)]
        return Select(rng.choice(COMPARISONS), *parts)
    return Binary(rng.choice("+-*/"), _tree(rng, reads, depth - 1), _tree(rng, reads, depth - 1))


def _loops(rank: int, sizes: tuple[str, ...], body: Stmt) -> Loop:
    """The box's loops around `body`, `i` outer."""
    if rank == 2:
        body = Loop("j", const(0), var(sizes[1]), (body,))
    return Loop("i", const(0), var(sizes[0]), (body,))


def _map(rng: random.Random, rank: int, reads: list[Read], sizes: tuple[str, ...]
         ) -> tuple[Stmt, ...]:
    """z at the point: stored, stored in place, accumulated, or stored under a branch."""
    point = _point(rank)
    z = Read("z", point)
    mode = rng.choice(("store", "inplace", "accumulate", "branch"))
    value = _tree(rng, reads + ([z] if mode == "inplace" else []), rng.randint(1, 3))
    if mode == "branch":
        test = If(rng.choice(COMPARISONS), rng.choice(reads), Const(0.0),
                  (Store("z", point, "=", value),))
        return (_loops(rank, sizes, test),)
    return (_loops(rank, sizes, Store("z", point, "+=" if mode == "accumulate" else "=",
                                      value)),)


def _fold(rng: random.Random, reads: list[Read]) -> tuple[Stmt, ...]:
    """s folded over i in order, from a constant or a scalar, then stored."""
    value = _tree(rng, reads, rng.randint(1, 2))
    step: Stmt = SetLocal("s", rng.choice(("+=", "+=", "max", "min")), value)
    if rng.random() < 0.4:
        step = If(rng.choice(COMPARISONS), rng.choice(reads), Const(0.0), (step,))
    start = rng.choice((Const(0.0), Scalar("alpha")))
    return (SetLocal("s", "=", start), Loop("i", const(0), var("n"), (step,)),
            Store("z", (const(0),), "=", Scalar("s")))


def _column_fold(rng: random.Random, reads: list[Read]) -> tuple[Stmt, ...]:
    """z[j] from a start, then z[j] folded over the rows i, rows outer."""
    value = _tree(rng, reads, rng.randint(1, 2))
    start = Store("z", (var("j"),), "=", rng.choice((Const(0.0), Scalar("beta"))))
    op = rng.choice(("+=", "+=", "max"))
    fold = Store("z", (var("j"),), op, value)
    return (Loop("j", const(0), var("m"), (start,)),
            Loop("i", const(0), var("n"), (Loop("j", const(0), var("m"), (fold,)),)))


def expression(rng: random.Random) -> Program:
    """A map, a fold or a column fold of a random expression over 1 to 3 inputs."""
    shape = rng.choice(("map", "map", "fold", "columns"))
    rank = 2 if shape == "columns" else rng.choice((1, 2))
    if shape == "fold":
        rank = 1
    count = rng.randint(1, 3)
    dtype = rng.choice(("double", "float"))
    table = SPECIAL if rng.random() < 0.5 else PLAIN
    inputs = [Array(f"x{k}", dtype, rank, tuple(rng.sample(table, len(table))))
              for k in range(count)]
    reads = [Read(a.name, _point(rank)) for a in inputs]
    sizes = ("n", "m")[:rank]
    match shape:
        case "map":
            body, out_rank = _map(rng, rank, reads, sizes), rank
        case "fold":
            body, out_rank = _fold(rng, reads), 1
        case _:
            body, out_rank = _column_fold(rng, reads), 1
    arrays = (*inputs, Array("z", dtype, out_rank))
    overlaps = overlap(rng, arrays, False)
    return Program(dtype, arrays, tuple(SizeParam(s, rng.randint(2, 9)) for s in sizes),
                   tuple(ScalarParam(n, float_scalar(rng)) for n in ("alpha", "beta")),
                   ("s",), body, f"expression_{shape}", overlaps.restrict, overlaps.alias)
