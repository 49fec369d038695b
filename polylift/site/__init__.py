"""The IR explorer: a static website rendered from a bake directory (`polylift site`).

`generator.build_site(bake_dir, site_dir)` writes it; `render` holds the pure
`render_index`, `render_kernel` and `render_template` functions; `highlight` the
Pygments lexers (MLIR, templates) and the diff renderer; `model` reads the bake;
`locations` turns a stage's MLIR locations into the C line of each op, `codeview` links
ops and C lines both ways; `search` is the index's search.

May import: `polylift.harness` (figures), `polylift.passes.stages` (the tabs),
`polylift.matcher` (match reports) and below; never `bake` (it reads a bake directory,
not the code that writes one) or `cli`.
"""
