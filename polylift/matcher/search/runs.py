"""Runs: the consecutive ops of one block that the steps of one template match.

An element of a run is a linalg op, a loop nest the raising kept, or a store outside
loops (`element_kind`); a step of kind `op` also matches a loop nest that computes its
points. Between the elements may stand ops that only name views (`match.PURE`) and the
values the elements read: loads, arithmetic, a loop carrying a value (histeq's `cmin`).
One launch replaces the run at its last element, so those values must come out the
same there:

- every op between the elements is a view op or such a value, used only by the run;
- a value read from memory that a store or a loop element reads (or a linalg element,
  when the template recomputes it as a local) is computed after the element before it,
  and for the first element with nothing but such values and view ops between it and
  the element: the launch reads that memory as the template orders it, after the steps
  before, before any other write;
- a linalg element's other captured values are passed to the launch as they are, read
  before it: one read from memory that an element before it writes (the same root, or
  an argument that may alias it) breaks the run.
"""

from __future__ import annotations

from collections.abc import Sequence

from polylift.matcher.ir.ir_model import Unsupported, linalg_outputs, root_of
from polylift.matcher.ir.loop_model import STORES
from polylift.matcher.ir.payload import ancestor_in
from polylift.matcher.search.match import PURE
from polylift.mlir import ir, walk
from polylift.raising.proof.aliasing import aliasing_names
from polylift.tdl.library import KernelTemplate

_LOADS = ("affine.load", "memref.load")


def element_kind(op: ir.Operation | ir.OpView) -> str:
    """What a run element is: a linalg `op`, a `loop` nest (one carrying no value), a
    `store`; "" for any other op."""
    name = op.operation.name
    if name.startswith("linalg."):
        return "op"
    if name == "affine.for":
        return "" if len(op.operation.results) else "loop"
    return "store" if name in STORES else ""


def fits(element: str, step: str) -> bool:
    """Whether an element of one kind may match a step of another (`step_kind`): a loop
    nest also matches a step of points or a top-level loop of a loop program, and a
    linalg op may compute one element (the 0-d generic a reduction's initial value is
    raised to)."""
    return element == step or (element, step) in (("loop", "op"), ("loop", "program"),
                                                  ("op", "store"))


def run_kinds(tpl: KernelTemplate) -> list[tuple[str, ...]]:
    """The element kinds of the runs `tpl` may match: one per element step, or for a
    loop program one to as many loop nests as it has statements (the source may split
    its loops, or join them, where the template's order allows)."""
    if tpl.ast.program:
        return [("program",) * n for n in range(1, len(tpl.ast.steps) + 1)]
    return [tpl.element_kinds]


# What a loop carrying a value may hold: arithmetic, reads, and control flow around them.
_COMPUTES = ("arith.", "math.", "affine.load", "memref.load", "affine.apply", "affine.yield",
             "affine.for", "affine.if", "scf.yield", "scf.if", "scf.for")


def _only_computes(op: ir.Operation) -> bool:
    """Whether an op and all it nests only compute and read (no store, call, launch)."""
    others = []

    def visit(inner: ir.Operation) -> ir.WalkResult:
        if not inner.name.startswith(_COMPUTES):
            others.append(inner.name)
        return ir.WalkResult.ADVANCE

    walk(op, visit, ir.WalkOrder.POST_ORDER)
    return not others


def _value_op(op: ir.Operation) -> bool:
    """An op that computes values and writes nothing: a load, arithmetic, a loop carrying
    a value."""
    name = op.operation.name
    if name.startswith("arith.") or name in _LOADS or name == "affine.apply":
        return True
    return name in ("affine.for", "scf.for") and len(op.operation.results) > 0 \
        and _only_computes(op)


def _reads_memory(op: ir.Operation) -> bool:
    return op.operation.name in _LOADS or op.operation.name in ("affine.for", "scf.for")


def positions(ops: Sequence[ir.OpView]) -> dict[ir.Operation, int]:
    """The position of each op of a block (`ops`: all of them, in order): built once per
    scan of the unchanged block and passed down, since every question about a run asks
    where its ops stand, and listing the block through the bindings costs a crossing
    per op."""
    return {op.operation: i for i, op in enumerate(ops)}


def feeding(element: ir.OpView, order: dict[ir.Operation, int]) -> list[ir.Operation]:
    """The value ops of the element's block (`order`: `positions` of the block) that
    compute what the element reads (constants aside)."""
    todo: list[ir.Value] = []

    def visit(inner: ir.Operation) -> ir.WalkResult:
        todo.extend(inner.operands)
        return ir.WalkResult.ADVANCE

    walk(element, visit, ir.WalkOrder.POST_ORDER)
    found: list[ir.Operation] = []
    while todo:
        owner = todo.pop().owner
        if not isinstance(owner, ir.Operation | ir.OpView) or owner.operation not in order \
                or owner.name == "arith.constant" or not _value_op(owner.operation) \
                or owner.operation in found or owner.operation == element.operation:
            continue
        found.append(owner.operation)
        walk(owner, visit, ir.WalkOrder.POST_ORDER)
    return sorted(found, key=lambda op: order[op])


def run_of(ops: Sequence[ir.OpView], index: dict[ir.Operation, int], start: int,
           kinds: list[str], recomputes: bool = False) -> list[ir.OpView] | None:
    """The elements fitting step kinds `kinds` from `ops[start]`, if they form a run.
    `ops`: every op of the block, `index`: their `positions`; `recomputes`: the template
    recomputes values a linalg element reads (its locals), so the memory rule holds for
    those too."""
    found: list[ir.OpView] = []
    places: list[int] = []
    for i, op in enumerate(ops[start:], start):
        kind = element_kind(op)
        if kind:
            if not fits(kind, kinds[len(found)]):
                return None
            found.append(op.opview)
            places.append(i)
            if len(found) == len(kinds):
                return found if _in_place(ops, index, found, places, recomputes) else None
        elif op.operation.name not in PURE and not _value_op(op.operation):
            return None
    return None


def _stays(op: ir.Operation, between: set, stays: set, block: ir.Block,
           seen: frozenset = frozenset()) -> bool:
    """Whether every use of `op`'s values is in the run: an element, a value it reads,
    or an op between the elements whose own values stay in the run."""
    for result in op.results:
        for use in result.uses:
            user = ancestor_in(use.owner, block)
            if user in stays or user in seen:
                continue
            if user is None or user not in between \
                    or not _stays(user, between, stays, block, seen | {op}):
                return False
    return True


def _in_place(ops: Sequence[ir.OpView], index: dict[ir.Operation, int],
              run: list[ir.OpView], places: list[int], recomputes: bool) -> bool:
    """The rules of the module doc (`places`: where the run's elements stand)."""
    block = ops[0].operation.block
    owners: dict[ir.Operation, int] = {}  # a value op -> the first element reading it
    for k, element in enumerate(run):
        for op in feeding(element, index):
            owners.setdefault(op, k)
    between = {op.operation for op in ops[places[0]:places[-1]] if not element_kind(op)}
    stays = set(owners) | {e.operation for e in run}
    if not all(_stays(op, between, stays, block) for op in between
               if op.name not in PURE):
        return False
    for op, k in owners.items():
        if not _reads_memory(op):
            continue
        if element_kind(run[k]) == "op" and not recomputes:
            # The launch takes the value as read where it stands, before the launch: no
            # element before it may write what it reads.
            earlier = [e for e, p in zip(run, places, strict=True) if p < index[op]]
            if any(_may_overlap(r, w) for e in earlier for w in _written(e)
                   for r in _touched(op, _LOADS, 0)):
                return False
            continue
        if k and index[op] < places[k - 1]:
            return False
        if not k and any(o.operation not in owners and o.operation.name not in PURE
                         for o in ops[index[op] + 1:places[0]]):
            return False
    return True


def _touched(op: ir.Operation | ir.OpView, names: tuple[str, ...], index: int) -> list[ir.Value]:
    """Operand `index` (the memref) of every op named in `names` inside `op`."""
    found: list[ir.Value] = []

    def visit(inner: ir.Operation) -> ir.WalkResult:
        if inner.name in names:
            found.append(inner.operands[index])
        return ir.WalkResult.ADVANCE

    walk(op, visit, ir.WalkOrder.POST_ORDER)
    return found


def _written(element: ir.OpView) -> list[ir.Value]:
    """The memrefs a run element writes."""
    if element_kind(element) == "op":
        return linalg_outputs(element)
    return _touched(element, STORES, 1)


def _may_overlap(a: ir.Value, b: ir.Value) -> bool:
    """Whether two memrefs may share an element: one root, roots a caller may make
    overlap (`raising/proof/aliasing.py`), or a view whose root is unknown."""
    try:
        ra, rb = root_of(a), root_of(b)
    except Unsupported:
        return True
    return ra == rb or aliasing_names(ra, rb) is not None


def dead_after(ops: Sequence[ir.OpView], index: dict[ir.Operation, int],
               run: list[ir.OpView]) -> list[ir.Operation]:
    """The ops between the run's first and last elements (and the values a store
    element reads), which the launch replaces: erased with the run, latest first, where
    nothing else uses them (`index`: the `positions` of `ops`, the block's ops)."""
    first, last = index[run[0].operation], index[run[-1].operation]
    found = {op.operation for op in ops[first + 1:last] if not element_kind(op)}
    found |= {op for element in run if element_kind(element) == "store"
              for op in feeding(element, index)}
    return sorted(found, key=lambda op: index[op])
