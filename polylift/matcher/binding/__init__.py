"""Binding one template step to ops: the engine and its rules for locals, what is bound so
far, disjoint footprints, the views a launch takes, and the forms derived from a
template as written (in place, `in_place`; a float operation C computes in double,
`narrowing`; a factor of 1, in the engine; a local folded into its output,
`homed_local`).
"""
