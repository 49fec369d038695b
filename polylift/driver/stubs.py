"""The lifted functions swapped into gcc's own text of a file.

gcc compiles the file again from its preprocessed text (made with the project's flags),
in which the body of each lifted function is replaced by a call of its lifted version:
the harness's adapter (`programs/adapter.py`), which builds the memref descriptors from
the function's own parameters and calls the C interface of the MLIR function. The
declaration stays as written, so the function keeps its name, linkage, type and
attributes, and every caller in the file (inlined or not) calls the stub: gcc assumes
nothing of the lifted code, which it reaches by an external call.

A function whose definition cannot be found for sure in the preprocessed text (a
macro made it) keeps its own code (`definitions.find_definition`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from polylift.frontend import Signature
from polylift.frontend.c.definitions import (
    Definition,
    find_definition,
    renamed,
    rewrite,
    with_body,
)
from polylift.harness.programs.adapter import (
    BUILTIN,
    AdapterParts,
    adapter_parts,
    array_ranks,
    descriptor_types,
)


@dataclass(frozen=True)
class Site:
    """Where a lifted function is defined: gcc's preprocessed text and the definition's
    place in it."""

    text: str
    definition: Definition

    def copy(self, name: str) -> str:
        """The whole definition under another name (calls inside it are unchanged)."""
        return renamed(self.text, self.definition, name)

    def header(self, name: str) -> str:
        """The declaration part under another name."""
        d = self.definition
        return self.text[d.start:d.name_start] + name + self.text[d.name_end:d.body_start]


# A stub from the function's signature, its adapter and its site: (file-scope text before
# it, the lines of its body). The plain stub is the adapter; the shadow mode wraps it.
BodyMaker = Callable[[Signature, AdapterParts, Site], tuple[list[str], list[str]]]


@dataclass(frozen=True)
class Stubbed:
    """The edited text, and the lifted functions whose definition was not found."""

    text: str
    missing: tuple[str, ...]


def plain_body(sig: Signature, parts: AdapterParts, site: Site) -> tuple[list[str], list[str]]:
    """The adapter alone: (file-scope declarations, body lines)."""
    return list(parts.declarations), list(parts.body)


def stubbed(text: str, source: str, signatures: dict[str, Signature], entries: dict[str, str],
            make_body: BodyMaker = plain_body, prelude: Sequence[str] = ()) -> Stubbed:
    """`text` (gcc's preprocessed file of the C file `source`, whose text tells a name
    written in it from one a macro made) with the body of each function of `signatures`
    replaced by a call of its C interface entry (`entries`); `prelude` goes at file
    scope before the first of them (declarations every stub shares)."""
    found: list[tuple[Definition, Signature]] = []
    missing: list[str] = []
    for name, sig in sorted(signatures.items()):
        where = sig.source
        definition = None if where is None else find_definition(
            text, name, where.file, where.line, where.col, source=source)
        if definition is None:
            missing.append(name)
        else:
            found.append((definition, sig))
    found.sort(key=lambda item: item[0].start)
    ranks = {r for _, sig in found for r in array_ranks(sig).values()}
    shared = [*prelude, *descriptor_types(ranks, BUILTIN)]
    edits = []
    for k, (definition, sig) in enumerate(found):
        parts = adapter_parts(sig, entries[sig.name], BUILTIN, with_types=False)
        declarations, body = make_body(sig, parts, Site(text, definition))
        lines = [*(shared if k == 0 else []), *declarations,
                 with_body(text, definition, "{\n" + "\n".join(body) + "\n}")]
        edits.append((definition, "\n".join(lines)))
    return Stubbed(rewrite(text, edits), tuple(missing))


__all__ = ["BodyMaker", "Site", "Stubbed", "plain_body", "stubbed"]
