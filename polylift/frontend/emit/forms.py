"""Affine forms and polynomials of C integer expressions, where they equal C's value.

A form is only taken where its mathematical value is the value C computes:

- signed arithmetic (`+ - *`, unary `-`): overflow is undefined, so where the C
  program is defined no result wraps;
- 64-bit unsigned `+` and `*` (`size_t` sizes): they wrap only past 2^64, and the
  `index` values holding them are signed 64-bit anyway, so the translation assumes (as
  every object's size is below PTRDIFF_MAX) that such sizes stay below 2^63;
- never unsigned `-` or 32-bit unsigned `+`/`*`, which wrap on ordinary values
  (`n - 1` for `n == 0`): those are computed with C's arithmetic instead, and an
  invariant loop bound becomes a symbol computed once (`loops.py`);
- a cast only when the target type holds every value of the source type.

A product of two non-constant forms is affine when neither holds an induction
variable: a product of parameters is a symbol computed once at the function's entry
(`%prod_N`), a product of other top-level values is computed where it is used, at the
top level, which makes it a valid symbol too.

An integer expression over parameters that none of these rules takes (`a / b`, `n >> 1`)
is an entry atom (`entry.py`): one symbol, an atom of the polynomials as a parameter is.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from pycparser import c_ast

from polylift.frontend.c import ctype as ct
from polylift.frontend.c.ctype import LONG, CType
from polylift.frontend.c.source import UnsupportedError, int_literal
from polylift.frontend.emit.builder import Value
from polylift.frontend.emit.fields import FieldLowering
from polylift.frontend.emit.state import LoopCounter, Scalar, Var
from polylift.frontend.index.affine import Affine, affine_map
from polylift.frontend.index.paths import ParameterTest
from polylift.frontend.index.poly import Monomial, Poly, emit_index
from polylift.subscripts import plain_subscript

Constraint = tuple[Affine, bool]


def holds_every_value(source: CType, target: CType) -> bool:
    """Whether converting an integer of type `source` to `target` never changes it."""
    if source.is_float or target.is_float:
        return False
    if source.signed == target.signed:
        return target.bits >= source.bits
    return not source.signed and target.bits > source.bits


@dataclass(frozen=True)
class SignedOperand:
    """An expression that is its operand's value times `sign`, exactly: a unary `+` or
    `-` or a cast that loses nothing (`FormLowering._signed_operand`)."""

    expr: c_ast.Node
    sign: int


# A comparison `a OP b` as `poly RELATION 0` over integers.
_RELATIONS: dict[str, Callable[[Poly, Poly], tuple[Poly, str]]] = {
    "<": lambda a, b: (b - a - Poly.constant(1), ">="), "<=": lambda a, b: (b - a, ">="),
    ">": lambda a, b: (a - b - Poly.constant(1), ">="), ">=": lambda a, b: (a - b, ">="),
    "==": lambda a, b: (a - b, "=="), "!=": lambda a, b: (a - b, "!="),
}


class FormLowering(FieldLowering):
    """Affine forms and polynomials of integer expressions."""

    def rvalue(self, node: c_ast.Node) -> Value:
        """Lower an expression to a value (defined by the expression lowering)."""
        raise NotImplementedError

    def cast_type(self, node: c_ast.Cast) -> CType:
        """The arithmetic type a cast names (defined by the function lowering)."""
        raise NotImplementedError

    def type_of(self, node: c_ast.Node) -> CType:
        """The C type of an expression (defined by the control lowering)."""
        raise NotImplementedError

    def atom_symbol(self, node: c_ast.Node) -> str | None:
        """The entry atom of an expression, or None (defined by the entry lowering)."""
        raise NotImplementedError

    def factor_atom(self, node: c_ast.Node) -> str | None:
        """An entry atom's symbol, not yet computed (defined by the entry lowering)."""
        raise NotImplementedError

    def use_atoms(self, symbols: set[str]) -> None:
        """Compute the factor atoms among `symbols` at the entry (entry lowering)."""
        raise NotImplementedError

    def _atom_form(self, node: c_ast.Node) -> Affine | None:
        symbol = self.atom_symbol(node)
        return Affine.atom(symbol) if symbol is not None else None

    def _atom_poly(self, node: c_ast.Node) -> Poly | None:
        symbol = self.atom_symbol(node)
        return Poly.atom(symbol) if symbol is not None else None

    def _type_or_none(self, node: c_ast.Node) -> CType | None:
        try:
            return self.type_of(node)
        except UnsupportedError:
            return None

    def exact_arith(self, node: c_ast.Node) -> bool:
        """Whether an integer `+ - *` or unary `-` never wraps where C is defined."""
        ctype = self._type_or_none(node)
        if ctype is None or ctype.is_float:
            return False
        if ctype.signed:
            return True
        return ctype.bits == 64 and isinstance(node, c_ast.BinaryOp) and node.op in ("+", "*")

    def _exact_cast(self, node: c_ast.Cast) -> bool:
        inner = self._type_or_none(node.expr)
        return inner is not None and holds_every_value(inner, self.cast_type(node))

    def _signed_operand(self, node: c_ast.Node) -> SignedOperand | None:
        """`node` as plus or minus its operand, where C computes it exactly (the forms
        of `affine_of`, `poly_of` and `factored_poly_of` go through it alike)."""
        if isinstance(node, c_ast.UnaryOp) and node.op == "+":
            return SignedOperand(node.expr, 1)
        if isinstance(node, c_ast.UnaryOp) and node.op == "-" and self.exact_arith(node):
            return SignedOperand(node.expr, -1)
        if isinstance(node, c_ast.Cast) and self._exact_cast(node):
            return SignedOperand(node.expr, 1)
        return None

    def affine_of(self, node: c_ast.Node | None) -> Affine | None:
        """The affine form of an integer expression over counters and symbols, where it
        equals the C value; None otherwise."""
        if node is None:
            return None
        literal = int_literal(node)
        if literal is not None:
            return Affine.constant(literal)
        value = self.enumerator(node)
        if value is not None:
            return Affine.constant(value)
        if self.is_named(node):
            found = self._affine_var(self.named(node))
            return found if found is not None else self._atom_form(node)
        signed = self._signed_operand(node)
        if signed is not None:
            inner = self.affine_of(signed.expr)
            return inner.scale(signed.sign) if inner is not None else None
        if isinstance(node, c_ast.BinaryOp) and node.op in ("+", "-", "*") \
                and self.exact_arith(node):
            return self._affine_binary(node)
        return self._atom_form(node)

    def _affine_var(self, var: Var) -> Affine | None:
        if isinstance(var, LoopCounter):
            return var.form
        if not isinstance(var, Scalar) or var.ctype.is_float:
            return None
        if var.symbol is not None:
            return Affine.atom(var.symbol)
        if var.value is not None:
            form = self.value_forms.get((var.value.name, var.value.ctype))
            return form if form is None or self.may_stand_for(var, form.atoms()) else None
        return None

    def may_stand_for(self, var: Scalar, atoms: Iterable[str]) -> bool:
        """Whether the local may be read as a value that holds an entry atom: only if
        the body never assigns it after its declaration."""
        if var.name not in self.reassigned:
            return True
        return not any(a in self.atom_symbols or (
            a in self.symbol_polys and self.symbol_polys[a].atoms() & self.atom_symbols)
            for a in atoms)

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
        return self._product(left, right, node)

    def _product(self, left: Affine, right: Affine, node: c_ast.Node) -> Affine | None:
        """A product of two forms free of induction variables, as one symbol."""
        if any(a in self.dims for a in left.atoms() + right.atoms()):
            return None
        polys = [Poly.of_affine(f, self.resolve_atom) for f in (left, right)]
        if polys[0] is not None and polys[1] is not None:
            product = polys[0] * polys[1]
            if product.atoms() <= self.param_symbols | self.atom_symbols:
                return Affine.atom(self.entry_poly(product))
        if len(self.builder.caches) != 1:
            return None
        a, b = self.index_of_form(left, node), self.index_of_form(right, node)
        made = self.builder.op(f"arith.muli {a}, {b} : index", LONG, node)
        if polys[0] is not None and polys[1] is not None:
            self.symbol_polys[made.name] = polys[0] * polys[1]
        return Affine.atom(made.name)

    def entry_poly(self, poly: Poly) -> str:
        """An `index` value computed at the function's entry holding a polynomial over
        parameters (a valid symbol everywhere)."""
        # One symbol itself: `subscripts.plain_subscript` asks this of a linear form; a
        # polynomial's terms are monomials (the constant among them), so it asks here.
        if len(poly.terms) == 1 and poly.terms[0][1] == 1 and len(poly.terms[0][0]) == 1:
            return poly.terms[0][0][0]
        key: Monomial = ("poly",) + tuple(f"{m}:{c}" for m, c in poly.terms)
        if key not in self.mono_symbols:
            def new(text: str) -> str:
                name = f"%prod_{len(self.prologue)}"
                self.prologue.append(f"{name} = {text}")
                return name

            self.mono_symbols[key] = emit_index(poly, new)
            self.symbol_polys[self.mono_symbols[key]] = poly
        return self.mono_symbols[key]

    def resolve_atom(self, name: str) -> Poly | None:
        """An atom of an affine form as a polynomial over induction variables and
        parameters (a local symbol becomes the polynomial it was set to), or None."""
        if name in self.dims or name in self.param_symbols or name in self.atom_symbols:
            return Poly.atom(name)
        return self.symbol_polys.get(name)

    def poly_of(self, node: c_ast.Node) -> Poly | None:
        """An integer expression as a polynomial over counters and parameters, where it
        equals the C value (the rules of `affine_of`), or None."""
        literal = int_literal(node)
        if literal is not None:
            return Poly.constant(literal)
        value = self.enumerator(node)
        if value is not None:
            return Poly.constant(value)
        if self.is_named(node):
            found = self._poly_var(self.named(node))
            return found if found is not None else self._atom_poly(node)
        signed = self._signed_operand(node)
        if signed is not None:
            inner = self.poly_of(signed.expr)
            return inner.scale(signed.sign) if inner is not None else None
        if isinstance(node, c_ast.BinaryOp) and node.op in ("+", "-", "*") \
                and self.exact_arith(node):
            left, right = self.poly_of(node.left), self.poly_of(node.right)
            if left is None or right is None:
                return None
            return left + right if node.op == "+" else left - right if node.op == "-" \
                else left * right
        return self._atom_poly(node)

    def factored_poly_of(self, node: c_ast.Node) -> Poly | None:
        """`poly_of`, where a counter times a factor of several terms free of counters
        (`j*(a - b)`, `j*s` with `s = a - b` set once) holds that factor as one entry
        atom (`entry.factor_atom`): `j*atom` is a sum of strides, where `j*a - j*b`
        subtracts a counter (no view takes it). The atom is C's value of the factor, so
        the product is C's product wherever the polynomial is."""
        signed = self._signed_operand(node)
        if signed is not None:
            inner = self.factored_poly_of(signed.expr)
            return inner.scale(signed.sign) if inner is not None else None
        if not (isinstance(node, c_ast.BinaryOp) and node.op in ("+", "-", "*")
                and self.exact_arith(node)):
            return self.poly_of(node)
        left, right = self.factored_poly_of(node.left), self.factored_poly_of(node.right)
        if left is None or right is None:
            return None
        if node.op != "*":
            return left + right if node.op == "+" else left - right
        return self._as_factor(node.left, left, right) * self._as_factor(node.right, right, left)

    def _as_factor(self, node: c_ast.Node, poly: Poly, other: Poly) -> Poly:
        """`poly` (of `node`), or its atom where it has several terms and no counter and
        the other factor `other` holds one."""
        if len(poly.terms) < 2 or poly.atoms() & self.dims or not other.atoms() & self.dims:
            return poly
        symbol = self.factor_atom(node)
        return Poly.atom(symbol) if symbol is not None else poly

    def _poly_var(self, var: Var) -> Poly | None:
        if isinstance(var, LoopCounter):
            return Poly.of_affine(var.form, self.resolve_atom)
        if not isinstance(var, Scalar) or var.ctype.is_float:
            return None
        if var.symbol is not None:
            return self.resolve_atom(var.symbol)
        if var.value is not None:
            poly = self.value_polys.get((var.value.name, var.value.ctype))
            return poly if poly is None or self.may_stand_for(var, poly.atoms()) else None
        return None

    def parameter_tests(self, node: c_ast.Node) -> list[ParameterTest] | None:
        """The condition as tests of the function's integer parameters that all hold
        exactly where it does (`!TA && TB < 0`: `TA == 0`, `-TB - 1 >= 0`), or None
        where it is not one (it reads a counter, data, a float; it is an `||`)."""
        if isinstance(node, c_ast.BinaryOp) and node.op == "&&":
            left, right = self.parameter_tests(node.left), self.parameter_tests(node.right)
            return left + right if left is not None and right is not None else None
        if isinstance(node, c_ast.UnaryOp) and node.op == "!":
            inner = self._parameter_poly(node.expr)
            return [ParameterTest(inner, "==")] if inner is not None else None
        if isinstance(node, c_ast.BinaryOp) and node.op in _RELATIONS:
            left, right = self._parameter_poly(node.left), self._parameter_poly(node.right)
            if left is None or right is None or not self._signed_comparison(node):
                return None
            poly, relation = _RELATIONS[node.op](left, right)
            return [ParameterTest(poly, relation)]
        inner = self._parameter_poly(node)
        return [ParameterTest(inner, "!=")] if inner is not None else None

    def _parameter_poly(self, node: c_ast.Node) -> Poly | None:
        """An integer expression of the parameters alone as a polynomial, or None."""
        ctype = self._type_or_none(node)
        poly = self.poly_of(node) if ctype is not None and not ctype.is_float else None
        return poly if poly is not None and poly.atoms() <= self.param_symbols else None

    def affine_constraints(self, node: c_ast.Node) -> list[Constraint] | None:
        """The condition as affine constraints (`form >= 0`, `form == 0`), if it is one
        (a comparison C makes in a signed type, of exact forms)."""
        if isinstance(node, c_ast.BinaryOp) and node.op == "&&":
            left = self.affine_constraints(node.left)
            right = self.affine_constraints(node.right)
            return left + right if left is not None and right is not None else None
        if not isinstance(node, c_ast.BinaryOp) or node.op not in ("<", "<=", ">", ">=", "=="):
            return None
        if not self._signed_comparison(node):
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

    def _signed_comparison(self, node: c_ast.BinaryOp) -> bool:
        """Whether C compares the two sides as they are: in a signed type, or in an
        unsigned one that both sides have already (no negative value is converted)."""
        left, right = self._type_or_none(node.left), self._type_or_none(node.right)
        if left is None or right is None or left.is_float or right.is_float:
            return False
        if ct.usual_conversion(left, right).signed:
            return True
        # An unsigned comparison: a signed side keeps its value only if it is >= 0.
        return all(t is not None and (not t.signed or self._non_negative_constant(side))
                   for t, side in ((left, node.left), (right, node.right)))

    def _non_negative_constant(self, node: c_ast.Node) -> bool:
        form = self.affine_of(node)
        return form is not None and form.is_constant and form.const >= 0

    def index_of_form(self, form: Affine, node: c_ast.Node) -> str:
        """An `index` SSA value holding the affine form."""
        atom = plain_subscript(form, shifted=False)
        if atom is not None:
            return atom
        if form.is_constant:
            key: object = ("index", form.const)
            found = self.builder.cached(key)
            if found is None:
                found = self.builder.remember(key, self.builder.op(
                    f"arith.constant {form.const} : index", LONG, node))
            return found.name
        key = ("apply", form)
        found = self.builder.cached(key)
        if found is None:
            found = self.builder.op(f"affine.apply {affine_map([form], self.dims)}", LONG, node)
            self.builder.remember(key, found)
        return found.name

    def record_form(self, value: Value, node: c_ast.Node) -> None:
        """Remember the form and polynomial of an integer value assigned from `node`
        (an assignment converts, so only one that keeps the value counts)."""
        if value.ctype.is_float:
            return
        source = self._type_or_none(node)
        if source is None or not holds_every_value(source, value.ctype):
            return
        form, poly = self.affine_of(node), self.poly_of(node)
        if form is not None:
            self.value_forms[(value.name, value.ctype)] = form
        if poly is not None:
            self.value_polys[(value.name, value.ctype)] = poly
