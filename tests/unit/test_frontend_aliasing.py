"""Which parameters may alias, and the boxes the entry guard compares."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from polylift.frontend.c import ctype as ct
from polylift.frontend.c.aliasing import (
    AliasPair,
    ArgAccess,
    ArrayArg,
    Box,
    alias_pairs,
    make_alias_plan,
    types_may_alias,
)
from polylift.frontend.index.bounds import LoopRange
from polylift.frontend.index.poly import Poly

N, M = Poly.atom("%n"), Poly.atom("%m")
II, J = Poly.atom("%i"), Poly.atom("%j")
ZERO, ONE = Poly.constant(0), Poly.constant(1)


def test_effective_types_keep_floats_apart_but_not_signedness_or_chars() -> None:
    assert not types_may_alias(ct.FLOAT, ct.DOUBLE)
    assert not types_may_alias(ct.FLOAT, ct.INT)
    assert not types_may_alias(ct.INT, ct.LONG)
    assert types_may_alias(ct.INT, ct.UINT)
    assert types_may_alias(ct.DOUBLE, ct.DOUBLE)
    for char in (ct.CHAR, ct.SCHAR, ct.UCHAR):
        assert types_may_alias(char, ct.DOUBLE) and types_may_alias(ct.FLOAT, char)


def _access(name: str, write: bool, *indices: Poly | None) -> ArgAccess:
    return ArgAccess(name, indices, (LoopRange("%i", (ZERO,), (N - ONE,)),), write)


def test_a_pair_matters_when_neither_is_restrict_and_one_is_written() -> None:
    args = [ArrayArg("x", ct.DOUBLE, False), ArrayArg("y", ct.DOUBLE, False),
            ArrayArg("z", ct.DOUBLE, True), ArrayArg("w", ct.DOUBLE, False),
            ArrayArg("f", ct.FLOAT, False)]
    accesses = [_access("x", False, II), _access("y", True, II), _access("z", False, II),
                _access("w", False, II), _access("f", True, II)]
    # z is restrict, f another type, x and w only read.
    assert alias_pairs(args, accesses) == [AliasPair("x", "y"), AliasPair("y", "w")]
    assert make_alias_plan(args, accesses, assume_noalias=True) is None


def test_a_subscript_read_from_data_compares_the_whole_array() -> None:
    """No bound covers an access at a subscript read from data: the argument's range is
    its whole memref (every access through a memref stays inside it)."""
    args = [ArrayArg("x", ct.DOUBLE, False), ArrayArg("y", ct.DOUBLE, False)]
    plan = make_alias_plan(args, [_access("x", False, II), _access("y", True, None)])
    assert plan is not None and plan.guarded == (AliasPair("x", "y"),)
    assert not plan.unguarded
    written = plan.extent("y").written
    assert plan.extent("y").accessed.whole and written is not None and written.whole
    assert not plan.extent("x").accessed.whole


def test_boxes_merge_shifted_bounds_and_assume_nonnegative_strides() -> None:
    args = [ArrayArg("A", ct.FLOAT, False), ArrayArg("S", ct.FLOAT, False)]
    rows = (LoopRange("%i", (ZERO,), (N - ONE,)), LoopRange("%j", (ONE,), (M - ONE,)))
    accesses = [ArgAccess("A", (II * M + J - ONE,), rows, False),
                ArgAccess("A", (II * M + J + ONE,), rows, False),
                ArgAccess("S", (II,), rows, True)]
    plan = make_alias_plan(args, accesses)
    assert plan is not None and plan.guarded == (AliasPair("A", "S"),)
    a = plan.extent("A")
    assert a.written is None
    assert a.accessed == Box(((ZERO,),), ((N * M,),))  # i*m + j +- 1, 1 <= j < m
    assert plan.extent("S").written == Box(((ZERO,),), ((N - ONE,),))
    assert plan.conditions == (M,)  # the coefficient of %i in A's subscript, >= 0


def _value(poly: Poly, env: dict[str, int]) -> int:
    total = 0
    for mono, coeff in poly.terms:
        term = coeff
        for atom in mono:
            term *= env[atom]
        total += term
    return total


BOUND = st.sampled_from(["0", "1", "n-1", "n", "m-2", "i", "i+1", "i-1"])


@settings(max_examples=200, deadline=None)
@given(low_i=BOUND.filter(lambda b: "i" not in b), high_i=BOUND.filter(lambda b: "i" not in b),
       low_j=BOUND, high_j=BOUND, coeffs=st.tuples(*[st.integers(-2, 2)] * 4),
       n=st.integers(0, 5), m=st.integers(0, 5))
def test_every_access_lies_in_its_box(low_i: str, high_i: str, low_j: str, high_j: str,
                                      coeffs: tuple[int, ...], n: int, m: int) -> None:
    """Enumerate a triangular or rectangular nest: each subscript it takes lies between
    the box's least low and greatest high whenever the guard's conditions hold."""
    atoms = {"0": ZERO, "1": ONE, "n-1": N - ONE, "n": N, "m-2": M - Poly.constant(2),
             "i": II, "i+1": II + ONE, "i-1": II - ONE}
    domain = (LoopRange("%i", (atoms[low_i],), (atoms[high_i],)),
              LoopRange("%j", (atoms[low_j],), (atoms[high_j],)))
    a, b, c, d = coeffs
    index = II.scale(a) + J.scale(b) + N.scale(c) + M * II.scale(d)
    args = [ArrayArg("x", ct.DOUBLE, False), ArrayArg("y", ct.DOUBLE, False)]
    plan = make_alias_plan(args, [ArgAccess("x", (index,), domain, False),
                                  ArgAccess("y", (ZERO,), (), True)])
    assert plan is not None and plan.guarded
    env = {"%n": n, "%m": m}
    if any(_value(cond, env) < 0 for cond in plan.conditions):
        return  # the guard fails: the fallback runs
    box = plan.extent("x").accessed
    least = min(_value(p, env) for p in box.lows[0])
    greatest = max(_value(p, env) for p in box.highs[0])
    for i in range(_value(atoms[low_i], env), _value(atoms[high_i], env) + 1):
        env["%i"] = i
        for j in range(_value(atoms[low_j], env), _value(atoms[high_j], env) + 1):
            env["%j"] = j
            assert least <= _value(index, env) <= greatest
        del env["%i"]


def test_the_box_of_a_constant_subscript_is_that_element() -> None:
    args = [ArrayArg("x", ct.INT, False), ArrayArg("y", ct.UINT, False)]
    plan = make_alias_plan(args, [ArgAccess("x", (Poly.constant(3),), (), False),
                                  ArgAccess("y", (N,), (), True)])
    assert plan is not None
    assert plan.extent("x").accessed == Box(((Poly.constant(3),),), ((Poly.constant(3),),))
    assert plan.extent("y").written == Box(((N,),), ((N,),))
