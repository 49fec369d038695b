"""Matching IR against a loaded template library.

Holds the engine (`engine.py`, `match.py`), what IR a step is matched against (linalg
ops, runs of them, loop nests, stores: `ir_model.py`, `payload.py`, `step_ir.py`,
`runs.py`, `loop_model.py`), the proofs a match needs (`border.py`, `footprint.py`,
`mask.py`), and the explanations of what did not match (`closest.py`, `shapes.py`,
`residual.py`, `report.py`). The template language itself is `polylift.tdl`.

May import: `polylift.tdl`, `polylift.raising` (its linear forms and generic builder),
`polylift.frontend` (names of versioned functions), `polylift.mlir`, `polylift.errors`.
"""
