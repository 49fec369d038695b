"""Semantic checks of a loop program (`compute { for ... }`), after the ones every
template gets (`checks.py`).

A loop program states the source-order loops a template replaces. Its loops and
statements must mean one thing: every counter is a fresh name, bounds and subscripts are
sums of sizes, enclosing counters and integers, a size is a dimension of some array (the
launch reads it there), and a statement is an `=`, `+=` or `-=` of an element or a local
without `where`, at subscripts (no scatter), inside loops. A bound may also be an element
of a one-dimensional integer array the template only reads (a data bound, at subscripts
of the enclosing counters, plus or minus an integer: `for rowptr[i] <= k < rowptr[i+1]`),
on a loop that counts up; a value may read a table at a computed subscript (`x[col[k]]`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from polylift.tdl.ast import Access, DataBound, Index, Lookup, Loop, Ref, Span, Step, Template
from polylift.tdl.steps import accesses

Fail = Callable[[Span, str], Exception]


def check_program(tpl: Template, fail: Fail) -> None:
    """Raise (through `fail`) at the first error of `tpl`'s loop program."""
    sizes = {d for a in tpl.arrays for d in a.dims}
    taken = sizes | {p.name for p in tpl.params} | {v.name for v in tpl.locals}
    if tpl.windows:
        raise fail(tpl.windows[0].span, "a loop program has no window indices: its loops "
                                        "state every extent")
    for item in tpl.program:
        if not isinstance(item, Loop):
            raise fail(item.span, "the top level of a loop program holds loops only")
        _check_loop(tpl, item, [], (sizes, taken), fail)


def _check_loop(tpl: Template, loop: Loop, outer: list[str],
                names: tuple[set[str], set[str]], fail: Fail) -> None:
    sizes, taken = names
    if loop.var in taken or loop.var in outer:
        raise fail(loop.span, f"loop counter '{loop.var}' is already a size, a parameter, "
                              "a local or an enclosing loop's counter")
    for bound in (loop.lower, loop.upper):
        if isinstance(bound, DataBound):
            _check_data_bound(tpl, loop, bound.element, outer, fail)
        else:
            _check_index(bound, outer, sizes, fail, "a bound")
    inner = [*outer, loop.var]
    for item in loop.body:
        if isinstance(item, Loop):
            _check_loop(tpl, item, inner, names, fail)
        else:
            _check_statement(item, inner, sizes, fail)


def _check_data_bound(tpl: Template, loop: Loop, bound: Access, outer: list[str],
                      fail: Fail) -> None:
    """A data bound: an element of a 1-D integer `in` array, at enclosing counters."""
    decl = next((a for a in tpl.arrays if a.name == bound.array), None)
    if decl is None or decl.role != "in" or decl.rank != 1 or \
            not (decl.dtype or "").startswith("i"):
        raise fail(bound.span, f"a bound read from '{bound.array}' needs a one-dimensional "
                               "array of an integer type that the template only reads "
                               f"('array {bound.array}[n] in : i32')")
    if loop.reversed:
        raise fail(loop.span, "a loop bounded by data counts up: it cannot be 'reversed'")
    for index in bound.indices:
        _check_index(index, outer, set(), fail, "a data bound's subscript")


def _check_statement(step: Step, loops: list[str], sizes: set[str], fail: Fail) -> None:
    if step.where:
        raise fail(step.where[0].span, "a statement of a loop program has no 'where': its "
                                       "loops state the points")
    if isinstance(step.target, Lookup):
        raise fail(step.span, "a loop program writes elements at subscripts, not at "
                              "computed ones")
    for access in accesses(step) + ([step.target] if isinstance(step.target, Access) else []):
        for index in access.indices:
            _check_index(index, loops, sizes, fail, "a subscript")
    if isinstance(step.target, Ref) and step.op != "=" and not loops:
        raise fail(step.span, "a local is updated inside loops")


def _check_index(index: Index, counters: list[str], sizes: set[str], fail: Fail,
                 what: str) -> None:
    for name in index.vars:
        if name not in counters and name not in sizes:
            raise fail(index.span, f"{what} uses '{name}', which is neither an enclosing "
                                   "loop's counter nor a size of an array")


def _loops(items: tuple[Step | Loop, ...]) -> Iterator[Loop]:
    """Every loop of a loop program, outer ones first."""
    for item in items:
        if isinstance(item, Loop):
            yield item
            yield from _loops(item.body)


def bound_arrays(tpl: Template) -> set[str]:
    """The arrays whose elements a loop program's data bounds read."""
    return {b.element.array for loop in _loops(tpl.program)
            for b in (loop.lower, loop.upper) if isinstance(b, DataBound)}


def program_vars(tpl: Template) -> set[str]:
    """Every loop counter of a loop program."""
    return {loop.var for loop in _loops(tpl.program)}
