"""Extents of arrays the C type leaves open, and integer size expressions.

A kernel that takes a plain pointer (`float *restrict C`) gives the harness no extent
for it, and the harness must know one to dump the array, to fill it in `--inputs exact`
mode and to restore it between timed calls. A benchmark states it in a comment, in
terms of the kernel's integer parameters:

    /* POLYLIFT_EXTENT(C, M * ldc) */

`C` is the parameter, `M * ldc` its number of elements: an expression of the kernel's
integer scalar parameters, integer literals, `+ - * /` (C integer division) and
parentheses. Only arrays whose extent the C type leaves open take an annotation; where
the front end knows the dims (a VLA parameter, or a pointer it delinearised) those win
and the annotation is not used. A comment is invisible to the compilers and the front
end, so annotating changes nothing in the program itself.
"""

from __future__ import annotations

import ast
import operator
import re
from pathlib import Path

from polylift.errors import BuildError, SourceLoc
from polylift.frontend.signature import CDecl, Param, Signature
from polylift.harness.programs.wrapper import UNKNOWN_DIM, CDeclLike, ParamLike, SignatureLike

ANNOTATION = "POLYLIFT_EXTENT"
_NAME = re.compile(r"[A-Za-z_]\w*")
# An argument's name: a parameter, or a field of a struct parameter (`l.output`,
# `l->output`: both name the argument `l.output`).
_PATH = re.compile(r"[A-Za-z_]\w*(?:(?:\.|->)[A-Za-z_]\w*)*")
_EXPR_CHARS = re.compile(r"[\w\s+\-*/().>]*")


def _balanced(text: str, start: int) -> int:
    """The index just past the `)` closing the `(` at `start`, or -1."""
    depth = 0
    for i in range(start, len(text)):
        depth += {"(": 1, ")": -1}.get(text[i], 0)
        if depth == 0:
            return i + 1
    return -1


def _loc(path: Path, text: str, offset: int) -> SourceLoc:
    line = text.count("\n", 0, offset) + 1
    return SourceLoc(str(path), line, offset - (text.rfind("\n", 0, offset) + 1) + 1)


def read_annotations_of(path: Path, annotation: str) -> list[tuple[str, SourceLoc]]:
    """The text inside every `ANNOTATION(...)` of a source file, and where it is."""
    text = path.read_text(errors="replace")
    found = []
    for match in re.finditer(rf"\b{annotation}\s*\(", text):
        loc = _loc(path, text, match.start())
        end = _balanced(text, match.end() - 1)
        if end < 0:
            raise BuildError(f"malformed {annotation}: no closing parenthesis", loc)
        found.append((text[match.end():end - 1], loc))
    return found


def read_annotations(path: Path) -> dict[str, tuple[str, SourceLoc]]:
    """Every `POLYLIFT_EXTENT(name, count)` of a source file: name -> (count, where)."""
    found: dict[str, tuple[str, SourceLoc]] = {}
    for body, loc in read_annotations_of(path, ANNOTATION):
        name, _, count = body.partition(",")
        name, count = name.strip(), " ".join(count.split())
        if not _PATH.fullmatch(name) or not count:
            raise BuildError(f"malformed {ANNOTATION}: expected {ANNOTATION}(array, count)", loc)
        name = name.replace("->", ".")
        if name in found:
            raise BuildError(f"second {ANNOTATION} for '{name}'", loc)
        found[name] = (count, loc)
    return found


def _check_count(count: str, sig: SignatureLike, loc: SourceLoc) -> None:
    scalars = {p.name for p in sig.params if p.kind == "scalar"}
    structs = set(sig.c_decl.structs) if sig.c_decl is not None else set()
    if not _EXPR_CHARS.fullmatch(count):
        raise BuildError(f"extent '{count}' may use only parameters, integers, + - * / and "
                         "parentheses", loc)
    for path in _PATH.findall(count):
        name = path.replace("->", ".")
        if name.isdigit() or name in scalars or name.split(".", 1)[0] in structs:
            continue
        raise BuildError(f"extent '{count}' uses '{path}', which is not a scalar "
                         f"parameter of '{sig.name}'", loc)
    try:
        ast.parse(count.replace("->", "."), mode="eval")
    except SyntaxError:
        raise BuildError(f"extent '{count}' is not an expression", loc) from None


def _sized(p: ParamLike, annotations: dict[str, tuple[str, SourceLoc]]) -> Param:
    """The parameter with an open extent filled: from its annotation, else from the
    elements its function reaches (the span the front end computes from the subscripts'
    bounds), where that holds whatever the sizes (it assumes no sign of them)."""
    dims = tuple(p.dims)
    span = getattr(p, "span", None)
    if p.kind == "array" and dims == (UNKNOWN_DIM,) and p.name in annotations:
        dims = (f"({annotations[p.name][0]})",)
    elif p.kind == "array" and dims == (UNKNOWN_DIM,) and span is not None and \
            not span.assumes:
        dims = (f"({span.end})",)
    return Param(p.name, p.kind, p.ctype, p.mlir_type, dims,
                 p.c_expr if p.c_expr != p.name else "")


def apply_extents(sig: SignatureLike, source: Path) -> Signature:
    """`sig` with the open extents of its arrays filled from `source`'s annotations."""
    annotations = read_annotations(source)
    arrays = {p.name for p in sig.params if p.kind == "array"}
    for name, (count, loc) in annotations.items():
        if name not in arrays:
            raise BuildError(f"{ANNOTATION} names '{name}', which is not an array "
                             f"parameter of '{sig.name}'", loc)
        _check_count(count, sig, loc)
    result = sig.result
    return Signature(sig.name, tuple(_sized(p, annotations) for p in sig.params),
                     tuple(sig.written), getattr(sig, "source", None),
                     Param(result.name, result.kind, result.ctype, result.mlir_type)
                     if result is not None else None, _c_decl(sig.c_decl))


def _c_decl(found: CDeclLike | None) -> CDecl | None:
    if found is None:
        return None
    return CDecl(found.types, found.result, tuple(found.params), tuple(found.structs),
                 tuple(found.names))


_BINOPS = {ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b,
           ast.Mult: lambda a, b: a * b}


def _c_div(a: int, b: int) -> int:
    quotient = abs(a) // abs(b)
    return quotient if (a >= 0) == (b >= 0) else -quotient


def evaluate_size(expr: str | int, values: dict[str, int]) -> int | None:
    """An integer size expression with C semantics, or None when a name has no value.

    Names, integers, `+ - * /` (C division), unary minus, parentheses, `max(...)` and
    `min(...)`."""
    if isinstance(expr, int):
        return expr
    try:
        tree = ast.parse(str(expr).replace("->", "."), mode="eval").body
    except SyntaxError:
        return None
    return _eval(tree, values)


def evaluate_condition(expr: str, values: dict[str, int]) -> bool | None:
    """A test of sizes (`param_exprs.condition_expr`): comparisons of size expressions,
    `and`, `or`, `not`, `True`, `False`; None when a name has no value."""
    try:
        tree = ast.parse(expr.replace("->", "."), mode="eval").body
    except SyntaxError:
        return None
    return _test(tree, values)


def _test(node: ast.expr, values: dict[str, int]) -> bool | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, bool):
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        inner = _test(node.operand, values)
        return None if inner is None else not inner
    if isinstance(node, ast.BoolOp):
        items = [_test(v, values) for v in node.values]
        if None in items:
            return None
        return all(items) if isinstance(node.op, ast.And) else any(items)
    if isinstance(node, ast.Compare) and len(node.ops) == 1:
        relation = _RELATIONS.get(type(node.ops[0]))
        lhs = _test(node.left, values) if _is_test(node.left) else _eval(node.left, values)
        rhs = _test(node.comparators[0], values) if _is_test(node.comparators[0]) \
            else _eval(node.comparators[0], values)
        if relation is None or lhs is None or rhs is None:
            return None
        return relation(lhs, rhs)
    return None


def _is_test(node: ast.expr) -> bool:
    """Whether `node` is a test rather than a number (`a != b` of two tests is xor)."""
    return isinstance(node, ast.BoolOp | ast.Compare) or \
        (isinstance(node, ast.Constant) and isinstance(node.value, bool)) or \
        (isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not))


_RELATIONS = {ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt,
              ast.LtE: operator.le, ast.Gt: operator.gt, ast.GtE: operator.ge}


def _dotted(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = _dotted(node.value)
        return f"{base}.{node.attr}" if base is not None else None
    return None


def _eval(node: ast.expr, values: dict[str, int]) -> int | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, int):
        return node.value
    if isinstance(node, ast.Name):
        return values.get(node.id)
    if isinstance(node, ast.Attribute):  # a field's argument, `l.batch`
        path = _dotted(node)
        return values.get(path) if path is not None else None
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
            and node.func.id in ("max", "min") and node.args and not node.keywords:
        items = [_eval(arg, values) for arg in node.args]
        known = [v for v in items if v is not None]
        if len(known) != len(items):
            return None
        return max(known) if node.func.id == "max" else min(known)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _eval(node.operand, values)
        return None if inner is None else -inner
    if not isinstance(node, ast.BinOp):
        return None
    lhs, rhs = _eval(node.left, values), _eval(node.right, values)
    if lhs is None or rhs is None:
        return None
    if isinstance(node.op, ast.Div | ast.FloorDiv):
        return None if rhs == 0 else _c_div(lhs, rhs)
    op = _BINOPS.get(type(node.op))
    return None if op is None else op(lhs, rhs)
