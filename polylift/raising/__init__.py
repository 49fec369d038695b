"""Analyses and IR builders behind the raise-affine-to-linalg pass."""
