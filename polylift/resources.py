"""Where the data polylift ships lies: the bundled benchmark suites.

In a checkout they are its `benchmarks/` folder; in an installed package, the copy the
wheel's build puts in `polylift/suites/` (`setup.py`), so `polylift demo` and
`--suite linalg` work from any folder after `pip install`. Below every other module:
it imports nothing of polylift.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def benchmarks_dir() -> Path:
    """The folder of the bundled suites (`linalg/`, `cnn/`, ..., `include/`)."""
    installed = _PACKAGE / "suites"
    return installed if installed.is_dir() else _PACKAGE.parent / "benchmarks"


__all__ = ["benchmarks_dir"]
