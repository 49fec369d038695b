"""The gcc-compatible compiler driver (`polylift-gcc`): a project built with it unchanged
gets the functions polylift lifts, checked at run time where asked.

A command goes `build.py` -> per C source `unit/compile.py` (gcc's object first; then
`unit/lift.py`: the unit through the front end and the harness's build steps;
`stubs.py`: the lifted functions swapped into gcc's preprocessed text, whose definitions
`frontend/c/definitions.py` finds; `shadow.py`: the checked stubs of a shadow build,
whose runtime is `shadow_runtime/`; `unit/assembly.py`: the parts joined as text for
`-S`), and for a link `link.py` (the shim libraries the lifted objects call).
`command_line.py` reads gcc's command line, `options.py` polylift's own flags,
`cache.py` keeps objects by content, `outcome.py` and `records.py` are the build report,
and `check_app.py` builds and compares a whole application (`polylift check-app`).

May import: `polylift.harness` and below; never `bake`, `site`, `fuzz` or `cli`.
"""
