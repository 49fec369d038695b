"""The template language (tdl): what a kernel template says, independent of any IR.

Holds the grammar (`template.lark`), the parser to frozen AST dataclasses (`parser.py`,
`ast.py`), the semantic checks (`checks.py`, raising `errors.TemplateError`), the walks
over a step's expressions (`steps.py`), the library that loads and describes every
`.tpl` file (`library.py`), and the on-disk cache of the parser and the checked library
(`disk_cache.py`), so a command does not parse the templates again. The guide for
template writers is `README.md` beside them; the built-in templates are data in
`polylift/templates/`.

May import: `polylift.errors` and polylift's version only (and lark, loaded only where a
template is parsed). Nothing of MLIR and nothing of the matcher: a change to the
language and a change to matching live apart, and the language loads without the MLIR
bindings (the shim header and the site read it so).
"""
