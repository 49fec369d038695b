"""The benchmark's kernel as C with the statements that became launches removed.

`bench_host.py` times this *gcc residual* program next to the lifted one: gcc compiles
exactly the code the lifted kernel keeps beside its library calls, so the residual loops
of both compilers can be compared.

Which statements became launches is read from the IR, with its source locations: the
kernel's `kernel.mlir` is run through the raising and matching passes again (the
module must print as the check's matched stage did, else the IR read is not the one
timed). A *unit* of computation is what the match report calls residual
(`matcher/explain/residual.py`: linalg ops, loops that compute, stores outside loops):
the units of the raised module that are missing from the matched one went into
launches. Every op nested in a unit has the position of the C expression or statement
it comes from (views, index arithmetic, constants and a remaining loop's launches are
not counted: they compute nothing of the loop's own), so a leaf statement of the kernel
(any statement but a block or a `for`) is *launched* when positions of launched units
fall in it, *residual* when positions of remaining units do; a `for` is launched as a
whole when its own position is launched and none in its body is (a loop raised as one
unit, its ops at the loop's position: an index of the extremum). A launched leaf or
loop is removed, then every `for` and block left empty; the body is printed again (pycparser's
generator, macros expanded as the same dataset size compiles them) in place of the
original body, the rest of the file kept as is.

Nothing is guessed: a leaf both launched and residual (one statement split between a
launch and loops), a loop launched as a whole with residual code in it, launched code
outside the kernel's own statements and those of the functions of its file that only
it runs (`own_callees.py`; a header's helper, which other code may run), or a matched
unit the raised module lacks raises `ResidualSourceError`.
"""

from __future__ import annotations

import copy
import os
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from pycparser import c_ast, c_generator

from polylift.errors import PolyliftError
from polylift.frontend.c.scan import named_children
from polylift.frontend.c.source import parse_c, preprocess
from polylift.function_versions import fallback_functions
from polylift.harness.programs.lift import prepare_module
from polylift.harness.programs.own_callees import own_callees
from polylift.lowering import host_policy
from polylift.matcher.explain.residual import residual_ops
from polylift.matcher.search.match import PURE
from polylift.mlir import ir, new_context, parse_module, source_loc, walk
from polylift.passes.pipeline import PassRun, parse_element, run_pipeline

Position = tuple[str, int, int]  # absolute file, line, column


class ResidualSourceError(PolyliftError):
    """The launches cannot be mapped to whole statements of the kernel."""


@dataclass(frozen=True)
class LaunchedCode:
    """Source positions of the computation that went into launches, and of what stayed."""

    launched: frozenset[Position]
    residual: frozenset[Position]


def _guarded(module: ir.Module) -> bool:
    """Whether an op kept as loops is the other branch of a launch's size test
    (`host_policy.guard_launch`)."""
    found: list[ir.Operation] = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        parent = op.parent
        if host_policy.KEPT in op.attributes and parent is not None \
                and parent.name == "scf.if" and len(parent.regions[1].blocks) \
                and op.block == parent.regions[1].blocks[0]:
            kept = ir.StringAttr(op.attributes[host_policy.KEPT]).value
            if kept in _launched_templates(parent.regions[0].blocks[0]):
                found.append(op)
                return ir.WalkResult.INTERRUPT
        return ir.WalkResult.ADVANCE

    walk(module, visit, ir.WalkOrder.PRE_ORDER)
    return bool(found)


def _launched_templates(block: ir.Block) -> set[str]:
    """The templates the launches of a block (not nested) take."""
    return {ir.StringAttr(op.attributes["template"]).value for op in block.operations
            if op.operation.name == "kernel.launch"}


def _units(module: ir.Module) -> list[tuple[tuple[str, str], frozenset[Position]]]:
    """Every residual unit of the module's functions (versions of the kernel included,
    but for a fallback that runs only where the guarded version's test fails, as the
    kernel's C does not): its name and location, and the positions of the ops in it."""
    functions = [func for func in module.body.operations if "sym_name" in func.attributes]
    fallbacks = fallback_functions({_name(func) for func in functions})
    return [(_key(op), _positions(op)) for func in functions if _name(func) not in fallbacks
            for op, _ in residual_ops(func.operation)]


def _name(func: ir.OpView) -> str:
    return ir.StringAttr(func.attributes["sym_name"]).value


def _key(op: ir.Operation) -> tuple[str, str]:
    """A unit's identity across the matching pass: its name and location."""
    return op.name, str(op.location)


def _absolute(file: str) -> str:
    """A source file's absolute path; `-` (text a pass parsed, not a file) stays."""
    return file if file == "-" else os.path.abspath(file)


def _positions(op: ir.Operation) -> frozenset[Position]:
    """The source positions of the ops nested in `op` (itself included) that compute:
    views, index arithmetic and constants are left out, and so is every launch with its
    operands' setup (a loop that repeats launches keeps only its own code)."""
    found: set[Position] = set()

    def visit(inner: ir.Operation) -> ir.WalkResult:
        if inner.name == "kernel.launch":
            return ir.WalkResult.SKIP
        loc = source_loc(inner.location)
        if loc is not None and inner.name not in PURE:
            found.add((_absolute(loc.file), loc.line, loc.col))
        return ir.WalkResult.ADVANCE

    walk(op, visit, ir.WalkOrder.PRE_ORDER)
    return frozenset(found)


def launched_code(kernel_mlir: str, kernel: str, passes: Sequence[str],
                  matched: str) -> LaunchedCode:
    """What of `kernel` (in the front end's `kernel_mlir`) went into launches under
    `passes` (raising, then matching), whose result must print as `matched`."""
    split = next((i for i, p in enumerate(passes) if p.startswith("match-kernels")), None)
    if split is None:
        raise ResidualSourceError("the passes do not match kernels")
    ctx = new_context()
    with ctx:
        module = parse_module(prepare_module(kernel_mlir, kernel, keep_locations=True), ctx,
                              "kernel.mlir")
        steps = [parse_element(p) for p in passes]
        run = PassRun(filename="kernel.mlir", wanted=frozenset())
        run_pipeline(steps[:split], module, run)
        raised = _units(module)
        run_pipeline(steps[split:], module, run)
        if str(module) != matched:
            raise ResidualSourceError("matching again gives other IR than the check's "
                                      "matched stage")
        if _guarded(module):
            raise ResidualSourceError("a launch runs or its loops do by a test of the sizes "
                                      "at run time (the profitable policy's guard): which "
                                      "code is residual depends on the sizes")
        left = _units(module)
    unmatched = Counter(key for key, _ in left)
    launched: set[Position] = set()
    for key, positions in raised:
        if unmatched[key]:
            unmatched[key] -= 1
        else:
            launched |= positions
    if +unmatched:
        raise ResidualSourceError("the matched kernel has loops the raised one lacks")
    if not launched:
        raise ResidualSourceError("no loop of the raised kernel went into a launch")
    return LaunchedCode(frozenset(launched), frozenset().union(*(p for _, p in left)))


def _coords(node: c_ast.Node) -> set[Position]:
    """The positions of `node` and every node under it."""
    found: set[Position] = set()
    stack = [node]
    while stack:
        current = stack.pop()
        coord = current.coord
        if coord is not None and coord.file and coord.column:
            found.add((_absolute(coord.file), coord.line, coord.column))
        stack.extend(child for _, child in named_children(current))
    return found


def _at(node: c_ast.Node) -> Position:
    """Where a statement starts."""
    coord = node.coord
    return (_absolute(coord.file), coord.line, coord.column or 1) if coord else ("?", 0, 0)


def _strip(stmt: c_ast.Node, code: LaunchedCode, removed: list[Position]) -> c_ast.Node | None:
    """`stmt` without its launched leaves, and without the loops and blocks they leave
    empty (None: nothing is left)."""
    if isinstance(stmt, c_ast.Compound):
        items = stmt.block_items or []
        kept = [s for s in (_strip(item, code, removed) for item in items) if s is not None]
        return c_ast.Compound(kept, stmt.coord) if kept or not items else None
    if isinstance(stmt, c_ast.For):
        if _at(stmt) in code.launched and not _coords(stmt.stmt) & code.launched:
            return _whole_loop(stmt, code, removed)
        body = _strip(stmt.stmt, code, removed)
        return None if body is None else c_ast.For(stmt.init, stmt.cond, stmt.next, body,
                                                   stmt.coord)
    if isinstance(stmt, c_ast.If) and not _coords(stmt.cond) & code.launched:
        # A test outside the launches stays, with what stays of its branches: one may
        # end the function (`return` when the shapes agree) before code that then never
        # runs.
        then = _strip(stmt.iftrue, code, removed) or c_ast.Compound([], stmt.coord)
        other = _strip(stmt.iffalse, code, removed) if stmt.iffalse is not None else None
        return c_ast.If(stmt.cond, then, other, stmt.coord)
    positions = _coords(stmt)
    if positions & code.launched and positions & code.residual:
        file, line, col = _at(stmt)
        raise ResidualSourceError(f"{file}:{line}:{col}: the statement is split between a "
                                  "launch and residual code")
    if positions & code.launched:
        if _jumps(stmt):
            file, line, col = _at(stmt)
            raise ResidualSourceError(f"{file}:{line}:{col}: the launched statement holds "
                                      "a return, break, continue or goto")
        removed.append(_at(stmt))
        return None
    return stmt


def _jumps(stmt: c_ast.Node) -> bool:
    """Whether `stmt` holds a statement that sends control elsewhere: removed with it,
    code after it would run where it did not."""
    stack = [stmt]
    while stack:
        current = stack.pop()
        if isinstance(current, c_ast.Return | c_ast.Break | c_ast.Continue | c_ast.Goto):
            return True
        stack.extend(child for _, child in named_children(current))
    return False


def _whole_loop(loop: c_ast.For, code: LaunchedCode, removed: list[Position]) -> None:
    """Remove a loop that went into a launch as one unit located at the `for` itself; one
    whose body also holds residual code cannot be told apart from a launch beside it."""
    if _coords(loop) & code.residual:
        file, line, col = _at(loop)
        raise ResidualSourceError(f"{file}:{line}:{col}: the loop is launched as a whole "
                                  "and holds residual code")
    removed.append(_at(loop))


@dataclass(frozen=True)
class ResidualSource:
    """The kernel's file with its launched statements removed, and where those were."""

    text: str
    removed: tuple[Position, ...]


def residual_source(source: Path, kernel: str, code: LaunchedCode,
                    include_dirs: Sequence[str], defines: Sequence[str]) -> ResidualSource:
    """The text of `source` with the launched statements of `kernel`'s body and of the
    functions of the file only it runs (`own_callees`: a framework layer's work) removed
    (each body printed again, preprocessed with `defines`)."""
    path = str(source)
    ast = parse_c(preprocess(path, include_dirs, defines), path)
    functions = {d.decl.name: d for d in ast.ext if isinstance(d, c_ast.FuncDef)
                 and d.body.coord is not None and d.body.coord.file == path}
    if kernel not in functions:
        raise ResidualSourceError(f"'{path}' defines no single function '{kernel}'")
    bodies = [f.body for f in (functions[kernel],
                                *own_callees(functions[kernel], functions, ast))]
    outside = code.launched - set().union(*(_coords(body) for body in bodies))
    if outside:
        file, line, col = min(outside)
        raise ResidualSourceError(f"{file}:{line}:{col}: launched code located outside the "
                                  "kernel's own statements and the functions only it runs "
                                  "(an inlined callee, or a location a pass made)")
    removed: list[Position] = []
    text = source.read_text()
    edits = []
    for body in bodies:
        stripped = _strip(copy.deepcopy(body), code, removed) or c_ast.Compound([], body.coord)
        start, end = _body_span(text, body.coord.line, body.coord.column or 1)
        edits.append((start, end, c_generator.CGenerator().visit(stripped).rstrip("\n")))
    for start, end, printed in sorted(edits, reverse=True):
        text = text[:start] + printed + text[end:]
    return ResidualSource(text, tuple(removed))


def _body_span(text: str, line: int, column: int) -> tuple[int, int]:
    """The offsets of a function body's `{` (at `line`:`column`) and past its `}`,
    braces in comments, strings and character constants not counted."""
    lines = text.splitlines(keepends=True)
    start = sum(len(s) for s in lines[:line - 1]) + column - 1
    if text[start:start + 1] != "{":
        raise ResidualSourceError(f"no '{{' where the kernel's body starts ({line}:{column})")
    depth, i = 0, start
    while i < len(text):
        two = text[i:i + 2]
        if two in ("//", "/*"):
            close = text.find("\n" if two == "//" else "*/", i + 2)
            i = len(text) if close < 0 else close + (1 if two == "//" else 2)
            continue
        if text[i] in "\"'":
            i = _past_literal(text, i)
            continue
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        i += 1
        if depth == 0:
            return start, i
    raise ResidualSourceError("the kernel's body has no closing '}'")


def _past_literal(text: str, i: int) -> int:
    """The offset past the string or character constant opening at `i`."""
    quote, i = text[i], i + 1
    while i < len(text) and text[i] != quote:
        i += 2 if text[i] == "\\" else 1
    return i + 1
