"""Local pointers walked through a loop nest (`*p_d++ = *p_a++ * *p_b++;`, the DSP style).

The lowering reads a local pointer as a fixed view of an array, so a pointer that
steps cannot be lowered as it is. But where it steps by a constant amount at the top
level of a loop nest's innermost body, its value at each statement is known: the value
it was declared with, plus, for each loop of the nest, the counter's distance from its
start times the steps one iteration of that loop takes, plus the steps earlier in the
body. The rewrite writes each dereference as that subscript (`*p++` becomes
`p[i * 1 + 0]`) and drops the steps. That is exact in C's terms when:

- the pointer is declared with a value, and named only inside one loop nest that
  follows its declaration in the same block, so its value after the nest is never read;
- each loop of the nest, down to the one whose body steps it, counts up by one from a
  start to a limit (`<` or `<=`) that nothing in the nest changes, and holds the next
  loop as its only statement naming the pointer, with no `break`, `continue`, `goto` or
  `return` anywhere in the nest. Every trip count is then the same on each pass, and
  the innermost body runs only when none of them is zero;
- the innermost body names the pointer only in its top-level statements (not under a
  test or an inner loop), steps it by `++`, `--`, or `+=`/`-=` an integer literal, and
  reads it only as `*p` or `p[e]`, once in a statement that steps it (twice would be
  unsequenced in C).

Any other pointer is left as written, and the lowering says why it refuses it.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import cast

from pycparser import c_ast

from polylift.frontend.c.scan import (
    assigned_names,
    declared_names,
    has_side_effects,
    mentions,
    named_children,
    subtree,
)
from polylift.frontend.c.source import int_literal, unsupported
from polylift.frontend.rewrite.blocks import rewrite_blocks, with_children

_JUMPS = (c_ast.Break, c_ast.Continue, c_ast.Goto, c_ast.Return, c_ast.Label)
_LOOPS = (c_ast.For, c_ast.While, c_ast.DoWhile)
_CONTROL = (c_ast.If, c_ast.Switch, c_ast.Compound, *_LOOPS, *_JUMPS)


class _Refused(Exception):
    """The pointer is not walked in the way the rewrite reads: why, and where."""

    def __init__(self, reason: str, node: c_ast.Node | None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.node = node


@dataclass(frozen=True)
class _Loop:
    """A loop of the nest: its counter, its start and its trip count as C expressions."""

    counter: str
    start: c_ast.Node
    trips: c_ast.Node


def index_walked_pointers(body: c_ast.Compound) -> c_ast.Compound:
    """`body` with every such pointer read at the subscripts it stands for (a new tree
    where anything changes; the nodes keep their positions)."""
    return cast(c_ast.Compound, rewrite_blocks(body, _walked))


def _walked(items: list[c_ast.Node]) -> list[c_ast.Node]:
    """A block's statements with each walked pointer declared in it rewritten; a
    pointer stepped in a way the rewrite does not read is an unsupported construct."""
    result = list(items)
    for decl in items:
        if not (isinstance(decl, c_ast.Decl) and isinstance(decl.type, c_ast.PtrDecl)
                and decl.init is not None and decl.name and not decl.storage):
            continue
        position = result.index(decl)
        steps = [n for item in result[position + 1:] for n in _steps_in(item, decl.name)]
        if not steps:
            continue
        try:
            named = [i for i in range(position + 1, len(result))
                     if mentions(result[i], decl.name)]
            nest = result[named[0]]
            if len(named) != 1:
                outside = [result[i] for i in named if not _steps_in(result[i], decl.name)]
                raise _Refused("it is named outside the one loop nest that steps it",
                               (outside or steps)[0])
            if not isinstance(nest, c_ast.For):
                raise _Refused("it is stepped outside a counted `for` loop", steps[0])
            result[named[0]] = _nest(nest, decl.name)
        except _Refused as refused:
            raise unsupported(f"step of local pointer '{decl.name}': {refused.reason}",
                              refused.node) from None
    return result


def _steps_in(node: c_ast.Node, name: str) -> list[c_ast.Node]:
    return [n for n in subtree(node) if _is_step(n, name)]


def _is_step(node: c_ast.Node, name: str) -> bool:
    match node:
        case c_ast.UnaryOp(op="++" | "p++" | "--" | "p--", expr=c_ast.ID(name=stepped)):
            return stepped == name
        case c_ast.Assignment(op="+=" | "-=", lvalue=c_ast.ID(name=stepped)):
            return stepped == name
    return False


def _amount(step: c_ast.Node, name: str) -> int:
    """How far the step `step` of `name` (`_is_step`) moves it, in elements."""
    match step:
        case c_ast.UnaryOp(op=op):
            return 1 if "+" in op else -1
        case c_ast.Assignment(op=op, rvalue=amount):
            value = int_literal(amount)
            if value is None:
                raise _Refused("it is stepped by an amount that is not an integer literal",
                               step)
            return value if op == "+=" else -value
    raise AssertionError(f"not a step of {name}")


def _nest(nest: c_ast.For, name: str) -> c_ast.For:
    """The loop nest with the pointer `name` read at its subscripts, its steps dropped."""
    for node in subtree(nest):
        if isinstance(node, _JUMPS):
            raise _Refused("its loop nest has a break, continue, goto or return", node)
    changed = _changed_in(nest)
    if name in declared_names(nest):
        raise _Refused("its loop nest declares another variable of its name", nest)
    chain: list[c_ast.For] = [nest]
    while True:
        inner = [s for s in _statements(chain[-1].stmt) if mentions(s, name)]
        if len(inner) == 1 and isinstance(inner[0], c_ast.For):
            chain.append(inner[0])
        else:
            break
    loops = [_loop(loop, name, changed) for loop in chain]
    if len({loop.counter for loop in loops}) != len(loops):
        raise _Refused("two loops of its nest have the same counter", nest)
    per_iteration = sum(_amount(step, name) for statement in _statements(chain[-1].stmt)
                        for step in _steps_in(statement, name))
    body = _Body(name, loops, per_iteration)
    statements = [body.statement(s) for s in _statements(chain[-1].stmt)]
    innermost = copy.copy(chain[-1])
    innermost.stmt = _block(chain[-1].stmt, [s for s in statements if s is not None])
    return cast(c_ast.For, _replace(nest, chain[-1], innermost))


def _loop(loop: c_ast.For, name: str, changed: set[str]) -> _Loop:
    """The counter, start and trip count of a loop counting up by one, checked as the
    rewrite needs them."""
    counter, start = _counter(loop)
    cond = loop.cond
    if not (isinstance(cond, c_ast.BinaryOp) and cond.op in ("<", "<=")
            and isinstance(cond.left, c_ast.ID) and cond.left.name == counter
            and _counts_up(loop.next, counter)):
        raise _Refused("a loop of its nest does not count up by one to a limit", loop)
    for bound in (start, cond.right):
        if has_side_effects(bound) or _ids(bound) & (changed | {name}):
            raise _Refused("a bound of its nest may change from one pass to the next", bound)
    if counter in assigned_names(loop.stmt):
        raise _Refused(f"the loop counter '{counter}' is assigned in the loop", loop)
    trips = _minus(cond.right, start)
    if cond.op == "<=":
        trips = c_ast.BinaryOp("+", trips, _int(1, cond), coord=cond.coord)
    return _Loop(counter, start, trips)


def _changed_in(nest: c_ast.For) -> set[str]:
    """Every name the nest assigns or declares, its loops' counters included: a bound
    naming one may differ from one pass to the next."""
    counters = {init.lvalue.name for node in subtree(nest)
                if isinstance(node, c_ast.For)
                and isinstance(init := node.init, c_ast.Assignment)
                and isinstance(init.lvalue, c_ast.ID)}
    return assigned_names(nest) | declared_names(nest) | counters


def _counter(loop: c_ast.For) -> tuple[str, c_ast.Node]:
    match loop.init:
        case c_ast.DeclList(decls=[c_ast.Decl(name=str(counter), init=c_ast.Node() as start)]):
            return counter, start
        case c_ast.Assignment(op="=", lvalue=c_ast.ID(name=counter), rvalue=start):
            return counter, start
    raise _Refused("a loop of its nest does not start its counter at a value", loop)


def _counts_up(step: c_ast.Node | None, counter: str) -> bool:
    match step:
        case c_ast.UnaryOp(op="++" | "p++", expr=c_ast.ID(name=name)):
            return name == counter
        case c_ast.Assignment(op="+=", lvalue=c_ast.ID(name=name), rvalue=amount):
            return name == counter and int_literal(amount) == 1
    return False


class _Body:
    """The innermost body's statements, read in order, counting the steps taken."""

    def __init__(self, name: str, loops: list[_Loop], per_iteration: int) -> None:
        self.name = name
        self.loops = loops
        self.per_iteration = per_iteration
        self.steps = 0

    def statement(self, node: c_ast.Node) -> c_ast.Node | None:
        """The statement with the pointer read at its subscripts; None for a step alone."""
        if not mentions(node, self.name):
            return node
        if isinstance(node, _CONTROL):
            raise _Refused("it is named under a test or in an inner block or loop", node)
        amount = self._step(node)
        if amount is not None:
            self.steps += amount
            return None
        named = sum(isinstance(n, c_ast.ID) and n.name == self.name for n in subtree(node))
        if named > 1 and any(_is_step(n, self.name) for n in subtree(node)):
            raise _Refused("a statement that steps it names it twice (unsequenced in C)",
                           node)
        return self._read(node)

    def _step(self, node: c_ast.Node) -> int | None:
        """How far `node` moves the pointer, if it is a step of it."""
        return _amount(node, self.name) if _is_step(node, self.name) else None

    def _read(self, node: c_ast.Node) -> c_ast.Node:
        """`node` with `*p`, `*p++`, `*++p` and `p[e]` written as subscripts."""
        match node:
            case c_ast.UnaryOp(op="*", expr=c_ast.ID(name=name)) if name == self.name:
                return self._at(node, None)
            case c_ast.UnaryOp(op="*", expr=c_ast.UnaryOp(expr=c_ast.ID(name=name)) as step) \
                    if name == self.name and self._step(step) is not None:
                amount = cast(int, self._step(step))
                if step.op in ("++", "--"):
                    self.steps += amount
                    return self._at(node, None)
                element = self._at(node, None)
                self.steps += amount
                return element
            case c_ast.ArrayRef(name=c_ast.ID(name=name), subscript=index) if name == self.name:
                return self._at(node, self._read(index))
            case c_ast.ID(name=name) if name == self.name:
                raise _Refused("it is used as a value, not read as *p or p[e]", node)
        return with_children(node, {slot: self._read(child)
                                    for slot, child in named_children(node)})

    def _at(self, node: c_ast.Node, index: c_ast.Node | None) -> c_ast.ArrayRef:
        """The element the pointer stands for here, `index` elements further."""
        offset = self._offset(node)
        if index is not None:
            offset = c_ast.BinaryOp("+", offset, index, coord=node.coord)
        return c_ast.ArrayRef(c_ast.ID(self.name, coord=node.coord), offset, coord=node.coord)

    def _offset(self, node: c_ast.Node) -> c_ast.Node:
        """The steps taken before this point: each counter's distance from its start
        times the steps of one of its iterations, plus the steps earlier in the body."""
        where = node.coord
        offset: c_ast.Node = _int(self.steps, node)
        stride: c_ast.Node = _int(self.per_iteration, node)
        for loop in reversed(self.loops):
            distance = _minus(c_ast.ID(loop.counter, coord=where), loop.start)
            offset = c_ast.BinaryOp(
                "+", c_ast.BinaryOp("*", distance, copy.deepcopy(stride), coord=where),
                offset, coord=where)
            stride = c_ast.BinaryOp("*", stride, copy.deepcopy(loop.trips), coord=where)
        return offset


def _statements(node: c_ast.Node) -> list[c_ast.Node]:
    """The statements of a loop body: a block's items, or the one statement."""
    if isinstance(node, c_ast.Compound):
        return list(node.block_items or [])
    return [node]


def _block(original: c_ast.Node, statements: list[c_ast.Node]) -> c_ast.Node:
    """A loop body of `statements`, a block where the original was one."""
    if isinstance(original, c_ast.Compound):
        return c_ast.Compound(statements, coord=original.coord)
    if len(statements) == 1:
        return statements[0]
    raise _Refused("the loop's body is a step alone", original)


def _replace(node: c_ast.Node, old: c_ast.Node, new: c_ast.Node) -> c_ast.Node:
    """`node` with the subtree `old` replaced by `new`, copying the path to it."""
    if node is old:
        return new
    return with_children(node, {slot: _replace(child, old, new)
                                for slot, child in named_children(node)})


def _ids(node: c_ast.Node) -> set[str]:
    return {n.name for n in subtree(node) if isinstance(n, c_ast.ID)}


def _minus(a: c_ast.Node, b: c_ast.Node) -> c_ast.Node:
    """`a - b` as C, with copies of both, or `a` alone where `b` is the literal 0."""
    if int_literal(b) == 0:
        return copy.deepcopy(a)
    return c_ast.BinaryOp("-", copy.deepcopy(a), copy.deepcopy(b), coord=a.coord)


def _int(value: int, where: c_ast.Node) -> c_ast.Node:
    """An integer literal (negated for a negative value) at the position of `where`."""
    literal = c_ast.Constant("int", str(abs(value)), coord=where.coord)
    return literal if value >= 0 else c_ast.UnaryOp("-", literal, coord=where.coord)


__all__ = ["index_walked_pointers"]
