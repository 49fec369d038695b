"""Masked payloads: a generic that changes its output only inside a triangle.

The raising pass states a triangular loop as a box whose payload ends in
`select(cond, new, out)`, `cond` comparing loop counters (`linalg.index`, affine
arithmetic, values from outside). A template states the same with `where j <= i` on a
step. Both become a set of constraints `sum(coeff * term) + const >= 0`, with terms the
loop dims (`("d", k)`) and values from outside the body (`("v", value)`), and a step
matches an op only when the two sets are equal.
"""

from __future__ import annotations

from polylift.matcher.ir.ir_model import Unsupported, constant_value
from polylift.mlir import ir
from polylift.tdl.ast import Index, Step

Constraint = tuple[tuple[tuple, int], ...]  # sorted (term, coeff) pairs, the const last


def split_mask(op: ir.OpView) -> tuple[ir.Value, frozenset[Constraint]]:
    """The value a generic yields inside its mask, and the mask (empty: no mask)."""
    block = op.regions[0].blocks[0]
    yielded = block.operations[len(block.operations) - 1]
    if len(yielded.operands) != 1:
        raise Unsupported("payload yields more than one value")
    value = yielded.operands[0]
    out = block.arguments[len(block.arguments) - 1]
    owner = value.owner
    if isinstance(value, ir.BlockArgument) or owner.name != "arith.select" \
            or owner.operands[2] != out or str(owner.operands[0].type) != "i1":
        return value, frozenset()
    try:
        constraints = _conditions(owner.operands[0], block)
    except Unsupported:
        return value, frozenset()  # a select on data: the payload's own business
    return owner.operands[1], frozenset(constraints)


def _conditions(cond: ir.Value, block: ir.Block) -> list[Constraint]:
    owner = cond.owner
    if isinstance(cond, ir.BlockArgument) or owner.operation.block != block:
        raise Unsupported("mask condition from outside the payload")
    if owner.name == "arith.andi":
        return _conditions(owner.operands[0], block) + _conditions(owner.operands[1], block)
    if owner.name != "arith.cmpi":
        raise Unsupported(f"mask condition '{owner.name}'")
    pred = ir.IntegerAttr(owner.attributes["predicate"]).value
    lhs, rhs = (_form(v, block) for v in owner.operands)
    # arith.cmpi predicates: 2 slt, 3 sle, 4 sgt, 5 sge (signed: index counters).
    forms = {2: (rhs, lhs, -1), 3: (rhs, lhs, 0), 4: (lhs, rhs, -1), 5: (lhs, rhs, 0)}
    if pred not in forms:
        raise Unsupported("mask compares with a predicate other than <, <=, >, >=")
    big, small, const = forms[pred]
    return [_normal(_add(big, _scale(small, -1), {(): const}))]


def _form(value: ir.Value, block: ir.Block) -> dict[tuple, int]:
    """An index value as {term: coeff}; the key `()` holds the constant."""
    known = constant_value(value)
    if known is not None:
        return {(): int(known)}
    owner = value.owner
    if isinstance(value, ir.BlockArgument) and value.owner == block:
        # An element the op reads: a select on data, no triangle (`x[i] > t ? ...`).
        raise Unsupported("mask compares an element the op reads")
    if isinstance(value, ir.BlockArgument) or owner.operation.block != block:
        return {("v", value): 1}  # a size or parameter from outside the body
    if owner.name == "linalg.index":
        return {("d", ir.IntegerAttr(owner.attributes["dim"]).value): 1}
    if owner.name == "affine.apply":
        amap = ir.AffineMapAttr(owner.attributes["map"]).value
        forms = [_form(v, block) for v in owner.operands]
        return _expr(amap.results[0], forms[:amap.n_dims], forms[amap.n_dims:])
    raise Unsupported(f"mask operand from '{owner.name}'")


def _expr(expr: ir.AffineExpr, dims: list, syms: list) -> dict[tuple, int]:
    if isinstance(expr, ir.AffineDimExpr):
        return dims[expr.position]
    if isinstance(expr, ir.AffineSymbolExpr):
        return syms[expr.position]
    if isinstance(expr, ir.AffineConstantExpr):
        return {(): expr.value}
    if isinstance(expr, ir.AffineAddExpr):
        return _add(_expr(expr.lhs, dims, syms), _expr(expr.rhs, dims, syms))
    if isinstance(expr, ir.AffineMulExpr) and isinstance(expr.rhs, ir.AffineConstantExpr):
        return _scale(_expr(expr.lhs, dims, syms), expr.rhs.value)
    raise Unsupported(f"mask expression '{expr}' is not linear")


def _add(*forms: dict[tuple, int]) -> dict[tuple, int]:
    out: dict[tuple, int] = {}
    for form in forms:
        for key, coeff in form.items():
            out[key] = out.get(key, 0) + coeff
    return out


def _scale(form: dict[tuple, int], k: int) -> dict[tuple, int]:
    return {key: c * k for key, c in form.items()}


def _normal(form: dict[tuple, int]) -> Constraint:
    terms = sorted(((k, c) for k, c in form.items() if c and k != ()), key=repr)
    return tuple(terms) + (((), form.get((), 0)),)


def step_mask(step: Step, dims: dict[str, int]) -> frozenset[Constraint]:
    """A template step's `where` clauses over the loop dims its indices are bound to."""
    out = []
    for cond in step.where:
        big, small = (cond.rhs, cond.lhs) if cond.op in ("<", "<=") else (cond.lhs, cond.rhs)
        strict = -1 if cond.op in ("<", ">") else 0
        out.append(_normal(_add(_index(big, dims), _scale(_index(small, dims), -1),
                                {(): strict})))
    return frozenset(out)


def _index(index: Index, dims: dict[str, int]) -> dict[tuple, int]:
    form: dict[tuple, int] = {(): index.const}
    for var, coeff in index.terms:
        key = ("d", dims[var])
        form[key] = form.get(key, 0) + coeff
    return form


def describe(mask: frozenset[Constraint]) -> str:
    """A mask in words, for match reports: `d0 - d1 >= 0`."""
    if not mask:
        return "no mask"
    parts = []
    for cons in sorted(mask, key=repr):
        terms = [(f"{abs(c)}*" if abs(c) != 1 else "") + _term(key) for key, c in cons[:-1]]
        signs = ["-" if c < 0 else "+" for _, c in cons[:-1]]
        const = cons[-1][1]
        if const or not terms:
            terms.append(str(abs(const)))
            signs.append("-" if const < 0 else "+")
        text = " ".join(f"{sign} {term}" for sign, term in zip(signs, terms, strict=True))
        text = text[2:] if text.startswith("+ ") else "-" + text[2:]
        parts.append(f"{text} >= 0")
    return " and ".join(parts)


def _term(key: tuple) -> str:
    return f"d{key[1]}" if key[0] == "d" else "a size"
