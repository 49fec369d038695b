"""Whether a subscript is plain: one variable with coefficient 1, perhaps shifted.

Three layers write a subscript as a linear form `sum(coeff * var) + const`: the template
language (`tdl.ast.Index`, over index names), the front end (`frontend.affine.Affine`,
over SSA names, before any MLIR exists) and the raising (`raising.linear.Linear`, over
SSA values). Each asks the same question of its own form: is it one variable, not
scaled (`i`, or with `shifted`, `i + 1` or `i - 2`), and which? This bottom-layer
module answers it once for all of them; the template language may import nothing of
MLIR, the front end or the raising, so the answer cannot live in any of those.
"""

from __future__ import annotations

from typing import Protocol, TypeVar

V = TypeVar("V", covariant=True)


class LinearForm(Protocol[V]):
    """`sum(coeff * var) + const`, terms as `(var, coeff)` pairs."""

    @property
    def terms(self) -> tuple[tuple[V, int], ...]: ...

    @property
    def const(self) -> int: ...


def plain_subscript(form: LinearForm[V], shifted: bool = True) -> V | None:
    """The variable of a form that is one variable with coefficient 1, plus a constant
    offset when `shifted` (with `shifted=False`: the form is the variable itself);
    else None."""
    if len(form.terms) != 1 or (form.const and not shifted):
        return None
    var, coeff = form.terms[0]
    return var if coeff == 1 else None
