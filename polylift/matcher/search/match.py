"""`match(template, ops)`: bind a template's steps to consecutive linalg ops, or None."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from polylift import mlir
from polylift.matcher.binding.engine import (
    Bindings,
    Matcher,
    Unsupported,
    step_expr,
)
from polylift.matcher.binding.in_place import is_in_place
from polylift.matcher.binding.launch_views import launch_arrays
from polylift.matcher.binding.state import Attempt, State
from polylift.matcher.ir.ir_model import (
    ConstSize,
    Operand,
    is_integer,
    linalg_outputs,
    root_of,
)
from polylift.matcher.ir.loop_model import STORES, LoopIR, StoreIR
from polylift.matcher.ir.mask import describe as describe_mask
from polylift.matcher.ir.mask import step_mask
from polylift.matcher.ir.step_ir import GenericIR, StepIR
from polylift.matcher.ir.tree import Arg, Elem, Node, Val, apply, children
from polylift.mlir import ir
from polylift.raising.proof.aliasing import aliasing_names
from polylift.subscripts import plain_subscript
from polylift.tdl.ast import Access, ArrayDecl, Lookup
from polylift.tdl.library import KernelTemplate, storage_type
from polylift.tdl.steps import (
    accesses,
    is_recurrence,
    is_scatter,
    target_array,
    walk,
    written_access,
    written_indices,
)

# Ops that may sit between the ops of one composed match: they only name views or values.
PURE = {"memref.subview", "memref.cast", "memref.transpose", "memref.dim", "arith.constant",
        "arith.addi", "arith.subi", "arith.muli", "affine.apply", "affine.max", "affine.min",
        "arith.index_cast"}


def _var_sizes(tpl: KernelTemplate, step) -> dict[str, str]:
    """Index var -> size symbol, from the arrays it indexes directly."""
    sizes: dict[str, str] = {}
    for access in accesses(step) + written_access(step):
        decl = tpl.ast.param(access.array)
        assert isinstance(decl, ArrayDecl)
        for sub, size in zip(access.indices, decl.dims, strict=True):
            var = plain_subscript(sub)
            if var is not None:
                sizes.setdefault(var, size)
    return sizes


def step_context(op: ir.OpView, accumulate: str = "", wide: frozenset = frozenset(),
                 unsigned: bool = False) -> StepIR:
    """What a step is matched against: a linalg op, a loop nest or a store (see
    `step_ir.StepIR`); `wide`: types the template widens to besides `accumulate`;
    `unsigned`: its reads zero-extend (unsigned pixels) instead of sign-extending."""
    if op.name == "affine.for":
        return LoopIR(op, accumulate, wide, unsigned)
    if op.name in STORES:
        return StoreIR(op, accumulate, wide, unsigned)
    return GenericIR(op, accumulate, wide, unsigned)


class StepContexts:
    """What each op is as a step (`step_context`), read once per op and template types
    while the op does not change: a search over every template reads an op's payload
    once, not once per template (a bilateral filter's takes tens of milliseconds, and
    the closest-template search of a near miss matched it a thousand times)."""

    def __init__(self) -> None:
        self._read: dict[tuple, StepIR | Unsupported] = {}
        self._written: dict[ir.Operation, str] = {}

    def written_type(self, op: ir.OpView) -> str:
        """`written_type(op)`, read once per op: every template checks it first."""
        found = self._written.get(op.operation)
        if found is None:
            found = self._written[op.operation] = written_type(op)
        return found

    def forget(self, ops: Sequence[ir.Operation | ir.OpView]) -> None:
        """Drop what was read of `ops` (`BlockShapes.forget`)."""
        gone = {op.operation for op in ops}
        for key in [k for k in self._read if k[0] in gone]:
            del self._read[key]
        for op in gone:
            self._written.pop(op, None)

    def of(self, op: ir.OpView, accumulate: str, wide: frozenset,
           unsigned: bool = False) -> StepIR:
        """`step_context(op, accumulate, wide, unsigned)`, raising `Unsupported` as it
        does."""
        key = (op.operation, accumulate, wide, unsigned)
        if key not in self._read:
            try:
                self._read[key] = step_context(op, accumulate, wide, unsigned)
            except Unsupported as exc:
                self._read[key] = exc
        found = self._read[key]
        if isinstance(found, Unsupported):
            raise found
        return found


def _targets(m: Matcher, step, ctx: StepIR, out: Operand, s: State) -> Iterator[State]:
    """The step's target bound to the op's output: an element, or for a scatter the
    table and the key the op stores at."""
    if isinstance(step.target, Lookup):
        if ctx.target_key is None:
            m.attempt.fail(s, f"the op writes at plain subscripts, the template at {step.target}")
            return
        yield from m.lookup(step.target, apply("lookup", Val(out.value), ctx.target_key), s)
    elif ctx.target_key is not None:
        m.attempt.fail(s, f"the op writes at a computed subscript, the template at {step.target}")
    else:
        yield from m.access(step.target, out, s)


def _step(m: Matcher, group: tuple, ctx: StepIR, s: State) -> Iterator[State]:
    """Match one op against one step, or the steps of a joint update (`group`: their
    positions in the template and the steps), output by output."""
    outputs = [o for o in ctx.operands if o.is_output]
    if len(outputs) != len(group):
        m.attempt.fail(s, "op has more than one output" if len(group) == 1 else
                          f"op has {len(outputs)} output(s), the joint update "
                          f"{len(group)} targets")
        return
    for s1 in _members(m, group, ctx, outputs, s):
        yield s1.evolve(dims=(), steps=s1.steps + (s1.dims,))


def _members(m: Matcher, group: tuple, ctx: StepIR, outputs: list[Operand], s: State,
             k: int = 0) -> Iterator[State]:
    """Member k of the group and those after it, each step against its output's value,
    the loop dims shared; then iterators and trip counts."""
    if k == len(group):
        yield s
        return
    position, step = group[k]
    mm = m.at(ctx, position)
    out_index = ctx.operands.index(outputs[k])
    tree = ctx.trees[k]
    for s1 in _targets(mm, step, ctx, outputs[k], s):
        # A scatter reads its target as a lookup, which the template's states.
        reads_out = _reads(tree, out_index) or is_scatter(step)
        for s2 in mm.expr(step_expr(step), tree, s1):
            if not reads_out and step.op == "+=":
                continue
            if not _same_mask(mm, step, ctx, s2):
                continue
            s3 = _check_loops(mm, step, ctx, s2)
            if s3 is not None:
                yield from _members(m, group, ctx, outputs, s3, k + 1)


def _same_mask(m: Matcher, step, ctx: StepIR, s: State) -> bool:
    """The op updates exactly the points the step's `where` states (all, without)."""
    dims = dict(s.dims)
    if any(v not in dims for c in step.where for v in c.lhs.vars + c.rhs.vars):
        return False  # checks.py rejects such templates; nothing to compare with
    want = step_mask(step, dims)
    if want == ctx.mask:
        return True
    have = f"the op is masked to {describe_mask(ctx.mask)}" if ctx.mask else \
        "the op updates every point of its loops"
    wanted = f"the template to {describe_mask(want)}" if want else "the template has no 'where'"
    m.attempt.fail(s, f"{have}, {wanted}")
    return False


def _reads(node: Node, index: int) -> bool:
    """Whether the tree reads operand `index` (an integer comparison's atoms aside)."""
    if isinstance(node, Arg):
        return node.index == index
    return any(_reads(c, index) for c in children(node))


def _check_loops(m: Matcher, step, ctx: StepIR, s: State) -> State | None:
    dims = dict(s.dims)
    if sorted(dims.values()) != list(range(len(ctx.iterators))):
        m.attempt.fail(s, "op has loops the template does not index")
        return None
    written = written_indices(step)
    # A recurrence's points run in order, its first index outermost: only a loop nest
    # that runs so computes it.
    each = "sequential" if is_recurrence(step) else "parallel"
    if each == "sequential":
        order = [dims[sub.terms[0][0]] for a in written_access(step) for sub in a.indices]
        if order != sorted(order):
            m.attempt.fail(s, "the loops nest in another order than the recurrence's indices")
            return None
    for var, dim in dims.items():
        kind = each if var in written else "reduction"
        # A loop nest runs its points in order: it computes a step whose points read no
        # other point's result (a template that reads its target elsewhere is a
        # recurrence) as a parallel op would.
        if ctx.iterators[dim] != kind and (kind, ctx.iterators[dim]) != ("parallel",
                                                                         "sequential"):
            m.attempt.fail(s, f"loop of '{var}' is {ctx.iterators[dim]}, the template "
                              f"needs {kind}")
            return None
    for var, dim in dims.items():
        window = m.tpl.ast.window(var)
        if window is not None and ConstSize(window.extent) not in ctx.keys.get(dim, set()):
            # Nothing else bounds a window index: its trip count must be the declared one.
            m.attempt.fail(s, f"loop of window index '{var}' does not run {window.extent} "
                              "times")
            return None
    for var, size in _var_sizes(m.tpl, step).items():
        keys = frozenset(ctx.keys.get(dims[var], ()))
        known = s.get("sizes", size)
        if known is not None and not known & keys:
            m.attempt.fail(s, f"size '{size}' of '{var}' differs from another use")
            return None
        s = s.bind("sizes", size, known & keys if known is not None else keys) \
            if known is None or known != keys else s
        if known is not None:
            s = s.evolve(sizes=tuple((k, v) for k, v in s.sizes if k != size)
                      + ((size, known & keys),))
    return s


def _steps(m: Matcher, ctxs: list[StepIR], s: State, i: int = 0) -> Iterator[State]:
    if i == len(ctxs):
        yield s
        return
    for s1 in _step(m, m.tpl.op_steps[i], ctxs[i], s):
        yield from _steps(m, ctxs, s1, i + 1)


def _exact_order(tpl: KernelTemplate, ctxs: list[StepIR], s: State, derived: bool) -> bool:
    """Whether the ops evaluate in the template's written order (no reassociation).

    Each payload must have the template's tree (operands of one `+` or `*` may swap),
    and the reduction loops must nest in the template's order: reduced indices in the
    order they first appear on the right side, outermost first.
    """
    m = Matcher(tpl, Attempt(), assoc=False, derived=derived)
    pinned = s.evolve(dims=(), steps=(), progress=0)
    for group, ctx in zip(tpl.op_steps, ctxs, strict=True):
        found = next(_step(m, group, ctx, pinned), None)
        if found is None:
            return False
        dims = dict(found.steps[-1])
        for _, step in group:
            order = [dims[v] for v in _reduced_in_order(step)]
            if order != sorted(order):
                return False
    return True


def _reduced_in_order(step) -> list[str]:
    """The indices a step reduces over, in order of first appearance on its right side."""
    written = written_indices(step)
    seen: list[str] = []
    for node in walk(step.value):
        if isinstance(node, Access):
            for sub in node.indices:
                seen += [v for v in sub.vars if v not in written and v not in seen]
    return seen


def _scalar_types_agree(tpl: KernelTemplate, s: State, dtype: str,
                        attempt: Attempt) -> bool:
    """A scalar bound to an SSA value must have the type the shim takes for it."""
    for name, bound in s.scalars:
        want = tpl.scalar_dtype(name, dtype)
        match bound:
            case Elem(view=view):
                have = ir.MemRefType(view.type).element_type
            case Val(value=value):
                have = value.type
            case _:
                have = want
        if str(have) != want:
            attempt.fail(s.evolve(progress=10**6), f"scalar {name} is a "
                                                   f"{have}, the template takes {want}")
            return False
    return True


def match(tpl: KernelTemplate, ops: list[ir.OpView], attempt: Attempt | None = None,
          contexts: StepContexts | None = None, derived: bool = False) -> Bindings | None:
    """Bindings of `tpl` to `ops` (one op per step), or None; `attempt` gets the reason.
    `contexts`: the ops as steps, read by earlier matches of the same IR. `derived`: the
    template's derived forms may match (in place, `binding/in_place.py`; a unit factor,
    `Matcher.unit_factor`)."""
    attempt = attempt if attempt is not None else Attempt()
    if tpl.ast.program and derived:
        return None  # a loop program has no derived forms; its proof ran as written
    if tpl.ast.program:
        # Loop-program proofs (and islpy, for the questions elimination leaves open):
        # only for the templates that are programs (solvers), not on every match.
        from polylift.matcher.program.prove import match_program

        return match_program(tpl, ops, attempt)
    contexts = contexts if contexts is not None else StepContexts()
    groups = tpl.op_steps
    if len(ops) != len(groups):
        return None
    target = last_target(tpl)
    if target is None:
        return None
    writes = contexts.written_type(ops[-1])
    if writes not in served_types(tpl, target):
        attempt.fail(State(), f"element type {writes} is not one of "
                              f"{', '.join((target.dtype,) if target.dtype else tpl.dtypes)}")
        return None
    try:
        ctxs = [contexts.of(op, tpl.accumulate, tpl.widened, tpl.unsigned) for op in ops]
    except Unsupported as exc:
        # Ranked above a wrong element type: this template is about the right data.
        attempt.fail(State(progress=1), str(exc))
        return None
    matcher = Matcher(tpl, attempt, derived=derived)
    written = {o.root for ctx in ctxs for o in ctx.operands if o.is_output}
    for s in _steps(matcher, ctxs, State()):
        dtype = _launch_dtype(tpl, s)
        if dtype not in tpl.dtypes:
            attempt.fail(s.evolve(progress=10**6), f"element type {dtype} is not one of "
                                                   f"{', '.join(tpl.dtypes)}")
            continue
        arrays = launch_arrays(tpl, s, dtype, attempt, derived)
        if arrays is None or not _scalar_types_agree(tpl, s, dtype, attempt):
            continue
        if any(isinstance(bound, Elem) and _written(root_of(bound.view), written)
               for _, bound in s.scalars):
            # The launch reads the element first; an op of the run would write it before.
            attempt.fail(s.evolve(progress=10**6), "a scalar is an element the ops write")
            continue
        in_order = _exact_order(tpl, ctxs, s, derived)
        if not in_order and tpl.accuracy[0] == "exact" and not is_integer(ctxs[-1].element):
            # Floating-point sums and products regrouped give other bits, and an exact
            # template declares no bound that would cover them.
            attempt.fail(s.evolve(progress=10**6), "the op groups its arithmetic "
                                                   "otherwise than the template, which "
                                                   "is declared exact")
            continue
        return Bindings(tpl, arrays, dict(s.scalars), in_order, tuple(ops),
                        kept=dict(s.kept), dtype=dtype, derived=_derived(tpl, s))
    return None


def _derived(tpl: KernelTemplate, s: State) -> tuple[str, ...]:
    """How the match `s` derives from `tpl` as written, for the remark."""
    forms = ("in place",) if is_in_place(tpl, s) else ()
    return forms + s.forms


def last_target(tpl: KernelTemplate) -> ArrayDecl | None:
    """The array the last op's first step writes: its first output (`written_type`);
    None when that is no array, which no op matches."""
    target = tpl.ast.param(target_array(tpl.op_steps[-1][0][1]))
    return target if isinstance(target, ArrayDecl) else None


def served_types(tpl: KernelTemplate, target: ArrayDecl) -> tuple[str, ...]:
    """The element types in memory that the last op of a match may write."""
    return (storage_type(target.dtype),) if target.dtype else \
        tuple(storage_type(t) for t in tpl.dtypes)


def _written(root: ir.Value, written: set[ir.Value]) -> bool:
    """Whether `root` is, or may overlap (`raising/proof/aliasing.py`), a root the ops write."""
    return root in written or any(aliasing_names(root, w) is not None for w in written)


def _launch_dtype(tpl: KernelTemplate, s: State) -> str:
    """The element type of the arrays the template gives no type of their own."""
    for decl in tpl.ast.arrays:
        bound = s.get("arrays", decl.name)
        if decl.dtype is None and bound is not None:
            element = str(ir.MemRefType(bound[0].type).element_type)
            return tpl.dtype_for(element) or element
    return ""


def written_type(op: ir.OpView) -> str:
    """The element type an op, a loop nest or a store writes."""
    if op.name.startswith("linalg."):
        return str(ir.MemRefType(linalg_outputs(op)[0].type).element_type)
    stores: list[ir.Operation] = []

    def visit(inner: ir.Operation) -> ir.WalkResult:
        if inner.name in STORES:
            stores.append(inner)
        return ir.WalkResult.ADVANCE

    mlir.walk(op, visit, ir.WalkOrder.POST_ORDER)
    return str(ir.MemRefType(stores[0].operands[1].type).element_type) if stores else ""


__all__ = ["PURE", "StepContexts", "match", "Access", "last_target", "served_types",
           "written_type"]
