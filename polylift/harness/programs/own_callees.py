"""The functions of a C file that only its kernel runs: its own callees.

A framework kernel does its work in a helper of its file (`forward_avgpool_layer`), which
the front end inlines, so the statements that became launches are the helper's. The gcc
residual program (`residual_source.py`) may remove them there only where nothing but
the kernel runs that helper: a function of the file the kernel calls, directly or
through other such functions, whose name appears nowhere else (no call from `main` or
another function, no address taken).
"""

from __future__ import annotations

from pycparser import c_ast

from polylift.frontend.c.scan import children


def own_callees(kernel: c_ast.FuncDef, functions: dict[str, c_ast.FuncDef],
                unit: c_ast.FileAST) -> list[c_ast.FuncDef]:
    """The functions of `functions` (those defined in the kernel's file, by name) that
    only `kernel` runs, in the file's order; `unit`: the whole translation unit."""
    called = _reachable(kernel, functions)
    while True:
        runners = {kernel.decl.name, *called}
        foreign = {name for name in called if _named_outside(name, runners, unit)}
        if not foreign:
            return [f for f in functions.values() if f.decl.name in called]
        called -= foreign
        called &= _reachable_within(kernel, functions, called)


def _reachable(kernel: c_ast.FuncDef, functions: dict[str, c_ast.FuncDef]) -> set[str]:
    """The functions of `functions` the kernel calls, directly or through them."""
    return _reachable_within(kernel, functions, set(functions) - {kernel.decl.name})


def _reachable_within(kernel: c_ast.FuncDef, functions: dict[str, c_ast.FuncDef],
                      allowed: set[str]) -> set[str]:
    """The functions of `allowed` the kernel calls through functions of `allowed`."""
    found: set[str] = set()
    todo = [kernel]
    while todo:
        for name in _called(todo.pop()) & allowed - found:
            found.add(name)
            todo.append(functions[name])
    return found


def _called(node: c_ast.Node) -> set[str]:
    """The names of the functions `node` calls by name."""
    names: set[str] = set()
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, c_ast.FuncCall) and isinstance(current.name, c_ast.ID):
            names.add(current.name.name)
        stack.extend(children(current))
    return names


def _named_outside(name: str, runners: set[str], unit: c_ast.FileAST) -> bool:
    """Whether `name` is used anywhere but a call in the body of one of `runners`: a
    call from another function, or its address taken anywhere."""
    for item in unit.ext:
        inside = isinstance(item, c_ast.FuncDef) and item.decl.name in runners
        if _uses(item.body if isinstance(item, c_ast.FuncDef) else item, name, inside):
            return True
    return False


def _uses(node: c_ast.Node, name: str, calls_allowed: bool) -> bool:
    """Whether `node` names `name` other than as a call's callee (with `calls_allowed`),
    or at all (without)."""
    stack: list[c_ast.Node] = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, c_ast.FuncCall) and isinstance(current.name, c_ast.ID) \
                and current.name.name == name:
            if not calls_allowed:
                return True
            stack.extend(children(current.args) if current.args is not None else [])
            continue
        if isinstance(current, c_ast.ID) and current.name == name:
            return True
        stack.extend(children(current))
    return False
