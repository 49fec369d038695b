"""Lowering C expressions to `arith`/`math` ops with C's conversions and promotions."""

from __future__ import annotations

import math
from fractions import Fraction

from pycparser import c_ast

from polylift.frontend.c import ctype as ct
from polylift.frontend.c.ctype import CType
from polylift.frontend.c.source import int_literal, unsupported
from polylift.frontend.emit.access import AccessLowering
from polylift.frontend.emit.builder import Value
from polylift.frontend.emit.state import Array, LoopCounter, Scalar, Struct, Var

# C operator -> (signed int op, unsigned int op, float op); "" where C has none.
ARITH_OPS: dict[str, tuple[str, str, str]] = {
    "+": ("addi", "addi", "addf"), "-": ("subi", "subi", "subf"),
    "*": ("muli", "muli", "mulf"), "/": ("divsi", "divui", "divf"),
    "%": ("remsi", "remui", ""), "&": ("andi", "andi", ""), "|": ("ori", "ori", ""),
    "^": ("xori", "xori", ""), "<<": ("shli", "shli", ""), ">>": ("shrsi", "shrui", ""),
}

# C comparison -> (signed predicate, unsigned predicate, float predicate).
COMPARES: dict[str, tuple[str, str, str]] = {
    "<": ("slt", "ult", "olt"), "<=": ("sle", "ule", "ole"), ">": ("sgt", "ugt", "ogt"),
    ">=": ("sge", "uge", "oge"), "==": ("eq", "eq", "oeq"), "!=": ("ne", "ne", "une"),
}

BOOL = CType("_Bool", "int", 1, False, 0)
_ESCAPES = {"n": 10, "t": 9, "r": 13, "0": 0, "\\": 92, "'": 39, '"': 34, "a": 7,
            "b": 8, "f": 12, "v": 11}


def _char_value(text: str, node: c_ast.Node) -> int:
    body = text[1:-1]
    if len(body) == 1:
        return ord(body)
    if body.startswith("\\x"):
        return ct.wrap(int(body[2:], 16), ct.CHAR)
    if body.startswith("\\") and body[1:].isdigit():
        return ct.wrap(int(body[1:], 8), ct.CHAR)
    if body.startswith("\\") and body[1:] in _ESCAPES:
        return _ESCAPES[body[1:]]
    raise unsupported(f"character literal {text}", node)


def int_literal_type(node: c_ast.Constant, value: int) -> CType:
    """The type C gives an integer literal (by suffix, base and value)."""
    suffix = node.value.lower()
    unsigned, longs = "u" in suffix, suffix.count("l")
    decimal = not node.value.lower().startswith("0")
    candidates = [ct.INT, ct.UINT, ct.LONG, ct.ULONG] if not longs else [ct.LONG, ct.ULONG]
    if unsigned:
        candidates = [c for c in candidates if not c.signed]
    elif decimal:
        candidates = [c for c in candidates if c.signed] or candidates
    for candidate in candidates:
        if value < 1 << (candidate.bits - (1 if candidate.signed else 0)):
            return candidate
    raise unsupported(f"integer literal {node.value} (too large)", node)


def float_literal(node: c_ast.Constant) -> tuple[float, CType]:
    """The value (rounded once) and type of a floating literal."""
    text = node.value
    if text[-1] in "lL":
        raise unsupported("long double literal", node)
    ctype = ct.FLOAT if text[-1] in "fF" else ct.DOUBLE
    body = text.rstrip("fF")
    exact = Fraction(float.fromhex(body)) if body.lower().startswith("0x") else Fraction(body)
    return ct.round_float(exact, ctype), ctype


class ExprLowering(AccessLowering):
    """Expressions: literals, variables, arithmetic, comparisons, casts, calls."""

    def rvalue(self, node: c_ast.Node) -> Value:
        """Lower an expression to a value of its C type."""
        method = getattr(self, f"_x_{type(node).__name__}", None)
        if method is None:
            raise unsupported(describe(node), node)
        return method(node)

    def constant(self, value: int | float, ctype: CType, node: c_ast.Node | None) -> Value:
        """A constant of `ctype` (cached in the current region)."""
        key = ("const", ctype.mlir, value if not ctype.is_float else ct.float_bits(value, ctype))
        found = self.builder.cached(key)
        if found is not None:
            return Value(found.name, ctype, value)
        if ctype.is_float:
            text = f"arith.constant {ct.float_bits(float(value), ctype)} : {ctype.mlir}"
        else:
            text = f"arith.constant {ct.wrap(int(value), ctype)} : {ctype.mlir}"
        made = self.builder.op(text, ctype, node)
        self.builder.remember(key, made)
        return Value(made.name, ctype, value)

    def _x_Constant(self, node: c_ast.Constant) -> Value:
        if node.type == "char":
            return self.constant(_char_value(node.value, node), ct.INT, node)
        literal = int_literal(node)
        if literal is not None:
            return self.constant(literal, int_literal_type(node, literal), node)
        if node.type in ("float", "double", "long double"):
            value, ctype = float_literal(node)
            return self.constant(value, ctype, node)
        raise unsupported(f"{node.type} literal", node)

    def _x_ID(self, node: c_ast.ID) -> Value:
        value = self.enumerator(node)
        if value is not None:
            return self.constant(value, ct.INT, node)
        return self._named_value(self.named(node), node)

    def _x_StructRef(self, node: c_ast.StructRef) -> Value:
        return self._named_value(self.named(node), node)

    def _named_value(self, var: Var, node: c_ast.Node) -> Value:
        if isinstance(var, LoopCounter):
            return self._counter_value(var, node)
        if isinstance(var, Array):
            raise unsupported(f"use of array '{var.name}' as a value", node)
        if isinstance(var, Struct):
            raise unsupported(f"use of struct '{var.name}' as a value", node)
        if var.value is not None:
            return var.value
        if var.symbol is not None:
            return self._parameter_value(var, node)
        what = "loop counter" if var.dead_counter else "uninitialized variable"
        raise unsupported(f"read of {what} '{var.name}' after its loop"
                          if var.dead_counter else f"read of {what} '{var.name}'", node)

    def _parameter_value(self, var: Scalar, node: c_ast.Node) -> Value:
        """An integer parameter as a C value: one cast of its `index` at the entry (in
        an entry atom's ops, which stand alone, a cast of their own)."""
        assert var.symbol is not None
        if self.isolated:
            key = ("parameter", var.symbol, var.ctype.mlir)
            found = self.builder.cached(key)
            if found is None:
                found = self.builder.remember(key, self.builder.op(
                    f"arith.index_cast {var.symbol} : index to {var.ctype.mlir}", var.ctype,
                    node))
            return found
        found = self.entry_casts.get(var.symbol)
        if found is None:
            name = f"%{var.name}_{var.ctype.mlir}_{len(self.prologue)}"
            self.prologue.append(f"{name} = arith.index_cast {var.symbol} : index "
                                 f"to {var.ctype.mlir}")
            found = self.entry_casts[var.symbol] = Value(name, var.ctype)
        return found

    def _counter_value(self, var: LoopCounter, node: c_ast.Node) -> Value:
        index = self.index_of_form(var.form, node)
        key = ("counter", index, var.ctype.mlir)
        found = self.builder.cached(key)
        if found is None:
            found = self.builder.op(f"arith.index_cast {index} : index to {var.ctype.mlir}",
                                    var.ctype, node)
            self.builder.remember(key, found)
        return Value(found.name, var.ctype)

    def _x_ArrayRef(self, node: c_ast.ArrayRef) -> Value:
        return self.load(node)

    def _x_ExprList(self, node: c_ast.ExprList) -> Value:
        values = [self.rvalue(e) for e in node.exprs]
        return values[-1]

    def convert(self, value: Value, to: CType, node: c_ast.Node) -> Value:
        """`value` converted to `to` as C converts on assignment and in arithmetic."""
        src = value.ctype
        if src == to:
            return value
        if value.const is not None:
            folded = _fold_conversion(value.const, src, to)
            if folded is not None:
                return self.constant(folded, to, node)
        if src.mlir == to.mlir:
            return Value(value.name, to)
        op = _conversion_op(src, to)
        return self.builder.op(f"arith.{op} {value.name} : {src.mlir} to {to.mlir}", to, node)

    def to_bool(self, value: Value, node: c_ast.Node) -> Value:
        """An `i1` that is true where the C value is nonzero."""
        if value.ctype == BOOL:
            return value
        zero = self.constant(0.0 if value.ctype.is_float else 0, value.ctype, node)
        pred = "une" if value.ctype.is_float else "ne"
        kind = "cmpf" if value.ctype.is_float else "cmpi"
        return self.builder.op(f"arith.{kind} {pred}, {value.name}, {zero.name} : "
                               f"{value.ctype.mlir}", BOOL, node)

    def arith(self, op: str, left: Value, right: Value, node: c_ast.Node) -> Value:
        """`left op right` after the usual arithmetic conversions (C's result type)."""
        if op in ("<<", ">>"):
            common = ct.promote(left.ctype)
            if common.is_float or right.ctype.is_float:
                raise unsupported("shift of a floating-point value", node)
        else:
            common = ct.usual_conversion(left.ctype, right.ctype)
        a, b = self.convert(left, common, node), self.convert(right, common, node)
        signed_op, unsigned_op, float_op = ARITH_OPS[op]
        name = float_op if common.is_float else signed_op if common.signed else unsigned_op
        if not name:
            raise unsupported(f"operator '{op}' on floating-point values", node)
        return self.builder.op(f"arith.{name} {a.name}, {b.name} : {common.mlir}", common, node)

    def compare(self, op: str, left: Value, right: Value, node: c_ast.Node) -> Value:
        """`left op right` as an `i1`."""
        common = ct.usual_conversion(left.ctype, right.ctype)
        a, b = self.convert(left, common, node), self.convert(right, common, node)
        signed, unsigned, flt = COMPARES[op]
        pred = flt if common.is_float else signed if common.signed else unsigned
        kind = "cmpf" if common.is_float else "cmpi"
        return self.builder.op(f"arith.{kind} {pred}, {a.name}, {b.name} : {common.mlir}",
                               BOOL, node)

    def _x_BinaryOp(self, node: c_ast.BinaryOp) -> Value:
        if node.op in COMPARES or node.op in ("&&", "||"):
            return self.convert(self.condition(node), ct.INT, node)
        if node.op not in ARITH_OPS:
            raise unsupported(f"operator '{node.op}'", node)
        return self.arith(node.op, self.rvalue(node.left), self.rvalue(node.right), node)

    def condition(self, node: c_ast.Node) -> Value:
        """A C condition as an `i1` (comparisons and `&&`/`||` stay in `i1`)."""
        if isinstance(node, c_ast.BinaryOp) and node.op in COMPARES:
            return self.compare(node.op, self.rvalue(node.left), self.rvalue(node.right), node)
        if isinstance(node, c_ast.BinaryOp) and node.op in ("&&", "||"):
            return self.logical(node)
        if isinstance(node, c_ast.UnaryOp) and node.op == "!":
            inner = self.condition(node.expr)
            true = self.constant(1, BOOL, node)
            return self.builder.op(f"arith.xori {inner.name}, {true.name} : i1", BOOL, node)
        return self.to_bool(self.rvalue(node), node)

    def logical(self, node: c_ast.BinaryOp) -> Value:
        """`&&`/`||`; both sides run only when the right side cannot trap or write."""
        raise unsupported("short-circuit operator on a data-dependent operand", node)

    def _x_UnaryOp(self, node: c_ast.UnaryOp) -> Value:
        if node.op == "!":
            return self.convert(self.condition(node), ct.INT, node)
        if node.op in ("-", "+", "~"):
            return self._sign_op(node)
        return self.unary_update(node)

    def unary_update(self, node: c_ast.UnaryOp) -> Value:
        """`++`/`--` (defined with assignments)."""
        raise unsupported(describe(node), node)

    def _sign_op(self, node: c_ast.UnaryOp) -> Value:
        value = self.rvalue(node.expr)
        ctype = ct.promote(value.ctype)
        value = self.convert(value, ctype, node)
        if node.op == "+":
            return value
        if node.op == "-" and value.const is not None:
            folded = -value.const if ctype.is_float else ct.wrap(-int(value.const), ctype)
            return self.constant(folded, ctype, node)
        if node.op == "-" and ctype.is_float:
            return self.builder.op(f"arith.negf {value.name} : {ctype.mlir}", ctype, node)
        if ctype.is_float:
            raise unsupported("operator '~' on a floating-point value", node)
        if node.op == "-":
            return self.arith("-", self.constant(0, ctype, node), value, node)
        return self.arith("^", value, self.constant(-1, ctype, node), node)

    def _x_Cast(self, node: c_ast.Cast) -> Value:
        return self.convert(self.rvalue(node.expr), self.cast_type(node), node)

    def cast_type(self, node: c_ast.Cast) -> CType:
        """The arithmetic type a cast names (defined by the function lowering)."""
        raise unsupported("cast", node)


def _fold_conversion(value: int | float, src: CType, to: CType) -> int | float | None:
    if not to.is_float and not src.is_float:
        return ct.wrap(int(value), to)
    if to.is_float and src.is_float:
        if not math.isfinite(value):
            return value  # infinities and NaN convert exactly
        return ct.round_float(Fraction(value), to)
    if to.is_float and abs(int(value)) <= 1 << (24 if to.bits == 32 else 53):
        return float(int(value))
    return None


def _conversion_op(src: CType, to: CType) -> str:
    if src.is_float and to.is_float:
        return "extf" if to.bits > src.bits else "truncf"
    if src.is_float:
        return "fptosi" if to.signed else "fptoui"
    if to.is_float:
        return "sitofp" if src.signed else "uitofp"
    if to.bits < src.bits:
        return "trunci"
    if src == BOOL:
        return "extui"
    return "extsi" if src.signed else "extui"


def describe(node: c_ast.Node) -> str:
    """How an error names an expression construct outside the subset."""
    if isinstance(node, c_ast.UnaryOp):
        return {"&": "address-of operator", "*": "pointer dereference",
                "sizeof": "sizeof"}.get(node.op, f"operator '{node.op}'")
    names = {"StructRef": "struct access", "Constant": "literal", "CompoundLiteral":
             "compound literal", "InitList": "initializer list", "TernaryOp":
             "conditional expression", "Assignment": "assignment"}
    return names.get(type(node).__name__, f"C construct '{type(node).__name__}'")
