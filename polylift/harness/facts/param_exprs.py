"""IR values read back as expressions of a kernel's parameters, which the harness
evaluates with the values a run records (`programs/extents.evaluate_size`): the sizes of
a launch's operands, and the tests a launch runs under.

A size is an index value computed from the kernel's integer parameters (`+ - *`, C's
`/`, also as the front end computes it without trapping, min and max, affine maps
without division); a test is a comparison of such values, `and`, `or` and `not` of
tests, or an `affine.if`'s set over them (`extents.evaluate_condition`). Anything else
reads as None: unknown.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from polylift.harness.programs.wrapper import SignatureLike
from polylift.mlir import ir
from polylift.mlir.integer_sets import UnreadableSet, set_constraints


@dataclass(frozen=True)
class Frame:
    """Where a launch's operands are read: `entry`, the block whose arguments are the
    kernel's parameters, and `passed`, blocks whose scalar arguments are the same
    parameters passed on in place: a delinearised kernel's, whose arrays are views the
    dispatcher builds (so only its scalars are the kernel's)."""

    entry: ir.Block
    passed: tuple[ir.Block, ...] = ()

    def has_scalars(self, block: object) -> bool:
        """Whether the scalar arguments of `block` (a block argument's owner) are the
        kernel's parameters."""
        return block == self.entry or block in self.passed


def index_expr(value: ir.Value, frame: Frame, sig: SignatureLike,
               depth: int = 0) -> str | None:
    """An index value as an expression of the kernel's integer parameters, or None."""
    if depth > 16:
        return None
    if isinstance(value, ir.BlockArgument):
        param = sig.params[value.arg_number] if frame.has_scalars(value.owner) and \
            value.arg_number < len(sig.params) else None
        return param.name if param is not None and param.kind == "scalar" else None
    if not isinstance(value, ir.OpResult):
        return None
    op = value.owner
    if op.name == "arith.select":
        return _c_quotient(op, frame, sig, depth) or _extremum(op, frame, sig, depth)
    if op.name == "memref.dim":
        return _dim_expr(op, frame, sig, depth)
    args = [index_expr(v, frame, sig, depth + 1) for v in op.operands]
    if op.name == "arith.constant":
        text = str(op.attributes["value"]).split(":")[0].strip()
        return text if re.fullmatch(r"-?\d+", text) else None
    if None in args:
        return None
    if op.name in _ARITH:
        return f"({args[0]} {_ARITH[op.name]} {args[1]})"
    if op.name in _EXTREMA:
        return f"{_EXTREMA[op.name]}({args[0]}, {args[1]})"
    if op.name in ("arith.index_cast", "arith.index_castui", "arith.extsi"):
        return args[0]
    if op.name in ("affine.max", "affine.min", "affine.apply"):
        return _affine_expr(op, [a for a in args if a is not None])
    return None


def _dim_expr(op: ir.OpView, frame: Frame, sig: SignatureLike, depth: int) -> str | None:
    """`memref.dim %view, %c` at a constant dim, as the extent `operand_dim` reads from
    the view: a launch operand is often a view of a view sized by such dims."""
    source, index = op.operands
    dim = index_expr(index, frame, sig, depth + 1)
    rank = source.type.rank if isinstance(source.type, ir.MemRefType) else 0
    if dim is None or not re.fullmatch(r"\d+", dim) or int(dim) >= rank:
        return None
    extent = operand_dim(source, int(dim), frame, sig)
    return None if extent is None else str(extent)


# arith.divsi truncates toward zero as C's `/` does (`evaluate_size` refuses a zero
# divisor, where both are undefined).
_ARITH = {"arith.addi": "+", "arith.subi": "-", "arith.muli": "*", "arith.divsi": "/"}
_EXTREMA = {"arith.minsi": "min", "arith.maxsi": "max"}


def _c_quotient(select: ir.OpView, frame: Frame, sig: SignatureLike,
                depth: int) -> str | None:
    """C's `a / b` as the front end computes it without trapping, `b == -1 ? 0 - a :
    a / (b == 0 || b == -1 ? 1 : b)`, as `(a / b)` (C division, which `evaluate_size`
    does); None for any other select."""
    test, negated, quotient = select.operands
    if not isinstance(quotient, ir.OpResult) or quotient.owner.name != "arith.divsi":
        return None
    a, divisor = quotient.owner.operands
    if not isinstance(divisor, ir.OpResult) or divisor.owner.name != "arith.select" or \
            not isinstance(test, ir.OpResult) or test.owner.name != "arith.cmpi":
        return None
    guard, _, b = divisor.owner.operands

    def text(v: ir.Value) -> str | None:
        return index_expr(v, frame, sig, depth + 1)

    lhs, rhs = text(a), text(b)
    if lhs is None or rhs is None or text(divisor.owner.operands[1]) != "1":
        return None
    minus_one = _relation(test.owner) == "==" and test.owner.operands[0] == b and \
        text(test.owner.operands[1]) == "-1"
    guarded = isinstance(guard, ir.OpResult) and guard.owner.name == "arith.ori" and \
        test in list(guard.owner.operands)
    if not (minus_one and guarded and text(negated) == f"(0 - {lhs})"):
        return None
    return f"({lhs} / {rhs})"


def _affine_expr(op: ir.OpView, args: list[str]) -> str | None:
    amap = ir.AffineMapAttr(op.attributes["map"]).value
    results = [_affine_text(expr, args, amap.n_dims) for expr in amap.results]
    if None in results:
        return None
    if op.name == "affine.apply":
        return results[0]
    fn = "max" if op.name == "affine.max" else "min"
    return results[0] if len(results) == 1 else f"{fn}({', '.join(map(str, results))})"


def _affine_text(expr: ir.AffineExpr, args: list[str], n_dims: int) -> str | None:
    """An affine expression with its dims and symbols replaced by `args` (dims first);
    None where it divides or takes a remainder."""
    text = str(expr)
    if re.search(r"floordiv|ceildiv|mod", text):
        return None
    return re.sub(r"\b([ds])(\d+)\b",
                  lambda m: f"({args[int(m.group(2)) + (n_dims if m.group(1) == 's' else 0)]})",
                  text)


def operand_dim(value: ir.Value, dim: int, frame: Frame,
                sig: SignatureLike) -> str | int | None:
    """The extent of dim `dim` of a launch operand, as an expression, or None."""
    for _ in range(16):
        mtype = value.type
        if isinstance(mtype, ir.MemRefType) and not mtype.is_dynamic_dim(dim):
            return mtype.shape[dim]
        if isinstance(value, ir.BlockArgument):
            if value.owner != frame.entry:
                return None
            dims = sig.params[value.arg_number].dims
            return dims[dim] if dim < len(dims) and dims[dim] != "?" else None
        if not isinstance(value, ir.OpResult):
            return None
        owner = value.owner
        if owner.name == "memref.subview":
            return _subview_dim(owner, dim, frame, sig)
        if owner.name != "memref.cast":
            return None
        value = owner.operands[0]
    return None


def _subview_dim(op: ir.OpView, dim: int, frame: Frame, sig: SignatureLike) -> str | None:
    """Dim `dim` of a subview's result: its size operand or constant, where the view
    keeps dim `dim` of the source at a place one can tell (`_kept_dims`)."""
    static = list(ir.DenseI64ArrayAttr(op.attributes["static_sizes"]))
    result = op.results[0].type
    kept = _kept_dims(static, result.rank) if isinstance(result, ir.MemRefType) else None
    if kept is None or not 0 <= dim < len(kept):
        return None
    dim = kept[dim]
    dynamic = ir.ShapedType.get_dynamic_size()
    if static[dim] != dynamic:
        return str(static[dim])
    position = sum(1 for s in static[:dim] if s == dynamic)
    # Operands: the source, the dynamic offsets, the dynamic sizes, the dynamic strides.
    segments = list(ir.DenseI32ArrayAttr(op.attributes["operandSegmentSizes"]))
    return index_expr(op.operands[segments[0] + segments[1] + position], frame, sig)


def _kept_dims(static: list[int], rank: int) -> list[int] | None:
    """The source dims a subview of sizes `static` keeps in a result of `rank` dims.

    A rank-reducing view drops dims of static size 1 only; which ones its result type
    tells through its layout, which is not read here. So the kept dims are known when
    there are no more such dims than it drops (all of them dropped); None otherwise,
    as a dim read at the wrong place would be a wrong size."""
    if rank == len(static):
        return list(range(rank))
    units = [d for d, size in enumerate(static) if size == 1]
    if len(units) != len(static) - rank:
        return None
    return [d for d in range(len(static)) if d not in units]


def _extremum(select: ir.OpView, frame: Frame, sig: SignatureLike, depth: int) -> str | None:
    """`a < b ? a : b` (and the other orders) as `min(a, b)` or `max(a, b)`."""
    test, then, other = select.operands
    if not isinstance(test, ir.OpResult) or test.owner.name != "arith.cmpi":
        return None
    predicate = _relation(test.owner)
    lhs, rhs = test.owner.operands
    if predicate not in ("<", "<=", ">", ">=") or {lhs, rhs} != {then, other} or then == other:
        return None
    a, b = (index_expr(v, frame, sig, depth + 1) for v in (then, other))
    if a is None or b is None:
        return None
    smaller_first = (predicate in ("<", "<=")) == (then == lhs)
    return f"{'min' if smaller_first else 'max'}({a}, {b})"


# arith.cmpi's signed predicates (unsigned ones compare otherwise than C's ints).
_PREDICATES = {0: "==", 1: "!=", 2: "<", 3: "<=", 4: ">", 5: ">="}


def _relation(cmp: ir.OpView) -> str | None:
    """An `arith.cmpi`'s relation as C writes it; None for an unsigned one."""
    return _PREDICATES.get(ir.IntegerAttr(cmp.attributes["predicate"]).value)


def condition_expr(value: ir.Value, frame: Frame, sig: SignatureLike,
                   depth: int = 0) -> str | None:
    """An `i1` test as an expression of the kernel's parameters, or None."""
    if depth > 16 or not isinstance(value, ir.OpResult):
        return None
    op = value.owner
    if op.name == "arith.constant":
        return {"true": "True", "false": "False"}.get(str(op.attributes["value"]))
    if op.name == "arith.cmpi":
        relation = _relation(op)
        lhs, rhs = (index_expr(v, frame, sig, depth + 1) for v in op.operands)
        if relation is None or lhs is None or rhs is None:
            return None
        return f"({lhs} {relation} {rhs})"
    if op.name in ("arith.andi", "arith.ori", "arith.xori"):
        a, b = (condition_expr(v, frame, sig, depth + 1) for v in op.operands)
        if a is None or b is None:
            return None
        if op.name == "arith.xori":
            return f"({a} != {b})"
        return f"({a} {'and' if op.name == 'arith.andi' else 'or'} {b})"
    return None


def set_condition(op: ir.OpView, frame: Frame, sig: SignatureLike) -> str | None:
    """An `affine.if`'s condition as an expression of the kernel's parameters, or None."""
    try:
        iset = set_constraints(op.attributes["condition"])
    except UnreadableSet:
        return None
    args = [index_expr(v, frame, sig) for v in op.operands]
    if None in args:
        return None
    parts = []
    for constraint in iset.constraints:
        text = _affine_text(constraint.expr, [str(a) for a in args], iset.n_dims)
        if text is None:
            return None
        parts.append(f"({text} {'==' if constraint.is_eq else '>='} 0)")
    return "(" + " and ".join(parts) + ")" if parts else "True"


def guards(op: ir.Operation | ir.OpView, frame: Frame,
           sig: SignatureLike) -> tuple[str, ...] | None:
    """The tests under which `op` runs in its function, innermost first (empty: always,
    once per call); None when it is in a loop or under a test that is not an expression
    of the kernel's parameters."""
    found: list[str] = []
    inner = op.operation
    parent = inner.parent
    while parent is not None and parent.name != "func.func":
        if parent.name == "scf.if":
            test = condition_expr(parent.operands[0], frame, sig)
        elif parent.name == "affine.if":
            test = set_condition(parent.opview, frame, sig)
        else:
            return None
        if test is None:
            return None
        in_then = inner.block == parent.regions[0].blocks[0]
        found.append(test if in_then else f"(not {test})")
        inner, parent = parent.operation, parent.operation.parent
    return tuple(found)
