"""C conversion rules and affine printing of the front end."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from polylift.frontend.c import ctype as ct
from polylift.frontend.index.affine import Affine, affine_map, affine_set, subscript


def test_usual_arithmetic_conversions() -> None:
    assert ct.usual_conversion(ct.SCHAR, ct.UCHAR) == ct.INT
    assert ct.usual_conversion(ct.SHORT, ct.USHORT) == ct.INT
    assert ct.usual_conversion(ct.INT, ct.UINT) == ct.UINT
    assert ct.usual_conversion(ct.UINT, ct.LONG) == ct.LONG
    assert ct.usual_conversion(ct.ULONG, ct.LONG) == ct.ULONG
    assert ct.usual_conversion(ct.FLOAT, ct.INT) == ct.FLOAT
    assert ct.usual_conversion(ct.FLOAT, ct.DOUBLE) == ct.DOUBLE


def test_type_words() -> None:
    assert ct.from_words(["unsigned", "long", "int"]) == ct.ULONG
    assert ct.from_words(["signed", "char"]) == ct.SCHAR
    assert ct.from_words(["char"]) == ct.CHAR
    assert ct.from_words(["short", "int"]) == ct.SHORT
    assert ct.from_words(["long", "double"]) is None


def test_wrap_is_twos_complement() -> None:
    assert ct.wrap(200, ct.SCHAR) == -56
    assert ct.wrap(-1, ct.UCHAR) == 255
    assert ct.wrap(1 << 31, ct.INT) == -(1 << 31)


def test_float_literals_round_once_to_float() -> None:
    # Rounding 0.1 to float directly, as C does for 0.1f, equals numpy's conversion here,
    # and a value halfway between two floats rounds to the even one.
    assert ct.round_float(Fraction("0.1"), ct.FLOAT) == float(np.float32(0.1))
    halfway = Fraction(1) + Fraction(1, 1 << 24)
    assert ct.round_float(halfway, ct.FLOAT) == 1.0
    assert ct.float_bits(1.0, ct.DOUBLE) == "0x3FF0000000000000"
    assert ct.float_bits(1.0, ct.FLOAT) == "0x3F800000"


def test_affine_printing() -> None:
    i, n = Affine.atom("%i"), Affine.atom("%n")
    form = n - i - Affine.constant(1)
    assert subscript(form, {"%i"}) == "-%i + symbol(%n) - 1"
    assert affine_map([i.scale(2), n], {"%i"}) == \
        "affine_map<(d0)[s0] -> (d0 * 2, s0)>(%i)[%n]"
    assert affine_set([(n - i, False), (i, True)], {"%i"}) == \
        "affine_set<(d0)[s0] : (-d0 + s0 >= 0, d0 == 0)>(%i)[%n]"
