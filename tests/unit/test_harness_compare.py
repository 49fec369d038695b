"""Bit-for-bit comparison and ULP distances of output arrays."""

from __future__ import annotations

import numpy as np
import pytest

from polylift.harness.comparison.compare import (
    BIT_EXACT,
    DIFF,
    INFINITE_ULP,
    PASS,
    Element,
    compare_arrays,
    overall_verdict,
    term_distance,
    ulp_distance,
)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_adjacent_floats_are_one_ulp_apart(dtype):
    x = np.array([1.0, -1.0, 0.0, 1e-30, np.finfo(dtype).max], dtype=dtype)
    with np.errstate(over="ignore"):
        up = np.nextafter(x, np.array(np.inf, dtype=dtype))
    assert ulp_distance(x, up).tolist() == [1, 1, 1, 1, 1]
    assert ulp_distance(up, x).tolist() == [1, 1, 1, 1, 1]


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_distance_across_zero_counts_both_sides(dtype):
    tiny = np.array([np.finfo(dtype).smallest_subnormal], dtype=dtype)
    assert ulp_distance(tiny, -tiny).tolist() == [2]
    assert ulp_distance(np.array([0.0], dtype), np.array([-0.0], dtype)).tolist() == [0]


def test_signed_zeros_differ_in_bits_but_pass_at_zero_ulp():
    ref, got = np.array([0.0, 1.0]), np.array([-0.0, 1.0])
    c = compare_arrays("z", ref, got)
    assert c.verdict == PASS and c.differing == 1 and c.max_ulp == 0
    assert c.first_index == (0,)
    assert c.reference == Element(0.0, "0x0000000000000000")
    assert c.lifted == Element(-0.0, "0x8000000000000000")


def test_nans_same_bits_exact_other_payload_pass_against_number_diff():
    nan = np.float32(np.nan)
    other = np.array([0x7FC00001], dtype=np.uint32).view(np.float32)[0]
    assert compare_arrays("a", np.array([nan]), np.array([nan])).verdict == BIT_EXACT
    payload = compare_arrays("a", np.array([nan], np.float32), np.array([other], np.float32))
    assert payload.verdict == PASS and payload.max_ulp == 0
    vs_number = compare_arrays("a", np.array([nan, 1], np.float32),
                               np.array([nan, nan], np.float32), ulp_bound=10**6)
    assert vs_number.verdict == DIFF and vs_number.max_ulp == INFINITE_ULP
    assert vs_number.first_index == (1,)


def test_float_equal_values_never_use_float_equality():
    # Equal as floats (0.0 == -0.0) yet not BIT-EXACT; NaN != NaN as floats yet exact.
    assert compare_arrays("a", np.array([0.0]), np.array([-0.0])).verdict != BIT_EXACT
    assert compare_arrays("a", np.array([np.nan]), np.array([np.nan])).verdict == BIT_EXACT


def test_diff_reports_first_index_outside_bound_in_c_order():
    ref = np.zeros((3, 4), dtype=np.float64)
    got = ref.copy()
    got[0, 3] = np.nextafter(0.0, 1.0)  # 1 ULP: inside the bound
    got[2, 1] = 1.0                     # far outside
    got[1, 2] = -1.0
    c = compare_arrays("C", ref, got, ulp_bound=1)
    assert c.verdict == DIFF and c.differing == 3
    assert c.first_index == (1, 2)
    assert c.reference is not None and c.lifted is not None
    assert (c.reference.value, c.lifted.value) == (0.0, -1.0)
    assert "C[1, 2]: reference 0.0 (0x0000000000000000), lifted -1.0 (0xbff0" in c.describe()


def test_pass_within_bound_reports_max_and_count():
    ref = np.linspace(1, 2, 10, dtype=np.float32)
    got = ref.copy()
    got[4] = np.nextafter(np.nextafter(ref[4], np.float32(9)), np.float32(9))
    got[7] = np.nextafter(ref[7], np.float32(0))
    c = compare_arrays("y", ref, got, ulp_bound=2)
    assert (c.verdict, c.differing, c.max_ulp, c.first_index) == (PASS, 2, 2, (4,))
    assert compare_arrays("y", ref, got).verdict == DIFF


@pytest.mark.parametrize("dtype", [np.int8, np.int32, np.int64, np.uint8, np.uint64])
def test_integers_distance_is_absolute_difference(dtype):
    info = np.iinfo(dtype)
    ref = np.array([info.min, info.max, 5], dtype=dtype)
    got = np.array([info.max, info.min, 5], dtype=dtype)
    span = int(info.max) - int(info.min)
    assert ulp_distance(ref, got).tolist() == [span, span, 0]
    c = compare_arrays("i", ref, got)
    assert c.verdict == DIFF and c.max_ulp == span and c.differing == 2


def test_extreme_float_distance_does_not_overflow():
    big = np.finfo(np.float64).max
    d = ulp_distance(np.array([big]), np.array([-big]))
    assert int(d[0]) == 2 * int(np.array([big]).view(np.int64)[0])


def test_shape_or_dtype_mismatch_is_a_diff():
    c = compare_arrays("a", np.zeros(3), np.zeros(4))
    assert c.verdict == DIFF and c.max_ulp == INFINITE_ULP
    assert c.describe() == "a: DIFF, reference float64[3], lifted float64[4]"
    assert compare_arrays("a", np.zeros(3), np.zeros(3, np.float32)).verdict == DIFF


def test_overall_verdict_is_the_worst():
    exact = compare_arrays("a", np.ones(2), np.ones(2))
    passing = compare_arrays("b", np.array([0.0]), np.array([-0.0]))
    diff = compare_arrays("c", np.array([1.0]), np.array([2.0]))
    assert overall_verdict([exact]) == BIT_EXACT
    assert overall_verdict([exact, passing]) == PASS
    assert overall_verdict([passing, diff, exact]) == DIFF


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_a_cancelling_sum_is_measured_against_its_terms(dtype):
    """Two orders of 1 + 0.4 - 1.2 - 0.2 leave residues millions of ULP apart of
    themselves, but within one ULP of the sum of |terms| (2.8)."""
    eps = np.finfo(dtype).eps
    ref = np.array([1.9 * eps / 8, 3.0], dtype=dtype)
    got = np.array([-0.25 * eps / 8, 3.0], dtype=dtype)
    magnitude = np.array([2.8, 3.0], dtype=dtype)
    plain = compare_arrays("y", ref, got, 38)
    assert plain.verdict == DIFF and plain.max_ulp > 10**6
    held = compare_arrays("y", ref, got, 38, magnitude)
    assert held.verdict == PASS and held.max_ulp == 1 and held.of_terms
    assert "ULP (of the result or, where larger, of the sum of |terms|)" in held.describe()


def test_terms_never_widen_a_distance_nor_excuse_a_nan():
    ref = np.array([1.0, 1.0, 1.0, np.nan])
    got = np.array([np.nextafter(1.0, 2.0), 1.5, 1.0 + 2**-40, 1.0])
    # A magnitude smaller than the result, a zero one and an infinite one change nothing.
    magnitude = np.array([0.5, 0.0, np.inf, 1.0])
    held = compare_arrays("y", ref, got, 2, magnitude)
    assert held.verdict == DIFF and held.max_ulp == INFINITE_ULP
    dist = [compare_arrays("y", ref[k:k + 1], got[k:k + 1], 0, magnitude[k:k + 1]).max_ulp
            for k in range(3)]
    assert dist == [1, 2**51, 2**12]


def test_term_distance_of_infinities_and_nans_is_quiet_and_keeps_the_ulp_distance():
    """Where a value or its magnitude is not finite the ULP distance stands, and no
    numpy warning reaches the user (inf - inf used to be computed and discarded)."""
    ref = np.array([np.inf, np.inf, np.nan, 1.0, 1.0], dtype=np.float32)
    got = np.array([np.inf, -np.inf, 1.0, 1.0 + 2 ** -20, 1.0], dtype=np.float32)
    magnitude = np.array([1.0, 1.0, 1.0, 4.0, np.inf], dtype=np.float32)
    dist = ulp_distance(ref, got)
    with np.errstate(all="raise"):
        terms = term_distance(ref, got, magnitude, dist)
    assert terms[:3].tolist() == dist[:3].tolist() and terms[4] == dist[4]
    assert terms[3] == 2 and dist[3] == 8  # 2**-20 is 2 ULPs of 4.0 in float32

