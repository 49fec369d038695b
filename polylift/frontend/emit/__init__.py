"""Lowering one C function body to MLIR text: the builder and scopes, statements,
expressions, loops, conditionals, array accesses, pointers, struct fields, calls, values
computed at entry, and the affine forms of C integer expressions.
"""
