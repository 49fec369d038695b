"""Where the MLIR bindings look first for a dialect's Python op classes (see
`polylift.mlir.loading`): a module here, named after its dialect, imports that
dialect's generated classes and nothing else. A dialect without a module here is
looked up in `mlir.dialects`, as upstream does."""
