"""Calls to static-control functions of the same file, inlined on the syntax tree.

A call whose callee the front end translates on its own (`Inliner.static_control`) is
replaced, before lowering, by the callee's body:

    y[i] = scale(x[i], a);    ->    float r__1;
                                    { float v__1 = x[i]; r__1 = v__1 * a; }
                                    y[i] = r__1;

- The callee's names get a fresh suffix, so nothing of the caller is hidden; every
  node keeps the callee's position, so remarks point at the callee's lines.
- An argument is bound as C binds it, by a declaration of the parameter initialised
  with it (a conversion as by assignment; a pointer parameter becomes a local pointer
  into the argument's array). Where the callee never assigns a scalar or struct
  parameter and the argument reads no memory and has no effect, the argument replaces
  the parameter instead (cast to the parameter's type, for scalars): evaluating it at
  each use gives the same value, and a test of it stays visibly invariant
  (`unswitch.py` hoists it out of loops).
- Only calls that C evaluates exactly once where the statement runs are inlined: not
  in the right operand of `&&`/`||`, the arms of `?:`, or a loop's condition or step.
  Calls in a statement run after the arguments that contain them and in the order of
  their arguments (C leaves the order of two calls in one expression unspecified).
"""

from __future__ import annotations

import copy
import itertools
from collections.abc import Callable
from typing import cast

from pycparser import c_ast

from polylift.frontend.c.decls import Unit
from polylift.frontend.c.scan import assigned_names, declared_names, named_children, set_child
from polylift.frontend.rewrite.structure import RESULT, structured_body

_SKIPPED_CHILDREN = {"iftrue", "iffalse"}  # of ?: : evaluated conditionally


class Inliner:
    """Inlines the calls of one function body; `static_control(name)` says whether a
    function defined in the file translates on its own."""

    def __init__(self, unit: Unit, static_control: Callable[[str], bool]) -> None:
        self.unit = unit
        self.static_control = static_control
        self.counter = itertools.count(1)

    def body(self, body: c_ast.Compound) -> c_ast.Compound:
        """`body` with every inlinable call inlined (callees' calls included)."""
        return c_ast.Compound(self._statements(list(body.block_items or [])), coord=body.coord)

    def _statements(self, items: list[c_ast.Node]) -> list[c_ast.Node]:
        out: list[c_ast.Node] = []
        for item in items:
            out += self._statement(item)
        return out

    def _statement(self, node: c_ast.Node) -> list[c_ast.Node]:
        """The statement with its inlinable calls inlined: statements before it (the
        callees' bodies), then the statement itself."""
        if isinstance(node, c_ast.Compound):
            return [self.body(node)]
        if isinstance(node, c_ast.If):
            before = self._hoist(node, "cond")
            node.iftrue = self._block(node.iftrue)
            node.iffalse = self._block(node.iffalse) if node.iffalse is not None else None
            return before + [node]
        if isinstance(node, c_ast.For):
            before = self._hoist(node, "init") if node.init is not None else []
            node.stmt = self._block(node.stmt)
            return before + [node]
        if isinstance(node, c_ast.Decl | c_ast.DeclList | c_ast.Assignment | c_ast.FuncCall
                      | c_ast.UnaryOp | c_ast.ExprList):
            holder = c_ast.Compound([node])
            before = self._hoist(holder, "block_items[0]")
            return before + ([holder.block_items[0]] if holder.block_items[0] is not None
                             else [])
        return [node]

    def _block(self, node: c_ast.Node) -> c_ast.Node:
        items = self._statement(node)
        return items[0] if len(items) == 1 else c_ast.Compound(items, coord=node.coord)

    def _hoist(self, parent: c_ast.Node, name: str) -> list[c_ast.Node]:
        """Inline the calls under `parent.<name>` that run unconditionally, innermost
        first; the callees' bodies, to run before the statement."""
        before: list[c_ast.Node] = []
        child = dict(named_children(parent)).get(name)
        if child is None:
            return before
        for holder, slot, call in self._calls(parent, name, child):
            inlined = self._inline(call)
            if inlined is None:
                continue
            statements, result = inlined
            before += statements
            if result is None and holder is not None and isinstance(holder, c_ast.Compound):
                holder.block_items = [c_ast.EmptyStatement(coord=call.coord)]
            else:
                set_child(holder, slot, result or c_ast.EmptyStatement(coord=call.coord))
        return before

    def _calls(self, parent: c_ast.Node, name: str,
               node: c_ast.Node) -> list[tuple[c_ast.Node, str, c_ast.FuncCall]]:
        """(parent, slot, call) of the calls evaluated unconditionally, post-order."""
        found: list[tuple[c_ast.Node, str, c_ast.FuncCall]] = []
        if isinstance(node, c_ast.BinaryOp) and node.op in ("&&", "||"):
            return self._calls(node, "left", node.left)
        for child_name, child in named_children(node):
            if isinstance(node, c_ast.TernaryOp) and child_name in _SKIPPED_CHILDREN:
                continue
            if isinstance(node, c_ast.FuncCall) and child_name == "name":
                continue
            found += self._calls(node, child_name, child)
        if isinstance(node, c_ast.FuncCall):
            found.append((parent, name, node))
        return found

    def _callee(self, call: c_ast.FuncCall) -> c_ast.FuncDef | None:
        if not isinstance(call.name, c_ast.ID):
            return None
        func = self.unit.definitions.get(call.name.name)
        if func is None or not self.static_control(func.decl.name):
            return None
        return func

    def _inline(self, call: c_ast.FuncCall) -> tuple[list[c_ast.Node], c_ast.Node | None] | None:
        """The statements that run the callee, and the expression of its value."""
        func = self._callee(call)
        if func is None:
            return None
        ftype = cast(c_ast.FuncDecl, func.decl.type)
        params = [p for p in (ftype.args.params if ftype.args is not None else [])
                  if isinstance(p, c_ast.Decl) and p.name]
        args = list(call.args.exprs) if call.args is not None else []
        if len(args) != len(params):
            return None
        suffix = f"__{next(self.counter)}"
        returns = not _is_void(ftype.type)
        body = structured_body(func.body, returns)
        assigned = assigned_names(body)
        local = declared_names(body)
        names = local | {p.name for p in params} | {RESULT}
        renames = {n: n + suffix for n in names}
        substitutes: dict[str, c_ast.Node] = {}
        decls: list[c_ast.Node] = []
        for param, arg in zip(params, args, strict=True):
            if param.name not in assigned | local and _pure(arg) and not _is_pointer(param):
                substitutes[param.name] = _as_param(param, arg, self.unit)
            else:
                decls.append(_binding(param, renames[param.name], arg))
        items = _renamed(list(body.block_items or []), renames, substitutes)
        block = c_ast.Compound(decls + self._statements(items), coord=call.coord)
        if not returns:
            return [block], None
        result = renames[RESULT]
        declared = _declaration(copy.deepcopy(ftype.type), result, call.coord)
        return [declared, block], c_ast.ID(result, coord=call.coord)


def _is_void(node: c_ast.Node) -> bool:
    return isinstance(node, c_ast.TypeDecl) and isinstance(node.type, c_ast.IdentifierType) \
        and [n for n in node.type.names if n not in ("const", "volatile")] == ["void"]


def _is_pointer(param: c_ast.Decl) -> bool:
    return isinstance(param.type, c_ast.PtrDecl | c_ast.ArrayDecl)


def _pure(node: c_ast.Node) -> bool:
    """Whether evaluating the expression again reads no memory and changes nothing."""
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, c_ast.ArrayRef | c_ast.FuncCall | c_ast.Assignment):
            return False
        if isinstance(current, c_ast.UnaryOp) and current.op in ("++", "--", "p++", "p--",
                                                                  "*", "&"):
            return False
        if isinstance(current, c_ast.StructRef):
            stack.append(current.name)
            continue
        stack.extend(child for _, child in named_children(current))
    return True


def _as_param(param: c_ast.Decl, arg: c_ast.Node, unit: Unit) -> c_ast.Node:
    """The argument as the parameter's value: a struct as it is, a scalar converted."""
    if unit.struct_of(param.type) is not None:
        return arg
    to_type = c_ast.Typename(None, [], [], _declaration_type(copy.deepcopy(param.type), None))
    return c_ast.Cast(to_type, arg, coord=arg.coord)


def _declaration_type(node: c_ast.Node, name: str | None) -> c_ast.Node:
    """A parameter's type with its declared name replaced (arrays decay to pointers)."""
    if isinstance(node, c_ast.ArrayDecl):
        node = c_ast.PtrDecl(list(node.dim_quals or []), node.type, coord=node.coord)
    inner = node
    while not isinstance(inner, c_ast.TypeDecl):
        assert isinstance(inner, c_ast.PtrDecl | c_ast.ArrayDecl | c_ast.FuncDecl)
        inner = inner.type
    inner.declname = name
    return node


def _declaration(type_node: c_ast.Node, name: str, coord: object) -> c_ast.Decl:
    type_node = _declaration_type(type_node, name)
    return c_ast.Decl(name, [], [], [], [], type_node, None, None, coord=coord)


def _binding(param: c_ast.Decl, name: str, arg: c_ast.Node) -> c_ast.Decl:
    """`T name = arg;`: the parameter bound to the argument as C binds it."""
    decl = _declaration(copy.deepcopy(param.type), name, arg.coord)
    decl.quals = [q for q in (param.quals or []) if q != "const"]
    decl.init = arg
    return decl


def _renamed(items: list[c_ast.Node], renames: dict[str, str],
             substitutes: dict[str, c_ast.Node]) -> list[c_ast.Node]:
    """The callee's statements with its names renamed and substituted parameters
    replaced by their arguments."""
    holder = c_ast.Compound(items)
    _rename(holder, renames, substitutes)
    return list(holder.block_items or [])


def _rename(node: c_ast.Node, renames: dict[str, str], substitutes: dict[str, c_ast.Node]) -> None:
    if isinstance(node, c_ast.Decl) and node.name in renames:
        node.name = renames[node.name]
        inner = node.type
        while inner is not None and not isinstance(inner, c_ast.TypeDecl):
            inner = getattr(inner, "type", None)
        if inner is not None:
            inner.declname = node.name
    for name, child in named_children(node):
        if isinstance(node, c_ast.StructRef) and name == "field":
            continue
        if isinstance(node, c_ast.FuncCall) and name == "name":
            continue
        if isinstance(child, c_ast.ID) and child.name in substitutes:
            set_child(node, name, copy.deepcopy(substitutes[child.name]))
            continue
        if isinstance(child, c_ast.ID) and child.name in renames:
            child.name = renames[child.name]
            continue
        _rename(child, renames, substitutes)
