"""The code of a kernel page's tabs, with its MLIR ops and its C lines linked both ways.

Each line of an MLIR stage where an op starts carries a small `c:12` marker, a link to
line 12 of the C source (`#src-12`), and is itself the target `op-<stage>-<line>`; each
line of the C source links to the first op of every stage that came from it. The page's
script does the rest (a click on an op line follows its marker; the lines reached are
highlighted), but every link is a plain anchor, so the page reads without it too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape

from polylift.site.highlight import highlight_lines
from polylift.site.locations import LocatedText


@dataclass(frozen=True)
class StageOps:
    """The ops of one MLIR stage by the C line they came from (lines of the stage)."""

    stage: str
    ops: dict[int, list[int]]


def op_id(stage: str, line: int) -> str:
    """The id of line `line` of a stage's code, where an op starts."""
    return f"op-{stage}-{line}"


def short_name(stage: str) -> str:
    """A stage's name without its number: `02-matched` -> `matched`."""
    number, _, rest = stage.partition("-")
    return rest if number.isdigit() and rest else stage


def _body(html: str) -> str:
    """A highlighted line without its newline (which the decorators put back outside)."""
    return html[:-1] if html.endswith("\n") else html


def render_mlir(stage: str, located: LocatedText, filename: str) -> Markup:
    """An MLIR stage without its locations, each op's first line marked with its C line."""

    def decorate(number: int, html: str) -> str:
        c_line = located.lines[number - 1] if number <= len(located.lines) else None
        if c_line is None:
            return f'<span class="cloc"></span>{html}'
        return (f'<span class="op" id="{escape(op_id(stage, number))}" data-c="{c_line}">'
                f'<a class="cloc" href="#src-{c_line}" title="from C line {c_line}">'
                f"c:{c_line}</a>{_body(html)}</span>\n")

    return highlight_lines(located.text, filename, decorate)


def _to_ops(number: int, stages: Sequence[StageOps]) -> str:
    """The links of C line `number` to the first op of each stage that came from it."""
    links = []
    for found in stages:
        ops = found.ops.get(number)
        if ops:
            count = f"{len(ops)} op{'s' if len(ops) != 1 else ''}"
            links.append(f'<a class="to-op" href="#{escape(op_id(found.stage, ops[0]))}" '
                         f'title="{escape(found.stage)}: {count} from C line {number}">'
                         f"{escape(short_name(found.stage))}</a>")
    return f'<span class="to-ops">{"".join(links)}</span>' if links else ""


def render_source(text: str, filename: str, stages: Sequence[StageOps]) -> Markup:
    """The C source, each line the target `src-<line>` and linked to the ops of each
    stage that came from it."""

    def decorate(number: int, html: str) -> str:
        links = _to_ops(number, stages)
        kind = "cl has-ops" if links else "cl"
        return f'<span class="{kind}" id="src-{number}">{_body(html)}{links}</span>\n'

    return highlight_lines(text, filename, decorate)
