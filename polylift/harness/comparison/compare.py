"""Bit-for-bit comparison of output arrays, and the ULP distance when bits differ.

Values are compared through unsigned-integer views of their own width, never with
float `==`: `-0.0` and `+0.0` differ, and two NaNs with the same bits are equal. For a
floating-point type the ULP distance is the distance between the two values in the
ordered sequence of representable numbers (so `-0.0` and `+0.0` are 0 ULP apart, and
two NaNs of any payload are 0 ULP apart); a NaN against a number is infinitely far.
For an integer type it is the absolute difference.

With the magnitudes of a float array's elements (`magnitude.py`: the sum of |terms| of
each), a difference is also measured in ULPs of that magnitude, and the smaller of the
two distances counts: a sum that cancels to almost 0 is held to the precision of its
terms, as the launch audit holds a backend call.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from polylift.harness.comparison.figures import INFINITE_ULP, ulp_text

BIT_EXACT = "BIT-EXACT"
PASS = "PASS"
DIFF = "DIFF"
# A distance larger than any finite one: NaN against a number, or a shape mismatch.


@dataclass(frozen=True)
class Element:
    """One element's value and its bits (`0x...`, the width of its type): the number a
    reader compares, and what a bit-for-bit verdict is about."""

    value: float | int
    bits: str

    def __str__(self) -> str:
        return f"{self.value!r} ({self.bits})"


@dataclass(frozen=True)
class Comparison:
    """The verdict on one array, with what a user needs to see a difference."""

    name: str
    verdict: str
    elements: int
    differing: int = 0
    max_ulp: int = 0
    first_index: tuple[int, ...] | None = None
    reference: Element | None = None
    lifted: Element | None = None
    of_terms: bool = False  # distances where larger in ULPs of the sum of |terms|
    shapes: str = ""  # where the two arrays' types or shapes differ: both

    def describe(self) -> str:
        """One line: the verdict, and for a difference where and by how much."""
        if self.verdict == BIT_EXACT:
            return f"{self.name}: {BIT_EXACT} ({self.elements} elements)"
        if self.shapes:
            return f"{self.name}: {self.verdict}, {self.shapes}"
        where = ""
        if self.first_index is not None:
            where = (f", first at {self.name}[{', '.join(map(str, self.first_index))}]: "
                     f"reference {self.reference}, lifted {self.lifted}")
        unit = " (of the result or, where larger, of the sum of |terms|)" if self.of_terms \
            else ""
        return (f"{self.name}: {self.verdict}, {self.differing} of {self.elements} elements "
                f"differ, max {ulp_text(self.max_ulp)} ULP{unit}{where}")


def _unsigned(a: np.ndarray) -> np.ndarray:
    return a.view(np.dtype(f"u{a.dtype.itemsize}"))


def _float_keys(a: np.ndarray) -> np.ndarray:
    """Map float bit patterns to int64 keys whose order and spacing are the ULP order."""
    bits = _unsigned(a).astype(np.uint64)
    width = a.dtype.itemsize * 8
    sign = np.uint64(1) << np.uint64(width - 1)
    magnitude = (bits & ~sign).astype(np.int64)
    return np.where((bits & sign) != 0, -magnitude, magnitude)


def _abs_diff(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """|x - y| for int64 arrays, exact in uint64 even where int64 would overflow."""
    ux, uy = x.view(np.uint64), y.view(np.uint64)
    return np.where(x >= y, ux - uy, uy - ux)


def ulp_distance(ref: np.ndarray, got: np.ndarray) -> np.ndarray:
    """Element-wise ULP distance (uint64); see `unordered` for NaN against a number."""
    if ref.dtype.kind == "f":
        dist = _abs_diff(_float_keys(ref), _float_keys(got))
        return np.where(np.isnan(ref) & np.isnan(got), np.uint64(0), dist)
    if ref.dtype.kind == "u":
        ux, uy = ref.astype(np.uint64), got.astype(np.uint64)
        return np.where(ux >= uy, ux - uy, uy - ux)
    return _abs_diff(ref.astype(np.int64), got.astype(np.int64))


def term_distance(ref: np.ndarray, got: np.ndarray, magnitude: np.ndarray,
                  dist: np.ndarray) -> np.ndarray:
    """`dist`, or where smaller |ref - got| in ULPs of `magnitude` rounded up (finite
    values and a positive magnitude only), as the launch audit measures a call."""
    a, b = ref.astype(np.float64), got.astype(np.float64)
    m = magnitude.astype(np.float64)
    usable = np.isfinite(a) & np.isfinite(b) & np.isfinite(m) & (m > 0)
    _, exponent = np.frexp(np.where(usable, m, 1.0))
    digits = np.finfo(ref.dtype).nmant + 1
    # Subtracted only where usable: inf - inf elsewhere would warn (the audit's output).
    difference = np.subtract(a, b, out=np.zeros_like(a), where=usable)
    units = np.ceil(np.abs(difference) / np.ldexp(1.0, exponent - digits))
    smaller = usable & (units < dist.astype(np.float64))
    return np.where(smaller, np.where(smaller, units, 0.0).astype(np.uint64), dist)


def unordered(ref: np.ndarray, got: np.ndarray) -> np.ndarray:
    """Where one value is a NaN and the other a number: infinitely far apart."""
    if ref.dtype.kind != "f":
        return np.zeros(ref.shape, dtype=bool)
    return np.isnan(ref) != np.isnan(got)


def _element(a: np.ndarray, index: tuple[int, ...]) -> Element:
    bits = int(_unsigned(a)[index])
    return Element(a[index].item(), f"0x{bits:0{a.dtype.itemsize * 2}x}")


def compare_arrays(name: str, ref: np.ndarray, got: np.ndarray, ulp_bound: int = 0,
                   magnitude: np.ndarray | None = None) -> Comparison:
    """Compare two arrays of one dtype and shape: BIT-EXACT, PASS within `ulp_bound`, or
    DIFF; a float array's `magnitude` (same shape) measures differences of cancelling
    sums against their terms."""
    if ref.dtype != got.dtype or ref.shape != got.shape:
        return Comparison(name, DIFF, ref.size, ref.size, INFINITE_ULP,
                          shapes=f"reference {ref.dtype}{list(ref.shape)}, "
                                 f"lifted {got.dtype}{list(got.shape)}")
    differs = _unsigned(ref) != _unsigned(got)
    count = int(np.count_nonzero(differs))
    if count == 0:
        return Comparison(name, BIT_EXACT, ref.size)
    dist, far = ulp_distance(ref, got), unordered(ref, got)
    of_terms = magnitude is not None and ref.dtype.kind == "f" and magnitude.shape == ref.shape
    if of_terms:
        assert magnitude is not None
        dist = term_distance(ref, got, magnitude, dist)
    max_ulp = INFINITE_ULP if far.any() else int(dist.max())
    verdict = PASS if max_ulp <= ulp_bound else DIFF
    # Show the first element outside the bound; for a PASS, the first that differs at all.
    shown = (far | (dist > ulp_bound)) if verdict == DIFF else differs
    flat = int(np.flatnonzero(shown.reshape(-1))[0])
    index = tuple(int(i) for i in np.unravel_index(flat, ref.shape))
    return Comparison(name, verdict, ref.size, count, max_ulp, index,
                      _element(ref, index), _element(got, index), of_terms)


def overall_verdict(comparisons: list[Comparison]) -> str:
    """The worst verdict of a kernel's arrays (DIFF over PASS over BIT-EXACT)."""
    verdicts = {c.verdict for c in comparisons}
    for verdict in (DIFF, PASS):
        if verdict in verdicts:
            return verdict
    return BIT_EXACT
