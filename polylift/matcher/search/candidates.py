"""The templates worth trying on an op: the library indexed by what a linalg op can be.

Matching tries templates from the most specific down, and most fail at once; the index
leaves out those whose first step can never match the op, by facts the engine itself
requires of every match of a step against a `linalg.generic` (`match._step`,
`match._check_loops`, `match.match`):

- the op has exactly one output;
- every loop of the op is bound to one index of the step, no two to the same loop, and
  a loop is parallel exactly when its index is one of the written element's: so the op
  has as many parallel loops as the step writes indices, and as many reductions as the
  step binds other indices: at least those of its subscripts, at most those and every
  other name the template reads as a number (an index value, in the step or a local's
  definition);
- a template of one step matches only an op writing one of its element types;
- the step's expression and the op's payload tree (`payload.py`) have the same operator
  at the top (`+` and `*` chains compare as wholes), except where the engine reads
  through: a value captured from outside the body may be the template's expression, a
  local stands for its definition, an integer template peels the payload's
  truncation back to its accumulation type first, and a float template's operation
  may be one C computes in double and rounds to float (`binding/narrowing.py`);
- a step that writes at a computed subscript or reads its target elsewhere (a scatter,
  a recurrence) matches a loop nest or a store, never a linalg op; a step that writes
  one element matches a store, or the 0-d linalg op a reduction's initial value is
  raised to: a linalg op with an output subscript that is a loop dim writes more than
  one element, and `engine.Matcher.access` rejects it as the target of such a step;
- a step without `where` matches only an op that updates every point of its loops
  (`match._same_mask`): a masked triangle is no gemm.

A loop nest or a store is indexed by its kind (the templates whose first step it may
be, `runs.fits`) and the element type it writes: a template of one op (not a loop
program) matches only an op writing a type it serves (`match.served_types`).
The same facts hold of every later op step, so a run whose later ops no step could be
is passed over before matching (`BlockShapes.admits_run`; a joint update's op, with
several outputs, is not read). `tests/unit/test_match_index.py` checks, over every
raised function of the benchmark suites, that the index keeps each template that
matches.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from polylift.matcher.binding.engine import step_expr
from polylift.matcher.ir.ir_model import Unsupported, iterator_kinds
from polylift.matcher.ir.mask import split_mask
from polylift.matcher.ir.payload import payload
from polylift.matcher.ir.step_ir import StepIR
from polylift.matcher.ir.tree import kind
from polylift.matcher.search.match import (
    StepContexts,
    last_target,
    served_types,
    written_type,
)
from polylift.matcher.search.runs import element_kind, fits
from polylift.mlir import ir, linalg, view_as
from polylift.tdl.ast import (
    Access,
    And,
    ArrayDecl,
    Bin,
    Call,
    Compare,
    Cond,
    Expr,
    Lookup,
    Neg,
    Num,
    Ref,
    Step,
)
from polylift.tdl.library import KernelTemplate
from polylift.tdl.steps import step_indices, target_array, written_indices


@dataclass(frozen=True)
class OpShape:
    """What the index reads of a `linalg.generic`: its loops, its written type, the
    top node of its payload tree (None when the matcher cannot read the payload),
    whether an output subscript is a loop dim (the op writes more than one element), and
    whether it is masked to some of its points (False where the payload is not read)."""

    outputs: int
    parallel: int
    reductions: int
    dtype: str
    top: str | None
    writes_along_loops: bool
    masked: bool = False


@dataclass(frozen=True)
class StepShape:
    """The generics a template's first step can match: `parallel` loops exactly, between
    `least` and `most` reductions, writing one of `dtypes`, with a payload whose top node
    is one of `tops` (None: any type, any top); `everywhere`: the step has no `where`,
    so the op updates every point of its loops."""

    parallel: int
    least: int
    most: int
    dtypes: frozenset[str] | None
    tops: frozenset[str] | None
    everywhere: bool = False

    def admits(self, op: OpShape) -> bool:
        """Whether the engine could match the step against an op of this shape."""
        return op.outputs == 1 and op.parallel == self.parallel \
            and self.least <= op.reductions <= self.most \
            and (self.dtypes is None or op.dtype in self.dtypes) \
            and (self.tops is None or op.top is None or op.top in self.tops) \
            and not (self.everywhere and op.masked)


def op_shape(op: ir.Operation | ir.OpView,
             contexts: StepContexts | None = None) -> OpShape | None:
    """The shape of a `linalg.generic` (None for any other op); `contexts`: where the op
    as a float template's step (`GenericIR`, which the match reads next) may be read
    once for both, its payload tree above all."""
    if op.operation.name != "linalg.generic":
        return None
    view = view_as(op, linalg.GenericOp)
    step = _as_step(view, contexts)
    kinds = step.iterators if step is not None else iterator_kinds(view)
    outputs = list(view.outputs)
    dtype = str(ir.MemRefType(outputs[0].type).element_type) if outputs else ""
    masked = False
    try:
        # As `GenericIR` reads it.
        if step is not None:
            top: str | None = kind(step.tree)
            masked = bool(step.mask)
        else:
            value, mask = split_mask(view)
            top, masked = kind(payload(view, value)), bool(mask)
    except Unsupported:
        top = None
    maps = list(view.indexing_maps)[len(view.inputs):]
    along = any(isinstance(e, ir.AffineDimExpr) for m in maps
                for e in ir.AffineMapAttr(m).value.results)
    return OpShape(len(outputs), kinds.count("parallel"), kinds.count("reduction"), dtype,
                   top, along, masked)


def _as_step(view: linalg.GenericOp, contexts: StepContexts | None) -> StepIR | None:
    """The op as a float template's step, of one output (None: not read here)."""
    if contexts is None or len(view.outputs) != 1:
        return None
    try:
        return contexts.of(view, "", frozenset())
    except Unsupported:
        return None


def step_shape(tpl: KernelTemplate) -> StepShape | None:
    """The shape of the generics the first step of `tpl` can match (None: no generic)."""
    if tpl.element_kinds[:1] != ("op",):
        return None
    return _shape(tpl, tpl.element_steps[0][1], alone=len(tpl.element_steps) == 1)


def later_shapes(tpl: KernelTemplate) -> tuple[StepShape | None, ...]:
    """The shape of the generic each op after the first of a run of `tpl` can be (None:
    any op; a joint update's op has several outputs, which `StepShape` does not state).
    A loop program has no op steps: its loops match whole."""
    if tpl.ast.program:
        return ()
    return tuple(_shape(tpl, group[0][1], alone=False)
                 if kind == "op" and len(group) == 1 else None
                 for kind, group in zip(tpl.element_kinds[1:], tpl.op_steps[1:],
                                        strict=True))


def _shape(tpl: KernelTemplate, step: Step, alone: bool) -> StepShape:
    """The generics `step` can match; `alone`: it is the template's only step, so the op
    writes one of the types the template serves."""
    written = written_indices(step)
    subscripts = step_indices(step) - written
    numbers = tpl.index_values - written
    dtypes = None
    if alone:
        target = tpl.ast.param(target_array(step))
        assert isinstance(target, ArrayDecl)
        # In memory an unsigned pixel (`u8`) is the signless integer of its width (`i8`).
        dtypes = frozenset("i" + t[1:] if t.startswith("u") else t
                           for t in ((target.dtype,) if target.dtype else tpl.dtypes))
    tops = _tops(tpl, step_expr(step))
    if tops is not None:
        # A captured value may be the expression; an integer template's truncation is
        # peeled off before matching.
        tops |= {"val", "trunc"} if tpl.accumulate else {"val"}
        if not tpl.accumulate and tops & {"+", "-", "*", "/", "sqrt"}:
            tops.add("f32")  # the float operation C computes in double (`narrowing.py`)
    return StepShape(len(written), len(subscripts), len(subscripts | numbers), dtypes,
                     None if tops is None else frozenset(tops), not step.where)


# The payload node each template operator matches (`engine.Matcher.expr`).
_NODE_OF = {Neg: "neg", Cond: "select", And: "and", Compare: "cmp", Lookup: "lookup",
            Num: "const"}


def _tops(tpl: KernelTemplate, expr: Expr) -> set[str] | None:
    """The payload top nodes that template expression `expr` can match (None: any)."""
    if isinstance(expr, Bin):
        return {expr.op}
    if isinstance(expr, Call):
        return {expr.fn, "sext"} if expr.fn == "i64" else {expr.fn}
    if isinstance(expr, Access):
        return {"arg", "opnd"}
    if isinstance(expr, Ref):
        if tpl.ast.local(expr.name) is not None:
            return None  # its definition, whatever that is
        if tpl.ast.param(expr.name) is None:
            return {"index"}
        return {"val", "const", "elem", "arg"}
    kind = _NODE_OF.get(type(expr))
    return None if kind is None else {kind}


def _first_fits(element: str, tpl: KernelTemplate) -> bool:
    """Whether a template whose first step is no linalg op's may still start at one: a
    linalg op computes the one element of a store step (`runs.fits`), an op that
    writes one element only."""
    kinds = tpl.element_kinds
    return bool(kinds) and kinds[0] != element and fits(element, kinds[0])


def _may_start(tpl: KernelTemplate, element: str, writes: str) -> bool:
    """Whether a run of `tpl` may start at a loop nest or store of kind `element` that
    writes elements of type `writes`."""
    if not tpl.element_kinds or not fits(element, tpl.element_kinds[0]):
        return False
    if tpl.ast.program or len(tpl.op_steps) != 1:
        return True  # a longer run's last op is another
    target = last_target(tpl)
    return target is not None and writes in served_types(tpl, target)


class CandidateIndex:
    """The templates of a ranked list to try on an op, in rank order."""

    def __init__(self, ranked: Sequence[KernelTemplate]):
        self.ranked = list(ranked)
        self._shapes = [(tpl, step_shape(tpl)) for tpl in self.ranked]
        self._by_shape: dict[OpShape, list[KernelTemplate]] = {}
        self._by_element: dict[tuple[str, str], list[KernelTemplate]] = {}
        self.later = {tpl.name: later_shapes(tpl) for tpl in self.ranked}

    def candidates(self, op: ir.Operation | ir.OpView) -> list[KernelTemplate]:
        """The templates that may match a run starting at `op`."""
        return self.of_shape(op, op_shape(op))

    def of_shape(self, op: ir.Operation | ir.OpView,
                 shape: OpShape | None) -> list[KernelTemplate]:
        """`candidates(op)`, where the caller read `op_shape(op)` already."""
        if shape is None:
            key = (element_kind(op), written_type(op.opview))
            found = self._by_element.get(key)
            if found is None:
                found = [t for t in self.ranked if _may_start(t, *key)]
                self._by_element[key] = found
            return found
        found = self._by_shape.get(shape)
        if found is None:
            found = [tpl for tpl, step in self._shapes
                     if (step.admits(shape) if step is not None else
                         not shape.writes_along_loops and _first_fits("op", tpl))]
            self._by_shape[shape] = found
        return found

    def reader(self) -> BlockShapes:
        """The index over one block."""
        return BlockShapes(self, StepContexts())


class BlockShapes:
    """The candidate index over the ops of one block: each op's shape is read once,
    though an op is read as a later op of the runs before it and as the first of its own
    (`op_shape` reads the payload). `contexts`: the ops as steps over the same block,
    which the shapes read and the matches go on reading. A rewrite replaces a run of ops
    by new ops that are no run element (a launch, its views, a guard): what was read of
    the other ops stays true, and the taken ones are forgotten (`forget`)."""

    def __init__(self, index: CandidateIndex, contexts: StepContexts):
        self.index = index
        self.contexts = contexts
        self._shapes: dict[ir.Operation, OpShape | None] = {}

    def shape(self, op: ir.Operation | ir.OpView) -> OpShape | None:
        """`op_shape(op)`, read once."""
        key = op.operation
        if key not in self._shapes:
            self._shapes[key] = op_shape(op, self.contexts)
        return self._shapes[key]

    def candidates(self, op: ir.Operation | ir.OpView) -> list[KernelTemplate]:
        """`CandidateIndex.candidates(op)`."""
        return self.index.of_shape(op, self.shape(op))

    def forget(self, ops: Sequence[ir.Operation | ir.OpView]) -> None:
        """Drop what was read of `ops`, which a rewrite is about to take away: an erased
        op's address may be reused by an op made later."""
        for op in ops:
            self._shapes.pop(op.operation, None)
        self.contexts.forget(ops)

    def admits_run(self, tpl: KernelTemplate, run: Sequence[ir.OpView]) -> bool:
        """Whether the ops after the first of a run may match the later steps of `tpl`
        (`candidates` vouched for the first)."""
        later = self.index.later[tpl.name]
        if not later:
            return True
        for shape, op in zip(later, run[1:], strict=True):
            if shape is None:
                continue
            found = self.shape(op)
            if found is not None and not shape.admits(found):
                return False
        return True
