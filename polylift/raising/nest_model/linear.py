"""Linear forms over SSA values: the affine index arithmetic of a loop nest.

A form is `sum(coeff * value) + const`, where each value is a loop induction variable
or a parameter defined outside the nest. Every affine bound and subscript the raising
pass accepts is converted to this form, so that dependence tests and subview offsets
work on one representation.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from polylift.mlir import ir


class NotAffine(Exception):
    """An index expression that is not linear in the loop counters and parameters."""


@dataclass(frozen=True)
class Linear:
    """`sum(terms[v] * v) + const` over SSA values `v`.

    The raising's form: it reads parsed `affine` IR, whose counters and parameters are
    `ir.Value`s, so it cannot share the front end's `frontend.affine.Affine` (over the
    SSA names of MLIR text not yet parsed). The matcher reads linalg ops instead,
    whose subscripts are over loop dims (`matcher.ir_model.Lin`).
    """

    terms: tuple[tuple[ir.Value, int], ...] = ()
    const: int = 0

    @staticmethod
    def of(value: ir.Value) -> Linear:
        return Linear(((value, 1),), 0)

    @staticmethod
    def constant(c: int) -> Linear:
        return Linear((), c)

    def coeff(self, value: ir.Value) -> int:
        """The coefficient of `value` (0 when absent)."""
        return next((c for v, c in self.terms if v == value), 0)

    def variables(self) -> list[ir.Value]:
        return [v for v, _ in self.terms]

    def __add__(self, other: Linear) -> Linear:
        return _combine(self, other, 1)

    def __sub__(self, other: Linear) -> Linear:
        return _combine(self, other, -1)

    def scale(self, k: int) -> Linear:
        if k == 0:
            return Linear()
        return Linear(tuple((v, c * k) for v, c in self.terms), self.const * k)

    def is_constant(self) -> bool:
        return not self.terms

    def without(self, values: list[ir.Value]) -> Linear:
        """The form with the terms of `values` dropped."""
        return Linear(tuple((v, c) for v, c in self.terms if v not in values), self.const)

    def substitute(self, value: ir.Value, form: Linear) -> Linear:
        """Replace `value` by `form`."""
        k = self.coeff(value)
        if k == 0:
            return self
        return self.without([value]) + form.scale(k)


def _combine(a: Linear, b: Linear, sign: int) -> Linear:
    terms: dict[ir.Value, int] = {}
    order: list[ir.Value] = []
    for v, c in list(a.terms) + [(v, sign * c) for v, c in b.terms]:
        if v not in terms:
            order.append(v)
            terms[v] = 0
        terms[v] += c
    return Linear(tuple((v, terms[v]) for v in order if terms[v] != 0), a.const + sign * b.const)


@dataclass
class Namer:
    """Stable names for the SSA values of forms, for ISL strings and messages."""

    names: dict[ir.Value, str] = field(default_factory=dict)

    def name(self, value: ir.Value, prefix: str) -> str:
        if value not in self.names:
            self.names[value] = f"{prefix}{len(self.names)}"
        return self.names[value]


def render(form: Linear, name: Callable[[ir.Value], str]) -> str:
    """The form as ISL/affine text, e.g. `2*i0 + p1 - 1`."""
    parts = [f"{c}*{name(v)}" if c != 1 else name(v) for v, c in form.terms]
    if form.const or not parts:
        parts.append(str(form.const))
    return " + ".join(parts).replace("+ -", "- ")


def expr_to_linear(expr: ir.AffineExpr, dims: list[Linear], syms: list[Linear]) -> Linear:
    """Evaluate an affine expression whose dims and symbols are the given forms."""
    if isinstance(expr, ir.AffineDimExpr):
        return dims[expr.position]
    if isinstance(expr, ir.AffineSymbolExpr):
        return syms[expr.position]
    if isinstance(expr, ir.AffineConstantExpr):
        return Linear.constant(expr.value)
    if isinstance(expr, ir.AffineAddExpr):
        return expr_to_linear(expr.lhs, dims, syms) + expr_to_linear(expr.rhs, dims, syms)
    if isinstance(expr, ir.AffineMulExpr):
        lhs = expr_to_linear(expr.lhs, dims, syms)
        rhs = expr_to_linear(expr.rhs, dims, syms)
        if rhs.is_constant():
            return lhs.scale(rhs.const)
        if lhs.is_constant():
            return rhs.scale(lhs.const)
    raise NotAffine(str(expr))


def map_to_linear(amap: ir.AffineMap, operands: list[Linear]) -> list[Linear]:
    """Each result of `amap` applied to operand forms (dims first, then symbols)."""
    dims, syms = operands[:amap.n_dims], operands[amap.n_dims:]
    return [expr_to_linear(e, dims, syms) for e in amap.results]
