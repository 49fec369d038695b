"""Delta reduction of a failing program on the generator's own tree.

Candidates go from large to small steps: drop a statement or a whole nest, replace a
loop by its body at its first iteration or an `if` by its body, lower a size, make a
loop plain (step 1, upward, from 0), replace an expression by one of its parts or by a
constant, turn a reduction into an assignment, drop a subscript's offset. A candidate is
kept when it fails the same way (`Outcome.kind`); the search restarts from it and ends
when no candidate does, or when the budget of checks is spent. Every candidate is a
smaller or simpler tree, so the search terminates.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from polylift.fuzz.edits import (
    children,
    expr_paths,
    get_expr,
    get_stmt,
    set_expr,
    splice,
    stmt_paths,
    substitute_stmt,
    with_value,
)
from polylift.fuzz.program import (
    Abs,
    Affine,
    Binary,
    Const,
    Guarded,
    If,
    Loop,
    Program,
    Read,
    Select,
    SetLocal,
    Store,
    const,
)

Predicate = Callable[[Program], bool]


@dataclass(frozen=True)
class Shrunk:
    """The smallest failing program found and how many checks it took."""

    program: Program
    checks: int
    steps: int


def shrink(program: Program, fails: Predicate, budget: int = 150) -> Shrunk:
    """The smallest program reachable from `program` for which `fails` holds."""
    seen = {program}
    checks = steps = 0
    current = program
    progress = True
    while progress and checks < budget:
        progress = False
        for candidate in candidates(current):
            if candidate in seen:
                continue
            seen.add(candidate)
            checks += 1
            if fails(candidate):
                current, progress = candidate, True
                steps += 1
                break
            if checks >= budget:
                break
    return Shrunk(current, checks, steps)


def candidates(program: Program) -> Iterator[Program]:
    """Every one-step simplification of `program`, larger steps first."""
    body = program.body
    paths = stmt_paths(body)
    for path in paths:
        yield replace(program, body=splice(body, path, ()))
    for path in paths:
        stmt = get_stmt(body, path)
        if isinstance(stmt, Loop):
            inner = tuple(substitute_stmt(s, stmt.var, stmt.lo) for s in stmt.body)
            yield replace(program, body=splice(body, path, inner))
        elif isinstance(stmt, If):
            yield replace(program, body=splice(body, path, stmt.body))
    for size in program.sizes:
        for value in sorted({1, 2, size.value // 2, size.value - 1}):
            if 0 < value < size.value:
                sizes = tuple(replace(s, value=value) if s == size else s
                              for s in program.sizes)
                yield replace(program, sizes=sizes)
    for path in paths:
        yield from _loop_steps(program, path)
    for path in paths:
        yield from _value_steps(program, path)


def _loop_steps(program: Program, path: tuple[int, ...]) -> Iterator[Program]:
    loop = get_stmt(program.body, path)
    if not isinstance(loop, Loop):
        return
    plain = [replace(loop, step=1), replace(loop, down=False), replace(loop, lo=const(0))]
    if not loop.hi.terms and loop.hi.const > 1:
        plain.append(replace(loop, hi=const(loop.hi.const - 1)))
    for edited in plain:
        if edited != loop:
            yield replace(program, body=splice(program.body, path, (edited,)))


def _value_steps(program: Program, path: tuple[int, ...]) -> Iterator[Program]:
    stmt = get_stmt(program.body, path)
    if not isinstance(stmt, Store | SetLocal):
        return
    edits = []
    if stmt.op != "=":
        edits.append(replace(stmt, op="="))
    for epath in expr_paths(stmt.value):
        node = get_expr(stmt.value, epath)
        simpler = [*children(node)]
        if isinstance(node, Read | Binary | Select | Abs | Guarded):
            simpler.append(Const(1))
        if isinstance(node, Read):
            simpler.append(replace(node, index=tuple(Affine(a.terms, 0) for a in node.index)))
        edits += [with_value(stmt, set_expr(stmt.value, epath, s)) for s in simpler]
    if isinstance(stmt, Store):
        edits.append(replace(stmt, index=tuple(Affine(a.terms, 0) for a in stmt.index)))
    for edited in edits:
        if edited != stmt:
            yield replace(program, body=splice(program.body, path, (edited,)))
