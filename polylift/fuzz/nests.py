"""Random loop nests: the part of the generator that follows no library shape.

Nests of depth 1 to 4 with constant, parametric and triangular bounds, steps and
decreasing loops, statements between loops, subscripts with offsets, strides and
transposes, in-place and shifted reads, temporaries and accumulators carried across
loops, elements kept in a temporary before a store overwrites them, and reductions
(+, *, max and min through `?:`).

A third of the programs have no `restrict`, and some of those are called a second
time with one array passed for two parameters (overlapping arguments).

Integer programs never overflow (signed overflow is undefined in C, and a program with
undefined behaviour proves nothing): they read only arrays nobody writes, with a few
small factors per term, so every value stays far below 2^31 at the sizes generated;
narrowing stores (to int16_t, int8_t) wrap as C defines.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from polylift.fuzz.program import (
    FLOAT_TYPES,
    INT_TYPES,
    Affine,
    Alias,
    Array,
    Binary,
    Const,
    Expr,
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

COUNTERS = ("i", "j", "k", "l")
FLOAT_CONSTS = (0.5, 2.0, 0.25, 1.5, 3.0, -1.0, 0.125)
FLOAT_SCALARS = (1.5, 1.0, 0.0, -0.0, 2.0, 0.5, -1.25)
INT_SCALARS = (1, 2, 3, 0, -1, -2)
# How often alpha or beta is NaN: the lifted program must give NaN where C does, with
# the same bits (a library call that skips `beta * C` when beta is 0, or reorders a NaN
# against another, would not). Rare, because a NaN output hides every other difference.
NAN_SHARE = 0.06


def float_scalar(rng: random.Random) -> float:
    """A value for alpha or beta: 0, 1, -0.0 and NaN included."""
    return math.nan if rng.random() < NAN_SHARE else rng.choice(FLOAT_SCALARS)


@dataclass
class _Ctx:
    """What a nest being generated may use."""

    rng: random.Random
    program: Program
    inputs: list[Array]  # arrays a value may read
    outputs: list[Array]  # arrays a statement may write

    @property
    def is_int(self) -> bool:
        return self.program.is_int


def random_program(rng: random.Random) -> Program:
    """A program of one to three random nests."""
    dtype = rng.choices(("double", "float", "int32_t"), (5, 3, 2))[0]
    is_int = dtype in INT_TYPES
    sizes = tuple(SizeParam(n, rng.randint(2, 9)) for n in ("n", "m", "p"))
    scalars = tuple(ScalarParam(n, rng.choice(INT_SCALARS) if is_int else float_scalar(rng))
                    for n in ("alpha", "beta"))
    arrays = tuple(Array(n, _ctype(rng, dtype, out=n in "CD"), rng.randint(1, 3))
                   for n in "ABCD")
    program = Program(dtype, arrays, sizes, scalars, ("s", "t"), ())
    outputs = [a for a in arrays if a.name in "CD"] if is_int else list(arrays)
    inputs = [a for a in arrays if a.name in "AB"] if is_int else list(arrays)
    body: list[Stmt] = []
    for _ in range(rng.choices((1, 2, 3), (5, 3, 2))[0]):
        ctx = _Ctx(rng, program, inputs, outputs)
        body += _top_level(ctx, rng.choices((1, 2, 3, 4), (2, 4, 3, 1))[0])
    overlaps = overlap(rng, arrays, is_int)
    return Program(dtype, arrays, sizes, scalars, ("s", "t"), tuple(body),
                   restrict=overlaps.restrict, alias=overlaps.alias)


@dataclass(frozen=True)
class Overlap:
    """Whether a program's arrays are `restrict`, and which a second call passes twice."""

    restrict: bool
    alias: Alias | None = None


def overlap(rng: random.Random, arrays: tuple[Array, ...], is_int: bool) -> Overlap:
    """Whether the arrays are `restrict`, and which a second call passes twice, if any.

    Integer programs stay alias-free: a read of an array being accumulated into could
    grow past 2^31, which C leaves undefined.
    """
    if rng.random() < 0.65:
        return Overlap(True)
    pairs = [(a, b) for a in arrays for b in arrays if a != b and a.rank == b.rank
             and a.ctype == b.ctype]
    if is_int or not pairs or rng.random() < 0.3:
        return Overlap(False)
    param, array = rng.choice(pairs)
    return Overlap(False, Alias(param.name, array.name))


def _ctype(rng: random.Random, dtype: str, out: bool) -> str:
    if dtype in FLOAT_TYPES:
        return dtype
    return rng.choices(INT_TYPES, (4, 2, 1) if out else (3, 2, 2))[0]


def _top_level(ctx: _Ctx, depth: int) -> list[Stmt]:
    """One nest, with an accumulator set before it and stored after it, sometimes."""
    if ctx.rng.random() < 0.2:
        target = ctx.rng.choice(ctx.outputs)
        init = SetLocal("s", "=", Const(0.0 if not ctx.is_int else 0))
        loop = _loop(ctx, depth, [], accumulate=True)
        store = Store(target.name, tuple(const(0) for _ in range(target.rank)), "=",
                      Scalar("s"))
        return [init, loop, store]
    return [_loop(ctx, depth, [])]


def _bounds(ctx: _Ctx, outer: list[str]) -> tuple[Affine, Affine]:
    rng = ctx.rng
    roll = rng.random()
    if outer and roll < 0.25:  # triangular: j < i, j <= i, or j from i (+1) to a size
        o = rng.choice(outer)
        if rng.random() < 0.5:
            return const(0), var(o, rng.choice((0, 1)))
        return var(o, rng.choice((0, 1))), var(rng.choice(("n", "m", "p")))
    lo = const(rng.choices((0, 1, 2), (6, 3, 1))[0])
    if roll < 0.55:
        return lo, var(rng.choice(("n", "m", "p")), -rng.choice((0, 0, 1)))
    return lo, const(rng.randint(2, 8))


def _loop(ctx: _Ctx, depth: int, outer: list[str], accumulate: bool = False) -> Loop:
    rng = ctx.rng
    name = COUNTERS[len(outer)]
    lo, hi = _bounds(ctx, outer)
    counters = [*outer, name]
    body: list[Stmt] = []
    if depth > 1:
        if rng.random() < 0.25:
            body += _statements(ctx, counters, accumulate=False)
        body.append(_loop(ctx, depth - 1, counters, accumulate))
        if rng.random() < 0.2:
            body += _statements(ctx, counters, accumulate=False)
    else:
        body += _statements(ctx, counters, accumulate)
    step = rng.choices((1, 2, 3), (8, 2, 1))[0]
    return Loop(name, lo, hi, tuple(body), step, down=rng.random() < 0.15)


def _statements(ctx: _Ctx, counters: list[str], accumulate: bool) -> list[Stmt]:
    rng = ctx.rng
    if accumulate:
        return [SetLocal("s", _reduction_op(ctx), _value(ctx, counters, 2))]
    out = rng.choice(ctx.outputs)
    index = _index(ctx, out.rank, counters, full=rng.random() < 0.6)
    roll = rng.random()
    if roll < 0.05 and not ctx.is_int:
        return _read_ahead(ctx, out, index, counters)
    if roll < 0.2:  # a temporary, then a store that reads it
        temp = SetLocal("t", "=", _value(ctx, counters, 2))
        value = Binary(rng.choice("+*") if not ctx.is_int else "+", Scalar("t"),
                       _value(ctx, counters, 1))
        return [temp, Store(out.name, index, "=", value)]
    op = "=" if roll < 0.5 else _reduction_op(ctx)
    return [Store(out.name, index, op, _value(ctx, counters, 2))]


def _read_ahead(ctx: _Ctx, out: Array, index: tuple[Affine, ...],
                counters: list[str]) -> list[Stmt]:
    """An element kept in a temporary before a store overwrites it, then stored
    elsewhere (a swap, a rotation of pairs): two statements one iteration orders.
    Float programs only: an integer program reads no array it writes."""
    rng = ctx.rng
    other = rng.choice(ctx.outputs)
    keep = SetLocal("t", "=", Read(out.name, index))
    overwrite = Store(out.name, index, "=", _value(ctx, counters, 1))
    moved = Binary(rng.choice("+*"), Scalar("t"), _value(ctx, counters, 1))
    return [keep, overwrite,
            Store(other.name, _index(ctx, other.rank, counters, full=True), "=", moved)]


def _reduction_op(ctx: _Ctx) -> str:
    ops, weights = ((("+=", "max", "min"), (6, 1, 1)) if ctx.is_int
                    else (("+=", "*=", "max", "min"), (6, 1, 1, 1)))
    return ctx.rng.choices(ops, weights)[0]


def _index(ctx: _Ctx, rank: int, counters: list[str], full: bool) -> tuple[Affine, ...]:
    """Subscripts from the counters: distinct in random order (transposes) when `full`,
    else drawn with repeats (broadcasts, diagonals); offsets and strides sometimes."""
    rng = ctx.rng
    if full and len(counters) >= rank:
        names = rng.sample(counters, rank)
    else:
        names = [rng.choice(counters) for _ in range(rank)]
    index = []
    for name in names:
        coef = rng.choices((1, 2, -1), (12, 2, 1))[0]
        offset = rng.choices((0, 1, -1, 2, -2), (10, 3, 3, 1, 1))[0]
        index.append(var(name, offset, coef) if rng.random() > 0.05 else const(offset % 3))
    return tuple(index)


def _value(ctx: _Ctx, counters: list[str], depth: int) -> Expr:
    if ctx.is_int:
        terms = [_int_term(ctx, counters) for _ in range(ctx.rng.randint(1, 3))]
        value = terms[0]
        for term in terms[1:]:
            value = Binary(ctx.rng.choice("+-"), value, term)
        return _int_wrap(ctx, value)
    return _float_expr(ctx, counters, depth)


def _leaf(ctx: _Ctx, counters: list[str]) -> Expr:
    rng = ctx.rng
    roll = rng.random()
    if roll < 0.7:
        array = rng.choice(ctx.inputs)
        return Read(array.name, _index(ctx, array.rank, counters, full=rng.random() < 0.7))
    if roll < 0.85:
        return Scalar(rng.choice(("alpha", "beta")))
    return Const(rng.randint(-3, 3) if ctx.is_int else rng.choice(FLOAT_CONSTS))


def _float_expr(ctx: _Ctx, counters: list[str], depth: int) -> Expr:
    rng = ctx.rng
    if depth <= 0 or rng.random() < 0.3:
        return _leaf(ctx, counters)
    if rng.random() < 0.15:  # max or min through ?:
        a, b = _float_expr(ctx, counters, depth - 1), _float_expr(ctx, counters, depth - 1)
        cmp = rng.choice((">", "<", ">=", "<="))
        return Select(cmp, a, b, a, b)
    return Binary(rng.choice("+-**"), _float_expr(ctx, counters, depth - 1),
                  _float_expr(ctx, counters, depth - 1))


def _int_term(ctx: _Ctx, counters: list[str]) -> Expr:
    """A leaf or a product of two leaves: at most about 10 * 10 * 3 in magnitude."""
    first = _leaf(ctx, counters)
    if ctx.rng.random() < 0.4:
        return Binary("*", first, _leaf(ctx, counters))
    return first


def _int_wrap(ctx: _Ctx, value: Expr) -> Expr:
    """Sometimes a rounding division, a shift, or a clamp at zero (as image kernels do)."""
    roll = ctx.rng.random()
    if roll < 0.1:
        d = ctx.rng.choice((2, 4, 9))
        half = Const(d // 2)
        down = Binary("/", Binary("+", value, half), Const(d))
        up = Binary("-", Const(0), Binary("/", Binary("-", half, value), Const(d)))
        return Select(">=", value, Const(0), down, up)
    if roll < 0.2:
        return Binary(">>", value, Const(ctx.rng.choice((1, 2))))
    if roll < 0.3:
        return Select(">", value, Const(0), value, Const(0))
    return value
