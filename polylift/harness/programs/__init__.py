"""Programs on a target: the reference and lifted programs of a benchmark, their wrapper and
adapter, the target's tools, and running them natively, under an emulator or on a GPU.
"""
