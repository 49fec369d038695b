"""Outputs compared bit for bit, and what a difference calls for: the launch audit against
the ref shims and the magnitude run of a reordered sum.
"""
