"""What the matcher sees of IR: linalg ops, kept loop nests and stores as operand accesses
and payload trees, masks, the idioms C spells template operators with, conditions, and
values computed before an op.
"""
