"""Affine forms over SSA index values, and their printing as maps, sets and subscripts."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Affine:
    """`sum(coeff * atom) + const`; atoms are SSA names of `index` values.

    One of the linear forms of the pipeline, each over the atoms its stage has: this
    one is the front end's, built from the C AST while the MLIR text is still being
    written, so its atoms are SSA names (strings), not values. `raising.linear.Linear`
    is the same arithmetic over `ir.Value`s of parsed IR, `matcher.ir_model.Lin` over
    a linalg op's loop dims, `matcher.program.model.Form` over loop depths and sizes,
    and `tdl.ast.Index` over a template's index names; `subscripts.plain_subscript`
    asks each whether it is one variable.
    """

    terms: tuple[tuple[str, int], ...] = ()
    const: int = 0
    # ceil-divisions by a constant of another form, kept only for loop upper bounds.
    ceil_div: tuple[Affine, int] | None = field(default=None, compare=False)

    @staticmethod
    def atom(name: str) -> Affine:
        """The form of one SSA value."""
        return Affine(((name, 1),))

    @staticmethod
    def constant(value: int) -> Affine:
        """A constant form."""
        return Affine((), value)

    def __add__(self, other: Affine) -> Affine:
        merged = dict(self.terms)
        for name, coeff in other.terms:
            merged[name] = merged.get(name, 0) + coeff
        terms = tuple(sorted((n, c) for n, c in merged.items() if c))
        return Affine(terms, self.const + other.const)

    def scale(self, factor: int) -> Affine:
        """The form times a constant."""
        if factor == 0:
            return Affine()
        return Affine(tuple((n, c * factor) for n, c in self.terms), self.const * factor)

    def __sub__(self, other: Affine) -> Affine:
        return self + other.scale(-1)

    @property
    def is_constant(self) -> bool:
        """True when no atom appears."""
        return not self.terms

    def atoms(self) -> list[str]:
        """The SSA names it uses."""
        return [n for n, _ in self.terms]


def _render(form: Affine, names: dict[str, str]) -> str:
    parts: list[str] = []
    for atom, coeff in form.terms:
        name = names[atom]
        text = name if abs(coeff) == 1 else f"{name} * {abs(coeff)}"
        parts.append(("- " if coeff < 0 else "+ ") + text)
    if form.const or not parts:
        parts.append(("- " if form.const < 0 else "+ ") + str(abs(form.const)))
    text = " ".join(parts)
    return text[2:] if text.startswith("+ ") else "-" + text[2:]


def _expr_text(form: Affine, names: dict[str, str]) -> str:
    if form.ceil_div is None:
        return _render(form, names)
    inner, divisor = form.ceil_div
    return f"({_render(inner, names)}) ceildiv {divisor}"


def _all_atoms(forms: Iterable[Affine]) -> list[str]:
    seen: list[str] = []
    for form in forms:
        parts = [form] + ([form.ceil_div[0]] if form.ceil_div else [])
        for part in parts:
            seen.extend(a for a in part.atoms() if a not in seen)
    return seen


def map_operands(forms: Sequence[Affine], dims: set[str]) -> tuple[str, str, str]:
    """(dims list, symbols list, operands) of a map whose results are `forms`."""
    atoms = _all_atoms(forms)
    dim_atoms = [a for a in atoms if a in dims]
    sym_atoms = [a for a in atoms if a not in dims]
    names = {a: f"d{i}" for i, a in enumerate(dim_atoms)}
    names.update({a: f"s{i}" for i, a in enumerate(sym_atoms)})
    operands = f"({', '.join(dim_atoms)})" + (f"[{', '.join(sym_atoms)}]" if sym_atoms else "")
    head = f"({', '.join(names[a] for a in dim_atoms)})"
    if sym_atoms:
        head += f"[{', '.join(names[a] for a in sym_atoms)}]"
    return head, ", ".join(_expr_text(f, names) for f in forms), operands


def affine_map(forms: Sequence[Affine], dims: set[str]) -> str:
    """`affine_map<(d..)[s..] -> (...)>(%d..)[%s..]` for the forms."""
    head, results, operands = map_operands(forms, dims)
    return f"affine_map<{head} -> ({results})>{operands}"


def affine_set(constraints: Sequence[tuple[Affine, bool]], dims: set[str]) -> str:
    """`affine_set<...>(operands)` for constraints `(form, is_equality)`: form >= 0 / == 0."""
    head, _, operands = map_operands([c for c, _ in constraints], dims)
    atoms = _all_atoms(c for c, _ in constraints)
    names = {a: f"d{i}" for i, a in enumerate(x for x in atoms if x in dims)}
    names.update({a: f"s{i}" for i, a in enumerate(x for x in atoms if x not in dims)})
    body = ", ".join(f"{_render(c, names)} {'==' if eq else '>='} 0" for c, eq in constraints)
    return f"affine_set<{head} : ({body})>{operands}"


def subscript(form: Affine, dims: set[str]) -> str:
    """The inline subscript syntax of affine.load/store: `%i + symbol(%n) - 1`."""
    names = {a: a if a in dims else f"symbol({a})" for a in form.atoms()}
    return _render(form, names)
