"""polylift: raise C loop nests to tuned vendor libraries, proven bit for bit.

From Python: `from polylift import api` (the front end, the passes, lift and check;
see `polylift/api.py`). The commands are `polylift`, `polylift-cc`, `polylift-opt` and
`polylift-gcc`.
"""

__version__ = "0.1.0"
