"""raise-affine-to-linalg: rewrite affine loop nests over memrefs into linalg.generic.

Each top-level `affine.for` nest of a function is cut into statements (one per store),
distributed into one perfect nest per statement when no dependence forbids it (exact
tests, `raising/proof/dependence.py`), and each statement becomes a `linalg.generic`
whose dims follow the source loop order, so that lowering it back to loops computes
the same bits. A nest that cannot be raised whole is left untouched, with a remark
that says why. A nest that writes an argument the front end says may overlap another
one it touches stays (`raising/proof/aliasing.py`): every reordering below assumes
distinct arrays.
"""

from __future__ import annotations

from dataclasses import replace

from polylift import rewriter
from polylift.function_versions import OPAQUE_CALL, fallback_functions
from polylift.mlir import ir, memref, walk
from polylift.passes.registry import Pass, PassRun
from polylift.raising.generics.generic_builder import build_generic
from polylift.raising.nest_model.materialize import Materializer
from polylift.raising.nest_model.model import NotRaisable, Statement
from polylift.raising.proof.aliasing import describe_pairs, overlapping_access
from polylift.raising.proof.dependence import reversed_dependence
from polylift.raising.proof.legality import plan_statement
from polylift.raising.statements.arg_reduction import raise_arg_reduction, recognise
from polylift.raising.statements.branches import converted_copy, give_back
from polylift.raising.statements.empty_loops import erase_empty_loops
from polylift.raising.statements.guard_versioning import guarded_reads, undo, version
from polylift.raising.statements.nest import build_model, result_store
from polylift.raising.statements.order import initial_values_next_to_reductions
from polylift.raising.statements.result_home import give_home, hoist_post_operands, post_ops
from polylift.raising.statements.window_arg_reduction import (
    raise_window_arg_reduction,
    recognise_window,
)


class RaiseAffineToLinalgPass(Pass):
    """Raise affine.for nests to linalg.generic where dependences allow."""

    name = "raise-affine-to-linalg"
    summary = "Raise affine loop nests over memrefs to linalg.generic"

    def run(self, module: ir.Module, run: PassRun) -> None:
        self._said: set[tuple[str, str]] = set()
        with module.context:
            functions = _functions(module)
            fallback = fallback_functions({_name(f) for f in functions})
            for func in functions:
                with run.at(func):
                    self._raise_function(func, _name(func) in fallback, run)

    def _raise_function(self, func: ir.Operation, fallback: bool, run: PassRun) -> None:
        """Raise every nest of one function, saying first what it assumes of its
        arguments and which calls it keeps."""
        for line in describe_pairs(func, fallback):
            run.remark(func, line, "analysis")
        for call in _opaque_calls(func):
            callee = ir.FlatSymbolRefAttr(call.attributes["callee"]).value
            run.remark(call, f"call to '{callee}' kept: it may read and write every "
                       "array its arguments reach, so nothing is raised or matched "
                       "across it", "analysis")
        for empty in erase_empty_loops(func):
            run.remark_at(empty.location, f"erased: the loop runs no iteration "
                          f"(from {empty.lower} to {empty.upper})", "applied")
        for nest in _top_level_nests(func):
            with run.at(nest):
                if not self._raise_unguarded(nest, run):
                    self._raise_nest(nest, run)

    def _raise_unguarded(self, root: ir.Operation, run: PassRun) -> bool:
        """Version the nest at `root` on its guarded reads' tests holding everywhere
        (`guard_versioning`) when the version without the tests raises whole; the
        original stays for the other case. Whether it did."""
        guards = guarded_reads(root)
        if not guards:
            return False
        versioned = version(root, guards)
        # The copy's remarks are held until it is known to raise whole.
        said, quiet = set(self._said), replace(run, remarks=[])
        self._raise_nest(versioned.fast, quiet)
        if _holds_loops(versioned.branch.regions[0].blocks[0]):
            self._said = said
            undo(versioned)
            return False
        run.remark(versioned.branch, "versioned: the bounds test of a read holds at every "
                   "point when this condition holds; that version reads without it",
                   "applied")
        run.remarks.extend(quiet.remarks)
        self._raise_nest(versioned.original, run)
        return True

    def _raise_nest(self, root: ir.Operation, run: PassRun, outer: bool = True) -> None:
        """Raise the nest at `root` whole, or else keep `root` and try its inner nests.

        A scalar a nest reduces gets a home in memory at the function's level (`outer`),
        and inside a loop kept as loops only where neither the nest nor a loop beside it
        stores: otherwise (symm's `C[k][j] += ...` beside `temp2 += ...`, in one loop or
        two) it is one step of the enclosing loop program, which the loop-program
        templates read as written."""
        if outer and _raise_arg_reduction(root, run):
            return
        mat = Materializer(rewriter.before(root), root.location)
        hoist_post_operands(root)
        home = give_home(root) if outer or not _in_loop_program(root) else None
        work = root
        try:
            work = converted_copy(root)
            store = result_store(work)
            _check_distinct(work, store)
            model = build_model(work, store, mat)
            statements = sorted(model.statements, key=lambda s: s.position)
            _check_fission(statements)
            statements = initial_values_next_to_reductions(statements)
            plans = [(stmt, plan_statement(stmt, mat)) for stmt in statements]
            generics = [build_generic(stmt, plan.dims, plan.iterators, plan.out_reads, mat,
                                     plan.window, plan.mask)
                        for stmt, plan in plans]
        except NotRaisable as exc:
            mat.abandon()
            give_back(work, root)
            if home is not None:
                home.undo()
            where = exc.location or root.location
            if (str(where), exc.reason) not in self._said:
                self._said.add((str(where), exc.reason))
                run.remark_at(where, exc.reason, "missed")
            for inner in _child_nests(root):
                with run.at(inner):
                    self._raise_nest(inner, run, outer=False)
            return
        for generic, (stmt, plan) in zip(generics, plans, strict=True):
            if _stores_back_unchanged(generic):
                run.remark(generic, "erased: the loop stores every element it reads back "
                           "unchanged (`x[i] = x[i]`), which has no effect", "applied")
                rewriter.erase(generic)
                continue
            kinds = [str(a) for a in ir.ArrayAttr(generic.attributes["iterator_types"])]
            masked = f"; masked to {plan.mask.describe(stmt)}" if plan.mask else ""
            run.remark(generic, f"raised to linalg.generic ({_iter_summary(kinds)}{masked})",
                       "applied")
        for buffer in mat.temporaries:  # after the generics, which sit before `root`
            memref.dealloc(buffer, loc=root.location, ip=rewriter.before(root))
        if store is not None:
            post = post_ops(work)  # a post-op outside the loop, now in the last generic
            rewriter.erase(store)
            for op in reversed(post):
                rewriter.erase_if_unused(op)
        copied = work != root
        rewriter.erase(work)
        if copied:
            rewriter.erase(root)


def _raise_arg_reduction(root: ir.Operation, run: PassRun) -> bool:
    """Raise the nest at `root` when it is an index-of-extremum reduction, of the whole
    loop or of each window inside parallel loops; whether it was."""
    window = recognise_window(root)
    if window is not None:
        generic = raise_window_arg_reduction(window)
        run.remark(generic, "raised to linalg.generic (the extremum of each window and its "
                   "index, under one comparison)", "applied")
        return True
    arg_reduction = recognise(root)
    if arg_reduction is not None:
        generic = raise_arg_reduction(arg_reduction)
        run.remark(generic, "raised to linalg.generic (reduction; the extremum and its "
                   "index, under one comparison)", "applied")
        return True
    return False


def _holds_loops(block: ir.Block) -> bool:
    """Whether `block` still holds an `affine.for` (a nest not raised whole)."""
    return any(op.operation.name == "affine.for" for op in block.operations)


def _stores_back_unchanged(generic: ir.Operation) -> bool:
    """Whether the generic yields its output's own element (an identity activation,
    `x[i] = x[i]`): a load and a store of the same bits, so erasing it is legal. The
    yielded value must be this block's output argument: a scalar argument of the
    function is a block argument too (of another block), and storing it is a fill."""
    block = generic.regions[0].blocks[0]
    body = list(block.operations)
    yielded = body[-1].operands
    return len(body) == 1 and len(yielded) == 1 and \
        isinstance(yielded[0], ir.BlockArgument) and yielded[0].owner == block and \
        yielded[0].arg_number == len(block.arguments) - 1


def _iter_summary(kinds: list[str]) -> str:
    return ", ".join("parallel" if "parallel" in k else "reduction" for k in kinds)


def _check_fission(statements: list[Statement]) -> None:
    """Every pair must keep its dependences when each statement gets its own nest."""
    for i, first in enumerate(statements):
        for second in statements[i + 1:]:
            blocking = reversed_dependence(first, second)
            if blocking is not None:
                raise NotRaisable("not raised: loop fission would reverse a dependence "
                                  "between two stores of this nest", blocking.op)


def _check_distinct(root: ir.Operation, store: ir.Operation | None) -> None:
    """Refuse a nest whose arrays may overlap where it writes, counting the store of its
    result after the loop: raised, the reduction accumulates in that store's array while
    the loop still reads the others (`s = 0; for i: s += x[i]; out[0] = s` becomes
    `out[0] = 0; for i: out[0] += x[i]`, wrong when out is x)."""
    clash = overlapping_access(root, () if store is None else (store,))
    if clash is not None:
        op, (a, b) = clash
        raise NotRaisable(f"not raised: may alias: {a} and {b} (a caller may pass "
                          "overlapping arrays, and the nest writes one of them)", op)


def _in_loop_program(root: ir.Operation) -> bool:
    """Whether the nest at `root`, or a loop in its block beside it, stores to memory (a
    loop beside it may be raised already: a linalg op writes its outputs)."""
    ops = [op.operation for op in root.block.operations]
    return any(op.name.startswith("linalg.") or (op.name == "affine.for" and _stores_in(op))
               for op in ops)


def _stores_in(root: ir.Operation) -> bool:
    """Whether any op inside `root` stores to memory."""
    found: list[ir.Operation] = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        if op.name in ("affine.store", "memref.store"):
            found.append(op)
        return ir.WalkResult.ADVANCE

    walk(root, visit, ir.WalkOrder.POST_ORDER)
    return bool(found)


def _name(func: ir.Operation) -> str:
    return ir.StringAttr(func.attributes["sym_name"]).value


def _functions(module: ir.Module) -> list[ir.Operation]:
    return [op.operation for op in module.body.operations if op.operation.name == "func.func"]


def _child_nests(loop: ir.Operation) -> list[ir.Operation]:
    block = loop.regions[0].blocks[0]
    return [op.operation for op in block.operations if op.operation.name == "affine.for"]


def _top_level_nests(func: ir.Operation) -> list[ir.Operation]:
    """The outermost loops of the function, also those in the arms of a conditional
    outside every loop (an `if (p)` on an optional array, an arm of a `switch` on an
    enum): each nest is raised in its own block, whatever holds that block."""
    nests = []
    for region in func.regions:
        for block in region.blocks:
            for op in block.operations:
                if op.operation.name == "affine.for":
                    nests.append(op.operation)
                elif op.operation.name in ("scf.if", "affine.if"):
                    nests += _top_level_nests(op.operation)
    return nests


def _opaque_calls(func: ir.Operation) -> list[ir.Operation]:
    """The calls the front end kept as they are (`polylift.opaque_call`)."""
    found = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        if op.name == "func.call" and OPAQUE_CALL in op.attributes:
            found.append(op)
        return ir.WalkResult.ADVANCE

    walk(func, visit, ir.WalkOrder.POST_ORDER)
    return found
