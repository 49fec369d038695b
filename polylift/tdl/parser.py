"""Parse template files into the AST (`parse_templates`), with readable errors."""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import lark
from lark import Token, Transformer, v_args

from polylift.errors import SourceLoc
from polylift.subscripts import plain_subscript
from polylift.tdl import disk_cache
from polylift.tdl.ast import (
    Access,
    And,
    ArrayDecl,
    Bin,
    Call,
    Compare,
    Cond,
    Condition,
    DataBound,
    Index,
    LocalDecl,
    Lookup,
    Loop,
    Neg,
    Num,
    Ref,
    ScalarDecl,
    Span,
    Step,
    Template,
    WindowDecl,
)
from polylift.tdl.errors import TemplateError

GRAMMAR = Path(__file__).with_name("template.lark")

# What a user is told for an unexpected token, by the token's terminal name.
_EXPECTED_WORDS = {
    "RBRACE": "'}'", "LBRACE": "'{'", "RSQB": "']'", "LSQB": "'['", "NAME": "a name",
    "ROLE": "a role (in, out or inout)", "ASSIGN": "'=' or '+='", "COMMA": "','",
    "NUMBER": "a number", "INT": "an integer", "RPAR": "')'", "LPAR": "'('",
    "MINUS": "'-'", "SIGN": "'+' or '-'", "MULOP": "'*' or '/'", "LESSTHAN": "'<'",
    "CMP": "a comparison (<, <=, >, >=)", "EQOP": "'==' or '!='",
    "RBRACE_END": "'}'",
}


@cache
def _parser() -> lark.Lark:
    """The LALR parser: built once per process, and loaded from the disk cache where an
    earlier run built it (building takes most of a second, nearly all of it in the
    strict check that no two terminals overlap; loading takes about 10 ms)."""
    return disk_cache.cached("parser", disk_cache.key(lark.__version__),
                             lambda: _build_parser(GRAMMAR.read_text()), _saved, _loaded)


def _build_parser(text: str) -> lark.Lark:
    return lark.Lark(text, parser="lalr", strict=True, propagate_positions=True,
                     maybe_placeholders=False)


def _saved(parser: lark.Lark) -> bytes:
    buffer = io.BytesIO()
    parser.save(buffer)
    return buffer.getvalue()


def _loaded(data: bytes) -> lark.Lark:
    return lark.Lark.load(io.BytesIO(data))


def _data_bound(bound: Index | Access | DataBound) -> Index | DataBound:
    """A loop bound: an index, or an element read from data (plus a constant)."""
    return DataBound(bound, 0, bound.span) if isinstance(bound, Access) else bound


def _span(meta_or_token: Any) -> Span:
    line = getattr(meta_or_token, "line", 0) or 0
    col = getattr(meta_or_token, "column", 0) or 0
    return Span(line, col)


@dataclass(frozen=True)
class _TypeName:
    """The `: i32` of a scalar declaration, kept apart from the scalar names."""

    name: str


@v_args(meta=True)
class _ToAst(Transformer):
    """Build AST nodes from the lark tree; items stay (keyword, value, span) pairs."""

    def __init__(self, file: str, text: str):
        super().__init__()
        self.file, self.text = file, text

    def start(self, meta, templates):
        return list(templates)

    def dotted(self, meta, names):
        return ".".join(str(n) for n in names)

    def template(self, meta, children):
        name, items = children[0], children[1:]
        fields: dict[str, Any] = {"params": [], "steps": ()}
        spans = []
        for key, value, span in items:
            spans.append((key, span))
            if key == "param":
                fields["params"].append(value)
            elif key == "params":
                fields["params"].extend(value)
            elif key in ("windows", "locals"):
                fields[key] = fields.get(key, ()) + value
            elif key == "cost":
                fields["flops"], fields["bytes"] = value
            elif key == "steps" and any(isinstance(s, Loop) for s in value):
                fields["program"], fields["steps"] = value, _flat_statements(value)
            else:
                fields[key] = value
        fields["params"] = tuple(fields["params"])
        return Template(name=name, span=_span(meta), file=self.file,
                        item_spans=tuple(spans), **fields)

    def doc(self, meta, c):
        return ("doc", str(c[0])[1:-1], _span(meta))

    def types(self, meta, c):
        return ("types", tuple(str(t) for t in c), _span(meta))

    def array(self, meta, c):
        dtype = c.pop().name if isinstance(c[-1], _TypeName) else None
        decl = ArrayDecl(str(c[0]), tuple(str(d) for d in c[1:-1]), str(c[-1]), _span(meta),
                         dtype)
        return ("param", decl, _span(meta))

    def scalar(self, meta, c):
        fixed = next((x for x in c if isinstance(x, float)), None)
        dtype = next((x.name for x in c if isinstance(x, _TypeName)), None)
        names = [t for t in c if isinstance(t, Token)]
        decls = tuple(ScalarDecl(str(n), fixed, _span(n), dtype) for n in names)
        return ("params", decls, _span(meta))

    def scalar_type(self, meta, c):
        return _TypeName(str(c[0]))

    def accumulate(self, meta, c):
        return ("accumulate", str(c[0]), _span(meta))

    def window(self, meta, c):
        return ("windows", tuple(c), _span(meta))

    def extent(self, meta, c):
        return WindowDecl(str(c[0]), int(c[1]), _span(meta))

    def local(self, meta, c):
        dtype = c.pop().name if isinstance(c[-1], _TypeName) else ""
        return ("locals", tuple(LocalDecl(str(n), dtype, _span(n)) for n in c),
                _span(meta))

    def local_target(self, meta, c):
        return Ref(str(c[0]), _span(meta))

    def cond(self, meta, c):
        return Cond(c[0], c[1], c[2], _span(meta))

    def conj(self, meta, c):
        return And(c[0], c[1], _span(meta))

    def compare(self, meta, c):
        return Compare(str(c[1]), c[0], c[2], _span(meta))

    def compute(self, meta, c):
        # A joint update is several steps, each after the first marked `with_previous`.
        flat = [s for x in c for s in (x if isinstance(x, list) else [x])]
        return ("steps", tuple(flat), _span(meta))

    def joint(self, meta, c):
        """`(t1, t2, ...) = (v1, v2, ...)`: one step per target, the later ones run with
        the first (`Step.with_previous`)."""
        half = len(c) // 2
        if len(c) % 2 or half < 2:
            raise TemplateError("a joint update names as many values as targets",
                                SourceLoc(self.file, meta.line, meta.column), self.text)
        return [Step(target, "=", value, _span(meta), (), k > 0)
                for k, (target, value) in enumerate(zip(c[:half], c[half:], strict=True))]

    def loop(self, meta, c):
        """`for i < n`, `for lo <= i < n`, with `reversed`; the comparisons must be those
        (the grammar reads any comparison, so that the forms share one rule)."""
        if any(isinstance(x, list) for x in c):
            raise TemplateError("a joint update '(a, b) = (...)' is a step of index "
                                "notation, not a statement of a loop program",
                                SourceLoc(self.file, meta.line, meta.column), self.text)
        order = any(isinstance(x, Token) and x.type == "REVERSED" for x in c)
        head = [x for x in c if isinstance(x, Index | Access | DataBound) or
                (isinstance(x, Token) and x.type == "CMP")]
        body = tuple(x for x in c if isinstance(x, Step | Loop))
        if len(head) == 3 and head[1] == "<":
            lower, var, upper = Index(()), head[0], head[2]
        elif len(head) == 5 and head[1] == "<=" and head[3] == "<":
            lower, var, upper = head[0], head[2], head[4]
        else:
            raise TemplateError("a loop is 'for i < n' or 'for lo <= i < n'",
                                SourceLoc(self.file, meta.line, meta.column), self.text)
        name = plain_subscript(var, shifted=False) if isinstance(var, Index) else None
        if name is None or not (isinstance(lower, Index | Access | DataBound)
                                and isinstance(upper, Index | Access | DataBound)):
            raise TemplateError(f"'{var}' is not a loop counter's name",
                                SourceLoc(self.file, meta.line, meta.column), self.text)
        return Loop(name, _data_bound(lower), _data_bound(upper), body, order, _span(meta))

    def shifted_bound(self, meta, c):
        shift = int(c[2])
        return DataBound(c[0], shift if c[1] == "+" else -shift, _span(meta))

    def step(self, meta, c):
        return Step(c[0], str(c[1]), c[2], _span(meta), tuple(c[3:]))

    def condition(self, meta, c):
        return Condition(c[0], str(c[1]), c[2], _span(meta))

    def launch(self, meta, c):
        return ("launch", str(c[0]), _span(meta))

    def shim(self, meta, c):
        return ("shim", tuple(str(t) for t in c), _span(meta))

    def backends(self, meta, c):
        return ("backends", tuple(str(t) for t in c), _span(meta))

    def exact(self, meta, c):
        return ("accuracy", ("exact", None), _span(meta))

    def reassoc(self, meta, c):
        return ("accuracy", ("reassoc", c[0]), _span(meta))

    def backward(self, meta, c):
        return ("accuracy", ("backward", c[0]), _span(meta))

    def cost(self, meta, c):
        return ("cost", (c[0], c[1]), _span(meta))

    def attrs(self, meta, c):
        return ("attrs", tuple(c), _span(meta))

    def attr(self, meta, c):
        value = c[1]
        return (str(c[0]), f"{value:g}" if isinstance(value, float) else str(value))

    def signed(self, meta, c):
        value = float(c[-1])
        return -value if len(c) == 2 and c[0] == "-" else value

    def access(self, meta, c):
        indices = [_as_index(e) for e in c[1:]]
        if all(i is not None for i in indices):
            return Access(str(c[0]), tuple(i for i in indices if i is not None), _span(meta))
        if len(indices) == 1:
            return Lookup(str(c[0]), c[1], _span(meta))
        raise TemplateError("a computed subscript needs a one-dimensional table",
                            SourceLoc(self.file, meta.line, meta.column), self.text)

    def index(self, meta, c):
        return _index(["+", *c], _span(meta))

    def scaled(self, meta, c):
        return (int(c[0]), str(c[1]))

    def neg_index(self, meta, c):
        return _index(list(c), _span(meta))

    def binary(self, meta, c):
        return Bin(str(c[1]), c[0], c[2], _span(meta))

    def shr(self, meta, c):
        return Bin(">>", c[0], c[2], _span(meta))

    def shl(self, meta, c):
        return Bin("<<", c[0], c[2], _span(meta))

    def neg(self, meta, c):
        # `-128` is a constant, as the payload's is; `-0.0` stays a negation (its own bits).
        if isinstance(c[0], Num) and c[0].value:
            return Num(-c[0].value, _span(meta))
        return Neg(c[0], _span(meta))

    def ref(self, meta, c):
        return Ref(str(c[0]), _span(meta))

    def number(self, meta, c):
        return Num(float(c[0]), _span(meta))

    def call(self, meta, c):
        return Call(str(c[0]), tuple(c[1:]), _span(meta))


def _flat_statements(items: tuple) -> tuple[Step, ...]:
    """The statements of a loop program in source order."""
    found: list[Step] = []
    for item in items:
        found += _flat_statements(item.body) if isinstance(item, Loop) else [item]
    return tuple(found)


def _as_index(expr: Any) -> Index | None:
    """A subscript written as an expression, as an index (a sum of index variables,
    integers and integer multiples), or None when it is computed from data."""
    terms = _linear(expr)
    if terms is None:
        return None
    const = terms.pop("", 0)
    return Index(tuple((k, v) for k, v in terms.items() if v), const, expr.span)


def _linear(expr: Any) -> dict[str, int] | None:
    """`{variable: coefficient, "": constant}` of an index expression, else None."""
    if isinstance(expr, Ref):
        return {expr.name: 1}
    if isinstance(expr, Num):
        return {"": int(expr.value)} if expr.value == int(expr.value) else None
    if isinstance(expr, Neg):
        inner = _linear(expr.operand)
        return None if inner is None else {k: -v for k, v in inner.items()}
    if not isinstance(expr, Bin):
        return None
    if expr.op == "*":
        factor, term = (expr.lhs, expr.rhs) if isinstance(expr.lhs, Num) else (expr.rhs, expr.lhs)
        inner, scale = _linear(term), _linear(factor)
        if inner is None or not isinstance(factor, Num) or scale is None:
            return None
        return {k: v * scale[""] for k, v in inner.items()}
    if expr.op not in ("+", "-"):
        return None
    lhs, rhs = _linear(expr.lhs), _linear(expr.rhs)
    if lhs is None or rhs is None:
        return None
    sign = 1 if expr.op == "+" else -1
    for k, v in rhs.items():
        lhs[k] = lhs.get(k, 0) + sign * v
    return lhs


def _index(items: list[Any], span: Span) -> Index:
    """Fold `[sign, term, sign, term, ...]` into variable coefficients and a constant."""
    coeffs: dict[str, int] = {}
    const = 0
    for sign, term in zip(items[::2], items[1::2], strict=True):
        value = -1 if sign == "-" else 1
        if isinstance(term, tuple):  # `2*y`
            coeffs[term[1]] = coeffs.get(term[1], 0) + value * term[0]
        elif isinstance(term, Token) and term.type == "INT":
            const += value * int(term)
        else:
            coeffs[str(term)] = coeffs.get(str(term), 0) + value
    return Index(tuple((k, v) for k, v in coeffs.items() if v), const, span)


def _describe(exc: lark.UnexpectedInput) -> str:
    """A one-line message for a lark error, naming what was found and expected."""
    if isinstance(exc, lark.UnexpectedToken):
        found = "end of file" if exc.token.type == "$END" else f"'{exc.token}'"
        wanted = sorted({_EXPECTED_WORDS.get(t, f"'{t.lower()}'" if t.isupper() else t)
                         for t in exc.expected if not t.startswith("__")})
        hint = f"; expected {', '.join(wanted[:6])}" if wanted else ""
        return f"unexpected {found}{hint}"
    if isinstance(exc, lark.UnexpectedCharacters):
        return f"unexpected character '{exc.char}'"
    return "unexpected end of file"


def parse_templates(text: str, file: str = "<templates>") -> list[Template]:
    """Parse a template file's text; a syntax error raises `TemplateError` at its place."""
    try:
        tree = _parser().parse(text)
    except lark.UnexpectedInput as exc:
        line, col = exc.line if exc.line > 0 else 1, exc.column if exc.column > 0 else 1
        raise TemplateError(_describe(exc), SourceLoc(file, line, col), text) from None
    try:
        return _ToAst(file, text).transform(tree)
    except lark.exceptions.VisitError as exc:
        if isinstance(exc.orig_exc, TemplateError):
            raise exc.orig_exc from None
        raise
