"""Strided views: a pointer whose subscript is a sum of loop counters times run-time
strides that do not divide each other (`x[b*batch_offset + g*group_offset + i*stride]`).

No nested view (`delinearize.py`) fits such a subscript, and a pointer that is written
gets no window view. The strided view `x[b][g][i]` with strides `(batch_offset,
group_offset, stride)` computes the flat subscript's address whatever the values; it is
an exact array (distinct subscripts are distinct elements, which dependence analysis
and library calls rely on) when each stride exceeds the span of the dimensions inside it.

The view. Its strides `P0 .. P(k-1)` are the parameter monomials that scale a loop counter
(`strides_of`), ordered by the outermost loop whose counter each scales, outer first. The
unit stride comes last: either some access scales a counter by 1 (`x[b*ld + i]`), so
`P(k-1) = 1`; or the innermost stride is one parameter `u` (`i*stride`) and the view is
used only where `u == 1`: the unit-stride specialisation. The shim ABI passes leading
dimensions only (innermost stride 1), so a view whose innermost stride is not 1 is one
no backend could take; where `u != 1` the flat version runs. No two strides share a
parameter: `(i*stride + n)*w + j*stride + m` (pooling windows) is a nested linearisation
whose windows overlap for any useful `stride`, so a guard making its four strides
separate would never hold; and the unit `u` occurs in no other stride. Every counter is
added (`j*(a - b)` would split into `j*a - j*b`, a negative subscript; the front end then
offers the subscript with the factor `a - b` as one entry atom, `j*atom`, an added
counter whose stride is the atom). Each subscript splits as
`x_0*P0 + ... + x_(k-1)*P(k-1)` with `u` read as 1 (`ArrayView.units`); the extent `E_d` of
an inner dimension `d >= 1` is one more than the upper bound of `x_d` over the loops of
the first access.

The conditions, each a polynomial over the parameters that must be `>= 0`:

  (U) `u - 1` and `1 - u`: the specialisation, where there is one;
  (B) per access through the view and inner dimension `d >= 1`: `0 <= x_d <= E_d - 1`
      over its loops (`bounds.inner_conditions`; `delinearize.py` adds them per access);
  (S) per `d = 1 .. k-1`: `P(d-1) - 1 - sum_{j >= d} (E_j - 1) * P_j`.

Why they suffice. When no access runs, nothing is read through the view. When one runs,
(B) gives `E_j >= 1` for every `j >= 1`, and (S), from `P(k-1) = 1` outwards, gives
`P_d >= 1 + sum_{j > d} (E_j - 1) * P_j >= 1` for every `d`. Take two subscripts that differ,
with inner parts in the box `0 <= x_j <= E_j - 1`, and `d` the first dimension where they
do: their addresses differ by `(x_d - y_d)*P_d + sum_{j > d} (x_j - y_j)*P_j`, whose first
term is at least `P_d` in magnitude and whose sum is at most `sum_{j > d} (E_j - 1)*P_j`,
which (S) puts below `P_d`. So the map from subscripts to addresses is injective, and as
the address is the flat one, every element the view reaches is one C's subscript
reaches. In the softmax layer (`stride == 1`, `group_offset == n`, `batch_offset ==
groups*n`) (S) reads `group_offset - n >= 0` and `batch_offset - (groups - 1)*group_offset
- n >= 0`, both equalities. Constant conditions are decided here: a refuted one leaves the
pointer flat (its strides may overlap), the others join the run-time guard.

The guard is evaluated in 64-bit `index` arithmetic, on products of the sizes and strides
the C program itself multiplies in `int` to form its subscripts. A stride may be an entry
atom (`entry.py`: `a / b`, or a factor `a - b` of a counter): the argument above takes
each stride as an integer of any value, which the guard tests, so it holds for an atom
as for a parameter.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from polylift.frontend.index.bounds import decide, poly_bounds
from polylift.frontend.index.poly import Monomial, Poly
from polylift.frontend.index.views import ArrayView, FlatAccess, depth


@dataclass(frozen=True)
class StridedView:
    """A strided view and its conditions (U) and (S) left to the run-time guard."""

    view: ArrayView
    guards: tuple[Poly, ...]


def _scales_counter_by_one(access: FlatAccess) -> bool:
    """Whether some term of the subscript is a counter with no parameter (`+ i`)."""
    assert access.index is not None
    ivs = {r.iv for r in access.domain}
    return any(mono and all(a in ivs for a in mono) for mono, _ in access.index.terms)


def _sums_of_strides(access: FlatAccess) -> bool:
    """Whether every term that holds a counter adds it (`j*(a - b)` is no sum of
    strides, and would split into a negative subscript)."""
    assert access.index is not None
    ivs = {r.iv for r in access.domain}
    return all(coeff > 0 for mono, coeff in access.index.terms if set(mono) & ivs)


def _order(first: FlatAccess, structured: list[FlatAccess],
           strides: set[Monomial]) -> tuple[tuple[Monomial, ...], tuple[str, ...]] | None:
    """The view's strides, outer first and unit last, and the parameter specialised to
    1 (if any); None when two strides share a parameter, a counter is subtracted, or the
    innermost stride is no single parameter."""
    order = sorted(strides - {()}, key=lambda s: (depth(first, s), s))
    if any(set(a) & set(b) for a, b in combinations(order, 2)) or \
            not all(_sums_of_strides(a) for a in structured):
        return None
    if any(_scales_counter_by_one(a) for a in structured):
        return (*order, ()), ()
    if not order:
        return None
    inner = order.pop()
    if len(inner) != 1:
        return None
    return (*order, ()), inner


def _separation(view: ArrayView) -> list[Poly]:
    """(S): each stride exceeds the span of the dimensions inside it."""
    strides = [Poly.make([(s, 1)]) for s in view.strides]
    conditions = []
    for d in range(1, view.rank):
        span = Poly()
        for j in range(d, view.rank):
            span = span + (view.extent(j) - Poly.constant(1)) * strides[j]
        conditions.append(strides[d - 1] - Poly.constant(1) - span)
    return conditions


def strided_view(name: str, structured: list[FlatAccess],
                 strides: set[Monomial]) -> StridedView | None:
    """The strided view of pointer `name` from its accesses with parameter strides, or
    None when there is none or its strides provably overlap."""
    first = structured[0]
    assert first.index is not None
    ordered = _order(first, structured, strides)
    if ordered is None or len(ordered[0]) < 2:
        return None
    dims, units = ordered
    extents = []
    for part in ArrayView(name, dims, units=units).split(first.index)[1:]:
        highs = poly_bounds(part, first.domain, True)
        if not highs:
            return None
        extents.append(highs[0].value + Poly.constant(1))
    view = ArrayView(name, dims, tuple(extents), units)
    unit = [Poly.atom(u) - Poly.constant(1) for u in units]
    separated = decide([_separation(view)])
    if separated is None:
        return None
    return StridedView(view, tuple(unit + [c.scale(-1) for c in unit] + separated))
