"""Which storage a kernel's launches and its residual code read and write.

The magnitude rule for cancelling sums (`comparison/magnitude.py`) holds a launch that
reorders a sum to the precision of its terms. That is sound only while what the launch
rounds differently flows to the outputs through launches whose magnitudes are known: code
that reads a reordered launch's output and divides, compares or subtracts could amplify
the difference without bound. This module names, for the function the summary describes,
the storage each launch reads and writes and the storage the rest of the function (its
residual code) reads, so the harness can tell, whatever else the kernel contains.

Storage is named by the kernel argument it is a view of (through subviews, casts and
reinterpretations; for a versioned kernel through the dispatcher's call, so a pointer
passed as a view and as its flat companion is one storage), or `local <k>` for the k-th
allocation of the function (a reduction's 0-d result, a temporary). A value loaded only
to be returned (`return s`) or handed to a launch as a scalar moves data and counts as
read by that return or launch, not by residual code.
"""

from __future__ import annotations

from polylift.harness.programs.wrapper import SignatureLike
from polylift.mlir import ir, walk

_VIEWS = frozenset({"memref.subview", "memref.cast", "memref.reinterpret_cast",
                    "memref.expand_shape", "memref.collapse_shape", "memref.transpose"})
_ALLOCS = frozenset({"memref.alloc", "memref.alloca"})
_LOADS = frozenset({"affine.load", "memref.load"})


class Storage:
    """Names the storage of the memref values of one function (see the module doc)."""

    def __init__(self, func: ir.Operation, dispatcher: ir.Operation, sig: SignatureLike):
        self.entry = func.regions[0].blocks[0]
        self.locals: dict[ir.Operation, str] = {}
        self.arguments = _argument_roots(func, dispatcher, sig)

    def of(self, value: ir.Value) -> frozenset[str]:
        """The storage `value` views; every argument when it cannot be told."""
        for _ in range(32):
            if isinstance(value, ir.BlockArgument):
                if value.owner == self.entry:
                    return self.arguments.get(value.arg_number, self.everything())
                return self.everything()
            owner = value.owner.operation
            if owner.name in _ALLOCS:
                name = self.locals.setdefault(owner, f"local {len(self.locals)}")
                return frozenset({name})
            if owner.name not in _VIEWS:
                return self.everything()
            value = owner.operands[0]
        return self.everything()

    def everything(self) -> frozenset[str]:
        """Every argument's storage: what an unknown memref may be."""
        return frozenset(name for names in self.arguments.values() for name in names)

    def read_by_load(self, value: ir.Value) -> frozenset[str]:
        """The storage a scalar operand was loaded from (none for another value)."""
        if isinstance(value, ir.OpResult) and value.owner.name in _LOADS:
            return self.of(value.owner.operands[0])
        return frozenset()


def _argument_roots(func: ir.Operation, dispatcher: ir.Operation,
                    sig: SignatureLike) -> dict[int, frozenset[str]]:
    """The kernel arguments each array argument of `func` may view: itself in the
    kernel, or what the dispatcher passes in every call of the version `func` is."""
    params = [p.name for p in sig.params]
    if func == dispatcher:
        return {k: frozenset({name}) for k, name in enumerate(params)}
    callee = ir.StringAttr(func.attributes["sym_name"]).value
    outer = Storage(dispatcher, dispatcher, sig)
    roots: dict[int, frozenset[str]] = {}
    for call in _calls(dispatcher, callee):
        for k, operand in enumerate(call.operands):
            if isinstance(operand.type, ir.MemRefType):
                roots[k] = roots.get(k, frozenset()) | outer.of(operand)
    return roots


def _calls(caller: ir.Operation, callee: str) -> list[ir.Operation]:
    found: list[ir.Operation] = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        if op.name == "func.call" and \
                ir.FlatSymbolRefAttr(op.attributes["callee"]).value == callee:
            found.append(op)
        return ir.WalkResult.ADVANCE

    walk(caller, visit, ir.WalkOrder.PRE_ORDER)
    return found


def residual_reads(func: ir.Operation, storage: Storage) -> frozenset[str]:
    """The storage the code of `func` other than its launches reads: loads whose value
    does more than move to a return or a launch, and every memref operand of a linalg
    op (an unmatched one reads its outputs too), a call or a copy."""
    read: set[str] = set()

    def visit(op: ir.Operation) -> ir.WalkResult:
        if op.name in _LOADS and not _only_moved(op):
            read.update(storage.of(op.operands[0]))
        elif op.name.startswith("linalg.") or op.name in ("func.call", "memref.copy"):
            for operand in op.operands:
                if isinstance(operand.type, ir.MemRefType):
                    read.update(storage.of(operand))
            if op.name.startswith("linalg."):
                return ir.WalkResult.SKIP
        return ir.WalkResult.ADVANCE

    walk(func, visit, ir.WalkOrder.PRE_ORDER)
    return frozenset(read)


def _only_moved(load: ir.Operation) -> bool:
    """Whether every use of a loaded value returns it or hands it to a launch."""
    return all(use.owner.name in ("func.return", "kernel.launch")
               for use in load.results[0].uses)


__all__ = ["Storage", "residual_reads"]
