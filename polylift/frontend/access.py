"""Affine analysis of C integer expressions, and loads and stores of array elements."""

from __future__ import annotations

from pycparser import c_ast

from polylift.frontend.affine import Affine, affine_map, subscript
from polylift.frontend.aliasing import ArgAccess
from polylift.frontend.builder import Value
from polylift.frontend.ctype import LONG, CType
from polylift.frontend.delinearize import ArrayView, FlatAccess
from polylift.frontend.poly import Monomial, Poly, emit_index
from polylift.frontend.source import unsupported
from polylift.frontend.state import Array, LoopCounter, LoweringState, Scalar

Constraint = tuple[Affine, bool]


def int_literal(node: c_ast.Node) -> int | None:
    """The value of a decimal, octal or hexadecimal integer literal node."""
    if not isinstance(node, c_ast.Constant) or node.type not in (
            "int", "unsigned int", "long int", "unsigned long int", "long long int",
            "unsigned long long int"):
        return None
    text = node.value.rstrip("uUlL")
    if text.lower().startswith("0x"):
        return int(text, 16)
    if text.lower().startswith("0b"):
        return int(text, 2)
    return int(text, 8) if len(text) > 1 and text.startswith("0") else int(text)


class AccessLowering(LoweringState):
    """Affine forms of subscripts and bounds, array loads and stores."""

    def rvalue(self, node: c_ast.Node) -> Value:
        """Lower an expression to a value (defined by the expression lowering)."""
        raise NotImplementedError

    def convert(self, value: Value, to: CType, node: c_ast.Node) -> Value:
        """Convert a value as C does on assignment (defined by the expression lowering)."""
        raise NotImplementedError

    def cast_type(self, node: c_ast.Cast) -> CType:
        """The arithmetic type a cast names (defined by the function lowering)."""
        raise NotImplementedError

    def affine_of(self, node: c_ast.Node | None) -> Affine | None:
        """The affine form of an integer expression over counters and size parameters."""
        literal = int_literal(node) if node is not None else None
        if literal is not None:
            return Affine.constant(literal)
        if isinstance(node, c_ast.ID):
            return self._affine_id(node)
        if isinstance(node, c_ast.UnaryOp) and node.op in ("-", "+"):
            inner = self.affine_of(node.expr)
            return inner.scale(-1) if inner is not None and node.op == "-" else inner
        if isinstance(node, c_ast.Cast):
            return self.affine_of(node.expr)
        if isinstance(node, c_ast.BinaryOp) and node.op in ("+", "-", "*"):
            return self._affine_binary(node)
        return None

    def _affine_id(self, node: c_ast.ID) -> Affine | None:
        var = self.lookup(node)
        if isinstance(var, LoopCounter):
            return var.form
        if isinstance(var, Scalar) and var.symbol is not None:
            return Affine.atom(var.symbol)
        return None

    def _affine_binary(self, node: c_ast.BinaryOp) -> Affine | None:
        left, right = self.affine_of(node.left), self.affine_of(node.right)
        if left is None or right is None:
            return None
        if node.op == "+":
            return left + right
        if node.op == "-":
            return left - right
        if left.is_constant:
            return right.scale(left.const)
        if right.is_constant:
            return left.scale(right.const)
        return None

    def resolve_atom(self, name: str) -> Poly | None:
        """An atom of an affine form as a polynomial over induction variables and
        parameters (a local symbol becomes the polynomial it was set to), or None."""
        if name in self.dims or name in self.param_symbols:
            return Poly.atom(name)
        return self.symbol_polys.get(name)

    def poly_of(self, node: c_ast.Node) -> Poly | None:
        """A signed integer expression as a polynomial over counters and parameters
        (signed overflow is undefined, so it equals the C value), or None."""
        literal = int_literal(node)
        if literal is not None:
            assert isinstance(node, c_ast.Constant)
            return None if "u" in node.value.lower() else Poly.constant(literal)
        if isinstance(node, c_ast.ID):
            var = self.lookup(node)
            if isinstance(var, LoopCounter) and var.ctype.signed:
                return Poly.of_affine(var.form, self.resolve_atom)
            if isinstance(var, Scalar) and var.ctype.signed and not var.ctype.is_float \
                    and var.symbol is not None:
                return self.resolve_atom(var.symbol)
            return None
        if isinstance(node, c_ast.UnaryOp) and node.op in ("-", "+"):
            inner = self.poly_of(node.expr)
            return inner.scale(-1) if inner is not None and node.op == "-" else inner
        if isinstance(node, c_ast.Cast):
            to = self.cast_type(node)
            return self.poly_of(node.expr) if to.signed and not to.is_float \
                and to.bits >= 32 else None
        if isinstance(node, c_ast.BinaryOp) and node.op in ("+", "-", "*"):
            left, right = self.poly_of(node.left), self.poly_of(node.right)
            if left is None or right is None:
                return None
            return left + right if node.op == "+" else left - right if node.op == "-" \
                else left * right
        return None

    def affine_constraints(self, node: c_ast.Node) -> list[Constraint] | None:
        """The condition as affine constraints (`form >= 0`, `form == 0`), if it is one."""
        if isinstance(node, c_ast.BinaryOp) and node.op == "&&":
            left = self.affine_constraints(node.left)
            right = self.affine_constraints(node.right)
            return left + right if left is not None and right is not None else None
        if not isinstance(node, c_ast.BinaryOp) or node.op not in ("<", "<=", ">", ">=", "=="):
            return None
        left, right = self.affine_of(node.left), self.affine_of(node.right)
        if left is None or right is None:
            return None
        one = Affine.constant(1)
        return [{
            "<": (right - left - one, False), "<=": (right - left, False),
            ">": (left - right - one, False), ">=": (left - right, False),
            "==": (left - right, True),
        }[node.op]]

    def index_of_form(self, form: Affine, node: c_ast.Node) -> str:
        """An `index` SSA value holding the affine form."""
        if form.const == 0 and len(form.terms) == 1 and form.terms[0][1] == 1:
            return form.terms[0][0]
        key = ("apply", form)
        found = self.builder.cached(key)
        if found is None:
            found = self.builder.op(f"affine.apply {affine_map([form], self.dims)}", LONG, node)
            self.builder.remember(key, found)
        return found.name

    def index_of(self, node: c_ast.Node) -> str:
        """An `index` SSA value for an integer expression (affine or not)."""
        form = self.affine_of(node)
        if form is not None:
            return self.index_of_form(form, node)
        value = self.rvalue(node)
        if value.ctype.is_float:
            raise unsupported("floating-point array subscript", node)
        cast = "arith.index_cast" if value.ctype.signed else "arith.index_castui"
        return self.builder.op(f"{cast} {value.name} : {value.ctype.mlir} to index",
                               LONG, node).name

    def _element(self, node: c_ast.ArrayRef, write: bool) -> tuple[Array, str]:
        """The array and the bracketed subscripts `affine.`/`memref.` ops take."""
        subs: list[c_ast.Node] = []
        base: c_ast.Node = node
        while isinstance(base, c_ast.ArrayRef):
            subs.append(base.subscript)
            base = base.name
        if not isinstance(base, c_ast.ID):
            raise unsupported("subscript of a computed pointer", node)
        var = self.lookup(base)
        if not isinstance(var, Array):
            raise unsupported(f"subscript of '{base.name}', which is not an array", node)
        subs.reverse()
        if var.is_param:
            self.arg_accesses.append(ArgAccess(var.name, tuple(self.poly_of(s) for s in subs),
                                               tuple(self.loop_ranges), write))
        view = self.plan.views.get(var.name) if self.plan is not None else None
        if view is not None and len(subs) == 1:
            return var, self._view_subscripts(view, subs[0])
        if var.pointer and len(subs) == 1:
            self.flat_accesses.append(FlatAccess(var.name, self.poly_of(subs[0]),
                                                 tuple(self.loop_ranges)))
        if len(subs) != var.rank:
            raise unsupported(f"access to '{var.name}' with {len(subs)} subscripts "
                              f"(it has {var.rank} dimensions)", node)
        forms = [self.affine_of(s) for s in subs]
        if all(f is not None for f in forms):
            return var, "affine[" + ", ".join(
                subscript(f, self.dims) for f in forms if f is not None) + "]"
        return var, "memref[" + ", ".join(self.index_of(s) for s in subs) + "]"

    def _view_subscripts(self, view: ArrayView, sub: c_ast.Node) -> str:
        """The subscripts of a flattened access through the pointer's view."""
        index = self.poly_of(sub)
        if index is None:
            raise unsupported(f"subscript of '{view.name}' that the delinearisation "
                              "analysis did not see", sub)
        parts = view.split(index)
        forms = [p.to_affine(self.dims, self._monomial_symbol) for p in parts]
        if all(f is not None for f in forms):
            return "affine[" + ", ".join(
                subscript(f, self.dims) for f in forms if f is not None) + "]"

        def new(text: str) -> str:
            return self.builder.op(text, LONG, sub).name

        return "memref[" + ", ".join(emit_index(p, new) for p in parts) + "]"

    def _monomial_symbol(self, mono: Monomial) -> str:
        """A top-level `index` value (a valid affine symbol) holding a product of
        parameters."""
        if len(mono) == 1:
            return mono[0]
        if mono not in self.mono_symbols:
            def new(text: str) -> str:
                name = f"%prod_{len(self.prologue)}"
                self.prologue.append(f"{name} = {text}")
                return name

            self.mono_symbols[mono] = emit_index(Poly.make([(mono, 1)]), new)
        return self.mono_symbols[mono]

    def load(self, node: c_ast.ArrayRef) -> Value:
        """Load an array element."""
        var, access = self._element(node, False)
        dialect, subs = access.split("[", 1)
        return self.builder.op(f"{dialect}.load {var.ssa}[{subs} : {var.mlir_type}",
                               var.elem, node)

    def store(self, node: c_ast.ArrayRef, value: Value) -> Value:
        """Store `value` (converted to the element type) to an array element."""
        var, access = self._element(node, True)
        stored = self.convert(value, var.elem, node)
        dialect, subs = access.split("[", 1)
        self.builder.line(f"{dialect}.store {stored.name}, {var.ssa}[{subs} : {var.mlir_type}",
                          node)
        if var.is_param:
            self.written.add(var.name)
        return stored

