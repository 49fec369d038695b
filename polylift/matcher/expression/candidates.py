"""The expression templates a run of ops from one op on may be: the op as a map, the op
as a fold from its output as it is, and the op with the fold after it, when it stores
the value that fold starts from (`shapes.py`). Each is parsed and checked here; whether
it matches is the matcher's to prove."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from polylift.matcher.expression.shapes import fold_template, map_template
from polylift.matcher.expression.writer import NotStated
from polylift.matcher.search.runs import element_kind
from polylift.mlir import ir
from polylift.tdl.errors import TemplateError
from polylift.tdl.expression import expression_template
from polylift.tdl.library import KernelTemplate


def expression_templates(ops: Sequence[ir.OpView], i: int) -> list[KernelTemplate]:
    """The expression templates of the ops from `ops[i]` on, the longest run first."""
    op = ops[i]
    if op.name != "linalg.generic":
        return []
    later = next((o for o in ops[i + 1:] if element_kind(o)), None)
    shapes: list[Callable[[], str]] = [lambda: map_template(op),
                                                  lambda: fold_template(None, op)]
    if later is not None and later.name == "linalg.generic":
        shapes.insert(0, lambda: fold_template(op, later))
    found = []
    for shape in shapes:
        try:
            found.append(expression_template(shape()))
        except (NotStated, TemplateError):
            # A text the language's checks refuse states nothing: the op stays.
            continue
    return found
