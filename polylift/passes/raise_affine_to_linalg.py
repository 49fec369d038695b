"""raise-affine-to-linalg: rewrite affine loop nests over memrefs into linalg.generic."""

from __future__ import annotations

from polylift.mlir import ir
from polylift.passes.registry import Pass, PassRun


class RaiseAffineToLinalgPass(Pass):
    """Raise affine.for nests to linalg.generic where dependences allow."""

    name = "raise-affine-to-linalg"
    summary = "Raise affine loop nests over memrefs to linalg.generic"

    def run(self, module: ir.Module, run: PassRun) -> None:
        del module, run
