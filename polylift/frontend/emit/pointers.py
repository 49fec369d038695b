"""Pointer expressions: an array plus an offset, and tests of a pointer against null.

C code names parts of an array with pointer arithmetic (`float *a = l.output + b*n;`,
`gemm(..., &x[k], ...)`). Such a pointer is a view of the array it points into: the
same memref, with `offset` elements added to every subscript, so its accesses are the
array's and aliasing, delinearisation and the raising see them as such.

A test `if (p)` (`p != NULL`, `!p`) of an optional array compares the memref's
aligned pointer with 0. For a pointer into an array the array's own pointer is tested:
adding an offset to a null pointer is undefined in C, so where C is defined both are
null or neither is.
"""

from __future__ import annotations

from dataclasses import replace

from pycparser import c_ast

from polylift.frontend.c.ctype import LONG
from polylift.frontend.c.source import int_literal, unsupported
from polylift.frontend.emit.builder import Value
from polylift.frontend.emit.expr import BOOL, ExprLowering
from polylift.frontend.emit.state import Array, Offset


class PointerLowering(ExprLowering):
    """Pointer arithmetic on arrays, and null tests."""

    def pointer_of(self, node: c_ast.Node) -> Array:
        """The array a pointer expression points into, with its offset in elements."""
        if self.is_named(node):
            var = self.named(node)
            if isinstance(var, Array):
                return var
            raise unsupported(f"'{getattr(var, 'name', '?')}' used as a pointer", node)
        if isinstance(node, c_ast.BinaryOp) and node.op in ("+", "-"):
            if self._is_pointer(node.left):
                return self._shifted(self.pointer_of(node.left), node.right, node.op == "-")
            if node.op == "+" and self._is_pointer(node.right):
                return self._shifted(self.pointer_of(node.right), node.left, False)
        if isinstance(node, c_ast.UnaryOp) and node.op == "&" \
                and isinstance(node.expr, c_ast.ArrayRef) \
                and not isinstance(node.expr.name, c_ast.ArrayRef):
            return self._shifted(self.pointer_of(node.expr.name), node.expr.subscript, False)
        raise unsupported("pointer expression (expected an array, a pointer field, or one "
                          "of them plus an integer)", node)

    def _is_pointer(self, node: c_ast.Node) -> bool:
        if self.is_named(node):
            return self.enumerator(node) is None and isinstance(self.named(node), Array)
        if isinstance(node, c_ast.BinaryOp) and node.op in ("+", "-"):
            return self._is_pointer(node.left) or (node.op == "+" and self._is_pointer(node.right))
        return isinstance(node, c_ast.UnaryOp) and node.op == "&"

    def _shifted(self, var: Array, amount: c_ast.Node, negate: bool) -> Array:
        """`var + amount` (or `- amount`)."""
        if var.rank != 1 and not var.pointer:
            raise unsupported("pointer into a multi-dimensional array", amount)
        if self.type_of(amount).is_float:
            raise unsupported("pointer plus a floating-point value", amount)
        sign = -1 if negate else 1
        form, poly = self.affine_of(amount), self.poly_of(amount)
        factored = self.factored_poly_of(amount)
        form = form.scale(sign) if form is not None else None
        poly = poly.scale(sign) if poly is not None else None
        factored = factored.scale(sign) if factored is not None else None
        old = var.offset
        if old is not None:
            form = old.form + form if old.form is not None and form is not None else None
            poly = old.poly + poly if old.poly is not None and poly is not None else None
            factored = old.factored + factored \
                if old.factored is not None and factored is not None else None
        index = ""
        if form is None:
            index = self._signed_index(amount, negate)
            if old is not None:
                index = self._sum(self.offset_index(old, amount), index, amount)
        return replace(var, base=var.arg, offset=Offset(form, poly, index, factored))

    def _signed_index(self, amount: c_ast.Node, negate: bool) -> str:
        index = self.index_of(amount)
        if not negate:
            return index
        zero = self.builder.op("arith.constant 0 : index", LONG, amount).name
        return self.builder.op(f"arith.subi {zero}, {index} : index", LONG, amount).name

    def _sum(self, a: str, b: str, node: c_ast.Node) -> str:
        return self.builder.op(f"arith.addi {a}, {b} : index", LONG, node).name

    def condition(self, node: c_ast.Node) -> Value:
        """A condition as an `i1`; a pointer tested against null reads its address."""
        tested = self._null_test(node)
        if tested is None:
            return super().condition(node)
        pointer, nonzero = tested
        var = self.pointer_of(pointer)
        address = self.builder.op(f"memref.extract_aligned_pointer_as_index {var.ssa} : "
                                  f"{var.mlir_type} -> index", LONG, node)
        zero = self.builder.op("arith.constant 0 : index", LONG, node)
        pred = "ne" if nonzero else "eq"
        return self.builder.op(f"arith.cmpi {pred}, {address.name}, {zero.name} : index",
                               BOOL, node)

    def _null_test(self, node: c_ast.Node) -> tuple[c_ast.Node, bool] | None:
        """(pointer, whether the test is `!= NULL`) for `p`, `!p`, `p != 0`, `p == 0`."""
        if self._names_pointer(node):
            return node, True
        if isinstance(node, c_ast.UnaryOp) and node.op == "!" and self._names_pointer(node.expr):
            return node.expr, False
        if isinstance(node, c_ast.BinaryOp) and node.op in ("==", "!="):
            for pointer, other in ((node.left, node.right), (node.right, node.left)):
                if self._names_pointer(pointer) and _is_null(other):
                    return pointer, node.op == "!="
        return None

    def _names_pointer(self, node: c_ast.Node) -> bool:
        return self.is_named(node) and self.enumerator(node) is None \
            and isinstance(self.named(node), Array)


def _is_null(node: c_ast.Node) -> bool:
    """`0` or `(void *)0` (what NULL expands to)."""
    if isinstance(node, c_ast.Cast):
        node = node.expr
    return int_literal(node) == 0
