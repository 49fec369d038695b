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
   (a refuted pointer stays 1-D), the others become a *run-time guard*. An access
   under tests of the parameters (an arm of `if (!TA && !TB)`, a callee inlined
   there) needs its conditions only where those tests hold (`FlatAccess.when`):
   the guard asks them there alone, so a view is not refused for the shapes of an
   arm that does not run. Whenever an
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

6. A pointer whose strides form no chain and that gets no window view may get a
   *strided view* (`strided.py`): `x[b*batch_offset + g*group_offset + i*stride]` becomes
   `x[b][g][i]` with strides `(batch_offset, group_offset, 1)` where `stride == 1`, exact
   where each stride exceeds the span of the dimensions inside it (a run-time guard).

7. A pointer none of these takes is tried once more on its subscripts with each
   counter's factor of several terms as one entry atom (`FlatAccess.factored`:
   `j*(a - b)` as `j*atom`): `a - b` is then one stride, an integer of any value to
   the conditions above. Only there, so no other pointer's subscripts change.

Guards are evaluated in 64-bit `index` arithmetic; the polynomials are products of
the sizes the C program itself multiplies in `int`, so they cannot overflow where the
C program is defined. Nothing is translated differently when a condition cannot be
decided: the flat version is always correct.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from polylift.frontend.index.bounds import inner_conditions, poly_bounds
from polylift.frontend.index.paths import Condition
from polylift.frontend.index.poly import Monomial, Poly, mono_div
from polylift.frontend.index.strided import strided_view
from polylift.frontend.index.views import ArrayView, FlatAccess, depth, strides_of


@dataclass
class Plan:
    """The views of a function's pointers and the conditions (`poly >= 0`) they need;
    per pointer, which of its accesses (by position among its accesses) go through the
    view. A pointer with accesses of another shape (`x[i]` over the whole array beside
    `x[b*n + i]`) keeps them on the flat memref too (`split`), which may alias its view."""

    views: dict[str, ArrayView] = field(default_factory=dict)
    guards: list[Condition] = field(default_factory=list)
    members: dict[str, frozenset[int]] = field(default_factory=dict)

    flat_also: set[str] = field(default_factory=set)  # pointers that keep flat accesses
    # Pointers whose view is made of the subscripts with factors as atoms (`j*(a - b)`
    # as `j*atom`: `FlatAccess.factored`), which no view took as they were.
    factored: set[str] = field(default_factory=set)

    def uses_view(self, name: str, position: int) -> bool:
        """Whether the `position`-th access of pointer `name` goes through its view."""
        return name in self.views and position in self.members.get(name, frozenset())


def _chain(candidates: set[Monomial]) -> tuple[Monomial, ...] | None:
    """The candidates ordered from the outermost stride, if each divides the previous."""
    ordered = sorted(candidates, key=lambda m: (-len(m), m))
    for outer, inner in zip(ordered, ordered[1:], strict=False):
        if len(outer) == len(inner) or mono_div(outer, inner) is None:
            return None
    return tuple(ordered)


@dataclass(frozen=True)
class _Planned:
    view: ArrayView
    guards: list[Condition]
    members: frozenset[int]


def _structured(access: FlatAccess) -> bool:
    """An access whose subscript scales some loop counter by a parameter (`i*lda + k`):
    one a multi-dimensional view can carry."""
    return access.index is not None and len(strides_of(access)) >= 2


def _choose_view(name: str, structured: list[FlatAccess],
                 written: bool) -> tuple[ArrayView, list[Poly]] | None:
    """The view of a pointer and the conditions it needs beyond each access's bounds:
    nested when its strides form a chain, else a window when nothing writes it, else
    strided (`strided.py`) when its strides provably or possibly do not overlap."""
    common: set[Monomial] = set.intersection(*(strides_of(a) for a in structured))
    chain = _chain(common)
    if chain is not None:
        return (ArrayView(name, chain), []) if len(chain) >= 2 else None
    window = _window_view(name, structured[0], common) if not written else None
    if window is not None:
        return window, []
    found = strided_view(name, structured, common)
    return (found.view, list(found.guards)) if found is not None else None


def _plan_array(name: str, accesses: list[FlatAccess]) -> _Planned | None:
    """The view of one pointer from its structured accesses; the others stay flat."""
    structured = [a for a in accesses if _structured(a)]
    if not structured:
        return None
    chosen = _choose_view(name, structured, any(a.write for a in accesses))
    if chosen is None:
        return None
    view, shared = chosen
    guards = [Condition(p) for p in shared]
    members = set()
    for position, access in enumerate(accesses):
        if not _structured(access):
            continue
        assert access.index is not None
        parts = view.split(access.index)
        found_all: list[Poly] = []
        for dim in range(1, view.rank):
            found = inner_conditions(parts[dim], view.extent(dim), access.domain)
            if found is None:
                break
            found_all += found
        else:
            # An access runs only where the tests around it hold: so does its need.
            guards += [Condition(p, access.when) for p in found_all]
            members.add(position)
    return _Planned(view, guards, frozenset(members)) if members else None


def _window_view(name: str, access: FlatAccess, strides: set[Monomial]) -> ArrayView | None:
    """A window view of a pointer that is only read, whose strides do not divide each
    other (`(j*stride + m) + w*(i*stride + n)`: a pooling window): one dimension per
    stride, ordered by the loops that scale them, outer first (unit stride last), each
    subscript a plain counter sum. Its elements may repeat (windows overlap), which no
    dependence sees in an array nothing writes; the extents are the subscripts' bounds."""
    assert access.index is not None
    order = sorted(strides - {()}, key=lambda s: (depth(access, s), s))
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
        if planned is None and any(a.factored is not None for a in mine):
            planned = _plan_array(name, [replace(a, index=a.factored) if a.factored else a
                                         for a in mine])
            if planned is not None:
                plan.factored.add(name)
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

