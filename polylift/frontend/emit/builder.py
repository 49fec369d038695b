"""Writing MLIR text: fresh SSA names, indentation, a C location on every op."""

from __future__ import annotations

from dataclasses import dataclass

from pycparser import c_ast

from polylift.frontend.c.ctype import CType


@dataclass(frozen=True)
class Value:
    """An SSA value of C type `ctype`; `const` holds its value when it is a literal."""

    name: str
    ctype: CType
    const: int | float | None = None


def loc_text(node: c_ast.Node | None) -> str:
    """`loc("file.c":line:col)` of a pycparser node, `loc(unknown)` without one."""
    coord = getattr(node, "coord", None)
    if coord is None or not coord.file:
        return "loc(unknown)"
    file = coord.file.replace("\\", "\\\\").replace('"', '\\"')
    return f'loc("{file}":{coord.line}:{coord.column or 1})'


class TextBuilder:
    """Accumulates the lines of one function body with scoped value caches."""

    def __init__(self, prefix: str = "%") -> None:
        self.prefix = prefix
        self.lines: list[str] = []
        self.depth = 2
        self._counter = 0
        # One cache per open region: a value made in a region is invisible outside it.
        self.caches: list[dict[object, Value]] = [{}]

    def fresh(self) -> str:
        """A new SSA name."""
        self._counter += 1
        return f"{self.prefix}{self._counter}"

    def line(self, text: str, node: c_ast.Node | None) -> None:
        """Emit one op line at the current depth with `node`'s location."""
        self.lines.append("  " * self.depth + f"{text} {loc_text(node)}")

    def op(self, text: str, ctype: CType, node: c_ast.Node | None) -> Value:
        """Emit `%new = text` and return the new value of type `ctype`."""
        name = self.fresh()
        self.line(f"{name} = {text}", node)
        return Value(name, ctype)

    def open(self, text: str) -> None:
        """Emit a line that opens a region (`... {`) and enter it."""
        self.lines.append("  " * self.depth + text + " {")
        self.depth += 1
        self.caches.append({})

    def reopen(self, text: str) -> None:
        """Close the current region and open the next one of the same op (`} else {`)."""
        self.caches[-1] = {}
        self.lines.append("  " * (self.depth - 1) + "} " + text + " {")

    def close(self, node: c_ast.Node | None) -> None:
        """Close the innermost region; the op's location follows the brace."""
        self.depth -= 1
        self.caches.pop()
        self.lines.append("  " * self.depth + "} " + loc_text(node))

    def cached(self, key: object) -> Value | None:
        """A value computed earlier under `key` and visible here."""
        for cache in reversed(self.caches):
            if key in cache:
                return cache[key]
        return None

    def remember(self, key: object, value: Value) -> Value:
        """Record `value` under `key` in the innermost region."""
        self.caches[-1][key] = value
        return value


def result_names(base: str, count: int) -> tuple[str, list[str]]:
    """The definition text (`%5:2`) and the uses (`%5#0`, `%5#1`) of multi-result ops."""
    if count == 1:
        return base, [base]
    return f"{base}:{count}", [f"{base}#{i}" for i in range(count)]
