"""The loop program a residual loop nest comes closest to, and the first difference."""

from __future__ import annotations

from collections.abc import Sequence

from polylift.matcher.binding.state import Attempt
from polylift.matcher.program.prove import COMPARED, match_program
from polylift.mlir import ir
from polylift.tdl.library import KernelTemplate


def closest_program(op: ir.OpView, ranked: Sequence[KernelTemplate]) -> tuple[str, str] | None:
    """The loop-program template whose comparison with the outermost nest at `op` got
    furthest, and why it stopped; None for a nest inside a loop (the outermost one says
    it), and when none got past the first statement's loops (the nest is then no such
    program at all, and naming one would mislead)."""
    if op.operation.parent is not None and op.operation.parent.name == "affine.for":
        return None
    best: tuple[int, str, str] | None = None
    for tpl in ranked:
        if not tpl.ast.program:
            continue
        attempt = Attempt()
        if match_program(tpl, [op], attempt) is not None:
            return tpl.name, "the nest is this template's first loop; the loops after it " \
                             "are not the rest of its program"
        if attempt.progress >= COMPARED and (best is None or attempt.progress > best[0]):
            best = (attempt.progress, tpl.name, attempt.reason)
    return None if best is None else (best[1], best[2])
