"""Lowering of `kernel.launch` to calls of the backend shims (`polylift_<backend>_...`)."""
