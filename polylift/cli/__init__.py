"""Command-line entry points: polylift (check, bake, site, demo), polylift-opt,
polylift-cc; and what they share (`common.py`: errors as `file:line:col: error:`, exit
codes, reading input).

The top layer: may import every package; nothing imports it. A subcommand imports its
package when it runs, so `polylift --help` stays fast.
"""
