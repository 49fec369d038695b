"""The shapes the template library knows (BLAS, CNN, image filters), with random
transposes, sizes and scalars, so the fuzzer exercises matches as much as misses.

Each builder returns a program tree; `perturb.py` then edits some of them by one step
(a swapped index, a dropped factor, an off-by-one bound, `=` for `+=`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import replace

from polylift.fuzz.expressions import expression
from polylift.fuzz.nests import float_scalar, overlap
from polylift.fuzz.program import (
    REVERSED,
    Abs,
    Affine,
    Array,
    Binary,
    Const,
    Expr,
    Guarded,
    If,
    Index,
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
    Term,
    const,
    var,
)


def _loop(name: str, hi: Affine, *body: Stmt, lo: Affine | None = None) -> Loop:
    return Loop(name, lo if lo is not None else const(0), hi, tuple(body))


def _r(array: str, *index: str | Affine) -> Read:
    return Read(array, tuple(var(i) if isinstance(i, str) else i for i in index))


def _ix(*index: str | Affine) -> tuple[Affine, ...]:
    return tuple(var(i) if isinstance(i, str) else i for i in index)


def _mul(*parts: Expr) -> Expr:
    value = parts[0]
    for part in parts[1:]:
        value = Binary("*", value, part)
    return value


def _float_program(rng: random.Random, shape: str, arrays: dict[str, int],
                   sizes: tuple[str, ...], body: tuple[Stmt, ...]) -> Program:
    dtype = rng.choice(("double", "double", "float"))
    declared = tuple(Array(n, dtype, r) for n, r in arrays.items())
    overlaps = overlap(rng, declared, False)
    return Program(dtype, declared, tuple(SizeParam(s, rng.randint(2, 9)) for s in sizes),
                   tuple(ScalarParam(n, float_scalar(rng)) for n in ("alpha", "beta")),
                   ("s", "t"), body, shape, overlaps.restrict, overlaps.alias)


def gemm(rng: random.Random) -> Program:
    """C = alpha * op(A) * op(B) + beta * C, PolyBench's loop order, random transposes."""
    a = _r("A", "k", "i") if rng.random() < 0.4 else _r("A", "i", "k")
    b = _r("B", "j", "k") if rng.random() < 0.4 else _r("B", "k", "j")
    update = Store("C", _ix("i", "j"), "+=", _mul(Scalar("alpha"), a, b))
    body = _loop("i", var("n"), _loop("j", var("m"), Store("C", _ix("i", "j"), "*=",
                                                             Scalar("beta"))),
                 _loop("k", var("p"), _loop("j", var("m"), update)))
    return _float_program(rng, "gemm", {"A": 2, "B": 2, "C": 2}, ("n", "m", "p"), (body,))


def gemv(rng: random.Random) -> Program:
    """y = A x or A^T x, zeroed first or accumulated into, as atax and bicg write it."""
    a = _r("A", "j", "i") if rng.random() < 0.5 else _r("A", "i", "j")
    inner = _loop("j", var("m"), Store("y", _ix("i"), "+=", _mul(a, _r("x", "j"))))
    first = Store("y", _ix("i"), "=", Const(0.0)) if rng.random() < 0.6 else None
    body = _loop("i", var("n"), *(s for s in (first, inner) if s is not None))
    return _float_program(rng, "gemv", {"A": 2, "x": 1, "y": 1}, ("n", "m"), (body,))


def copy2d(rng: random.Random) -> Program:
    """B = A or its transpose, or B = alpha * A, over a square or a rectangle."""
    square = rng.random() < 0.5
    transpose = rng.random() < 0.5
    read = _r("A", "j", "i") if transpose else _r("A", "i", "j")
    value = _mul(Scalar("alpha"), read) if rng.random() < 0.3 else read
    body = _loop("i", var("n"), _loop("j", var("n" if square else "m"),
                                      Store("B", _ix("i", "j"), "=", value)))
    return _float_program(rng, "copy2d", {"A": 2, "B": 2}, ("n", "m"), (body,))


def axpy_dot(rng: random.Random) -> Program:
    """y += alpha * x, x = alpha * x, or a dot product carried in a local."""
    roll = rng.random()
    if roll < 0.35:
        stmt: Stmt = Store("y", _ix("i"), "+=", _mul(Scalar("alpha"), _r("x", "i")))
        return _float_program(rng, "axpy", {"x": 1, "y": 1}, ("n",), (_loop("i", var("n"),
                                                                            stmt),))
    if roll < 0.6:
        stmt = Store("x", _ix("i"), "=", _mul(Scalar("alpha"), _r("x", "i")))
        return _float_program(rng, "scal", {"x": 1}, ("n",), (_loop("i", var("n"), stmt),))
    body = (SetLocal("s", "=", Const(0.0)),
            _loop("i", var("n"), SetLocal("s", "+=", _mul(_r("x", "i"), _r("y", "i")))),
            Store("out", (const(0),), "=", Scalar("s")))
    return _float_program(rng, "dot", {"x": 1, "y": 1, "out": 1}, ("n",), body)


def syrk(rng: random.Random) -> Program:
    """C = alpha * A A^T + beta * C on the lower triangle (j <= i), PolyBench's order."""
    tri = var("i", 1)
    update = Store("C", _ix("i", "j"), "+=",
                   _mul(Scalar("alpha"), _r("A", "i", "k"), _r("A", "j", "k")))
    body = _loop("i", var("n"), _loop("j", tri, Store("C", _ix("i", "j"), "*=",
                                                        Scalar("beta"))),
                 _loop("k", var("m"), _loop("j", tri, update)))
    return _float_program(rng, "syrk", {"A": 2, "C": 2}, ("n", "m"), (body,))


def stencil(rng: random.Random) -> Program:
    """A 5-point Jacobi step or a 3x3 convolution with weights, over the interior."""
    taps = [(0, 0), (0, -1), (0, 1), (1, 0), (-1, 0)]
    if rng.random() < 0.5:
        taps += [(-1, -1), (-1, 1), (1, -1), (1, 1)]
    reads = [_r("A", var("i", di), var("j", dj)) for di, dj in taps]
    if rng.random() < 0.5:
        value: Expr = _mul(rng.choice((Const(0.25), Scalar("alpha"))), _sum(reads))
    else:
        value = _sum([_mul(_r("W", const(di + 1), const(dj + 1)), r)
                      for (di, dj), r in zip(taps, reads, strict=True)])
    body = _loop("i", var("n", -1), _loop("j", var("m", -1), Store("B", _ix("i", "j"), "=",
                                                                   value), lo=const(1)),
                 lo=const(1))
    return _float_program(rng, "stencil", {"A": 2, "B": 2, "W": 2}, ("n", "m"), (body,))


def _sum(parts: Sequence[Expr]) -> Expr:
    value = parts[0]
    for part in parts[1:]:
        value = Binary("+", value, part)
    return value


def conv_relu(rng: random.Random) -> Program:
    """A CNN layer: out[o][y] += w[o][c] * in[c][y] (a 1x1 convolution), then bias + relu."""
    update = Store("out", _ix("o", "y"), "+=", _mul(_r("w", "o", "c"), _r("x", "c", "y")))
    relu = Binary("+", _r("out", "o", "y"), _r("b", "o"))
    act = Store("out", _ix("o", "y"), "=", Select(">", relu, Const(0.0), relu, Const(0.0)))
    body: tuple[Stmt, ...] = (
        _loop("o", var("n"), _loop("c", var("p"), _loop("y", var("m"), update))),
        _loop("o", var("n"), _loop("y", var("m"), act)))
    return _float_program(rng, "conv_relu", {"w": 2, "x": 2, "out": 2, "b": 1},
                          ("n", "m", "p"), body)


def box_filter(rng: random.Random) -> Program:
    """An int16 or int8 3x3 box filter: the sum of nine pixels, divided rounding."""
    ctype = rng.choice(("int16_t", "int8_t"))
    s = _sum([_r("src", var("i", di), var("j", dj)) for di in (-1, 0, 1) for dj in (-1, 0, 1)])
    down = Binary("/", Binary("+", Scalar("s"), Const(4)), Const(9))
    up = Binary("-", Const(0), Binary("/", Binary("-", Const(4), Scalar("s")), Const(9)))
    pixel = (SetLocal("s", "=", s),
             Store("dst", _ix("i", "j"), "=", Select(">=", Scalar("s"), Const(0), down, up)))
    body = _loop("i", var("n", -1), _loop("j", var("m", -1), *pixel, lo=const(1)),
                 lo=const(1))
    return Program("int32_t", (Array("src", ctype, 2), Array("dst", ctype, 2)),
                   (SizeParam("n", rng.randint(3, 9)), SizeParam("m", rng.randint(3, 9))),
                   (), ("s",), (body,), "box_filter")


def maxpool(rng: random.Random) -> Program:
    """y[b][c][i][j] = the max of a 2x2 window of x (stride 2), as a CNN's pooling layer
    writes it: the first element into a local, a reduction through `?:` over the window,
    then the store."""
    rows = Affine((Term("i", 2), Term("u", 1)), 0)
    cols = Affine((Term("j", 2), Term("v", 1)), 0)
    window = _loop("u", const(2), _loop("v", const(2), SetLocal(
        "t", "=", Read("x", (var("b"), var("c"), rows, cols))), SetLocal("s", "max",
                                                                        Scalar("t"))))
    first = SetLocal("s", "=", _r("x", "b", "c", var("i", 0, 2), var("j", 0, 2)))
    pixel = (first, window, Store("y", _ix("b", "c", "i", "j"), "=", Scalar("s")))
    body = _loop("b", var("n"), _loop("c", var("m"), _loop("i", var("p"), _loop(
        "j", var("q"), *pixel))))
    program = _float_program(rng, "maxpool", {"x": 4, "y": 4}, ("n", "m", "p", "q"), (body,))
    # The library's pooling template is single precision.
    return replace(program, dtype="float",
                   arrays=tuple(replace(a, ctype="float") for a in program.arrays))


# Start values of an argmax from a constant: below or above every element, or a signed
# zero that ties with one. 2^100 is exact in float and double, so no literal rounds
# differently in C and in the lifted program. A NaN start (nothing ever wins against
# it) comes in a scalar parameter: the front end takes no NAN in a kernel.
ARG_STARTS = (-1.0, -(2.0 ** 100), 2.0 ** 100, 0.0, -0.0)
# The values of an argmax's x: few, so equal elements are frequent; a pair of opposite
# values and the two zeros tie in magnitude or compare equal.
ARG_VALUES = (0.5, -0.5, 1.5, -1.5, 0.0, -0.0, 2.0)


def argmax(rng: random.Random) -> Program:
    """The position of the first largest (smallest) element or magnitude, BLAS's i?amax:
    `if (x[i] > m) { m = x[i]; k = i; }` or the same as a pair of `?:`, from x[0] and
    i = 1, or from a constant or a NaN parameter; then `out[0] = k`, and `y[0] = m`
    sometimes."""
    cmp = rng.choice((">", "<"))
    magnitude = rng.random() < 0.4

    def element(at: Affine) -> Expr:
        return Abs(Read("x", (at,))) if magnitude else Read("x", (at,))

    if rng.random() < 0.5:
        start: tuple[Stmt, ...] = (SetLocal("k", "=", Index(const(0))),
                                   SetLocal("m", "=", element(const(0))))
        lo = 1
    else:
        nan = rng.random() < 0.2
        start = (SetLocal("k", "=", Index(const(rng.choice((-1, 0))))),
                 SetLocal("m", "=", Scalar("alpha") if nan else Const(rng.choice(ARG_STARTS))))
        lo = 0
    loop = _loop("i", var("n"), *_arg_update(rng, cmp, element(var("i"))), lo=const(lo))
    stores = [Store("out", (const(0),), "=", Scalar("k"))]
    if rng.random() < 0.3:
        stores.append(Store("y", (const(0),), "=", Scalar("m")))
    program = _float_program(rng, "argmax", {"x": 1, "y": 1, "w": 1}, ("n",),
                             (*start, loop, *stores))
    x = replace(program.array("x"), values=_tied_values(rng))
    arrays = (x, *(a for a in program.arrays if a.name != "x"), Array("out", "int32_t", 1))
    # Long enough, sometimes, for the host shims' vector lanes and their tails.
    n = rng.randint(2, 9) if rng.random() < 0.5 else rng.randint(10, 40)
    return replace(program, arrays=arrays, sizes=(SizeParam("n", n),),
                   scalars=(ScalarParam("alpha", math.nan),), locals=("m",), int_locals=("k",))


def argpool(rng: random.Random) -> Program:
    """A max (min) pooling layer that keeps where each extremum came from, its window
    padded as a CNN framework writes it: each element read behind a test against the
    input's extents (`t = (r >= 0 && r < h && ...) ? x[b][c][r][s] : pad`), the argmax
    update of the value and a position (in the window, or in the input), then both
    stored. The output sizes make windows fit the input or run past its edges, so either
    version the raising makes at the nest's entry runs."""
    stride, size = rng.choice((1, 2, 2, 3)), rng.choice((1, 2, 2, 3))
    pad = rng.choice((0, 0, 1, size // 2))
    rows = Affine((Term("i", stride), Term("u", 1)), -pad)
    cols = Affine((Term("j", stride), Term("v", 1)), -pad)
    start = rng.choice(ARG_STARTS)
    other = Const(start) if rng.random() < 0.6 else Const(rng.choice(ARG_VALUES))
    read = Guarded(Read("x", (var("b"), var("c"), rows, cols)), ("", "", "h", "w"), other)
    position = (Affine((Term("u", size), Term("v", 1)), 0) if rng.random() < 0.5 else
                Affine((*(Term(t.var, 16 * t.coef) for t in rows.terms), *cols.terms),
                       -17 * pad))
    update = _arg_update(rng, rng.choice((">", ">", "<")), Scalar("t"), position)
    window = _loop("u", const(size), _loop("v", const(size), SetLocal("t", "=", read),
                                           *update))
    pixel = (SetLocal("k", "=", Index(const(-1))), SetLocal("m", "=", Const(start)), window,
             Store("y", _ix("b", "c", "i", "j"), "=", Scalar("m")),
             Store("out", _ix("b", "c", "i", "j"), "=", Scalar("k")))
    body = _loop("b", var("nb"), _loop("c", var("nc"), _loop("i", var("p"), _loop(
        "j", var("q"), *pixel))))
    h, w = rng.randint(size, 9), rng.randint(size, 9)
    sizes = {"nb": rng.randint(1, 2), "nc": rng.randint(1, 3), "h": h, "w": w,
             "p": (h + 2 * pad - size) // stride + rng.choice((1, 1, 2)),
             "q": (w + 2 * pad - size) // stride + rng.choice((1, 1, 2))}
    program = _float_program(rng, "argpool", {"x": 4, "y": 4}, tuple(sizes), (body,))
    x = replace(program.array("x"), values=_tied_values(rng))
    arrays = (x, *(a for a in program.arrays if a.name != "x"), Array("out", "int32_t", 4))
    return replace(program, arrays=arrays,
                   sizes=tuple(SizeParam(n, v) for n, v in sizes.items()),
                   locals=("m", "t"), int_locals=("k",))


def _arg_update(rng: random.Random, cmp: str, xi: Expr,
                position: Affine | None = None) -> tuple[Stmt, ...]:
    """`if (x[i] > m) { m = x[i]; k = i; }`, the comparison written either way round, or
    the same as a pair of `?:`; `position` is what k keeps (default: the counter i)."""
    kept = Index(position if position is not None else var("i"))
    left, right, test = (xi, Scalar("m"), cmp) if rng.random() < 0.7 else (Scalar("m"), xi,
                                                                            REVERSED[cmp])
    if rng.random() < 0.7:
        return (If(test, left, right, (SetLocal("m", "=", xi), SetLocal("k", "=", kept))),)
    # The position first, while m is still the value compared.
    return (SetLocal("k", "=", Select(test, left, right, kept, Scalar("k"))),
            SetLocal("m", "=", Select(test, left, right, xi, Scalar("m"))))


def _tied_values(rng: random.Random) -> tuple[float, ...]:
    """A short table of x's values: equal elements, zeros of both signs, a NaN sometimes."""
    values = [rng.choice(ARG_VALUES) for _ in range(rng.randint(3, 7))]
    if rng.random() < 0.3:
        values[rng.randrange(len(values))] = math.nan
    return tuple(values)


SHAPES: dict[str, Callable[[random.Random], Program]] = {
    "gemm": gemm, "gemv": gemv, "copy2d": copy2d, "axpy_dot": axpy_dot, "syrk": syrk,
    "stencil": stencil, "conv_relu": conv_relu, "box_filter": box_filter, "maxpool": maxpool,
    "argmax": argmax, "argpool": argpool, "expression": expression,
}


def library_shape(rng: random.Random) -> Program:
    """One of the library's shapes, chosen at random."""
    return SHAPES[rng.choice(sorted(SHAPES))](rng)
