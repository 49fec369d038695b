"""The `kernel` dialect has no Python op classes (`kernel.launch` is an unregistered op,
`polylift.kernel_dialect`): this module is empty on purpose.

The bindings look for a dialect's module each time they wrap an op of a dialect they
have none for, and remember only a module they found: without this one, every
`kernel.launch` an op iteration or walk meets retried two failing imports
(`polylift.mlir.op_classes.kernel`, `mlir.dialects.kernel`), a few milliseconds per
pipeline run. Found here once, the launch is a generic `OpView` as before.
"""
