"""What a long run (a suite's checks, a bake, a bundle's builds) shows while it runs.

Each finished item prints its line at once, `BIT-EXACT: kernel_gemm (3 of 57)`, as lit
prints each test, so a run read in a log or stopped half-way has said what it found;
below the lines, a progress bar where stderr is a terminal wide enough to hold one (a
bar wider than the terminal wraps, and every redraw then scrolls a line: a narrow
window, or one whose width reads as 0, gets the lines alone). Below every other module.
"""

from __future__ import annotations

import os
import sys
from types import TracebackType
from typing import Any, TextIO

# Narrower than this, the bar's fields no longer fit: no bar.
MIN_COLUMNS = 40


def terminal_columns(stream: TextIO) -> int:
    """The width of the terminal `stream` writes to; 0 where it is none."""
    try:
        if not stream.isatty():
            return 0
        return os.get_terminal_size(stream.fileno()).columns
    except (OSError, ValueError, AttributeError):
        return 0


class Progress:
    """The lines of finished items and, where it fits, a bar (see the module)."""

    def __init__(self, total: int, what: str, bar: bool = True, lines: bool = True,
                 stream: TextIO | None = None):
        self.total, self.finished, self.lines = total, 0, lines
        self.stream = stream or sys.stderr
        columns = terminal_columns(self.stream) if bar and total else 0
        self._bar: Any = None
        if columns >= MIN_COLUMNS:
            from tqdm import tqdm

            # mininterval 0: an item takes seconds, so every step is worth drawing.
            self._bar = tqdm(total=total, desc=what, unit="kernel", leave=False,
                             mininterval=0, ncols=columns - 1, file=self.stream)

    def working(self, name: str) -> None:
        """Show that `name` is being worked on."""
        if self._bar is not None:
            self._bar.set_postfix_str(name)

    def done(self, line: str = "") -> None:
        """One item finished: print its line (with the count), advance the bar."""
        self.finished += 1
        if line and self.lines:
            text = f"{line} ({self.finished} of {self.total})"
            if self._bar is not None:
                self._bar.write(text, file=self.stream)
            else:
                print(text, file=self.stream, flush=True)
        if self._bar is not None:
            self._bar.update()

    def close(self) -> None:
        """Remove the bar."""
        if self._bar is not None:
            self._bar.close()
            self._bar = None

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()


__all__ = ["MIN_COLUMNS", "Progress", "terminal_columns"]
