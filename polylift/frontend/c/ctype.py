"""C arithmetic types on x86-64 (LP64, signed char) and C's conversion rules."""

from __future__ import annotations

import struct
from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class CType:
    """An arithmetic C type: its spelling, kind (`int`/`float`), width and signedness."""

    name: str
    kind: str
    bits: int
    signed: bool = True
    rank: int = 0

    @property
    def is_float(self) -> bool:
        """True for `float` and `double`."""
        return self.kind == "float"

    @property
    def mlir(self) -> str:
        """The MLIR type: `f32`, `f64` or a signless `iN`."""
        return f"f{self.bits}" if self.is_float else f"i{self.bits}"


def _int(name: str, bits: int, signed: bool, rank: int) -> CType:
    return CType(name, "int", bits, signed, rank)


FLOAT = CType("float", "float", 32)
DOUBLE = CType("double", "float", 64)
CHAR = _int("char", 8, True, 1)
SCHAR = _int("signed char", 8, True, 1)
UCHAR = _int("unsigned char", 8, False, 1)
SHORT = _int("short", 16, True, 2)
USHORT = _int("unsigned short", 16, False, 2)
INT = _int("int", 32, True, 3)
UINT = _int("unsigned int", 32, False, 3)
LONG = _int("long", 64, True, 4)
ULONG = _int("unsigned long", 64, False, 4)
LLONG = _int("long long", 64, True, 5)
ULLONG = _int("unsigned long long", 64, False, 5)

_SIGNED: dict[tuple[str, ...], CType] = {
    (): INT, ("char",): CHAR, ("short",): SHORT, ("long",): LONG, ("long", "long"): LLONG,
    ("float",): FLOAT, ("double",): DOUBLE,
}
_UNSIGNED: dict[tuple[str, ...], CType] = {
    (): UINT, ("char",): UCHAR, ("short",): USHORT, ("long",): ULONG, ("long", "long"): ULLONG,
}
_UNSIGNED_OF = {t.name: u for t, u in ((INT, UINT), (LONG, ULONG), (LLONG, ULLONG))}

# The fake libc headers declare every fixed-width type as `int`; these are the real ones.
STDINT: dict[str, CType] = {
    "int8_t": SCHAR, "uint8_t": UCHAR, "int16_t": SHORT, "uint16_t": USHORT,
    "int32_t": INT, "uint32_t": UINT, "int64_t": LONG, "uint64_t": ULONG,
    "size_t": ULONG, "ptrdiff_t": LONG, "intptr_t": LONG, "uintptr_t": ULONG,
    "ssize_t": LONG,
}


def from_words(words: list[str]) -> CType | None:
    """The type named by C specifier words (`unsigned long int`), or None."""
    core = tuple(w for w in words if w not in ("int", "signed", "unsigned"))
    if "unsigned" in words:
        return _UNSIGNED.get(core)
    if "signed" in words and core == ("char",):
        return SCHAR
    return _SIGNED.get(core)


def promote(t: CType) -> CType:
    """C's integer promotion: everything narrower than int becomes int."""
    if t.is_float or t.rank >= INT.rank:
        return t
    return INT


def usual_conversion(a: CType, b: CType) -> CType:
    """The common type of a binary operation (C11 6.3.1.8)."""
    if a.is_float or b.is_float:
        return DOUBLE if DOUBLE in (a, b) else FLOAT
    a, b = promote(a), promote(b)
    if a.signed == b.signed:
        return a if a.rank >= b.rank else b
    uns, sig = (a, b) if not a.signed else (b, a)
    if uns.rank >= sig.rank:
        return uns
    if sig.bits > uns.bits:
        return sig
    return _UNSIGNED_OF[sig.name]


def wrap(value: int, t: CType) -> int:
    """`value` converted to the integer type `t` (two's complement wrap-around)."""
    value &= (1 << t.bits) - 1
    if t.signed and value >= 1 << (t.bits - 1):
        value -= 1 << t.bits
    return value


# Magnitudes from which round-to-nearest gives infinity: the largest finite value plus
# half an ulp (that midpoint rounds to the even neighbour, 2**emax, which is infinite).
_OVERFLOW = {32: Fraction(2**128 - 2**103), 64: Fraction(2**1024 - 2**970)}


def round_float(value: Fraction | float, t: CType) -> float:
    """`value` rounded once, to nearest even, to `float` or `double`."""
    exact = Fraction(value)
    if abs(exact) >= _OVERFLOW[t.bits]:
        return float("inf") if exact > 0 else float("-inf")
    nearest = float(exact)
    if t.bits == 64:
        return nearest
    # numpy (about 60 ms to import) only where a `float` constant is rounded.
    import numpy as np

    with np.errstate(over="ignore"):  # near FLT_MAX the neighbours are infinite
        guess = np.float32(nearest)
        candidates = [guess, np.nextafter(guess, np.float32(-np.inf)),
                      np.nextafter(guess, np.float32(np.inf))]
    finite = [c for c in candidates if np.isfinite(c)] or [guess]

    def key(c: np.float32) -> tuple[Fraction, int]:
        bits = int(np.array(c).view(np.uint32))
        return abs(Fraction(float(c)) - exact), bits & 1

    return float(min(finite, key=key))


def float_bits(value: float, t: CType) -> str:
    """The hexadecimal bit pattern MLIR accepts for a float constant of type `t`."""
    if t.bits == 64:
        return "0x" + struct.pack(">d", value).hex().upper()
    return "0x" + struct.pack(">f", value).hex().upper()
