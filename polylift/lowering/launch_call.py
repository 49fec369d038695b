"""Rewrite one `kernel.launch` into a call of its backend shim, following the shim ABI.

The ABI (see `KernelTemplate.shim_args`): sizes as `i64` read from the operands' dims,
scalars by value, each array as a pointer to its first element (`!llvm.ptr`) followed by
the strides of all but its last dimension (`inc` for a 1-D array), in elements, as
`i64`. Everything is read from `memref.extract_strided_metadata`, so subviews with
offsets and strides pass the right first element and leading dimensions.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from polylift import rewriter
from polylift.errors import PassError
from polylift.kernel_dialect import LAUNCH
from polylift.mlir import arith, func, ir, memref, scf, source_loc, walk
from polylift.shims.header import shim_symbol
from polylift.tdl.expression import EXPRESSION_ATTR, template_of
from polylift.tdl.library import KernelTemplate, Library

# Bytes per element of each element type a template may list.
DTYPE_BYTES = {"f16": 2, "f32": 4, "f64": 8, "i8": 1, "u8": 1, "i16": 2, "u16": 2, "i32": 4,
               "i64": 8}
# Backends behind a copy to a device: the offload policy applies to them.
GPU_BACKENDS = ("cublas", "cublaslt", "cudnn", "cusolver", "npp", "pva")


def mlir_dtype(dtype: str) -> ir.Type:
    """The MLIR type of an element type name (unsigned types are signless in MLIR)."""
    if dtype.startswith("f"):
        return {"f16": ir.F16Type, "f32": ir.F32Type, "f64": ir.F64Type}[dtype].get()
    return ir.IntegerType.get_signless(DTYPE_BYTES[dtype] * 8)


def find_launches(module: ir.Module) -> list[ir.Operation]:
    """Every `kernel.launch` of the module, nested ones included, in program order."""
    found: list[ir.Operation] = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        if op.name == LAUNCH:
            found.append(op)
        return ir.WalkResult.ADVANCE

    walk(module, visit, ir.WalkOrder.PRE_ORDER)
    return found


def template_name(op: ir.Operation) -> str:
    """The `template` attribute of a launch (empty when missing)."""
    try:
        return ir.StringAttr(op.attributes["template"]).value
    except (KeyError, ValueError):
        return ""


def expression_source(op: ir.Operation) -> str:
    """The text of the expression template a launch carries (empty for a listed one)."""
    try:
        return ir.StringAttr(op.attributes[EXPRESSION_ATTR]).value
    except (KeyError, ValueError):
        return ""


def has_attr(op: ir.Operation, name: str) -> bool:
    """Whether `op` carries the attribute `name`."""
    return name in op.attributes


@dataclass(frozen=True)
class Launch:
    """A launch with its template, element type and operands by parameter name."""

    op: ir.Operation
    template: KernelTemplate
    dtype: str
    operands: dict[str, ir.Value]

    @property
    def location(self) -> ir.Location:
        """Where the launch came from; every op built for it gets this location."""
        return self.op.location


def launch_dtype(op: ir.Operation, tpl: KernelTemplate) -> str:
    """The element type suffix of the launch's callee (`gemm_f64` -> `f64`).

    Falls back to the first array operand's element type when the callee has no
    suffix for this template's launch."""
    callee = ir.FlatSymbolRefAttr(op.attributes["callee"]).value
    prefix = f"{tpl.launch}_"
    if callee.startswith(prefix):
        return callee[len(prefix):]
    for value in op.operands:
        if isinstance(value.type, ir.MemRefType):
            return str(ir.MemRefType(value.type).element_type)
    return ""


def resolve(op: ir.Operation, library: Library) -> tuple[Launch | None, str]:
    """The launch as a `Launch`, or None and why it cannot be lowered by any backend."""
    name = template_name(op)
    tpl = template_of(library, name, expression_source(op))
    if tpl is None:
        return None, f"template '{name}' is not in the template library"
    if len(op.operands) != len(tpl.params):
        return None, (f"launch has {len(op.operands)} operands, template '{name}' has "
                      f"{len(tpl.params)} parameters")
    dtype = launch_dtype(op, tpl)
    if dtype not in tpl.dtypes or dtype not in DTYPE_BYTES:
        return None, f"template '{name}' has no element type '{dtype}'"
    operands = {p.name: v for p, v in zip(tpl.params, op.operands, strict=True)}
    return Launch(op, tpl, dtype, operands), ""


def array_dtype(launch: Launch, name: str) -> str:
    """The element type of array `name` in the shim: its pointer's dtype, else the launch's."""
    for arg in launch.template.shim_args:
        if arg.kind == "pointer" and arg.param == name and arg.dtype:
            return arg.dtype
    return launch.dtype


def abi_problem(launch: Launch) -> str | None:
    """Why the launch's operands cannot be passed through the shim ABI, if they cannot."""
    for param in launch.template.params:
        value = launch.operands[param.name]
        if param.kind == "scalar":
            want = mlir_dtype(launch.template.scalar_dtype(param.name, launch.dtype))
            if value.type != want:
                return f"scalar '{param.name}' has type {value.type}, the shim takes {want}"
            continue
        if not isinstance(value.type, ir.MemRefType):
            return f"array '{param.name}' is not a memref"
        mtype = ir.MemRefType(value.type)
        element = mlir_dtype(array_dtype(launch, param.name))
        if mtype.rank != param.rank or mtype.element_type != element:
            return f"array '{param.name}' has type {mtype}, expected rank {param.rank} of " \
                   f"{element}"
        # An innermost dim of one element has no stride that matters (the view of a
        # fixed index next to it may keep its stride, `D[j][k][i]` for one k).
        if mtype.rank >= 2 and mtype.get_strides_and_offset()[0][-1] != 1 \
                and mtype.shape[-1] != 1:
            return (f"array '{param.name}' ({mtype}) has an innermost stride that is not "
                    f"statically 1; the shim ABI passes only leading dimensions")
    return None


@dataclass
class Declarations:
    """The `func.func private` shim declarations of a module, each inserted once."""

    module: ir.Module
    filename: str = "-"
    types: dict[str, ir.FunctionType] = field(default_factory=dict)
    first: ir.Operation | None = None

    def __post_init__(self) -> None:
        # New declarations go after the existing ones, before the first other op.
        self.first = next((op.operation for op in self.module.body.operations
                           if not _is_declaration(op.operation)), None)

    def declare(self, symbol: str, arg_types: list[ir.Type], loc: ir.Location) -> None:
        """Declare `symbol` at the top of the module unless it exists with this type."""
        ftype = ir.FunctionType.get(arg_types, [])
        existing = self.types.get(symbol) or self._existing(symbol)
        if existing is not None:
            if existing != ftype:
                raise PassError(f"'@{symbol}' is already declared with type {existing}, the "
                                f"launch needs {ftype}", source_loc(loc, self.filename))
            self.types[symbol] = existing
            return
        ip = rewriter.before(self.first) if self.first is not None else \
            rewriter.at_end(self.module.body)
        func.FuncOp(symbol, ftype, visibility="private", loc=loc, ip=ip)
        self.types[symbol] = ftype

    def _existing(self, symbol: str) -> ir.FunctionType | None:
        for op in self.module.body.operations:
            if op.name == "func.func" and str(op.attributes["sym_name"]).strip('"') == symbol:
                return ir.FunctionType(ir.TypeAttr(op.attributes["function_type"]).value)
        return None


def _is_declaration(op: ir.Operation) -> bool:
    return op.name == "func.func" and not op.regions[0].blocks


class _Operands:
    """Builds the ABI values of one launch's operands at the current insertion point.

    Each array gets one block: its strided metadata, its first-element pointer and its
    strides, built before the sizes, so the lowered IR reads array by array."""

    def __init__(self, launch: Launch):
        self.launch = launch
        self.loc = launch.location
        self.i64 = ir.IntegerType.get_signless(64)
        self.meta: dict[str, memref.ExtractStridedMetadataOp] = {}
        self.pointers: dict[str, ir.Value] = {}
        self.strides: dict[tuple[str, int], ir.Value] = {}

    def metadata(self, name: str) -> memref.ExtractStridedMetadataOp:
        if name not in self.meta:
            self.meta[name] = memref.ExtractStridedMetadataOp(self.launch.operands[name],
                                                              loc=self.loc)
        return self.meta[name]

    def to_i64(self, value: ir.Value) -> ir.Value:
        return arith.index_cast(self.i64, value, loc=self.loc)

    def array(self, name: str, rank: int) -> None:
        """Pointer to the view's first element (aligned base + offset * element size, as
        `!llvm.ptr`) and the strides of all but the last dimension (`inc` when 1-D)."""
        view = self.launch.operands[name]
        meta = self.metadata(name)
        base = memref.extract_aligned_pointer_as_index(view, loc=self.loc)
        width = arith.constant(ir.IndexType.get(), DTYPE_BYTES[array_dtype(self.launch, name)],
                               loc=self.loc)
        address = arith.addi(base, arith.muli(meta.offset, width, loc=self.loc), loc=self.loc)
        # Made by name: the llvm dialect's op classes took 15 ms to import, for this op.
        self.pointers[name] = ir.Operation.create(
            "llvm.inttoptr", results=[ir.Type.parse("!llvm.ptr")],
            operands=[self.to_i64(address)], loc=self.loc).result
        strides = list(meta.strides)
        for dim in range(max(rank - 1, 1) if rank else 0):
            self.strides[(name, dim)] = self.to_i64(strides[dim])

    def size(self, name: str) -> ir.Value:
        info = next(s for s in self.launch.template.sizes if s.name == name)
        return self.to_i64(list(self.metadata(info.array).sizes)[info.dim])


def zero_scale_guards(launch: Launch) -> dict[str, ir.Value]:
    """Make the shims' BLAS convention compute what the template says.

    For each of the template's `scaled_outputs` (`C = beta * C ...` with beta free) whose
    scale is a float: when beta is 0 at run time, loops store `beta * C` into C (a NaN
    stays a NaN, a negative value gives -0), and the shim gets 1 in place of beta, so it
    reads the scaled C. Returns the scalars the call must pass instead of the operands.
    """
    replaced: dict[str, ir.Value] = {}
    for scalar, array in launch.template.scaled_outputs:
        beta = launch.operands[scalar]
        if not isinstance(beta.type, ir.FloatType) or _nonzero_constant(beta):
            continue  # integer 0 * x is 0 (the read changes nothing); a constant 1.2 never is 0
        zero = arith.constant(beta.type, 0.0, loc=launch.location)
        is_zero = arith.cmpf(arith.CmpFPredicate.OEQ, beta, zero, loc=launch.location)
        branch = scf.IfOp(is_zero, loc=launch.location)
        with rewriter.at_end(branch.then_block):
            _scale_in_place(launch.operands[array], beta, launch.location)
            scf.YieldOp([], loc=launch.location)
        one = arith.constant(beta.type, 1.0, loc=launch.location)
        replaced[scalar] = arith.select(is_zero, one, beta, loc=launch.location)
    return replaced


def _nonzero_constant(value: ir.Value) -> bool:
    """Whether `value` is an `arith.constant` other than 0 (the guard would never fire)."""
    owner = value.owner
    if not isinstance(owner, ir.OpView) or owner.operation.name != "arith.constant":
        return False
    return ir.FloatAttr(owner.attributes["value"]).value != 0


def _scale_in_place(view: ir.Value, scale: ir.Value, loc: ir.Location) -> None:
    """Loops over every element of `view`: `view[...] = scale * view[...]`."""
    index = ir.IndexType.get()
    zero, one = arith.constant(index, 0, loc=loc), arith.constant(index, 1, loc=loc)
    rank = ir.MemRefType(view.type).rank
    dims = [zero, one, *(arith.constant(index, d, loc=loc) for d in range(2, rank))]
    uppers = [memref.dim(view, dims[d], loc=loc) for d in range(rank)]

    def nest(ivs: list[ir.Value]) -> None:
        if len(ivs) == len(uppers):
            value = memref.load(view, ivs, loc=loc)
            memref.store(arith.mulf(scale, value, loc=loc), view, ivs, loc=loc)
            return
        loop = scf.ForOp(zero, uppers[len(ivs)], one, loc=loc)
        with rewriter.at_end(loop.body):
            nest([*ivs, loop.induction_variable])
            scf.YieldOp([], loc=loc)

    nest([])


def shim_operands(launch: Launch, scalars: dict[str, ir.Value] | None = None) -> list[ir.Value]:
    """The call operands, in `shim_args` order, built at the current insertion point;
    `scalars` replaces the operands of some scalar parameters."""
    scalars = scalars or {}
    ops = _Operands(launch)
    ranks = {p.name: p.rank for p in launch.template.params}
    for arg in launch.template.shim_args:
        if arg.kind == "pointer":
            ops.array(arg.param, ranks[arg.param])
    values: list[ir.Value] = []
    for arg in launch.template.shim_args:
        if arg.kind == "size":
            values.append(ops.size(arg.name))
        elif arg.kind == "scalar":
            values.append(scalars.get(arg.param, launch.operands[arg.param]))
        elif arg.kind == "pointer":
            values.append(ops.pointers[arg.param])
        else:
            values.append(ops.strides[(arg.param, arg.dim)])
    return values


def shim_types(launch: Launch) -> list[ir.Type]:
    """The argument types of the launch's shim, in `shim_args` order."""
    i64, ptr = ir.IntegerType.get_signless(64), ir.Type.parse("!llvm.ptr")
    kinds = {"size": i64, "ld": i64, "pointer": ptr}
    return [launch.operands[a.param].type if a.kind == "scalar" else kinds[a.kind]
            for a in launch.template.shim_args]


def build_call(launch: Launch, backend: str, decls: Declarations,
               ip: ir.InsertionPoint) -> ir.Operation:
    """`func.call @polylift_<backend>_<launch>_<dtype>(...)` at `ip`, declared once.

    The declaration is checked first, so a clash fails before any op is built."""
    symbol = shim_symbol(backend, launch.template.launch, launch.dtype)
    loc = launch.location
    decls.declare(symbol, shim_types(launch), loc)
    with ip, loc:
        values = shim_operands(launch, zero_scale_guards(launch))
        call = func.CallOp([], ir.FlatSymbolRefAttr.get(symbol), values, loc=loc)
    return call.operation
