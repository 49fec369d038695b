"""How check figures read to people: times and ULP distances (no heavy imports, so the
bake and the site use it without loading numpy or MLIR)."""

from __future__ import annotations

# A distance at or past this is "infinitely far" (NaN against a number, shape mismatch).
INFINITE_ULP = 2**64


def seconds(value: float | None) -> str:
    """A time: `7.2 us`, `1.234 ms`, `2.000 s`, or `-`."""
    if value is None:
        return "-"
    if value < 1e-3:
        return f"{value * 1e6:.1f} us"
    if value < 1:
        return f"{value * 1e3:.3f} ms"
    return f"{value:.3f} s"


def ulp_text(value: int | None) -> str:
    """A ULP distance (`inf` for a NaN against a number or a shape mismatch), or `-`."""
    if value is None:
        return "-"
    return "inf" if value >= INFINITE_ULP else str(value)
