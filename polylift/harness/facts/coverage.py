"""What the lift did to a kernel: its launches, the loops left, flops and the ULP bound.

The harness reads the matched IR, the last stage before any lowering (normally the
`match-kernels` stage), and counts `kernel.launch` ops and the residual ops the match
report counts (matcher/explain/residual.py: linalg ops, loops that compute, stores outside
loops). Coverage is FULL when the kernel has launches and nothing residual, PARTIAL when
it has both, NONE when it has no launch.

Flops: each launch's template states a cost in its size symbols; a size is read from the
launch operand the template names for it. Sizes are known at run time when that operand
is a kernel argument (through `memref.cast` at most) whose dim is a constant or a C
expression of the kernel's integer parameters, whose values the wrapper records; when
it is a subview whose size is such an expression (in a delinearised kernel, of the
scalars the dispatcher passes on: `Frame`); or when the operand's memref type has that
dim static (`param_exprs`). A launch runs, in one call, once per iteration of the
loops around it (`affine.for`, `scf.for`) where the tests around it (`scf.if`,
`affine.if`) hold, and not at all where one fails (`Launch.times`): known where those
trip counts and tests are expressions of the kernel's integer parameters, unknown under
a loop or test that reads anything else (an enclosing loop's induction variable, a
float). The kernel's flop count is the sum over its launches of the times each runs
times its flops, or unknown when any launch's is or when loops remain (PARTIAL
coverage).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, fields, is_dataclass
from pathlib import Path

import numpy as np

from polylift.errors import BuildError
from polylift.function_versions import delinearized_name, noalias_name
from polylift.harness.facts.param_exprs import Frame, Runs, operand_dim, runs
from polylift.harness.facts.storage import Storage, residual_reads
from polylift.harness.programs.extents import evaluate_size
from polylift.harness.programs.wrapper import SignatureLike, lifted_name
from polylift.lowering.launch_call import expression_source
from polylift.matcher.explain.residual import residual_ops
from polylift.mlir import ir, new_context, parse_module, walk
from polylift.passes.stages import AFFINE, LINALG, MATCHED
from polylift.tdl.ast import Bin, Call
from polylift.tdl.expression import template_of
from polylift.tdl.library import KernelTemplate, Library

FULL, PARTIAL, NONE = "FULL", "PARTIAL", "NONE"


@dataclass(frozen=True)
class Launch:
    """One `kernel.launch`: its template, order flag, size expressions (None: unknown)
    and how often it runs in a call."""

    template: str
    source_order_matches: bool
    sizes: tuple[tuple[str, str | int | None], ...]
    # The tests it runs under and the trip counts of the loops around it, as expressions
    # of the kernel's parameters (`param_exprs.runs`); None when one is not.
    runs: Runs | None
    dtype: str = ""  # the element type suffix of the callee (`gemm_f64` -> `f64`)
    # Per template array, the kernel argument it is, from its first element (None when
    # it is some other view): what the exact-input generator fills.
    arrays: tuple[tuple[str, str | None], ...] = ()
    # The storage it reads (its input arrays, and memory its scalars were loaded from)
    # and writes (`storage.py`): arguments' names, or `local <k>`.
    reads: tuple[str, ...] = ()
    writes: tuple[str, ...] = ()
    # The text of an expression template (`tdl/expression.py`); empty for a listed one.
    expression: str = ""

    def template_in(self, library: Library) -> KernelTemplate:
        """The launch's template: the library's, or the one its expression states."""
        return _template(library, self.template, self.expression)

    def times(self, scalars: dict[str, int]) -> int | None:
        """How many times it runs in a kernel call with integer arguments `scalars` (0:
        a test it runs under fails, or a loop around it has no iteration); None when
        that is unknown."""
        return None if self.runs is None else self.runs.count(scalars)


@dataclass(frozen=True)
class LiftSummary:
    """The launches and residual loops of a lifted kernel."""

    launches: tuple[Launch, ...]
    residual: int
    # What rounds besides adding and multiplying exact values, in words (the kernel
    # divides, takes roots or exponentials, narrows a float, or uses a constant that is
    # not a small dyadic number such as 0.1), in its own ops or a launch's template:
    # exact inputs then do not make every later sum exact.
    rounding: tuple[str, ...] = ()
    # The storage the code outside the launches reads (`storage.residual_reads`).
    residual_reads: tuple[str, ...] = ()

    @property
    def inexact(self) -> bool:
        """Whether exact inputs leave some of the kernel's values inexact."""
        return bool(self.rounding)

    @property
    def coverage(self) -> str:
        """FULL, PARTIAL or NONE (see the module docstring)."""
        if not self.launches:
            return NONE
        return PARTIAL if self.residual else FULL


def has_launch(text: str) -> bool:
    """Whether a module's text (generic `kernel.launch` ops) holds any launch, in any
    function or version."""
    return '"kernel.launch"(' in text


def matched_stage(workdir: Path) -> Path | None:
    """The module before any lowering: the matched stage's file when match-kernels ran,
    else the latest of the stages before it (the stage table's names)."""
    for stage in (MATCHED, LINALG, AFFINE):
        if (workdir / stage.file()).exists():
            return workdir / stage.file()
    return None


def _launch(op: ir.Operation, library: Library, frame: Frame, sig: SignatureLike,
            storage: Storage) -> Launch:
    name = ir.StringAttr(op.attributes["template"]).value
    order = ("source_order_matches" in op.attributes
             and ir.BoolAttr(op.attributes["source_order_matches"]).value)
    expression = expression_source(op)
    tpl = _template(library, name, expression)
    index = {p.name: i for i, p in enumerate(tpl.params)}
    sizes = tuple((s.name, operand_dim(op.operands[index[s.array]], s.dim, frame, sig))
                  for s in tpl.sizes)
    callee = ir.FlatSymbolRefAttr(op.attributes["callee"]).value
    arrays = tuple((p.name, _whole_argument(op.operands[index[p.name]], frame.entry, sig))
                   for p in tpl.params if p.kind == "array")
    reads: set[str] = set()
    writes: set[str] = set()
    for p in tpl.params:
        operand = op.operands[index[p.name]]
        if p.kind != "array":
            reads.update(storage.read_by_load(operand))
            continue
        names = storage.of(operand)
        if p.role != "out":
            reads.update(names)
        if p.role != "in":
            writes.update(names)
    return Launch(name, order, sizes, runs(op, frame, sig),
                  callee.removeprefix(f"{tpl.launch}_"), arrays, tuple(sorted(reads)),
                  tuple(sorted(writes)), expression)


def _template(library: Library, name: str, expression: str) -> KernelTemplate:
    tpl = template_of(library, name, expression)
    if tpl is None:
        raise BuildError(f"kernel.launch names template '{name}', which is not in the library")
    return tpl


def _whole_argument(value: ir.Value, entry: ir.Block, sig: SignatureLike) -> str | None:
    """The kernel argument a launch operand views from its first element, unit strides
    (through casts and subviews at offset 0), or None."""
    for _ in range(16):
        if isinstance(value, ir.BlockArgument):
            param = sig.params[value.arg_number] if value.owner == entry else None
            return param.name if param is not None and param.kind == "array" else None
        if not isinstance(value, ir.OpResult) or value.owner.name not in ("memref.subview",
                                                                          "memref.cast"):
            return None
        owner = value.owner
        if owner.name == "memref.subview":
            offsets = list(ir.DenseI64ArrayAttr(owner.attributes["static_offsets"]))
            strides = list(ir.DenseI64ArrayAttr(owner.attributes["static_strides"]))
            if any(o != 0 for o in offsets) or any(s != 1 for s in strides):
                return None
        value = owner.operands[0]
    return None


def summarize(text: str, kernel: str, sig: SignatureLike, library: Library) -> LiftSummary:
    """Launches and residual loops of `kernel` (under its lifted or its own name).

    A kernel the front end versioned (flattened subscripts delinearised, or arguments
    that may alias found apart, under a run-time guard) is a dispatcher calling
    `<name>.delinearized` (or `<name>.noalias`) or `<name>.flat`: the summary is that of
    the guarded function, the path taken whenever the guard holds (the `.flat` fallback
    keeps the original loops). A delinearised kernel's arrays are views the dispatcher
    builds, so a size of its launches is known only where the views' subviews state it
    in the scalars the dispatcher passes on (`Frame`); its launches view no argument
    whole.
    """
    ctx = new_context()
    with ctx:
        module = parse_module(text, ctx, "matched.mlir")
        by_name = {ir.StringAttr(op.attributes["sym_name"]).value: op.operation
                   for op in module.body.operations if op.operation.name == "func.func"}
        names = [n for n in (kernel, lifted_name(kernel)) if n in by_name]
        if not names:
            raise BuildError(f"the matched IR has no function for '{kernel}'")
        frame = Frame(by_name[names[0]].regions[0].blocks[0])
        func = by_name[names[0]]
        for name in (kernel, lifted_name(kernel)):
            if delinearized_name(name) in by_name:
                func = by_name[delinearized_name(name)]
                frame = Frame(frame.entry, _passing_scalars(by_name[names[0]], func, sig))
                break
            if noalias_name(name) in by_name:
                # It takes the kernel's own arguments, so their sizes are known.
                func = by_name[noalias_name(name)]
                frame = Frame(func.regions[0].blocks[0])
                break
        launches: list[Launch] = []
        rounding: dict[str, None] = {}  # in order, once each
        storage = Storage(func, by_name[names[0]], sig)

        def visit(op: ir.Operation) -> ir.WalkResult:
            if op.name == "kernel.launch":
                launches.append(_launch(op, library, frame, sig, storage))
                if inexact_ops(launches[-1].template_in(library).ast.steps):
                    rounding[f"launches {launches[-1].template}, which divides or takes "
                             "roots"] = None
            why = _rounds(op)
            if why is not None:
                rounding[why] = None
            return ir.WalkResult.ADVANCE

        walk(func, visit, ir.WalkOrder.PRE_ORDER)
        return LiftSummary(tuple(launches), len(residual_ops(func)), tuple(rounding),
                           tuple(sorted(residual_reads(func, storage))))


def _passing_scalars(caller: ir.Operation, callee: ir.Operation,
                     sig: SignatureLike) -> tuple[ir.Block, ...]:
    """The entry block of `callee` when every call of it in function `caller` (the
    kernel) passes each of the kernel's scalar parameters as the same argument (the
    arrays may differ, and there may be more: one array seen two ways); else none."""
    name = ir.StringAttr(callee.attributes["sym_name"]).value
    calls: list[ir.Operation] = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        if op.name == "func.call" and \
                ir.FlatSymbolRefAttr(op.attributes["callee"]).value == name:
            calls.append(op)
        return ir.WalkResult.ADVANCE

    walk(caller, visit, ir.WalkOrder.PRE_ORDER)
    entry = caller.regions[0].blocks[0]
    scalars = [k for k, p in enumerate(sig.params) if p.kind == "scalar"]
    passes = all(len(call.operands) >= len(sig.params) and all(
        isinstance(call.operands[k], ir.BlockArgument) and call.operands[k].owner == entry
        and ir.BlockArgument(call.operands[k]).arg_number == k for k in scalars)
        for call in calls)
    return (callee.regions[0].blocks[0],) if calls and passes else ()


# Ops that round even when every operand is a small dyadic number.
_ROUNDING_OPS = {"arith.divf": "divides", "arith.remf": "takes a remainder",
                 "arith.truncf": "narrows a float"}
_EXACT_MATH = frozenset({"math.absf", "math.absi", "math.copysign", "math.ceil", "math.floor",
                         "math.round", "math.roundeven", "math.trunc"})
# The exact-mode values use 3 significant bits at most (`wrapper.exact_values`); a
# constant of 4 at most keeps their products and sums about as short.
_EXACT_BITS = 4


def _rounds(op: ir.Operation) -> str | None:
    """What makes `op` round on exact inputs, in words; None when it keeps them exact."""
    if op.name in _ROUNDING_OPS:
        return _ROUNDING_OPS[op.name]
    if op.name.startswith("math.") and op.name not in _EXACT_MATH:
        return f"calls {op.name}"
    if op.name == "arith.constant" and isinstance(op.results[0].type, ir.FloatType):
        value = ir.FloatAttr(op.attributes["value"]).value
        if not short_dyadic(value):
            shown = str(np.float32(value)) if isinstance(op.results[0].type, ir.F32Type) \
                else repr(value)
            return f"uses the constant {shown}, which is not a small integer times a " \
                   "power of two"
    return None


def short_dyadic(value: float) -> bool:
    """Whether `value` is an integer of `_EXACT_BITS` bits at most times a power of two."""
    if not math.isfinite(value):
        return False
    significand, _ = math.frexp(value)
    scaled = significand * 2**_EXACT_BITS
    return scaled == int(scaled)


@dataclass(frozen=True)
class LaunchCost:
    """One launch of a run whose sizes and count are known: its template, element type,
    sizes, the flops and bytes moved of one run (from the template's cost), and the
    times it runs in the call (1 or more)."""

    template: str
    dtype: str
    sizes: tuple[tuple[str, int], ...]
    flops: float
    moved: float
    times: int


def launch_costs(summary: LiftSummary, library: Library,
                 scalars: dict[str, int]) -> tuple[LaunchCost, ...]:
    """The costs of the launches that run in a kernel call, as often and at sizes known
    from `scalars` (the kernel's integer arguments of a run); the others are left out."""
    costs = (_cost(launch, library, scalars) for launch in summary.launches)
    return tuple(c for c in costs if isinstance(c, LaunchCost))


@dataclass(frozen=True)
class NotRun:
    """A launch that does not run in a call: a test it runs under fails, or a loop
    around it has no iteration."""


def _cost(launch: Launch, library: Library,
          scalars: dict[str, int]) -> LaunchCost | NotRun | None:
    """The launch's cost in a call with `scalars`; None where it is unknown (its sizes,
    or how often it runs)."""
    tpl = launch.template_in(library)
    times = launch.times(scalars)
    if times == 0:
        return NotRun()
    values = {name: None if expr is None else evaluate_size(expr, scalars)
              for name, expr in launch.sizes}
    if times is None or tpl.ast.flops is None or None in values.values():
        return None
    sizes = {k: v for k, v in values.items() if v is not None}
    flops, moved = tpl.cost(sizes, launch.dtype)
    return LaunchCost(launch.template, launch.dtype, tuple(sorted(sizes.items())), flops,
                      moved, times)


def kernel_flops(summary: LiftSummary, library: Library, scalars: dict[str, int]) -> float | None:
    """The flops of one kernel call: the sum over its launches of the times each runs
    times the flops of one run; None when unknown.

    Only a FULL kernel has a flop count: residual loops compute flops no template counts.
    A launch that runs no time in the call (a test fails, a loop is empty) costs nothing.
    """
    if summary.coverage != FULL:
        return None
    costs = [_cost(launch, library, scalars) for launch in summary.launches]
    if any(c is None for c in costs):
        return None
    return sum(c.flops * c.times for c in costs if isinstance(c, LaunchCost))


def inexact_ops(node: object) -> bool:
    """Whether a template expression divides or calls sqrt/exp/tanh (integer templates state
    exact division with `rdiv`, lookups with `unsigned`, bounds with max/min/abs)."""
    if isinstance(node, Bin) and node.op == "/":
        return True
    if isinstance(node, Call) and node.fn in ("sqrt", "exp", "tanh"):
        return True
    if isinstance(node, tuple | list):
        return any(inexact_ops(item) for item in node)
    if is_dataclass(node) and not isinstance(node, type):
        return any(inexact_ops(getattr(node, f.name)) for f in fields(node))
    return False


def template_bound(tpl: KernelTemplate, launch: Launch, scalars: dict[str, int]) -> int:
    """The ULP bound `tpl` declares at the sizes of one launch (0 for `accuracy exact`).

    A size the harness cannot evaluate (a launch inside a loop whose bounds vary) is
    taken as the largest integer argument of the kernel: the kernel's sizes are its
    integer arguments, and a reduction cannot be longer than the loop it came from.
    """
    largest = max([v for v in scalars.values() if isinstance(v, int)] + [1])
    sizes = {}
    for name, expr in launch.sizes:
        value = None if expr is None else evaluate_size(expr, scalars)
        sizes[name] = largest if value is None else value
    for name in tpl.bound_sizes:
        sizes.setdefault(name, largest)
    return tpl.ulp_bound(sizes)


def ulp_bound(summary: LiftSummary, library: Library, backend: str, inputs: str,
              scalars: dict[str, int]) -> int:
    """The bound the verdict uses, per the validation contract.

    `exact` inputs: 0, except that a launch whose template divides or takes roots or
    exponentials has the bound of native inputs, and so does every launch of a kernel
    that rounds elsewhere (`LiftSummary.rounding`: its launches may read values that
    exact inputs did not keep exact). `native` inputs: 0 for a `ref` launch whose
    source order is the template's, the template's declared bound otherwise. Bounds
    grow with the reduction length (`accuracy reassoc ulp 2*k + 64`), evaluated at the
    launch's sizes from the kernel's integer arguments.
    """
    bounds = [0]
    for launch in summary.launches:
        tpl = launch.template_in(library)
        if inputs == "exact" and not (summary.inexact or inexact_ops(tpl.ast.steps)):
            bounds.append(0)  # every sum exact, in any order
        elif backend == "ref" and launch.source_order_matches:
            bounds.append(0)
        else:
            bounds.append(template_bound(tpl, launch, scalars))
    return max(bounds)


def launch_names(summary: LiftSummary) -> Sequence[str]:
    """The templates of the launches, in IR order."""
    return [launch.template for launch in summary.launches]
