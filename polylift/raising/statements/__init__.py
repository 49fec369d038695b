"""Cutting an affine loop nest into the statements of the model: reduction chains, homes for
results used as values, if-conversion of branches, and the order of the generics.
"""
