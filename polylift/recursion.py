"""Room for deep recursion while C or IR is walked.

The front end and the passes walk expressions recursively, several Python frames a
level (copies of subtrees among them), so the interpreter's default limit of 1000
frames refuses a sum of 150 terms, which an unrolled filter has. Calls between Python
functions do not grow the C stack, so a higher limit is safe, and it still stops a
runaway; what is deeper even then is refused with a located error by the caller.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager

RECURSION_LIMIT = 20000


@contextmanager
def deep_recursion() -> Iterator[None]:
    """The interpreter's recursion limit raised to `RECURSION_LIMIT` for a while."""
    before = sys.getrecursionlimit()
    sys.setrecursionlimit(max(before, RECURSION_LIMIT))
    try:
        yield
    finally:
        sys.setrecursionlimit(before)
