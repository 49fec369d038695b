"""Matching IR against a loaded template library.

Its rooms, lowest first: `ir/` (what a step is matched against: linalg ops, kept loop
nests and stores as operand accesses and payload trees, masks, idioms, conditions),
`binding/` (the engine binding one step to ops, its rules for locals, disjoint
footprints, launch views, the forms derived from a template as written), `program/`
(loop-program templates matched against loop nests), `search/` (candidate templates
per op, runs of ops matched by a template's steps, whole-image operators with their
borders), and `explain/` (the closest template to what did not match, the residual
computation, the match report). The template language itself is `polylift.tdl`.

May import: `polylift.tdl`, `polylift.raising` (its linear forms and generic builder),
`polylift.frontend` (names of versioned functions), `polylift.mlir`, `polylift.errors`.
"""
