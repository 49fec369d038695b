"""polylift's Python-bound MLIR passes, one per module named by its flag, with the
registry (`registry.py`), the pipeline driver (`pipeline.py`) and the stage table
(`stages.py`: the pipeline's stages, their files and flags, defined once).

A pass is thin: it wraps a library below it (`raising`, `matcher`, `lowering`).
May import: `polylift.lowering`, `polylift.matcher`, `polylift.raising`, `polylift.tdl`
and below; never `harness`, `bake`, `site` or `cli`.
"""
