"""Delinearisation of flattened subscripts on plain pointers (`A[i*lda + k]`).

A pointer parameter `float *A` is a 1-D `memref<?xf32>` whose subscripts such as
`i*lda + k` are not affine (a counter times a parameter), so no affine analysis sees
them. This module decides when such a pointer can be viewed as a multi-dimensional
array `A[rows][S1]...[Sn-1]` with affine subscripts, and what must hold for that view
to be exact.

The scheme, for one C function:

1. The function is lowered once as usual (the *flat* version). Every subscript of a
   pointer parameter is recorded as a polynomial over the loop counters and the
   function's integer parameters (integer locals set at the top level from parameters,
   such as `lda = K`, are replaced by their polynomial), together with the ranges of
   the enclosing loops.
2. For each pointer, the *strides* are the parameter parts of the monomials holding a
   loop counter (`lda` in `i*lda`), intersected over all its accesses; they must form a
   chain under divisibility (`h*w`, `w`, `1`). Each subscript then splits uniquely as
   `e = x0*P0 + x1*P1 + ... + x(n-1)` (`P` the strides, last one 1). One view per
   pointer per function: every access is rewritten with the same shape, or the pointer
   stays 1-D.
3. The view computes the same address as the flat subscript whatever the values, but
   it is an exact multi-dimensional array (distinct subscripts are distinct elements,
   which dependence analysis and library calls rely on) only when `0 <= x_i < S_i` for
   every inner dimension `i >= 1` (`S_i = P(i-1) / P_i`). Bounds of `x_i` come from
   substituting the loop ranges, innermost first (a parameter coefficient is assumed
   non-negative, which becomes one more condition). Each condition is a polynomial
   over parameters that must be `>= 0`; constant ones are proven or refuted here
   (a refuted pointer stays 1-D), the others become a *run-time guard*. Whenever an
   access runs, its conditions give `S_i >= 1`; when none runs, the view is never read
   (its extents are clamped at 0 so that it stays well formed).
4. `versioning.py` emits the function as a dispatcher: it evaluates the guard, builds the
   views with `memref.reinterpret_cast` and calls the *delinearised* version (a private
   function whose arguments are the views, so each view is a function argument as any
   array); when the guard fails it calls the flat version. When every condition is
   proven there is no guard and no flat version.

5. A pointer that the function only reads, whose strides do not form a chain, gets a
   *window view* instead: `in[(j*stride + m) + w*(i*stride + n)]` (a pooling window)
   becomes `in[i][j][n][m]` with strides `(stride*w, stride, w, 1)`, one dimension per
   stride, ordered by the loops that scale them. Its subscripts must be plain sums of
   counters (no negative coefficient, no counter scaled by a parameter left over, a
   counter on the unit stride), and
   its inner extents are their upper bounds plus one. The address is the flat one as
   before, but elements may repeat (windows overlap): harmless where nothing writes
   the array, so a pointer that is written never gets one.

Guards are evaluated in 64-bit `index` arithmetic; the polynomials are products of
the sizes the C program itself multiplies in `int`, so they cannot overflow where the
C program is defined. Nothing is translated differently when a condition cannot be
decided: the flat version is always correct.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from polylift.frontend.index.poly import Monomial, Poly, mono_div

# At most this many combinations of min/max bounds are tried per subscript.
_MAX_CANDIDATES = 16


@dataclass(frozen=True)
class LoopRange:
    """An enclosing loop: its induction variable and inclusive bound polynomials (a
    bound list is empty when unknown; any one bound of a min/max is a valid bound)."""

    iv: str
    lows: tuple[Poly, ...]
    highs: tuple[Poly, ...]


@dataclass(frozen=True)
class FlatAccess:
    """One subscript of a pointer parameter in the flat lowering."""

    array: str
    index: Poly | None  # None: not a polynomial over counters and parameters
    domain: tuple[LoopRange, ...]  # outer loop first
    write: bool = False


@dataclass(frozen=True)
class ArrayView:
    """The multi-dimensional view of one pointer: strides `P0 .. P(n-1) = ()`. A window
    view (strides that do not divide each other) gives the extents of its inner
    dimensions; a nested view's are the ratios of its strides."""

    name: str
    strides: tuple[Monomial, ...]
    extents: tuple[Poly, ...] = ()

    @property
    def rank(self) -> int:
        """The number of dimensions of the view."""
        return len(self.strides)

    def mlir_type(self, elem: str) -> str:
        """`memref<?x?xf32, strided<[?, 1]>>`: the view's type (row-major, unit last stride)."""
        shape = "x".join(["?"] * self.rank + [elem])
        strides = ", ".join(["?"] * (self.rank - 1) + ["1"])
        return f"memref<{shape}, strided<[{strides}]>>"

    def extent(self, dim: int) -> Poly:
        """The extent of an inner dimension `dim >= 1` (`P(dim-1) / P(dim)` in a nested
        view)."""
        if self.extents:
            return self.extents[dim - 1]
        quotient = mono_div(self.strides[dim - 1], self.strides[dim])
        assert quotient is not None
        return Poly.make([(quotient, 1)])

    def split(self, index: Poly) -> list[Poly]:
        """The subscripts `x_i` with `index == sum(x_i * P_i)`."""
        rest = list(index.terms)
        parts = []
        for stride in self.strides:
            taken, kept = [], []
            for mono, coeff in rest:
                quotient = mono_div(mono, stride)
                if quotient is None:
                    kept.append((mono, coeff))
                else:
                    taken.append((quotient, coeff))
            parts.append(Poly.make(taken))
            rest = kept
        return parts


@dataclass
class Plan:
    """The views of a function's pointers and the conditions (`poly >= 0`) they need;
    per pointer, which of its accesses (by position among its accesses) go through the
    view. A pointer with accesses of another shape (`x[i]` over the whole array beside
    `x[b*n + i]`) keeps them on the flat memref too (`split`), which may alias its view."""

    views: dict[str, ArrayView] = field(default_factory=dict)
    guards: list[Poly] = field(default_factory=list)
    members: dict[str, frozenset[int]] = field(default_factory=dict)

    flat_also: set[str] = field(default_factory=set)  # pointers that keep flat accesses

    def uses_view(self, name: str, position: int) -> bool:
        """Whether the `position`-th access of pointer `name` goes through its view."""
        return name in self.views and position in self.members.get(name, frozenset())


def _strides_of(access: FlatAccess) -> set[Monomial]:
    assert access.index is not None
    ivs = {r.iv for r in access.domain}
    found: set[Monomial] = {()}
    for mono, _ in access.index.terms:
        if any(a in ivs for a in mono):
            found.add(tuple(a for a in mono if a not in ivs))
    return found


def _chain(candidates: set[Monomial]) -> tuple[Monomial, ...] | None:
    """The candidates ordered from the outermost stride, if each divides the previous."""
    ordered = sorted(candidates, key=lambda m: (-len(m), m))
    for outer, inner in zip(ordered, ordered[1:], strict=False):
        if len(outer) == len(inner) or mono_div(outer, inner) is None:
            return None
    return tuple(ordered)


@dataclass(frozen=True)
class Bound:
    """A bound of a polynomial over some loops, valid when each of `assumes` is `>= 0`
    (the sign of a parameter coefficient)."""

    value: Poly
    assumes: tuple[Poly, ...] = ()


def poly_bounds(value: Poly, domain: tuple[LoopRange, ...], upper: bool) -> list[Bound]:
    """Candidate bounds of `value` over the loops (upper or lower) with the sign
    conditions they assume; empty when no bound can be derived."""
    ivs = {r.iv for r in domain}
    results = [Bound(value)]
    for rng in reversed(domain):
        step: list[Bound] = []
        for bound in results:
            coeff, rest = bound.value.coefficient(rng.iv)
            if not coeff.terms:
                step.append(bound)
                continue
            if coeff.atoms() & ivs:
                return []
            known = coeff.const
            rises = known is None or known > 0
            chosen = rng.highs if rises == upper else rng.lows
            extra = (coeff,) if known is None else ()
            step += [Bound(rest + coeff * b, bound.assumes + extra) for b in chosen]
        if not step:
            return []
        results = step[:_MAX_CANDIDATES]
    return results


def _decide(candidates: list[list[Poly]]) -> list[Poly] | None:
    """The run-time conditions of the first candidate that is not refuted (none left
    when one is proven), or None when every candidate is refuted."""
    open_ones: list[list[Poly]] = []
    for conditions in candidates:
        constants = [c.const for c in conditions if c.const is not None]
        if any(v < 0 for v in constants):
            continue
        remaining = [c for c in conditions if c.const is None]
        if not remaining:
            return []
        open_ones.append(remaining)
    return open_ones[0] if open_ones else None


def _inner_conditions(part: Poly, extent: Poly,
                      domain: tuple[LoopRange, ...]) -> list[Poly] | None:
    """Conditions for `0 <= part <= extent - 1` on the loops, or None if refuted."""
    highs = [[extent - Poly.constant(1) - b.value, *b.assumes]
             for b in poly_bounds(part, domain, True)]
    lows = [[b.value, *b.assumes] for b in poly_bounds(part, domain, False)]
    high, low = _decide(highs), _decide(lows)
    if high is None or low is None:
        return None
    return high + low


@dataclass(frozen=True)
class _Planned:
    view: ArrayView
    guards: list[Poly]
    members: frozenset[int]


def _structured(access: FlatAccess) -> bool:
    """An access whose subscript scales some loop counter by a parameter (`i*lda + k`):
    one a multi-dimensional view can carry."""
    return access.index is not None and len(_strides_of(access)) >= 2


def _plan_array(name: str, accesses: list[FlatAccess]) -> _Planned | None:
    """The view of one pointer from its structured accesses; the others stay flat."""
    structured = [a for a in accesses if _structured(a)]
    if not structured:
        return None
    common: set[Monomial] | None = None
    for access in structured:
        found = _strides_of(access)
        common = found if common is None else common & found
    chain = _chain(common or {()})
    if chain is None and not any(a.write for a in accesses):
        view = _window_view(name, structured[0], common or {()})
    else:
        view = ArrayView(name, chain) if chain is not None and len(chain) >= 2 else None
    if view is None:
        return None
    guards: list[Poly] = []
    members = set()
    for position, access in enumerate(accesses):
        if not _structured(access):
            continue
        assert access.index is not None
        parts = view.split(access.index)
        found_all: list[Poly] = []
        for dim in range(1, view.rank):
            found = _inner_conditions(parts[dim], view.extent(dim), access.domain)
            if found is None:
                break
            found_all += found
        else:
            guards += found_all
            members.add(position)
    return _Planned(view, guards, frozenset(members)) if members else None


def _depth(access: FlatAccess, stride: Monomial) -> int:
    """The position of the outermost loop whose counter `stride` scales in the access."""
    assert access.index is not None
    ivs = [r.iv for r in access.domain]
    return min(ivs.index(a) for mono, _ in access.index.terms for a in mono
               if a in ivs and tuple(x for x in mono if x not in ivs) == stride)


def _window_view(name: str, access: FlatAccess, strides: set[Monomial]) -> ArrayView | None:
    """A window view of a pointer that is only read, whose strides do not divide each
    other (`(j*stride + m) + w*(i*stride + n)`: a pooling window): one dimension per
    stride, ordered by the loops that scale them, outer first (unit stride last), each
    subscript a plain counter sum. Its elements may repeat (windows overlap), which no
    dependence sees in an array nothing writes; the extents are the subscripts' bounds."""
    assert access.index is not None
    order = sorted(strides - {()}, key=lambda s: (_depth(access, s), s))
    view = ArrayView(name, (*order, ()))
    ivs = {r.iv for r in access.domain}
    parts = view.split(access.index)
    if not parts[-1].atoms() & ivs:
        return None  # no counter walks the unit stride: a strided matrix, no window
    for part in parts:
        for mono, coeff in part.terms:
            if coeff < 0 or (len(mono) > 1 and set(mono) & ivs):
                return None  # a counter scaled by a parameter the view has no stride
                # for, or a difference (`j*(outputs - inputs)`): no window
    extents = []
    for part in parts[1:]:
        highs = poly_bounds(part, access.domain, True)
        if not highs:
            return None
        extents.append(highs[0].value + Poly.constant(1))
    return ArrayView(name, view.strides, tuple(extents))


def make_plan(accesses: list[FlatAccess], pointers: list[str]) -> Plan | None:
    """The views of the pointers that can be delinearised, or None when there is none."""
    plan = Plan()
    for name in pointers:
        mine = [a for a in accesses if a.array == name]
        planned = _plan_array(name, mine)
        if planned is None:
            continue
        plan.views[name] = planned.view
        plan.guards += planned.guards
        plan.members[name] = planned.members
        if len(planned.members) < len(mine):
            plan.flat_also.add(name)
    if not plan.views:
        return None
    plan.guards = sorted(set(plan.guards))
    return plan
