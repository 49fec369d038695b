"""Statements: blocks, declarations, assignments, `++`/`--`, `if`, and what is refused."""

from __future__ import annotations

from dataclasses import replace

from pycparser import c_ast

from polylift.frontend.c import ctype as ct
from polylift.frontend.c.scan import has_side_effects
from polylift.frontend.c.source import unsupported
from polylift.frontend.emit.builder import Value
from polylift.frontend.emit.data_loops import DataLoopLowering
from polylift.frontend.emit.expr import describe
from polylift.frontend.emit.forms import holds_every_value
from polylift.frontend.emit.state import Array, LoopCounter, Scalar, Struct
from polylift.frontend.index.affine import Affine, affine_map
from polylift.frontend.index.paths import Clause
from polylift.frontend.index.poly import Poly
from polylift.subscripts import plain_subscript

_REFUSED = {
    "While": "while loop", "DoWhile": "do-while loop", "Goto": "goto", "Label": "label",
    "Switch": "switch statement", "Break": "break", "Continue": "continue",
    "Return": "return before the end of the function", "Typedef": "local typedef",
    "Struct": "struct declaration",
}
_EXPRESSIONS = (c_ast.Assignment, c_ast.UnaryOp, c_ast.FuncCall, c_ast.ExprList)


class StmtLowering(DataLoopLowering):
    """Statements of a function body."""

    def array_type(self, decl: c_ast.Decl) -> tuple[ct.CType, list[c_ast.Node | None]]:
        """Element type and dimension expressions of an array declaration."""
        raise unsupported("array declaration", decl)

    def lower_statement(self, node: c_ast.Node) -> None:
        """Lower one statement."""
        method = getattr(self, f"_s_{type(node).__name__}", None)
        if method is not None:
            method(node)
        elif isinstance(node, _EXPRESSIONS):
            self.rvalue(node)
        else:
            name = type(node).__name__
            raise unsupported(_REFUSED.get(name, f"statement '{name}'"), node)

    def _s_Compound(self, node: c_ast.Compound) -> None:
        self.scopes.append({})
        for item in node.block_items or []:
            self.lower_statement(item)
        self.scopes.pop()

    def _s_Cast(self, node: c_ast.Cast) -> None:
        """`(void)x;`: the value is discarded; only an effect is kept."""
        if has_side_effects(node.expr) or isinstance(node.expr, c_ast.FuncCall):
            self.rvalue(node.expr)

    def _s_Pragma(self, node: c_ast.Pragma) -> None:
        del node

    def _s_EmptyStatement(self, node: c_ast.EmptyStatement) -> None:
        del node

    def _s_For(self, node: c_ast.For) -> None:
        self.scopes.append({})
        if isinstance(node.init, c_ast.DeclList):
            decl = node.init.decls[0]
            self.declare(Scalar(decl.name, self.declare_type(decl)))
        self.lower_for(node)
        self.scopes.pop()

    def _s_If(self, node: c_ast.If) -> None:
        merged = self.merged_scalars(node.iftrue, node.iffalse)
        cond = self.affine_constraints(node.cond)
        tests = self.parameter_tests(node.cond) or []
        taken = [(t,) for t in tests]
        other = [tuple(t.negated() for t in tests)] if tests else []
        then_branch = lambda: self._branch(node.iftrue, taken)  # noqa: E731
        else_branch = (lambda: self._branch(node.iffalse, other)) if node.iffalse else None
        self.structured_if(node, cond if cond is not None else self.condition(node.cond),
                           (then_branch, else_branch), merged)

    def _branch(self, node: c_ast.Node, clauses: list[Clause]) -> None:
        """Lower an arm, its accesses under the clauses of the tests that choose it."""
        self.path.extend(clauses)
        try:
            self.lower_statement(node)
        finally:
            del self.path[len(self.path) - len(clauses):]

    def _s_DeclList(self, node: c_ast.DeclList) -> None:
        for decl in node.decls:
            self._s_Decl(decl)

    def _s_Decl(self, node: c_ast.Decl) -> None:
        if node.storage and node.storage != ["register"]:
            raise unsupported(f"{' '.join(node.storage)} local variable", node)
        if isinstance(node.type, c_ast.ArrayDecl):
            self._local_array(node)
            return
        if isinstance(node.type, c_ast.PtrDecl):
            self._local_pointer(node)
            return
        if not isinstance(node.type, c_ast.TypeDecl):
            raise unsupported("local function declaration", node)
        if self.unit.struct_of(node.type) is not None:
            self._local_struct(node)
            return
        ctype = self.declare_type(node)
        value = None
        if node.init is not None:
            if isinstance(node.init, c_ast.InitList):
                raise unsupported("initializer list", node.init)
            value = self.convert(self.rvalue(node.init), ctype, node)
            self.record_form(value, node.init)
            self.record_entry(value, node.init)
        poly = self._poly_for(ctype, node.init)
        var = Scalar(node.name, ctype, value)
        self.declare(var)
        if self.reads[node.name] and value is not None and value.const is None:
            self._maybe_symbol(var, node, poly)

    def _local_pointer(self, node: c_ast.Decl) -> None:
        """`T *p = <pointer expression>;`: a view of the array it points into."""
        if node.init is None:
            raise unsupported("local pointer without an initializer", node)
        assert isinstance(node.type, c_ast.PtrDecl)
        elem = self.scalar_type(node.type.type, node)
        target = self.pointer_of(node.init)
        if target.elem != elem:
            raise unsupported(f"pointer to {elem.name} into an array of {target.elem.name}",
                              node)
        self.declare(replace(target, name=node.name, base=target.arg))

    def _local_struct(self, node: c_ast.Decl) -> None:
        """`layer m = l;` (or `= *lp`): a copy of a struct parameter, whose fields are
        read-only, reads as the parameter itself."""
        found = self.named(node.init) if node.init is not None and (
            self.is_named(node.init) or isinstance(node.init, c_ast.UnaryOp)) else None
        if not isinstance(found, Struct):
            raise unsupported("local struct variable (only copies of a struct parameter)",
                              node)
        self.declare(replace(found, name=node.name))

    def _local_array(self, node: c_ast.Decl) -> None:
        if node.init is not None:
            raise unsupported("array initializer", node.init)
        elem, dims = self.array_type(node)
        shape, operands = [], []
        for dim in dims:
            form = self.affine_of(dim) if dim is not None else None
            if form is None or any(a not in self.param_symbols for a in form.atoms()):
                raise unsupported("local array size (use constants or size parameters)",
                                  dim or node)
            if form.is_constant:
                shape.append(str(form.const))
                continue
            shape.append("?")
            operands.append(self._prologue_index(form))
        mlir_type = f"memref<{'x'.join(shape + [elem.mlir])}>"
        name = f"%{node.name}_{len(self.prologue)}"
        self.prologue.append(f"{name} = memref.alloca({', '.join(operands)}) : {mlir_type}")
        self.declare(Array(node.name, elem, name, mlir_type, len(dims), False))

    def _prologue_index(self, form: Affine) -> str:
        atom = plain_subscript(form, shifted=False)
        if atom is not None:
            return atom
        name = f"%size_{len(self.prologue)}"
        self.prologue.append(f"{name} = affine.apply {affine_map([form], set())}")
        return name

    def _x_Assignment(self, node: c_ast.Assignment) -> Value:
        op = node.op[:-1] if node.op != "=" else ""
        target = node.lvalue
        if isinstance(target, c_ast.ArrayRef):
            value = self.rvalue(node.rvalue)
            if op:
                value = self.arith(op, self.load(target), value, node)
            return self.store(target, value)
        var = self._scalar_target(target, node)
        # What the new value is as an expression of the old ones (`x += k` is `x + k`).
        source = c_ast.BinaryOp(op, target, node.rvalue, coord=node.coord) if op \
            else node.rvalue
        poly = self._poly_for(var.ctype, source)
        value = self.rvalue(node.rvalue)
        if op:
            value = self.arith(op, self.rvalue(target), value, node)
        value = self.convert(value, var.ctype, node)
        self.record_form(value, source)
        self.record_entry(value, source)
        var.value = value
        self._maybe_symbol(var, node, poly)
        return var.value

    def _poly_for(self, ctype: ct.CType, expr: c_ast.Node | None) -> Poly | None:
        """The polynomial of a value assigned to an integer of type `ctype`, when the
        assignment keeps it exactly (signed, no narrowing)."""
        if expr is None or ctype.is_float or not ctype.signed \
                or len(self.builder.caches) != 1 or isinstance(expr, c_ast.InitList):
            return None
        poly = self.poly_of(expr)
        if poly is None or not holds_every_value(self.type_of(expr), ctype):
            return None
        return poly

    def _maybe_symbol(self, var: Scalar, node: c_ast.Node, poly: Poly | None = None) -> None:
        """An integer set at the function's top level is a valid affine symbol there;
        `poly` is its value over the parameters when known (for delinearisation). One
        set once from parameters by no polynomial (`n = l.inputs / l.groups`) is an entry
        atom (`entry.py`), which delinearisation reads as it reads a parameter."""
        if len(self.builder.caches) != 1 or var.ctype.is_float or var.value is None:
            return
        if poly is not None and not self.may_stand_for(var, poly.atoms()):
            poly = None
        if poly is None and var.name not in self.reassigned:
            atom = self.atom_symbol(c_ast.ID(var.name, coord=node.coord))
            poly = Poly.atom(atom) if atom is not None else None
        if poly is not None and poly == Poly.atom(next(iter(poly.atoms()), "")) \
                and poly.atoms() <= self.atom_symbols:
            var.symbol = next(iter(poly.atoms()))  # the atom itself
            return
        cast = "arith.index_cast" if var.ctype.signed else "arith.index_castui"
        index = self.builder.op(f"{cast} {var.value.name} : {var.ctype.mlir} to index",
                                var.ctype, node)
        var.symbol = index.name
        if poly is not None:
            self.symbol_polys[index.name] = poly

    def _scalar_target(self, target: c_ast.Node, node: c_ast.Node) -> Scalar:
        if isinstance(target, c_ast.StructRef):
            raise unsupported("assignment to a struct field (fields are read-only here)",
                              node)
        if not isinstance(target, c_ast.ID):
            raise unsupported(describe(target), target)
        var = self.lookup(target)
        if isinstance(var, LoopCounter):
            raise unsupported(f"assignment to loop counter '{var.name}' in its loop", node)
        if isinstance(var, Array):
            what = "local pointer" if var.base else "array"
            raise unsupported(f"assignment to {what} '{var.name}'", node)
        if isinstance(var, Struct):
            raise unsupported(f"assignment to struct '{var.name}'", node)
        if var.symbol is not None and var.value is None:
            self.rvalue(target)
        var.symbol = None
        return var

    def unary_update(self, node: c_ast.UnaryOp) -> Value:
        """`++x`, `x++`, `--x`, `x--` on scalars and array elements."""
        if node.op not in ("++", "--", "p++", "p--"):
            return super().unary_update(node)
        target = node.expr
        old = self.load(target) if isinstance(target, c_ast.ArrayRef) else self.rvalue(target)
        one = c_ast.Constant("int", "1", coord=node.coord)
        step = c_ast.BinaryOp("+" if "+" in node.op else "-", target, one, coord=node.coord)
        new = self.arith(step.op, old, self.constant(1, ct.INT, node), node)
        if isinstance(target, c_ast.ArrayRef):
            new = self.store(target, new)
        else:
            var = self._scalar_target(target, node)
            new = self.convert(new, var.ctype, node)
            self.record_form(new, step)
            var.value = new
        return old if node.op.startswith("p") else new
