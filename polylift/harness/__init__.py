"""`polylift check`: build the original program and the lifted one, run both, compare
every output bit for bit, and audit the launches when they differ.

Three stages with a versioned manifest between them (`manifest.py`): *build*
(`build_stage.py`, with `build.py`, `toolchain.py`, `wrapper.py`, and `lift.py` for the
kernel through the passes, files named by the stage table), *run* (`run.py`, natively
or under qemu; `gpu.py` says whether a GPU can run here) and *compare* (`verdict.py`,
with `compare.py`, and `coverage.py`, `magnitude.py`, `audit.py` for what a DIFF calls
for). `check.py` and `suite.py` drive the three in one process; `bundle/` splits them
across machines (build here, `run.sh` there, `--collect` here); `report.py` shows the
results.

May import: `polylift.passes`, `polylift.lowering`, `polylift.shims`,
`polylift.matcher`, `polylift.tdl`, `polylift.frontend` and below; never `bake`, `site`
or `cli`.
"""
