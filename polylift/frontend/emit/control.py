"""Conditionals: `affine.if`/`scf.if` with scalars merged as results, `?:`, `&&`, `||`."""

from __future__ import annotations

from collections.abc import Callable

from pycparser import c_ast

from polylift.frontend.c import ctype as ct
from polylift.frontend.c.ctype import CType
from polylift.frontend.c.scan import (
    assigned_names,
    has_side_effects,
    is_speculatable,
    rounding_division_arms,
)
from polylift.frontend.c.source import int_literal, unsupported
from polylift.frontend.emit.builder import Value, result_names
from polylift.frontend.emit.calls import CallLowering
from polylift.frontend.emit.expr import (
    BOOL,
    COMPARES,
    float_literal,
    int_literal_type,
)
from polylift.frontend.emit.forms import Constraint
from polylift.frontend.emit.state import Array, Scalar, Struct
from polylift.frontend.index.affine import affine_set

Branch = Callable[[], Value | None]


class ControlLowering(CallLowering):
    """Structured conditionals over SSA scalars."""

    def initial_value(self, var: Scalar, node: c_ast.Node) -> Value:
        """The value of `var` now; an unset variable (any value is C-correct) reads 0."""
        if var.value is None and var.symbol is not None:
            return self.rvalue(c_ast.ID(var.name, coord=node.coord))
        if var.value is None:
            return self.constant(0.0 if var.ctype.is_float else 0, var.ctype, node)
        return var.value

    def structured_if(self, node: c_ast.Node, cond: list[Constraint] | Value,
                      branches: tuple[Branch, Branch | None], merged: list[Scalar],
                      result: CType | None = None) -> Value | None:
        """An `affine.if` (constraints) or `scf.if` (an i1) whose results are the values
        of the `merged` scalars after each branch, plus the branch value of type `result`."""
        before = [self.initial_value(v, node) for v in merged]
        types = [v.ctype.mlir for v in merged] + ([result.mlir] if result else [])
        define, uses = result_names(self.builder.fresh(), len(types))
        affine = isinstance(cond, list)
        head = (f"affine.if {affine_set(cond, self.dims)}" if isinstance(cond, list)
                else f"scf.if {cond.name}")
        arrow = f" -> ({', '.join(types)})" if types else ""
        self.builder.open((f"{define} = " if types else "") + head + arrow)
        for index, branch in enumerate(branches):
            if index == 1 and branch is None and not types:
                break
            if index == 1:
                self.builder.reopen("else")
            for var, value in zip(merged, before, strict=True):
                var.value = value
            self.scopes.append({})
            out = branch() if branch is not None else None
            self.scopes.pop()
            yields = [v.value.name for v in merged if v.value is not None]
            if result is not None and out is not None:
                yields.append(self.convert(out, result, node).name)
            if types:
                keyword = "affine.yield" if affine else "scf.yield"
                self.builder.line(f"{keyword} {', '.join(yields)} : {', '.join(types)}", node)
        self.builder.close(node)
        for var, use in zip(merged, uses, strict=False):
            var.value = Value(use, var.ctype)
        return Value(uses[-1], result) if result is not None else None

    def merged_scalars(self, *nodes: c_ast.Node | None) -> list[Scalar]:
        """The scalars in scope that the subtrees assign (sorted by name)."""
        visible = self.visible_scalars()
        return [visible[n] for n in sorted(assigned_names(*nodes)) if n in visible]

    def _x_TernaryOp(self, node: c_ast.TernaryOp) -> Value:
        if has_side_effects(node.iftrue) or has_side_effects(node.iffalse):
            raise unsupported("assignment inside a conditional expression", node)
        result = ct.usual_conversion(self.type_of(node.iftrue), self.type_of(node.iffalse))
        constraints = self.affine_constraints(node.cond)
        if (is_speculatable(node.iftrue, node.cond) and is_speculatable(node.iffalse, node.cond)) \
                or rounding_division_arms(node.iftrue, node.iffalse):
            cond = self.condition(node.cond)
            yes = self.convert(self.rvalue(node.iftrue), result, node)
            no = self.convert(self.rvalue(node.iffalse), result, node)
            return self.builder.op(f"arith.select {cond.name}, {yes.name}, {no.name} : "
                                   f"{result.mlir}", result, node)
        cond = constraints if constraints is not None else self.condition(node.cond)
        out = self.structured_if(node, cond, (lambda: self.rvalue(node.iftrue),
                                              lambda: self.rvalue(node.iffalse)), [], result)
        assert out is not None
        return out

    def logical(self, node: c_ast.BinaryOp) -> Value:
        """`&&`/`||` as i1; the right side runs conditionally unless it is harmless."""
        if has_side_effects(node.right):
            raise unsupported(f"assignment in the right operand of '{node.op}'", node)
        left = self.condition(node.left)
        if is_speculatable(node.right):
            right = self.condition(node.right)
            op = "andi" if node.op == "&&" else "ori"
            return self.builder.op(f"arith.{op} {left.name}, {right.name} : i1", BOOL, node)
        short = self.constant(0 if node.op == "&&" else 1, BOOL, node)
        right_branch: Branch = lambda: self.condition(node.right)  # noqa: E731
        short_branch: Branch = lambda: short  # noqa: E731
        branches = (right_branch, short_branch) if node.op == "&&" \
            else (short_branch, right_branch)
        out = self.structured_if(node, left, branches, [], BOOL)
        assert out is not None
        return out

    def type_of(self, node: c_ast.Node) -> CType:
        """The C type of an expression, without lowering it."""
        if isinstance(node, c_ast.Constant | c_ast.Cast):
            return self.rvalue_type_free(node)
        if self.enumerator(node) is not None:
            return ct.INT
        if self.is_named(node):
            var = self.named(node)
            if isinstance(var, Struct):
                raise unsupported(f"use of struct '{var.name}' as a value", node)
            return var.elem if isinstance(var, Array) else var.ctype
        if isinstance(node, c_ast.ArrayRef):
            return self.subscripted(node)[0].elem
        if isinstance(node, c_ast.BinaryOp):
            if node.op in COMPARES or node.op in ("&&", "||"):
                return ct.INT
            left = self.type_of(node.left)
            if node.op in ("<<", ">>"):
                return ct.promote(left)
            return ct.usual_conversion(left, self.type_of(node.right))
        return self._type_of_other(node)

    def _type_of_other(self, node: c_ast.Node) -> CType:
        if isinstance(node, c_ast.UnaryOp):
            inner = self.type_of(node.expr)
            return ct.INT if node.op == "!" else \
                ct.promote(inner) if node.op in ("-", "+", "~") else inner
        if isinstance(node, c_ast.TernaryOp):
            return ct.usual_conversion(self.type_of(node.iftrue), self.type_of(node.iffalse))
        if isinstance(node, c_ast.FuncCall):
            found = self.call_type(node)
            if found is None:
                raise unsupported("use of the value of a call returning void", node)
            return found
        if isinstance(node, c_ast.Assignment):
            return self.type_of(node.lvalue)
        raise unsupported(f"expression '{type(node).__name__}'", node)

    def rvalue_type_free(self, node: c_ast.Node) -> CType:
        """The type of a literal or cast."""
        if isinstance(node, c_ast.Cast):
            return self.cast_type(node)
        assert isinstance(node, c_ast.Constant)
        literal = int_literal(node)
        if literal is not None:
            return int_literal_type(node, literal)
        if node.type == "char":
            return ct.INT
        return float_literal(node)[1]

