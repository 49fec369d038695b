"""Output files that a failure never leaves half-written (DESIGN: no half-written output).

Below every other module, beside `errors.py` (it imports nothing of polylift):
commands, passes (`--match-report`) and the shim header generator all write their
results through it, and an internal error its reproducer (`write_reproducer`).
"""

from __future__ import annotations

import hashlib
import os
import sys
import tempfile
from pathlib import Path


def write_atomically(path: str, text: str | bytes) -> None:
    """Write `text` (or bytes) to `path` (`-` is stdout) so a failure leaves no partial
    file."""
    if path == "-":
        _write_stdout(text)
        return
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb" if isinstance(text, bytes) else "w") as handle:
            handle.write(text)
        # mkstemp makes the file private (0600); a file written is the user's as any
        # other they create: 0666 less the process's umask.
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _write_stdout(data: str | bytes) -> None:
    if isinstance(data, str):
        sys.stdout.write(data)
    else:
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
    sys.stdout.flush()


def _umask() -> int:
    """The process's file mode creation mask (read by setting it, then set back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


CRASH_DIR_ENV = "POLYLIFT_CRASH_DIR"


def crash_dir() -> Path:
    """Where reproducers go: `$POLYLIFT_CRASH_DIR`, else `polylift-crashes` in the
    system's temporary directory."""
    given = os.environ.get(CRASH_DIR_ENV)
    return Path(given) if given else Path(tempfile.gettempdir()) / "polylift-crashes"


def write_reproducer(stem: str, suffix: str, text: str) -> str:
    """Write the input that met an internal error as `<stem>-<hash><suffix>` in
    `crash_dir()` and return its path; named by its content, so the same failure met
    again (a build retried, `make -j`) writes one file. Where it cannot be written, the
    error is reported without it: "" is returned."""
    digest = hashlib.sha256(text.encode()).hexdigest()[:10]
    path = crash_dir() / f"{stem}-{digest}{suffix}"
    try:
        write_atomically(str(path), text)
    except OSError:
        return ""
    return str(path)
