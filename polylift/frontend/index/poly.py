"""Integer polynomials over SSA `index` names, for flattened subscripts and their sizes.

A subscript such as `(ci*h + y)*w + x` is no affine form, but it is a polynomial in the
loop counters and the size parameters; delinearisation (`delinearize.py`) splits it into
one affine subscript per dimension. Atoms are SSA names: induction variables of
`affine.for` loops and `index` arguments of the function.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from polylift.frontend.index.affine import Affine

Monomial = tuple[str, ...]  # sorted atom names, repeated for powers; () is the constant


def mono_mul(a: Monomial, b: Monomial) -> Monomial:
    """The product of two monomials."""
    return tuple(sorted(a + b))


def mono_div(a: Monomial, b: Monomial) -> Monomial | None:
    """`a / b` when `b` divides `a` (as multisets of atoms), else None."""
    rest = list(a)
    for atom in b:
        if atom not in rest:
            return None
        rest.remove(atom)
    return tuple(rest)


@dataclass(frozen=True, order=True)
class Poly:
    """`sum(coeff * monomial)`, kept sorted and without zero terms.

    Not an `affine.Affine`: a flattened subscript multiplies counters by sizes
    (`i*n + j`), which no affine form states; delinearisation turns each polynomial
    back into affine forms, one per dimension, and `to_affine` gives the affine form
    of a polynomial linear in the counters (a product of parameters becomes a symbol).
    """

    terms: tuple[tuple[Monomial, int], ...] = ()

    @staticmethod
    def make(pairs: Iterable[tuple[Monomial, int]]) -> Poly:
        """A polynomial from (monomial, coefficient) pairs (equal monomials merged)."""
        merged: dict[Monomial, int] = {}
        for mono, coeff in pairs:
            merged[mono] = merged.get(mono, 0) + coeff
        return Poly(tuple(sorted((m, c) for m, c in merged.items() if c)))

    @staticmethod
    def constant(value: int) -> Poly:
        """A constant polynomial."""
        return Poly.make([((), value)])

    @staticmethod
    def atom(name: str) -> Poly:
        """The polynomial of one SSA value."""
        return Poly((((name,), 1),))

    @staticmethod
    def of_affine(form: Affine, subst: Callable[[str], Poly | None]) -> Poly | None:
        """The affine form with each atom replaced by `subst(atom)` (None: unknown)."""
        if form.ceil_div is not None:
            return None
        total = Poly.constant(form.const)
        for name, coeff in form.terms:
            value = subst(name)
            if value is None:
                return None
            total = total + value.scale(coeff)
        return total

    def __add__(self, other: Poly) -> Poly:
        return Poly.make(self.terms + other.terms)

    def __sub__(self, other: Poly) -> Poly:
        return self + other.scale(-1)

    def __mul__(self, other: Poly) -> Poly:
        return Poly.make((mono_mul(a, b), x * y) for a, x in self.terms for b, y in other.terms)

    def scale(self, factor: int) -> Poly:
        """The polynomial times a constant."""
        return Poly.make((m, c * factor) for m, c in self.terms)

    @property
    def const(self) -> int | None:
        """The value when the polynomial is a constant, else None."""
        if not self.terms:
            return 0
        if len(self.terms) == 1 and self.terms[0][0] == ():
            return self.terms[0][1]
        return None

    def atoms(self) -> set[str]:
        """Every atom that occurs."""
        return {a for m, _ in self.terms for a in m}

    def coefficient(self, atom: str) -> tuple[Poly, Poly]:
        """(c, rest) with `self == c * atom + rest` and `atom` not in `rest`; c may still
        contain `atom` when it occurs squared."""
        with_atom, rest = [], []
        for mono, coeff in self.terms:
            reduced = mono_div(mono, (atom,))
            (with_atom if reduced is not None else rest).append(
                (reduced, coeff) if reduced is not None else (mono, coeff))
        return Poly.make(with_atom), Poly.make(rest)

    def substitute(self, atom: str, value: Poly) -> Poly:
        """The polynomial with `atom` replaced by `value`."""
        total = Poly()
        for mono, coeff in self.terms:
            part = Poly.constant(coeff)
            for a in mono:
                part = part * (value if a == atom else Poly.atom(a))
            total = total + part
        return total

    def to_c(self, atom: Callable[[str], str | None]) -> str | None:
        """The polynomial as a C expression in `long long` arithmetic, each atom by
        `atom(name)` (a C expression), or None when an atom has none."""
        terms = []
        for mono, coeff in self.terms:
            factors = [atom(a) for a in mono]
            if None in factors:
                return None
            terms.append(" * ".join([f"{coeff}LL", *(f"(long long)({f})" for f in factors)]))
        return f"({' + '.join(terms)})" if terms else "0LL"

    def to_affine(self, dims: set[str], symbol: Callable[[Monomial], str]) -> Affine | None:
        """The affine form when every monomial holds at most one atom of `dims` and no
        other atom beside it; a monomial of non-dims becomes the atom `symbol(mono)`."""
        pairs: list[tuple[str, int]] = []
        const = 0
        for mono, coeff in self.terms:
            inside = [a for a in mono if a in dims]
            if not mono:
                const += coeff
            elif inside and len(mono) > 1:
                return None
            else:
                pairs.append((inside[0] if inside else symbol(mono), coeff))
        form = Affine.constant(const)
        for name, coeff in pairs:
            form = form + Affine.atom(name).scale(coeff)
        return form


def emit_index(poly: Poly, new: Callable[[str], str]) -> str:
    """Emit `arith` ops on `index` values computing `poly`; `new(op_text)` emits
    `%x = op_text` and returns `%x`. Atoms must name `index` values."""
    total: str | None = None
    for mono, coeff in poly.terms:
        factors = list(mono)
        if coeff != 1 or not factors:
            factors.append(new(f"arith.constant {coeff} : index"))
        term = factors[0]
        for factor in factors[1:]:
            term = new(f"arith.muli {term}, {factor} : index")
        total = term if total is None else new(f"arith.addi {total}, {term} : index")
    return total if total is not None else new("arith.constant 0 : index")
