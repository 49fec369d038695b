"""Command-line entry points: polylift (check, bake, site, demo), polylift-opt,
polylift-cc, polylift-gcc; and what they share (`common.py`: errors as
`file:line:col: error:`, exit codes, reading input). `mlir_opt/` holds what makes
polylift-opt (`opt.py`) a drop-in for mlir-opt.

The top layer: may import every package; nothing imports it. A subcommand imports its
package when it runs, so `polylift --help` stays fast.
"""
