"""Building linalg for a statement: subviews and generics, loop-invariant conversions
hoisted ahead, triangles as masked boxes, and named ops for what upstream's specialization
leaves.
"""
