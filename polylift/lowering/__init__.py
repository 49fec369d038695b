"""Lowering of `kernel.launch` to calls of the backend shims (`polylift_<backend>_...`).

The rewrite itself (`driver.py`: which launches a backend claims, `launch_call.py`: the
call and its views, `offload.py`: the GPU cost model); the passes that run it are in
`polylift/passes/` (`lower_kernel_launch*.py`).

May import: `polylift.shims` (shim names), `polylift.tdl`, `polylift.kernel_dialect`,
`polylift.rewriter`, `polylift.mlir`, `polylift.errors`; never `polylift.passes`.
"""
