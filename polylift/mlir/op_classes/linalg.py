"""linalg's generated op classes (`GenericOp`, `YieldOp`, ...), registered with the
bindings by their import, without upstream's `mlir.dialects.linalg`, which also
executes the op DSL of every named op (see `polylift.mlir.loading`)."""

import mlir.dialects._linalg_ops_gen  # noqa: F401
