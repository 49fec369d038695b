"""The tests of a function's integer parameters a statement runs under, and the
conditions that need to hold only there.

An access in an arm of `if (!TA && !TB)` (a callee inlined there: gemm_cpu's arms) runs
only where `TA == 0` and `TB == 0`: what it needs of a view or of the arrays' layout
(`delinearize.py`, `c/aliasing.py`) matters only there. The front end records, for each
access, the clauses of the tests around it (`emit/stmt.py`); the dispatcher's guard asks
each need where its clauses hold and nowhere else (`emit_fails`). A test is kept only
when it reads parameters alone (evaluated at the function's entry, it is the value the
arm sees); an arm after a test of several parts (`else` of `!TA && !TB`) runs under their
disjunction, one clause.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from polylift.frontend.index.poly import Poly, emit_index

_NEGATED = {"==": "!=", "!=": "=="}


@dataclass(frozen=True, order=True)
class ParameterTest:
    """A test of the function's integer parameters: `poly == 0`, `poly != 0` or
    `poly >= 0`."""

    poly: Poly
    relation: str

    def negated(self) -> ParameterTest:
        """The test that holds exactly where this one fails (`p >= 0`: `-p - 1 >= 0`)."""
        if self.relation == ">=":
            return ParameterTest(self.poly.scale(-1) - Poly.constant(1), ">=")
        return ParameterTest(self.poly, _NEGATED[self.relation])


# A disjunction of tests; a conjunction of clauses is where an access runs.
Clause = tuple[ParameterTest, ...]


@dataclass(frozen=True, order=True)
class Condition:
    """`poly >= 0`, needed only where every clause of `when` holds: the tests of the
    parameters an access runs under (an arm of `if (!TA && !TB)`); where one fails, the
    access does not run, and what it needs of a view does not matter."""

    poly: Poly
    when: tuple[Clause, ...] = ()


Emit = Callable[[str], str]  # emits `%x = <op text>` and returns `%x`


def emit_nonnegative(new: Emit, poly: Poly) -> str:
    """`poly >= 0` as an `i1`, emitted as `pos >= neg` (`lda >= K`), which reads better;
    a positive constant stays left where nothing else is (`1 >= stride`)."""
    pos = Poly.make((m, c) for m, c in poly.terms if c > 0 and m)
    if not pos.terms:
        pos = Poly.make((m, c) for m, c in poly.terms if c > 0)
    neg = pos - poly
    left, right = emit_index(pos, new), emit_index(neg, new)
    return new(f"arith.cmpi sge, {left}, {right} : index")


def emit_test(new: Emit, test: ParameterTest) -> str:
    """The test as an `i1`."""
    if test.relation == ">=":
        return emit_nonnegative(new, test.poly)
    value, zero = emit_index(test.poly, new), new("arith.constant 0 : index")
    predicate = "eq" if test.relation == "==" else "ne"
    return new(f"arith.cmpi {predicate}, {value}, {zero} : index")


def emit_fails(new: Emit, clauses: tuple[Clause, ...]) -> str:
    """An `i1` that holds where some clause fails (each of its tests fails)."""
    result: str | None = None
    for clause in clauses:
        fails: str | None = None
        for test in clause:
            failed = emit_test(new, test.negated())
            fails = failed if fails is None else new(f"arith.andi {fails}, {failed} : i1")
        assert fails is not None
        result = fails if result is None else new(f"arith.ori {result}, {fails} : i1")
    assert result is not None
    return result


__all__ = ["Clause", "Condition", "Emit", "ParameterTest", "emit_fails", "emit_nonnegative",
           "emit_test"]
