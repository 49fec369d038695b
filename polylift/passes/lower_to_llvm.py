"""lower-to-llvm: the upstream conversion pipeline from linalg/affine/scf to the LLVM dialect.

The result goes through `mlir-translate --mlir-to-llvmir` and `llc`. Two properties
matter for bit-exact validation and are kept on purpose:

- linalg becomes loops in the order of its iteration dimensions (no tiling, no
  reassociation), so a raised kernel sums in the source order;
- nothing adds fast-math flags or FMA contraction: every step below preserves the
  `fastmath` attributes of arith ops (none by default), and `math.log1p` is not
  approximated.

A memref argument marked `{llvm.noalias}` (the front end marks C `restrict` parameters)
gets `noalias` on the aligned pointer of its descriptor. Upstream func-to-llvm keeps the
attribute only with bare pointers, so without this step LLVM must assume that a store to
one array may change any other: it reloads loop-invariant values in every iteration
(syrk's `alpha * A[i][k]`) and cannot vectorise, where gcc, knowing `restrict`, can.
"""

from __future__ import annotations

from polylift import rewriter
from polylift.errors import PassError
from polylift.lowering.driver import check_all_lowered
from polylift.mlir import MLIRError, collect_diagnostics, ir, passmanager, walk
from polylift.passes.lower_masked_generics import LowerMaskedGenericsPass
from polylift.passes.registry import Pass, PassRun

# Order matters: expand-strided-metadata emits affine.apply (so lower-affine runs after
# it), math-to-libm emits func.func declarations (so func-to-llvm runs after it).
LOWERING_PIPELINE: tuple[str, ...] = (
    "func.func(convert-linalg-to-loops)",
    "expand-strided-metadata",
    "lower-affine",
    "convert-scf-to-cf",
    "convert-math-to-llvm{approximate-log1p=false}",
    "convert-math-to-libm",
    "arith-expand",
    "finalize-memref-to-llvm",
    "convert-arith-to-llvm",
    "convert-index-to-llvm",
    "convert-func-to-llvm",
    "convert-cf-to-llvm",
    "reconcile-unrealized-casts",
)


NOALIAS = "llvm.noalias"


def pipeline_text() -> str:
    """The lowering as one upstream `--pass-pipeline` string."""
    return "builtin.module(" + ",".join(LOWERING_PIPELINE) + ")"


class LowerToLlvmPass(Pass):
    """Lower linalg, affine, scf, memref, math, arith and func to the LLVM dialect."""

    name = "lower-to-llvm"
    summary = "Lower to the LLVM dialect (loop order kept, no fast-math, no contraction)"

    def run(self, module: ir.Module, run: PassRun) -> None:
        # A launch has no lowering of its own: it must have become a shim call first.
        check_all_lowered(module, run.filename)
        # Triangles first: upstream would lower a masked generic over its whole box.
        LowerMaskedGenericsPass().run(module, run)
        noalias = noalias_pointers(module)
        pm = passmanager.PassManager.parse(pipeline_text(), module.context)
        # The input was verified, and the step's output is verified as a whole after
        # it (`pipeline.run_pipeline`): verifying after each of the thirteen upstream
        # conversions as well took more than half of their time.
        pm.enable_verifier(False)
        with collect_diagnostics(module.context, run.filename) as diags:
            try:
                pm.run(module.operation)
            except MLIRError as exc:
                errors = [d for d in diags if d.severity == "error"]
                if errors:
                    raise PassError(errors[0].message, errors[0].loc) from None
                raise PassError(f"lowering to LLVM failed: {exc}") from None
        leftover = _first_non_llvm_op(module)
        if leftover is not None:
            raise run.fail(leftover, f"'{leftover.name}' was not lowered to the LLVM dialect")
        mark_noalias(module, noalias, run)


def _lowered_width(arg_type: ir.Type) -> int | None:
    """How many LLVM arguments func-to-llvm makes of one argument: a ranked memref
    becomes its descriptor (allocated and aligned pointers, offset, sizes, strides);
    None for an unranked memref, whose pointers are not arguments."""
    if isinstance(arg_type, ir.MemRefType):
        return 3 + 2 * arg_type.rank
    return None if isinstance(arg_type, ir.UnrankedMemRefType) else 1


def _has_noalias(attrs: ir.Attribute) -> bool:
    return NOALIAS in ir.DictAttr(attrs)


def noalias_pointers(module: ir.Module) -> dict[str, tuple[int, ...]]:
    """For each function with `{llvm.noalias}` ranked memref arguments, the positions of
    their aligned pointers among the function's lowered LLVM arguments, and (last) how
    many lowered arguments it has."""
    found: dict[str, tuple[int, ...]] = {}
    for op in module.body.operations:
        if op.operation.name != "func.func" or "arg_attrs" not in op.attributes:
            continue
        types = ir.FunctionType(ir.TypeAttr(op.attributes["function_type"]).value).inputs
        position, marked = 0, []
        for arg_type, attrs in zip(types, ir.ArrayAttr(op.attributes["arg_attrs"]),
                                   strict=True):
            width = _lowered_width(arg_type)
            if width is None:
                break  # the positions after it are unknown: mark nothing in this function
            if width > 1 and _has_noalias(attrs):
                marked.append(position + 1)
            position += width
        else:
            if marked:
                found[ir.StringAttr(op.attributes["sym_name"]).value] = (*marked, position)
    return found


def mark_noalias(module: ir.Module, noalias: dict[str, tuple[int, ...]], run: PassRun) -> None:
    """Put `llvm.noalias` on the aligned pointers `noalias_pointers` found, in the lowered
    `llvm.func` of the same name; a function whose lowered arguments are not as expected
    is left alone, with a remark."""
    for op in module.body.operations:
        name = ir.StringAttr(op.attributes["sym_name"]).value \
            if op.operation.name == "llvm.func" else None
        if name not in noalias or not op.regions[0].blocks:
            continue
        *pointers, count = noalias[name]
        args = op.regions[0].blocks[0].arguments
        if len(args) != count or any(str(args[p].type) != "!llvm.ptr" for p in pointers):
            run.remark(op, "restrict arguments not marked noalias: unexpected lowered "
                           "arguments")
            continue
        rewriter.set_attribute(op, "arg_attrs",
                               _with_noalias(op, len(args), pointers, module.context))


def _with_noalias(op: ir.OpView, count: int, pointers: list[int],
                  ctx: ir.Context) -> ir.ArrayAttr:
    """`op`'s argument attributes with `llvm.noalias` added at `pointers`."""
    old = list(ir.ArrayAttr(op.attributes["arg_attrs"])) if "arg_attrs" in op.attributes \
        else [ir.DictAttr.get({}, context=ctx) for _ in range(count)]
    new = []
    for position, attrs in enumerate(old):
        entries = {a.name: a.attr for a in ir.DictAttr(attrs)}
        if position in pointers:
            entries[NOALIAS] = ir.UnitAttr.get(ctx)
        new.append(ir.DictAttr.get(entries, context=ctx))
    return ir.ArrayAttr.get(new, context=ctx)


def _first_non_llvm_op(module: ir.Module) -> ir.Operation | None:
    """The first op outside the LLVM dialect (the module itself excepted), if any."""
    found: list[ir.Operation] = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        name = op.name
        if name != "builtin.module" and not name.startswith("llvm."):
            found.append(op)
            return ir.WalkResult.INTERRUPT
        return ir.WalkResult.ADVANCE

    walk(module, visit, ir.WalkOrder.POST_ORDER)
    return found[0] if found else None
