"""A payload tree written as an expression of the template language.

The text is the payload's own computation, in its order of operations: every operator
parenthesised, numbers exact (shortest round trip), the elements the op reads named by
input (`x0[i]`, `x1[j]`), its output read as the target (in place, or a fold's running
value), values from outside the op as scalar parameters (`s0`), one per value. An
integer map narrower than int computes in int (C's promotions), so its reads are the
elements as extended (the template's `accumulate i32` says so). What the language
cannot write raises `NotStated`.
"""

from __future__ import annotations

from itertools import product

from polylift.matcher.ir.conditions import forms_of, relation
from polylift.matcher.ir.tree import Apply, Arg, Cmp, Const, FCmp, Node, Val
from polylift.mlir import ir

FLOATS = ("f32", "f64")
EXTENSIONS = {"zext": 0, "sext": 1}
_INFIX = {"+", "-", "*", "/"}
_SHIFTS = {">>", "<<"}
_CALLS = {"max", "min", "sqrt", "exp", "tanh", "abs", "f64", "f32"}
_RELATIONS = (">", ">=", "<", "<=", "==", "!=")


class NotStated(Exception):
    """The op is no shape an expression template states (the message says why)."""


class ExpressionWriter:
    """Writes payload trees of one op: `reads[k]` are input k's subscripts (index names),
    `target` the text of the op's output read in the payload."""

    def __init__(self, reads: list[tuple[str, ...]], target: str, dtype: str):
        self.reads, self.target, self.dtype = reads, target, dtype
        self.integer = dtype not in FLOATS
        # What the arithmetic computes in: int for an integer map (`accumulate`).
        self.kind = "i32" if self.integer else dtype
        self.read: list[int] = []  # inputs read, in order of first read
        self.scalars: list[tuple[str, ir.Value | float]] = []
        self.reads_target = False
        self.operations = 0

    def text(self, node: Node) -> str:
        match node:
            case Arg(index=k) if k < len(self.reads):
                if k not in self.read:
                    self.read.append(k)
                return f"x{k}[{', '.join(self.reads[k])}]"
            case Arg():
                self.reads_target = True
                return self.target
            case Apply(op=op, children=(Arg() as read,)) if op in EXTENSIONS and self.integer:
                return self.text(read)
            case Cmp() if self.integer:
                return self.comparison(node)
            case Val(value=value):
                return self.scalar(value)
            case Const(value=number):
                return self.number(number)
            case FCmp(rel=rel, big=big, small=small):
                return f"({self.text(big)} {rel} {self.text(small)})"
        return self.operator(node)

    def operator(self, node: Node) -> str:
        """An operator or function of the language over the texts of its operands."""
        match node:
            case Apply(op=op, children=(lhs, rhs)) if op in _INFIX or \
                    (op in _SHIFTS and self.integer):
                self.operations += 1
                return f"({self.text(lhs)} {op} {self.text(rhs)})"
            case Apply(op="neg", children=(operand,)):
                self.operations += 1
                return f"(-{self.text(operand)})"
            case Apply(op="select", children=(test, then, other)):
                return f"({self.text(test)} ? {self.text(then)} : {self.text(other)})"
            case Apply(op="and", children=(lhs, rhs)):
                return f"({self.text(lhs)} && {self.text(rhs)})"
            case Apply(op=op, children=args) if op in _CALLS:
                self.operations += op not in ("f64", "f32")
                return f"{op}({', '.join(self.text(a) for a in args)})"
        raise NotStated(f"the value computes {_describe(node)}, which no template states")

    def comparison(self, node: Cmp) -> str:
        """An integer comparison as the language writes one: `a REL b`, each side one
        value or a number, the relation whose form (`conditions.relation`) is the
        payload's; one the language cannot write is not stated."""
        forms = forms_of(node)
        if len(node.terms) > 2 or any(abs(c) != 1 for _, c in node.terms):
            raise NotStated("a comparison of a sum")
        sides = [({atom: 1}, 0) for atom, _ in node.terms]
        sides += [({}, k) for k in sorted({abs(node.const) + d for d in (-1, 0, 1)}) if k >= 0]
        for rel, lhs, rhs in product(_RELATIONS, sides, sides):
            if relation(rel, lhs, rhs) in forms:
                return f"({self.side(lhs)} {rel} {self.side(rhs)})"
        raise NotStated("a comparison the template language does not write")

    def side(self, part: tuple[dict, int]) -> str:
        atoms, number = part
        return self.text(next(iter(atoms))) if atoms else str(number)

    def scalar(self, value: ir.Value) -> str:
        """A scalar parameter for a value from outside the op (one per value)."""
        if str(value.type) != self.kind:
            raise NotStated(f"a scalar of type {value.type}")
        for name, known in self.scalars:
            if known == value:
                return name
        name = f"s{len(self.scalars)}"
        self.scalars.append((name, value))
        return name

    def number(self, number: float) -> str:
        """A literal, exactly (shortest round trip); a negative number is a scalar the
        template fixes (`scalar c = -0.5`): the language has no negative literal."""
        if number != number or number in (float("inf"), float("-inf")):
            raise NotStated("a constant that is not finite")
        if self.integer and number != int(number):
            raise NotStated("an integer map with a fraction")
        text = str(int(number)) if self.integer else repr(float(number))
        if number >= 0 and not text.startswith("-"):
            return text
        name = f"s{len(self.scalars)}"
        self.scalars.append((name, float(number)))
        return name

    def declarations(self) -> list[str]:
        """The `scalar` lines of the scalars written (`: i32` in an integer map narrower
        than int, which computes in int)."""
        typed = " : i32" if self.integer and self.dtype != "i32" else ""
        lines = []
        for name, known in self.scalars:
            fixed = "" if not isinstance(known, float) else \
                f" = {int(known)}" if self.integer else f" = {known!r}"
            lines.append(f"  scalar {name}{typed}{fixed}")
        return lines


def _describe(node: Node) -> str:
    match node:
        case Apply(op=op):
            return f"'{op}'"
    return type(node).__name__.lower()
