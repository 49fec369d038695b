"""Differential random testing of the whole pipeline (`polylift fuzz`).

Random benchmark programs (`generate`, `nests`, `shapes`, `perturb`) built as a typed
tree (`program`) and rendered to C (`render`) are checked with the harness (`oracle`);
a failing one is shrunk on its tree (`shrink`, `edits`) and written with a reproducer
(`findings`); `campaign` runs many, in shards and in parallel. Imports the harness and
below; only `cli` imports it.
"""
