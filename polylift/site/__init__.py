"""The IR explorer: a static website rendered from a bake directory (`polylift site`).

`generator.build_site(bake_dir, site_dir)` writes it; `render` holds the pure
`render_index`, `render_kernel` and `render_template` functions; `highlight` the
Pygments lexers (MLIR, templates) and the diff renderer; `model` reads the bake.
"""
