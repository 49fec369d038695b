"""The template language's error, apart from the parser: the checks and a library read
from the disk cache raise or name it without loading lark."""

from __future__ import annotations

from polylift.errors import ParseError


class TemplateError(ParseError):
    """A template file that does not parse or fails its semantic checks."""
