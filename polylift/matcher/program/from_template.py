"""A template's loop program (`compute { for ... }`) as a `model` program.

A counter is named by its depth; a size keeps its template name (`SizeAtom("n")`),
bound to a value of the nest when the two are compared. A data bound (`rowptr[i]`) is
the element it reads; a lookup (`x[col[k]]`) is `lookup(x[], key)`, the table whole. A
`reversed` loop counts as the front end counts a decreasing C loop: a new counter from 0
up to the trip count, the template's counter being `upper - 1 - counter` wherever it is
read. A statement `x -= e` stores `x - e`, `x += e` stores `x + e`.
"""

from __future__ import annotations

from functools import cache

from polylift.matcher.ir.tree import Const, Counter, Node, Opaque, Read, Scalar, Var, apply
from polylift.matcher.program.model import Form, LoopAtom, LoopNode, SizeAtom, Stmt
from polylift.tdl.ast import (
    Access,
    Bin,
    Call,
    DataBound,
    Expr,
    Index,
    Lookup,
    Loop,
    Neg,
    Num,
    Ref,
    Step,
    Template,
)


@cache
def template_program(tpl: Template) -> tuple[LoopNode, ...]:
    """The loops of `tpl`'s loop program, in the model (made once per template)."""
    return tuple(_loop(loop, {}, 0, tpl) for loop in tpl.program)


def _loop(loop: Loop, env: dict[str, Form], depth: int, tpl: Template) -> LoopNode:
    lower, upper = _bound(loop.lower, env, tpl), _bound(loop.upper, env, tpl)
    counter = Form.of({LoopAtom(depth): 1})
    if loop.reversed:
        assert isinstance(lower, Form) and isinstance(upper, Form)  # program_checks.py
        env = {**env, loop.var: upper.plus(Form(const=-1)).plus(counter, -1)}
        lower, upper = Form(), upper.plus(lower, -1)
    else:
        env = {**env, loop.var: counter}
    body = tuple(_loop(item, env, depth + 1, tpl) if isinstance(item, Loop)
                 else _statement(item, env, tpl) for item in loop.body)
    return LoopNode(lower, upper, body, loop.var)


def _bound(bound: Index | DataBound, env: dict[str, Form], tpl: Template) -> Form | Node:
    """A loop bound: a form, or a data bound's element plus its constant (`rowptr[i+1]`,
    `rowptr[i] + -1`)."""
    if isinstance(bound, Index):
        return _form(bound, env)
    element = _expr(bound.element, env, tpl)
    return apply("+", element, Const(bound.const)) if bound.const else element


def _form(index: Index, env: dict[str, Form]) -> Form:
    """A bound or subscript: counters by their forms, other names as sizes."""
    form = Form(const=index.const)
    for name, coeff in index.terms:
        form = form.plus(env.get(name) or Form.of({SizeAtom(name): 1}), coeff)
    return form


def _statement(step: Step, env: dict[str, Form], tpl: Template) -> Stmt:
    target = _expr(step.target, env, tpl)
    value = _expr(step.value, env, tpl)
    if step.op in ("+=", "-="):
        value = apply(step.op[0], target, value)
    return Stmt(target, value, str(step))


def _expr(expr: Expr, env: dict[str, Form], tpl: Template) -> Node:
    if isinstance(expr, Access):
        return Read(expr.array, tuple(_form(ix, env) for ix in expr.indices))
    if isinstance(expr, Ref):
        if tpl.local(expr.name) is not None:
            return Var(expr.name)
        if expr.name in env:
            # A counter read as a number: no nest gives a form, so this never matches.
            return Counter(env[expr.name])
        return Scalar(expr.name)
    if isinstance(expr, Num):
        return Const(expr.value)
    if isinstance(expr, Bin):
        return apply(expr.op, _expr(expr.lhs, env, tpl), _expr(expr.rhs, env, tpl))
    if isinstance(expr, Neg):
        return apply("neg", _expr(expr.operand, env, tpl))
    if isinstance(expr, Call):
        return apply(expr.fn, *(_expr(a, env, tpl) for a in expr.args))
    if isinstance(expr, Lookup):
        # The table, whole (an element at no subscript), at the key's value.
        return apply("lookup", Read(expr.array, ()), _expr(expr.key, env, tpl))
    return Opaque(str(expr))
