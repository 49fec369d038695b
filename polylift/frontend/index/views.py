"""The flat accesses of a pointer as the front end records them, and the
multi-dimensional views delinearisation gives a pointer (`delinearize.py`)."""

from __future__ import annotations

from dataclasses import dataclass

from polylift.frontend.index.bounds import LoopRange
from polylift.frontend.index.paths import Clause
from polylift.frontend.index.poly import Monomial, Poly, mono_div


@dataclass(frozen=True)
class FlatAccess:
    """One subscript of a pointer parameter in the flat lowering, and the clauses of the
    parameter tests it runs under."""

    array: str
    index: Poly | None  # None: not a polynomial over counters and parameters
    domain: tuple[LoopRange, ...]  # outer loop first
    write: bool = False
    # The subscript with a counter's factor of several terms as an entry atom
    # (`j*(a - b)` as `j*atom`), where it differs: what a view may take instead.
    factored: Poly | None = None
    when: tuple[Clause, ...] = ()


@dataclass(frozen=True)
class ArrayView:
    """The multi-dimensional view of one pointer: strides `P0 .. P(n-1) = ()`. A window
    view (strides that do not divide each other) or a strided view (`strided.py`) gives
    the extents of its inner dimensions; a nested view's are the ratios of its strides.
    `units` are parameters that equal 1 wherever the view is used (its guard says so):
    a subscript is read with them replaced by 1 (`i*stride` is `i`)."""

    name: str
    strides: tuple[Monomial, ...]
    extents: tuple[Poly, ...] = ()
    units: tuple[str, ...] = ()

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
        """The subscripts `x_i` with `index == sum(x_i * P_i)` (each unit being 1)."""
        for unit in self.units:
            index = index.substitute(unit, Poly.constant(1))
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


def strides_of(access: FlatAccess) -> set[Monomial]:
    """The parameter parts of the monomials that hold a loop counter (`lda` of
    `i*lda`), and the unit stride `()`."""
    assert access.index is not None
    ivs = {r.iv for r in access.domain}
    found: set[Monomial] = {()}
    for mono, _ in access.index.terms:
        if any(a in ivs for a in mono):
            found.add(tuple(a for a in mono if a not in ivs))
    return found


def depth(access: FlatAccess, stride: Monomial) -> int:
    """The position of the outermost loop whose counter `stride` scales in the access."""
    assert access.index is not None
    ivs = [r.iv for r in access.domain]
    return min(ivs.index(a) for mono, _ in access.index.terms for a in mono
               if a in ivs and tuple(x for x in mono if x not in ivs) == stride)

