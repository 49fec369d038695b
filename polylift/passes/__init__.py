"""polylift's Python-bound MLIR passes, one per module, with a registry and a driver."""
