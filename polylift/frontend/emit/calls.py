"""Calls that stay calls: `math.h` functions, `assert`, and opaque functions.

- `math.h`: each function the table names becomes the `math` op (or `arith` op) whose
  lowering is the C library's own function or an exact IEEE operation (square root,
  absolute value, rounding to an integer), so the lifted program computes the bits the
  C library gives; where MLIR's lowering would compute something else (`expm1` becomes
  `exp(x) - 1`; `fmin`/`fmax` treat a signalling NaN differently), the library function
  itself is called (`func.call @fminf`). `tests/exec/test_frontend_math.py` runs each
  against gcc's build on many values (denormals, infinities, NaN, huge arguments).
- `NAN`, `INFINITY`, `HUGE_VAL`, `HUGE_VALF`: polylift's `math.h` spells them as gcc's
  builtins (`__builtin_nanf("")`, ...), read here as the constants they are.
- `assert(c)`: `cf.assert`, which aborts as C's assert does when `c` is false.
- A function the front end cannot inline (declared only, or defined but not
  static-control) is called through the C ABI: scalars by value, arrays as pointers to
  their first element (plus a local pointer's offset). It may read and write every
  array its arguments reach, so every such array counts as written, its accesses cover
  its whole memref (an alias guard compares that range), and the call carries
  `polylift.opaque_call`: nothing is raised or matched across it.
"""

from __future__ import annotations

import math

from pycparser import c_ast

from polylift.frontend.c import ctype as ct
from polylift.frontend.c.aliasing import ArgAccess
from polylift.frontend.c.ctype import CType
from polylift.frontend.c.source import unsupported
from polylift.frontend.emit.builder import Value
from polylift.frontend.emit.pointers import PointerLowering
from polylift.frontend.emit.state import Array
from polylift.function_versions import OPAQUE_CALL

_F, _D = ct.FLOAT, ct.DOUBLE
_UNARY = {"sqrt": "math.sqrt", "exp": "math.exp", "log": "math.log", "fabs": "math.absf",
          "floor": "math.floor", "ceil": "math.ceil", "tanh": "math.tanh", "sin": "math.sin",
          "cos": "math.cos", "tan": "math.tan", "exp2": "math.exp2", "log2": "math.log2",
          "log10": "math.log10", "log1p": "math.log1p", "atan": "math.atan",
          "erf": "math.erf", "erfc": "math.erfc", "round": "math.round",
          "trunc": "math.trunc", "cbrt": "math.cbrt", "asin": "math.asin",
          "acos": "math.acos", "sinh": "math.sinh", "cosh": "math.cosh",
          "rint": "math.roundeven"}
_BINARY = {"pow": "math.powf", "atan2": "math.atan2", "copysign": "math.copysign",
           "fmod": "arith.remf"}
# C function -> (op, type of its arguments and result, argument count).
MATH_CALLS: dict[str, tuple[str, CType, int]] = {
    **{n: (op, _D, 1) for n, op in _UNARY.items()},
    **{n + "f": (op, _F, 1) for n, op in _UNARY.items()},
    **{n: (op, _D, 2) for n, op in _BINARY.items()},
    **{n + "f": (op, _F, 2) for n, op in _BINARY.items()},
    "abs": ("math.absi", ct.INT, 1), "labs": ("math.absi", ct.LONG, 1),
}
# The builtins math.h's constants expand to -> (value, type); a NaN's payload is the
# empty string's (a quiet NaN, sign and payload clear).
BUILTIN_CONSTANTS: dict[str, tuple[float, CType]] = {
    "__builtin_nanf": (float("nan"), _F), "__builtin_nan": (float("nan"), _D),
    "__builtin_inff": (float("inf"), _F), "__builtin_inf": (float("inf"), _D),
    "__builtin_huge_valf": (float("inf"), _F), "__builtin_huge_val": (float("inf"), _D),
}
# Functions whose MLIR lowering differs from the C library: called as they are.
LIBM_CALLS: dict[str, tuple[CType, int]] = {
    "expm1": (_D, 1), "expm1f": (_F, 1), "fmin": (_D, 2), "fminf": (_F, 2),
    "fmax": (_D, 2), "fmaxf": (_F, 2),
}


def _args(node: c_ast.FuncCall) -> list[c_ast.Node]:
    return list(node.args.exprs) if node.args is not None else []


class CallLowering(PointerLowering):
    """Calls that are not inlined."""

    def __init__(self) -> None:
        super().__init__()
        # Module-level declarations of the functions called (`func.func private @f(...)`).
        self.declarations: dict[str, str] = {}
        self.calling: tuple[str, ...] = ()  # the function being lowered and its inliners

    def scalar_type(self, node: c_ast.Node, where: c_ast.Node) -> CType:
        """The arithmetic type a `TypeDecl` names (defined by the function lowering)."""
        raise NotImplementedError

    def call_type(self, node: c_ast.FuncCall) -> CType | None:
        """The C type a call returns (None for `void`)."""
        name = _name(node)
        if name in MATH_CALLS:
            return MATH_CALLS[name][1]
        if name in LIBM_CALLS:
            return LIBM_CALLS[name][0]
        if name in BUILTIN_CONSTANTS:
            return BUILTIN_CONSTANTS[name][1]
        proto = self.unit.prototypes.get(name)
        if proto is None:
            raise unsupported(f"call to '{name}', which is declared nowhere", node)
        result = proto.type
        if isinstance(result, c_ast.TypeDecl) and isinstance(result.type, c_ast.IdentifierType) \
                and [n for n in result.type.names if n != "const"] == ["void"]:
            return None
        return self.scalar_type(result, node)

    def _x_FuncCall(self, node: c_ast.FuncCall) -> Value:
        name = _name(node)
        if name in MATH_CALLS:
            return self._math(node, *MATH_CALLS[name])
        if name in LIBM_CALLS:
            ctype, arity = LIBM_CALLS[name]
            values = self._converted(node, [ctype] * arity)
            types = ", ".join([ctype.mlir] * arity)
            self.declarations[name] = f"func.func private @{name}({types}) -> {ctype.mlir}"
            operands = ", ".join(v.name for v in values)
            return self.builder.op(f"func.call @{name}({operands}) : ({types}) -> {ctype.mlir}",
                                   ctype, node)
        if name in BUILTIN_CONSTANTS:
            return self._builtin_constant(node, *BUILTIN_CONSTANTS[name])
        if name == "assert":
            return self._assert(node)
        return self._opaque(node, name)

    def _builtin_constant(self, node: c_ast.FuncCall, value: float, ctype: CType) -> Value:
        """`__builtin_nanf("")`, `__builtin_inff()`, ...: the constant (a NaN with another
        payload than the empty string's is refused: its bits are the C library's)."""
        args = _args(node)
        wanted = 1 if math.isnan(value) else 0
        if len(args) != wanted or (wanted and not (
                isinstance(args[0], c_ast.Constant) and args[0].value == '""')):
            raise unsupported(f"call to '{_name(node)}' with these arguments", node)
        return self.constant(value, ctype, node)

    def _converted(self, node: c_ast.FuncCall, types: list[CType]) -> list[Value]:
        args = _args(node)
        if len(args) != len(types):
            raise unsupported(f"call to '{_name(node)}' with {len(args)} arguments", node)
        return [self.convert(self.rvalue(a), t, node) for a, t in zip(args, types, strict=True)]

    def _math(self, node: c_ast.FuncCall, op: str, ctype: CType, arity: int) -> Value:
        values = self._converted(node, [ctype] * arity)
        names = ", ".join(v.name for v in values)
        return self.builder.op(f"{op} {names} : {ctype.mlir}", ctype, node)

    def _assert(self, node: c_ast.FuncCall) -> Value:
        args = _args(node)
        if len(args) != 1:
            raise unsupported("assert with other than one argument", node)
        cond = self.condition(args[0])
        where = node.coord
        message = f"assertion failed at {where.file}:{where.line}" if where else "assertion failed"
        self.builder.line(f'cf.assert {cond.name}, "{_escaped(message)}"', node)
        return self.constant(0, ct.INT, node)

    def _opaque(self, node: c_ast.FuncCall, name: str) -> Value:
        """A call through the C ABI to a function the front end keeps as it is."""
        if name in self.calling:
            raise unsupported(f"recursive call to '{name}'", node)
        proto = self.unit.prototypes.get(name)
        if proto is None:
            raise unsupported(f"call to '{name}', which is declared nowhere", node)
        params = _parameters(proto, node)
        args = _args(node)
        if len(args) != len(params):
            raise unsupported(f"call to '{name}' with {len(args)} arguments", node)
        operands, types = [], []
        for param, arg in zip(params, args, strict=True):
            operand, mlir_type = self._operand(name, param, arg)
            operands.append(operand)
            types.append(mlir_type)
        result = self.call_type(node)
        results = result.mlir if result is not None else ""
        self.declarations[name] = f"func.func private @{name}({', '.join(types)}) -> ({results})"
        text = (f"func.call @{name}({', '.join(operands)}) {{{OPAQUE_CALL}}} : "
                f"({', '.join(types)}) -> ({results})")
        if result is None:
            self.builder.line(text, node)
            return self.constant(0, ct.INT, node)
        return self.builder.op(text, result, node)

    def _operand(self, name: str, param: c_ast.Decl | c_ast.Typename,
                 arg: c_ast.Node) -> tuple[str, str]:
        node = param.type
        if isinstance(node, c_ast.PtrDecl | c_ast.ArrayDecl) \
                and isinstance(node.type, c_ast.TypeDecl) \
                and self.unit.struct_of(node.type) is None:
            return self._pointer_operand(name, self.scalar_type(node.type, arg), arg), "!llvm.ptr"
        if isinstance(node, c_ast.TypeDecl) and self.unit.struct_of(node) is None:
            ctype = self.scalar_type(node, arg)
            if not ctype.is_float and ctype.bits < 32:
                raise unsupported(f"call to '{name}' passing a {ctype.name} (the C ABI "
                                  "extends it to an int, which the call cannot state)", arg)
            return self.convert(self.rvalue(arg), ctype, arg).name, ctype.mlir
        raise unsupported(f"call to '{name}', which is not inlined, passing a struct or "
                          "a pointer to one (only scalars and arrays of scalars)", arg)

    def _pointer_operand(self, name: str, elem: CType, arg: c_ast.Node) -> str:
        var = self.pointer_of(arg)
        if var.elem != elem:
            raise unsupported(f"call to '{name}' passing an array of {var.elem.name} for "
                              f"a pointer to {elem.name}", arg)
        self._touches(var)
        address = self.builder.op(f"memref.extract_aligned_pointer_as_index {var.ssa} : "
                                  f"{var.mlir_type} -> index", ct.LONG, arg).name
        if var.offset is not None:
            size = self.builder.op(f"arith.constant {elem.bits // 8} : index", ct.LONG, arg)
            offset = self.offset_index(var.offset, arg)
            scaled = self.builder.op(f"arith.muli {offset}, {size.name} : index", ct.LONG, arg)
            address = self.builder.op(f"arith.addi {address}, {scaled.name} : index",
                                      ct.LONG, arg).name
        word = self.builder.op(f"arith.index_cast {address} : index to i64", ct.LONG, arg)
        return self.builder.op(f"llvm.inttoptr {word.name} : i64 to !llvm.ptr", ct.LONG,
                               arg).name

    def _touches(self, var: Array) -> None:
        """The callee may read and write all of `var`'s array."""
        if not var.is_param:
            return
        self.written.add(var.arg)
        rank = 1 if var.pointer else var.rank
        for write in (False, True):
            self.arg_accesses.append(ArgAccess(var.arg, (None,) * rank,
                                               tuple(self.loop_ranges), write, whole=True,
                                               when=tuple(self.path)))


def _name(node: c_ast.FuncCall) -> str:
    if not isinstance(node.name, c_ast.ID):
        raise unsupported("indirect call", node)
    return node.name.name


def _parameters(proto: c_ast.FuncDecl, node: c_ast.Node) -> list[c_ast.Decl | c_ast.Typename]:
    params = list(proto.args.params) if proto.args is not None else []
    if any(isinstance(p, c_ast.EllipsisParam) for p in params):
        raise unsupported("call to a variadic function", node)
    if len(params) == 1 and isinstance(params[0], c_ast.Typename) \
            and isinstance(params[0].type, c_ast.TypeDecl) \
            and getattr(params[0].type.type, "names", None) == ["void"]:
        return []
    return params


def _escaped(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')
