"""Binding one template step to ops: the engine and its rules for locals, what is bound so
far, disjoint footprints, and the views a launch takes.
"""
