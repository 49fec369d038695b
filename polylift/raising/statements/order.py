"""The order a nest's statements become generics in.

Statements are built in program order (`Statement.position`). A reduction's initial
value is a statement of its own, placed where the loop starts (`P = init` before the
loop): when the loop also computes other statements (softmax's `x[i] = exp(x[i] - m);
s += x[i];`), fission leaves them between the initial value and the reduction, and no
template sees the pair `r = s; r += ...` as one run. Moving the initial value down to
just before its reduction is exact when no statement in between touches the element it
writes: they commute. Nothing else moves.
"""

from __future__ import annotations

from polylift.raising.nest_model.model import Statement


def initial_values_next_to_reductions(statements: list[Statement]) -> list[Statement]:
    """`statements` (in program order) with each reduction's initial value right before
    the reduction, where that is exact; the same statements otherwise."""
    ordered = list(statements)
    for reduction in [s for s in statements if s.accumulator is not None]:
        k = ordered.index(reduction)
        init = next((s for s in reversed(ordered[:k]) if s.write is reduction.write
                     and not s.loops), None)
        if init is None:
            continue
        start = ordered.index(init)
        between = ordered[start + 1:k]
        memref = init.write.memref
        if any(a.memref == memref for s in between for a in [s.write, *s.reads]):
            continue
        ordered.remove(init)
        ordered.insert(ordered.index(reduction), init)
    return ordered
