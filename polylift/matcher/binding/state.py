"""What a match has bound so far (`State`) and how far a failed one got (`Attempt`).

Apart from the engine, so that the rules for locals (`local_scalars.py`) and the launch
views read and extend states without importing the engine that calls them.
"""

from __future__ import annotations

from dataclasses import dataclass

from polylift.matcher.ir.tree import Node
from polylift.mlir import ir


@dataclass(frozen=True)
class State:
    """Bindings made so far; copied on every extension so backtracking is free."""

    dims: tuple[tuple[str, int], ...] = ()            # index var -> loop dim (this step)
    arrays: tuple[tuple[str, tuple], ...] = ()       # array -> (root, base offsets)
    scalars: tuple[tuple[str, Node], ...] = ()       # scalar -> Val | Const | Elem
    uses: tuple[tuple[str, ir.Value], ...] = ()      # array -> IR operand values bound
    sizes: tuple[tuple[str, frozenset], ...] = ()    # size symbol -> extent keys
    kept: tuple[tuple[str, tuple[int, ...]], ...] = ()  # array -> root dims it spans
    strides: tuple[tuple[str, int], ...] = ()        # vector -> its step through the root
    steps: tuple[tuple[tuple[str, int], ...], ...] = ()  # dims of each matched step
    forms: tuple[str, ...] = ()                      # derived forms taken ("with b = 1")
    progress: int = 0

    def get(self, table: str, key: str):
        """The binding of `key` in one of the tables, or None."""
        return dict(getattr(self, table)).get(key)

    def bind(self, table: str, key: str, value) -> State:
        """A state with one more binding."""
        return self.evolve(**{table: getattr(self, table) + ((key, value),)},
                           progress=self.progress + 1)

    def evolve(self, **changes) -> State:
        """`dataclasses.replace(self, **changes)` without its reading of every field
        on each call: a match copies states hundreds of times per op, and `replace` was
        a tenth of the matching."""
        new = object.__new__(State)
        new.__dict__.update(self.__dict__, **changes)
        return new


@dataclass
class Attempt:
    """What one template made of the ops: the best failure so far, by progress."""

    progress: int = -1
    reason: str = ""

    def fail(self, state: State, reason: str) -> None:
        """Record `reason` if this path got further than any before."""
        if state.progress > self.progress:
            self.progress, self.reason = state.progress, reason
