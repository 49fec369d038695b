"""The search over a function: which templates to try on an op, runs of consecutive ops
matched by a template's steps, and whole-image operators composed with their border pieces.
"""
