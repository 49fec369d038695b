"""A local folded and stored once, derived as the output itself.

A template may fold a local over its indices and store it once into a 0-d output:

    count = 0
    count = x[i] > t ? count + 1 : count
    r[] = count

The raising gives such a loop the output as the carried value's home (`r[] = 0`, then
`r[] = x[i] > t ? r[] + 1 : r[]`, a 0-d op and a reduction), so the template as written
matches the loop only while it stays a loop. Its derived form folds into the output
directly. Both compute the same value in the same order: the output is written by the
last step alone and read by none, the local by its own fold and that store alone, so
the output may stand for the local from the first step on. The launch is the
template's, with its ABI (the local is no parameter).
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from polylift.tdl.ast import (
    Access,
    And,
    Bin,
    Call,
    Compare,
    Cond,
    Expr,
    Lookup,
    Neg,
    Ref,
)
from polylift.tdl.library import KernelTemplate
from polylift.tdl.steps import walk


def homed_local(tpl: KernelTemplate) -> KernelTemplate | None:
    """`tpl` with its folded local replaced by the 0-d output it is stored into, or None
    when `tpl` is not of that form."""
    return _homed(tpl) if len(tpl.ast.locals) == 1 and len(tpl.ast.steps) == 3 else None


@cache
def _homed(tpl: KernelTemplate) -> KernelTemplate | None:
    ast = tpl.ast
    if ast.program:
        return None
    local = ast.locals[0].name
    init, fold, store = ast.steps
    home = store.target
    if not (isinstance(init.target, Ref) and init.target.name == local and init.op == "="
            and isinstance(fold.target, Ref) and fold.target.name == local
            and isinstance(home, Access) and not home.indices and store.op == "="
            and isinstance(store.value, Ref) and store.value.name == local
            and not init.where and not fold.where and not store.where):
        return None
    if _names(init.value) & {local, home.array} or home.array in _names(fold.value):
        return None
    output = Access(home.array, (), span=home.span)
    steps = (replace(init, target=output),
             replace(fold, target=output, value=_substituted(fold.value, local, output)))
    return KernelTemplate(replace(ast, steps=steps, locals=()))


def homed_form(tpl: KernelTemplate) -> str:
    """How a remark names the derived form of `tpl` (`homed_local` derives one)."""
    store = tpl.ast.steps[-1]
    assert isinstance(store.target, Access)
    return f"with {tpl.ast.locals[0].name} in {store.target.array}[]"


def _names(expr: Expr) -> set[str]:
    """The locals, scalars and arrays `expr` reads."""
    return {n.name if isinstance(n, Ref) else n.array for n in walk(expr)
            if isinstance(n, Ref | Access | Lookup)}


def _substituted(expr: Expr, local: str, output: Access) -> Expr:
    """`expr` with every read of `local` reading `output` instead."""
    match expr:
        case Ref(name=name) if name == local:
            return output
        case Bin() | Compare() | And():
            return replace(expr, lhs=_substituted(expr.lhs, local, output),
                           rhs=_substituted(expr.rhs, local, output))
        case Neg():
            return replace(expr, operand=_substituted(expr.operand, local, output))
        case Call():
            return replace(expr, args=tuple(_substituted(a, local, output)
                                            for a in expr.args))
        case Cond():
            return replace(expr, test=_substituted(expr.test, local, output),
                           then=_substituted(expr.then, local, output),
                           other=_substituted(expr.other, local, output))
        case Lookup():
            return replace(expr, key=_substituted(expr.key, local, output))
    return expr
