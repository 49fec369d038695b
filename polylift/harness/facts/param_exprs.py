"""IR values read back as expressions of a kernel's parameters, which the harness
evaluates with the values a run records (`programs/extents.evaluate_size`): the sizes of
a launch's operands, and how often a launch runs (`Runs`): the tests it runs under and
the trip counts of the loops around it.

A size is an index value computed from the kernel's integer parameters (`+ - *`, C's
`/`, also as the front end computes it without trapping, min and max, affine maps
without division, a view's dim); a test is a comparison of such values, `and`, `or`
and `not` of tests, or an `affine.if`'s set over them (`extents.evaluate_condition`); a
trip count is read from a loop's bounds and step, such sizes. Anything else reads as
None: unknown.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from polylift.harness.programs.extents import evaluate_condition, evaluate_size
from polylift.harness.programs.wrapper import SignatureLike
from polylift.matcher.ir.ir_model import kept_dims
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
        return _affine_expr(op, [str(a) for a in args])
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
    """An `affine.apply`, `affine.max` or `affine.min` of arguments `args`."""
    return _map_text(op.attributes["map"], args, "max" if op.name == "affine.max" else "min")


def _map_text(attr: ir.Attribute, args: list[str], extremum: str) -> str | None:
    """An affine map applied to `args`: its one result, or `extremum` of several (a
    loop's lower bound is the greatest of its map's results, its upper the least)."""
    amap = ir.AffineMapAttr(attr).value
    results = [_affine_text(expr, args, amap.n_dims) for expr in amap.results]
    if not results or None in results:
        return None
    return results[0] if len(results) == 1 else f"{extremum}({', '.join(map(str, results))})"


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
    keeps dim `dim` of the source at a place one can tell (`ir_model.kept_dims`)."""
    static = list(ir.DenseI64ArrayAttr(op.attributes["static_sizes"]))
    result = op.results[0].type
    kept = kept_dims(static, result.rank) if isinstance(result, ir.MemRefType) else None
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


@dataclass(frozen=True)
class Runs:
    """How many times an op runs in one call of its kernel, as expressions of the
    kernel's integer parameters: where every test of `tests` holds, once per point of
    its enclosing loops, whose trip counts are `trips` (innermost first); where a test
    fails, never. No tests and no loops: once per call."""

    tests: tuple[str, ...] = ()
    trips: tuple[str, ...] = ()

    def count(self, scalars: dict[str, int]) -> int | None:
        """The number of runs in a call with integer arguments `scalars`; None where a
        test or trip count cannot be evaluated with them."""
        held = [evaluate_condition(test, scalars) for test in self.tests]
        if None in held:
            return None
        if not all(held):
            return 0
        trips = [evaluate_size(trip, scalars) for trip in self.trips]
        if None in trips:
            return None
        return math.prod(t for t in trips if t is not None)


def runs(op: ir.Operation | ir.OpView, frame: Frame, sig: SignatureLike) -> Runs | None:
    """How often `op` runs in its function, read from the ops around it up to the
    function: the tests of `scf.if` and `affine.if` ops, the trip counts of `affine.for`
    and `scf.for` loops. None when any of them is not an expression of the kernel's
    parameters (a bound or a test that reads an enclosing loop's induction variable,
    a value carried by a loop, memory) or the op is in any other region (a parallel
    loop, a while loop): the count is then unknown."""
    tests: list[str] = []
    trips: list[str] = []
    inner = op.operation
    parent = inner.parent
    while parent is not None and parent.name != "func.func":
        if parent.name in ("scf.if", "affine.if"):
            test = _branch_test(parent.opview, inner, frame, sig)
            if test is None:
                return None
            tests.append(test)
        elif parent.name in ("affine.for", "scf.for"):
            trip = trip_count(parent.opview, frame, sig)
            if trip is None:
                return None
            trips.append(trip)
        else:
            return None
        inner, parent = parent.operation, parent.operation.parent
    return Runs(tuple(tests), tuple(trips))


def _branch_test(op: ir.OpView, inner: ir.Operation, frame: Frame,
                 sig: SignatureLike) -> str | None:
    """The test under which `inner`, in a region of the `scf.if` or `affine.if` `op`,
    runs: its condition in the then region, the negation in the else region."""
    if op.name == "scf.if":
        test = condition_expr(op.operands[0], frame, sig)
    else:
        test = set_condition(op, frame, sig)
    if test is None:
        return None
    return test if inner.block == op.regions[0].blocks[0] else f"(not {test})"


def trip_count(loop: ir.OpView, frame: Frame, sig: SignatureLike) -> str | None:
    """The number of iterations of an `affine.for` or `scf.for`, `max(0, ceildiv(ub -
    lb, step))`, as an expression of the kernel's parameters; None where a bound or the
    step is not one (e.g. it reads an enclosing loop's induction variable), or where an
    `scf.for` compares unsigned."""
    if loop.name == "affine.for":
        lower, upper = _affine_bounds(loop, frame, sig)
        step: str | None = str(ir.IntegerAttr(loop.attributes["step"]).value)
    else:
        if "unsignedCmp" in loop.attributes:
            return None
        lower, upper, step = (index_expr(v, frame, sig) for v in loop.operands[:3])
    if lower is None or upper is None or step is None:
        return None
    return _trips(lower, upper, step)


def _affine_bounds(loop: ir.OpView, frame: Frame,
                   sig: SignatureLike) -> tuple[str | None, str | None]:
    """An `affine.for`'s lower bound (the greatest of its map's results) and upper bound
    (the least of them), each None where it is not an expression of the parameters."""
    segments = list(ir.DenseI32ArrayAttr(loop.attributes["operandSegmentSizes"]))
    operands = list(loop.operands)
    lower = _map_bound(loop.attributes["lowerBoundMap"], operands[:segments[0]], "max",
                       frame, sig)
    upper = _map_bound(loop.attributes["upperBoundMap"],
                       operands[segments[0]:segments[0] + segments[1]], "min", frame, sig)
    return lower, upper


def _map_bound(attr: ir.Attribute, operands: list[ir.Value], extremum: str, frame: Frame,
               sig: SignatureLike) -> str | None:
    """A loop's bound map applied to its operands (`_map_text`)."""
    args = [index_expr(v, frame, sig) for v in operands]
    return None if None in args else _map_text(attr, [str(a) for a in args], extremum)


def _trips(lower: str, upper: str, step: str) -> str | None:
    """`max(0, ceildiv(upper - lower, step))` as `evaluate_size` reads it (C's `/`
    truncates, which rounds up the quotients of `upper - lower + step - 1` that are
    positive: the others give 0 trips either way). A step that is not a positive
    constant divides by `max(0, step)`, so that a step of 0 or less (an endless loop,
    or undefined) evaluates to unknown."""
    span = _grouped(upper) if lower == "0" else f"{_grouped(upper)} - {_grouped(lower)}"
    if re.fullmatch(r"-?\d+", step):
        if int(step) <= 0:
            return None
        if int(step) == 1:
            return f"max(0, {span})"
        return f"max(0, ({span} + {int(step) - 1}) / {step})"
    return f"max(0, ({span} + {_grouped(step)} - 1) / max(0, {step}))"


def _grouped(text: str) -> str:
    """`text` as one operand: a name or number as it is, also out of the parentheses
    around it; a call or a parenthesised expression as it is; anything else in
    parentheses."""
    inner = text[1:-1] if _enclosed(text) else text
    if re.fullmatch(r"-?[\w.]+", inner):
        return inner
    call = re.match(r"[A-Za-z_]\w*", text)
    return text if _enclosed(text[call.end():] if call else text) else f"({text})"


def _enclosed(text: str) -> bool:
    """Whether `text` is one parenthesised group, `(...)`."""
    depth = 0
    for i, char in enumerate(text):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0:
            return i == len(text) - 1 and char == ")"
    return False
