"""Analyses and IR builders behind the raise-affine-to-linalg pass.

The nest model (`model.py`, built by `nest.py`), linear forms (`linear.py`), dependence
and legality (`dependence.py`, `legality.py`, `triangle.py`), and the builders of index
values and generics (`materialize.py`, `generic_builder.py`).

May import: `polylift.rewriter`, `polylift.mlir` and `polylift.errors` only.
"""
