"""The value trees the matcher compares: what a payload, a loop body or a template's loop
program computes, as nodes.

Every module that builds or reads a tree uses these types and decodes them with `match`.
Nodes are frozen dataclasses, so they hash and compare by value: two trees built from
the same IR are equal, and a node may be a dictionary key or a binding of a `State`.

Leaves:
- `Arg(k)`: block argument k of a payload, or operand k of a loop model;
- `Val(v)`: an SSA value from outside the block (a parameter, a value computed before);
- `Const(x)`: a number (`Const(2) == Const(2.0)`, as the numbers are equal);
- `Index(d)`: loop dim d read as a number; `Acc()`: the value a fold's loop carries;
- `Opnd(operand)`: an element read at constant subscripts (a local's definition);
- `Fold(loop)`: a loop carrying one value (a `loop_model.FoldIR`);
- `Elem(view, subscripts)`: an input read at one element on every iteration;
- `Load(op)`: an `affine.load` of a border piece, compared with the interior's reads;
- in a loop program (`program/model.py`): `Read(array, subscripts)`, an element;
  `Var(key)`, a scalar variable; `Scalar(name)`, a template's scalar parameter;
  `Counter(form)`, a template counter read as a number; `Opaque(text)`, a template
  expression the program model does not state (it matches nothing).

Inner nodes:
- `Apply(op, children)`: a template operator (`+`, `max`, `neg`, `sext`, ...), a
  conditional `select` (test, then, else), `and`, `lookup` (`Val(table)`, key) and
  `unsigned` (a key converted without sign);
- `Cmp(rel, terms, const)`: the integer comparison `sum(coeff * atom) + const REL 0`,
  terms sorted (`conditions.py`);
- `FCmp(rel, big, small)`: a float comparison `big REL small`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from polylift.matcher.ir.ir_model import Operand
from polylift.mlir import ir


@dataclass(frozen=True)
class Arg:
    """Block argument `index` of a payload, or operand `index` of a loop model."""

    index: int


@dataclass(frozen=True)
class Val:
    """A value from outside the block: a parameter, or one computed before."""

    value: ir.Value


@dataclass(frozen=True)
class Const:
    """A number (an `arith.constant`, or a template literal)."""

    value: float


@dataclass(frozen=True)
class Index:
    """Loop dim `dim` read as a number (`linalg.index`, a counter)."""

    dim: int


@dataclass(frozen=True)
class Acc:
    """The value a fold's loop carries, read by its iteration."""


@dataclass(frozen=True)
class Opnd:
    """An element read at constant subscripts (a local's definition reads it)."""

    operand: Operand


@dataclass(frozen=True)
class Fold:
    """A loop carrying one value, as the value it yields."""

    # A `loop_model.FoldIR`; loop_model builds trees, so this module cannot name it.
    loop: Any


@dataclass(frozen=True)
class Elem:
    """An input read at one element on every iteration (a scalar may take it)."""

    view: ir.Value
    subscripts: tuple[int, ...]


@dataclass(frozen=True)
class Load:
    """An `affine.load` of a border piece, compared with the interior's reads."""

    op: Any  # an `affine.load` op


@dataclass(frozen=True)
class Read:
    """An element of a loop program: an array at affine subscripts."""

    array: Any  # a template array's name, or a nest's root memref
    subscripts: tuple  # of `program.model.Form`


@dataclass(frozen=True)
class Var:
    """A scalar variable of a loop program (a local, a loop-carried value)."""

    key: Any  # a template local's name, or a nest's variable number


@dataclass(frozen=True)
class Scalar:
    """A template's scalar parameter in its loop program."""

    name: str


@dataclass(frozen=True)
class Counter:
    """A template counter read as a number (no nest gives one: it never matches)."""

    form: Any  # a `program.model.Form`


@dataclass(frozen=True)
class Opaque:
    """A template expression the loop-program model does not state."""

    text: str


@dataclass(frozen=True)
class Apply:
    """Operator `op` over `children`, in order."""

    op: str
    children: tuple[Node, ...]


@dataclass(frozen=True)
class Cmp:
    """`sum(coeff * atom) + const REL 0` over integers, terms sorted."""

    rel: str
    terms: tuple[tuple[Node, int], ...]
    const: int


@dataclass(frozen=True)
class FCmp:
    """The float comparison `big REL small` (C's, ordered as written)."""

    rel: str
    big: Node
    small: Node


Node = (Arg | Val | Const | Index | Acc | Opnd | Fold | Elem | Load | Read | Var | Scalar
        | Counter | Opaque | Apply | Cmp | FCmp)


def apply(op: str, *children: Node) -> Apply:
    """The node of operator `op` over `children`."""
    return Apply(op, children)


_KINDS = {Arg: "arg", Val: "val", Const: "const", Index: "index", Acc: "acc",
          Opnd: "opnd", Fold: "fold", Elem: "elem", Load: "load", Read: "read",
          Var: "var", Scalar: "scalar", Counter: "counter", Opaque: "unsupported",
          Cmp: "cmp", FCmp: "fcmp"}


def kind(node: Node) -> str:
    """The node's kind as a word: an operator's name, else the leaf's or comparison's
    (for messages, and the candidate index's top-node sets)."""
    match node:
        case Apply(op=op):
            return op
        case _:
            return _KINDS[type(node)]


def children(node: Node) -> tuple[Node, ...]:
    """The subtrees of an operator or a float comparison (a leaf and an integer
    comparison, whose atoms sit in its terms, have none)."""
    match node:
        case Apply(children=found):
            return found
        case FCmp(big=big, small=small):
            return (big, small)
        case _:
            return ()


def with_children(node: Node, new: tuple[Node, ...] | list[Node]) -> Node:
    """An operator or float comparison over other subtrees (a leaf or integer
    comparison as it is)."""
    match node:
        case Apply(op=op):
            return Apply(op, tuple(new))
        case FCmp(rel=rel):
            big, small = new
            return FCmp(rel, big, small)
        case _:
            return node


def const_value(node: Node) -> float | None:
    """The number of a constant node, else None."""
    match node:
        case Const(value=value):
            return value
        case _:
            return None
