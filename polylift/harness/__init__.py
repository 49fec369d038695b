"""`polylift check`: build the original program and the lifted one, run both, compare
every output bit for bit, and audit the launches when they differ.

Builds (`build.py`, `toolchain.py`, `wrapper.py`), lifts the kernel through the passes
(`lift.py`, files named by the stage table), runs natively or under qemu (`run.py`,
`gpu.py`), compares (`compare.py`), explains (`coverage.py`, `audit.py`, `report.py`)
and drives it all (`check.py`, `suite.py`).

May import: `polylift.passes`, `polylift.lowering`, `polylift.shims`,
`polylift.matcher`, `polylift.tdl`, `polylift.frontend` and below; never `bake`, `site`
or `cli`.
"""
