"""`polylift check`: build the original program and the lifted one, run both, compare
every output bit for bit, and audit the launches when they differ.

Three stages with a versioned manifest between them (`facts/manifest.py`): *build*
(`build_stage.py`, with `programs/`: the build, the target's toolchain, the wrapper, and
`lift.py` for the kernel through the passes, files named by the stage table), *run*
(`programs/run.py`, natively or under qemu; `programs/gpu.py` says whether a GPU can run
here) and *compare* (`verdict.py`, with `comparison/` for the bit comparison and what a
DIFF calls for: the launch audit and the magnitude run, and `facts/coverage.py`).
`check.py` and `suite.py` drive the three in one process; `bundle/` splits them across
machines (build here, `run.sh` there, `--collect` here); `report.py` shows the results;
`calibrate.py` times host calls against their loops. The subpackages import downwards
only: `programs` < `facts` < `comparison` < the stage drivers here < `bundle`.

May import: `polylift.passes`, `polylift.lowering`, `polylift.shims`,
`polylift.matcher`, `polylift.tdl`, `polylift.frontend` and below; never `bake`, `site`
or `cli`.
"""
