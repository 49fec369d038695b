"""Liveness of scalars at loop exits, which decides what the front end carries."""

from __future__ import annotations

import pytest
from pycparser import c_ast, c_parser

from polylift.frontend.c.liveness import Access, first_access, live_after


def _body(statements: str) -> c_ast.Compound:
    text = f"void f(int n, int m, int A[n], int s, int t) {{ {statements} }}"
    func = c_parser.CParser().parse(text).ext[0]
    assert isinstance(func, c_ast.FuncDef)
    return func.body


def _loops(node: c_ast.Node) -> list[c_ast.For]:
    found = [node] if isinstance(node, c_ast.For) else []
    for _, child in node.children() or ():
        found += _loops(child)
    return found


def _live(statements: str, loop: int = 0, name: str = "s") -> bool:
    body = _body(statements)
    return live_after(name, _loops(body)[loop], body)


LOOP = "for (int i = 0; i < n; i++) { s = A[i]; A[i] = s; }"


@pytest.mark.parametrize(("after", "live"), [
    ("", False),
    ("A[0] = s;", True),
    ("s = 1; A[0] = s;", False),
    ("s = s + 1;", True),
    ("s += 1;", True),
    ("s++;", True),
    ("if (n > 1) s = 2; A[0] = s;", True),
    ("if (n > 1) s = 2; else s = 3; A[0] = s;", False),
    ("if (s > 1) A[0] = 1;", True),
    ("for (int j = 0; j < m; j++) s = j; A[0] = s;", True),
    ("for (int j = 0; j < m; j++) A[j] = 0; s = 4; A[0] = s;", False),
    ("{ int s = 3; A[0] = s; }", False),
    ("{ int s = 3; A[0] = s; } A[1] = s;", True),
    ("t = 1, s = 2; A[0] = s;", False),
])
def test_read_after_the_loop(after: str, live: bool) -> None:
    assert _live(LOOP + after) is live


def test_enclosing_loop_reads_in_its_next_iteration() -> None:
    # The outer body reads `s` before the inner loop sets it.
    outer = f"for (int k = 0; k < m; k++) {{ A[k] = s; {LOOP} }}"
    assert _live(outer, loop=1)
    # The outer body sets it first: dead at the inner loop's exit and the outer one's.
    outer = f"for (int k = 0; k < m; k++) {{ s = 0; A[k] = s; {LOOP} }}"
    assert not _live(outer, loop=1)
    assert not _live(outer, loop=0)


def test_nest_that_may_run_no_inner_iteration() -> None:
    # The inner loop may run no iteration, so the outer body may read the value of the
    # previous outer iteration: the outer loop carries `s`, though it is dead after it.
    body = _body(f"for (int k = 0; k < m; k++) {{ {LOOP} A[k] = s; }}")
    outer, inner = _loops(body)
    assert live_after("s", inner, body)
    assert first_access("s", outer.stmt) is Access.READ
    assert not live_after("s", outer, body)


def test_variable_declared_in_the_block_ends_with_it() -> None:
    block = f"for (int k = 0; k < m; k++) {{ int s; {LOOP} }} A[0] = s;"
    assert not _live(block, loop=1)


def test_loop_condition_and_step_read_in_the_next_iteration() -> None:
    nest = f"for (int k = 0; k < s; k++) {{ {LOOP} }}"
    assert _live(nest, loop=1)


@pytest.mark.parametrize(("code", "access"), [
    ("s = A[0];", Access.WRITE),
    ("s = s + A[0];", Access.READ),
    ("A[0] = 1;", Access.NONE),
    ("if (n) s = 1;", Access.NONE),
    ("if (n) s = 1; else s = 2;", Access.WRITE),
    ("if (n) s = 1; else A[0] = s;", Access.READ),
    ("for (int j = 0; j < n; j++) s = j;", Access.NONE),
    ("for (int j = 0; j < n; j++) A[j] = s;", Access.READ),
    ("while (n) s = 1;", Access.READ),
    ("int u = s;", Access.READ),
    ("{ int s; s = 1; } A[0] = s;", Access.READ),
    ("{ s = 1; int s; } A[0] = s;", Access.WRITE),
])
def test_first_access(code: str, access: Access) -> None:
    assert first_access("s", _body(code)) is access
