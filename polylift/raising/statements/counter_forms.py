"""C's int arithmetic of a loop body as a sum over the loop counters whose coefficients
are computed before the loops.

The framework's subscripts and guards are written on `int`s: `cur_h = h_offset +
i*l.stride + n`, `index = cur_w + l.w*(cur_h + l.h*(k + b*l.c))`. Such a value is linear
in the counters (i, n, ...) but its coefficients are products of parameters (`l.w *
l.stride`), which `Linear` (integer coefficients) cannot hold. A `CounterForm` holds them
as `Invariant`s: sums of integer multiples of products of values defined before the
loops, which `materialize` computes there.

i32 arithmetic wraps, and a sum of products is the same ring element in any
association, so a form rebuilt in i32 gives the source's bits exactly. Rebuilt in i64
(to bound a form over a box), it gives the source's values wherever the source computes
them without signed overflow, which C leaves undefined.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from polylift.mlir import arith, ir
from polylift.raising.nest_model.linear import Linear

Factors = tuple[ir.Value, ...]  # a product of values defined before the loops


@dataclass(frozen=True)
class Invariant:
    """`sum(count * product(factors))`: a value the loops do not change."""

    terms: tuple[tuple[Factors, int], ...] = ()

    @staticmethod
    def constant(value: int) -> Invariant:
        return Invariant((((), value),) if value else ())

    @staticmethod
    def leaf(value: ir.Value) -> Invariant:
        return Invariant((((value,), 1),))

    def __add__(self, other: Invariant) -> Invariant:
        merged: dict[tuple[int, ...], tuple[Factors, int]] = {}
        for factors, count in (*self.terms, *other.terms):
            key = tuple(sorted(hash(f) for f in factors))
            _, before = merged.get(key, (factors, 0))
            merged[key] = (factors, before + count)
        return Invariant(tuple((f, c) for f, c in merged.values() if c))

    def __mul__(self, other: Invariant) -> Invariant:
        total = Invariant()
        for fa, ca in self.terms:
            for fb, cb in other.terms:
                total = total + Invariant((((*fa, *fb), ca * cb),))
        return total

    def negated(self) -> Invariant:
        return Invariant(tuple((f, -c) for f, c in self.terms))


@dataclass(frozen=True)
class CounterForm:
    """`base + sum(coefficient * counter)`, the counters being loop induction variables."""

    base: Invariant
    coefficients: tuple[tuple[ir.Value, Invariant], ...] = ()

    def coefficient(self, counter: ir.Value) -> Invariant:
        return next((c for v, c in self.coefficients if v == counter), Invariant())

    def __add__(self, other: CounterForm) -> CounterForm:
        counters = [v for v, _ in self.coefficients]
        counters += [v for v, _ in other.coefficients if v not in counters]
        return CounterForm(self.base + other.base, tuple(
            (v, self.coefficient(v) + other.coefficient(v)) for v in counters))

    def scaled(self, factor: Invariant) -> CounterForm:
        return CounterForm(self.base * factor,
                           tuple((v, c * factor) for v, c in self.coefficients))

    def negated(self) -> CounterForm:
        return self.scaled(Invariant.constant(-1))

    def varies(self) -> bool:
        return any(c.terms for _, c in self.coefficients)


class NotCounterForm(Exception):
    """A value that is not linear in the counters, or reads a value the loops compute."""


def counter_form(value: ir.Value, counters: list[ir.Value],
                 inside: Callable[[ir.Value], bool]) -> CounterForm:
    """`value` (an integer of the loop body) as a `CounterForm`. `inside(v)` says whether
    `v` is computed in the loops: such a value must be built from the counters, constants
    and values from before the loops by `+`, `-` and `*`."""
    owner = value.owner
    if not inside(value):
        return CounterForm(Invariant.leaf(value))
    if isinstance(owner, ir.Block):
        raise NotCounterForm("a value the loops carry")
    operands = list(owner.operands)
    match owner.name:
        case "arith.constant":
            return CounterForm(Invariant.constant(ir.IntegerAttr(
                owner.attributes["value"]).value))
        case "arith.index_cast" if operands[0] in counters:
            return CounterForm(Invariant(), ((operands[0], Invariant.constant(1)),))
        case "arith.addi" | "arith.subi" | "arith.muli":
            a, b = (counter_form(v, counters, inside) for v in operands)
            if owner.name == "arith.addi":
                return a + b
            if owner.name == "arith.subi":
                return a + b.negated()
            if a.varies() and b.varies():
                raise NotCounterForm("a product of two counters")
            return b.scaled(a.base) if not a.varies() else a.scaled(b.base)
    raise NotCounterForm(f"'{owner.name}'")


def linear_counter_form(form: Linear, counters: list[ir.Value],
                        inside: Callable[[ir.Value], bool]) -> CounterForm:
    """An affine form (integer coefficients, an `affine.if` constraint) as a
    `CounterForm`: its counters' terms, and the rest over values from before the loops."""
    base = Invariant.constant(form.const)
    coefficients = []
    for value, scale in form.terms:
        if value in counters:
            coefficients.append((value, Invariant.constant(scale)))
        elif inside(value):
            raise NotCounterForm("a value the loops compute")
        else:
            base = base + Invariant.leaf(value) * Invariant.constant(scale)
    return CounterForm(base, tuple(coefficients))


def materialize(form: Invariant, element: ir.Type, loc: ir.Location,
                ip: ir.InsertionPoint) -> ir.Value:
    """`form` computed at `ip` in `element` (i32 or i64; i32 leaves sign-extended to
    i64, index leaves converted): one constant when it is one."""
    constant = sum(count for factors, count in form.terms if not factors)
    total: ir.Value | None = None
    for factors, count in form.terms:
        if not factors:
            continue
        term = _as(factors[0], element, loc, ip)
        for factor in factors[1:]:
            term = arith.muli(term, _as(factor, element, loc, ip), loc=loc, ip=ip)
        if count != 1:
            term = arith.muli(term, arith.constant(element, count, loc=loc, ip=ip),
                              loc=loc, ip=ip)
        total = term if total is None else arith.addi(total, term, loc=loc, ip=ip)
    if total is None or constant:
        fixed = arith.constant(element, constant, loc=loc, ip=ip)
        total = fixed if total is None else arith.addi(total, fixed, loc=loc, ip=ip)
    return total


def _as(value: ir.Value, element: ir.Type, loc: ir.Location,
        ip: ir.InsertionPoint) -> ir.Value:
    """`value` in `element`: as it is, index-cast, or sign-extended from a narrower int."""
    if value.type == element:
        return value
    if isinstance(value.type, ir.IndexType) or isinstance(element, ir.IndexType):
        return arith.index_cast(element, value, loc=loc, ip=ip)
    if ir.IntegerType(value.type).width < ir.IntegerType(element).width:
        return arith.extsi(element, value, loc=loc, ip=ip)
    return arith.trunci(element, value, loc=loc, ip=ip)
