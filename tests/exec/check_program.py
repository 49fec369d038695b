"""Check one function of a C program as a user does (`polylift check FILE --function
NAME`), from a test: the program written into the current folder, the command's status
and what it printed."""

from __future__ import annotations

import contextlib
import io
from dataclasses import dataclass
from pathlib import Path

from polylift.cli.main import main


@dataclass(frozen=True)
class Checked:
    """What `polylift check` said of one function."""

    status: int
    out: str

    def verdict_is(self, function: str, *verdicts: str) -> bool:
        """Whether the first line gives `function` one of `verdicts`."""
        return self.out.startswith(tuple(f"{function}: {v} " for v in verdicts))


def check_program(text: str, function: str, *options: str, name: str = "prog.c") -> Checked:
    """Write `text` as `name` in the current folder and check `function` of it."""
    Path(name).write_text(text)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(["check", name, "--function", function, *options])
    return Checked(status, out.getvalue())
