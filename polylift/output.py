"""Output files that a failure never leaves half-written (DESIGN: no half-written output).

Below every other module, beside `errors.py` (it imports nothing of polylift):
commands, passes (`--match-report`) and the shim header generator all write their
results through it.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path


def write_atomically(path: str, text: str) -> None:
    """Write `text` to `path` (`-` is stdout) so a failure leaves no partial file."""
    if path == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w") as handle:
            handle.write(text)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
