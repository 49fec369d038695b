"""Bundles: build here, run on another machine, compare here.

`write.py` runs the build stage for every benchmark and writes a self-contained folder:
the programs, `manifest.json` and `run.sh` (rendered from `run.sh.j2`; a cuda bundle also
carries `gpu_probe`, from `gpu_probe.c`). `collect.py` reads a folder back after its
`run.sh` ran and gives the verdicts the compare stage gives a local check.
"""
