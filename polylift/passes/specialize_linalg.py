"""specialize-linalg: raised `linalg.generic` ops as named linalg ops, for any MLIR flow.

Upstream's `linalg-specialize-generic-ops` runs first (fills, copies, transposes,
matmuls, element-wise ops of one named function); what it leaves and polylift's raising
makes (dots, matrix-vector products, reductions, element-wise maps with scalars or
selects) is named by `raising/generics/named.py`. Every rewrite keeps the payload's operations
and the order each element reduces in, so the named ops compute the same bits. A generic
no named op states stays, with a remark saying so.
"""

from __future__ import annotations

from polylift import rewriter
from polylift.mlir import ir, passmanager, walk
from polylift.passes.registry import Pass, PassRun
from polylift.raising.generics.named import build_named, named_form

UPSTREAM = "builtin.module(func.func(linalg-specialize-generic-ops))"


class SpecializeLinalgPass(Pass):
    """Turn raised generics into named linalg ops where one states them exactly."""

    name = "specialize-linalg"
    summary = ("Rewrite linalg.generic ops into named linalg ops (upstream's specialization, "
               "then dot, matvec, vecmat, reduce and map)")

    def run(self, module: ir.Module, run: PassRun) -> None:
        passmanager.PassManager.parse(UPSTREAM, module.context).run(module.operation)
        generics: list[ir.Operation] = []

        def visit(op: ir.Operation) -> ir.WalkResult:
            if op.name == "linalg.generic":
                generics.append(op)
            return ir.WalkResult.ADVANCE

        walk(module, visit, ir.WalkOrder.POST_ORDER)
        for op in generics:
            with run.at(op):
                form = named_form(op.opview)
                if form is None:
                    run.remark(op, "kept linalg.generic: no named linalg op states it",
                               "missed")
                    continue
                named = build_named(op.opview, form)
                run.remark(named, f"specialized linalg.generic to {named.name}", "applied")
                rewriter.erase(op)
