"""A template's expression as C, evaluated as the template states it.

The element-wise and reduction families do not restate what a launch computes: their
shims evaluate the template's own steps, rendered here. The rendering keeps the
template's semantics:

- the tree as written, every operator parenthesised (C evaluates `(a + b) + c` in that
  order, one rounding per operation; the shims are built with `-ffp-contract=off`);
- `max(a, b)` is `a > b ? a : b` and `min(a, b)` is `a < b ? a : b` (C's comparisons:
  false on NaN, so the second operand is kept; -0 and +0 compare equal), through helpers
  that read each operand once; `abs` is `fabs` for floats (clears the sign bit, as
  `math.absf`), and `c ? a : b` evaluates the arm it picks;
- integer templates (`accumulate i32`) read each element converted to the accumulation
  type (zero-extended from an unsigned pixel, sign-extended from a signed one: C's
  promotions), divide truncating towards zero, and the store narrows as C's conversion
  to the element type does (modulo 2^bits);
- numbers are written exactly (hexadecimal floating constants).
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Mapping

from polylift.tdl.ast import Access, And, Bin, Call, Compare, Cond, Expr, Neg, Num, Ref

# C spellings of the element types the renderer works in.
_CTYPE = {"f32": "float", "f64": "double", "i8": "int8_t", "i16": "int16_t",
          "i32": "int32_t", "i64": "int64_t", "u8": "uint8_t", "u16": "uint16_t"}
_FLOAT_FN = {"sqrt": "sqrt", "exp": "exp", "tanh": "tanh", "abs": "fabs"}


class NotRenderable(ValueError):
    """A template expression this renderer has no C form for (lookups, rounding
    divisions, widenings): such a template needs a family of its own."""


def helpers(dtype: str, accumulate: str = "") -> str:
    """The C helper functions the rendered expressions call, for one element type."""
    t = _CTYPE[accumulate or dtype]
    name = accumulate or dtype
    lines = [f"static inline {t} polylift_max_{name}({t} a, {t} b) {{ return a > b ? a : b; }}",
             f"static inline {t} polylift_min_{name}({t} a, {t} b) {{ return a < b ? a : b; }}"]
    if accumulate:
        # abs by unsigned negation: defined for every value (abs(INT_MIN) is not).
        u = "uint" + accumulate[1:] + "_t"
        lines.append(f"static inline {t} polylift_abs_{name}({t} a) {{ return a < 0 ? "
                     f"({t})(({u})0 - ({u})a) : a; }}")
    return "\n".join(lines) + "\n"


def number(value: float, dtype: str, accumulate: str = "") -> str:
    """A constant of the arithmetic's type, exactly. A float template's number that no
    float holds is a double (the constant of a sum the template computes in double,
    `sqrt(f64(v)) + c`); one a float holds is the same number in either type."""
    if accumulate or not dtype.startswith("f"):
        if value != int(value):
            raise NotRenderable(f"the integer template has the number {value:g}")
        return str(int(value))
    if dtype == "f32" and float(struct.unpack("f", struct.pack("f", value))[0]) != value:
        dtype = "f64"
    return f"(({_CTYPE[dtype]}){float(value).hex()})"


def render(expr: Expr, element: Callable[[Access], str], dtype: str,
           accumulate: str = "", scalar: Callable[[str], str] = str,
           named: Mapping[Expr, str] | None = None) -> str:
    """`expr` as a C expression: `element(access)` reads an element (as the arithmetic's
    type), `scalar(name)` names a scalar parameter, and a subexpression in `named` is
    the C variable that already holds its value (computed once, outside a loop)."""
    return _Renderer(element, scalar, dtype, accumulate, named or {}).go(expr)


class _Renderer:
    """One expression's rendering: how elements and scalars read, in which types."""

    def __init__(self, element: Callable[[Access], str], scalar: Callable[[str], str],
                 dtype: str, accumulate: str, named: Mapping[Expr, str]):
        self.element, self.scalar = element, scalar
        self.dtype, self.accumulate = dtype, accumulate
        self.named = named

    def go(self, e: Expr) -> str:
        if e in self.named:
            return self.named[e]
        if isinstance(e, Access):
            return self.element(e)
        if isinstance(e, Num):
            return number(e.value, self.dtype, self.accumulate)
        if isinstance(e, Ref):
            return self.scalar(e.name)
        if isinstance(e, Bin | Compare):
            return f"({self.go(e.lhs)} {e.op} {self.go(e.rhs)})"
        if isinstance(e, And):
            return f"({self.go(e.lhs)} && {self.go(e.rhs)})"
        if isinstance(e, Neg):
            return f"(-{self.go(e.operand)})"
        if isinstance(e, Cond):
            return f"({self.go(e.test)} ? {self.go(e.then)} : {self.go(e.other)})"
        if isinstance(e, Call):
            return self.call(e)
        raise NotRenderable(f"no C form for '{e}'")

    def call(self, e: Call) -> str:
        args = ", ".join(self.go(a) for a in e.args)
        kind = self.accumulate or self.dtype
        if e.fn in ("max", "min"):
            return f"polylift_{e.fn}_{kind}({args})"
        if e.fn == "abs" and self.accumulate:
            return f"polylift_abs_{kind}({args})"
        if e.fn in ("f64", "f32") and self.dtype == "f32":
            return f"(({_CTYPE[e.fn]})({args}))"
        if e.fn in _FLOAT_FN and self.dtype.startswith("f"):
            suffix = "f" if self.float_type(e.args[0]) == "f32" else ""
            return f"{_FLOAT_FN[e.fn]}{suffix}({args})"
        raise NotRenderable(f"no C form for '{e.fn}' on {self.dtype}")


    def float_type(self, e: Expr) -> str:
        """The type a float expression computes in, as C's conversions give it: the
        element type, or double inside `f64(...)` and what combines with it."""
        if isinstance(e, Call) and e.fn in ("f64", "f32"):
            return e.fn
        if isinstance(e, Num) or self.dtype != "f32":
            return self.dtype
        parts = [getattr(e, f) for f in ("lhs", "rhs", "operand", "then", "other")
                 if hasattr(e, f)] + list(getattr(e, "args", ()))
        return "f64" if any(self.float_type(p) == "f64" for p in parts) else "f32"


def c_type(dtype: str) -> str:
    """The C type of an element or accumulation type."""
    return _CTYPE[dtype]
