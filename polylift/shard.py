"""`--shard K/N`: one of N machines' part of a run, as lit shards its tests.

Shard K of N takes items K-1, K-1+N, K-1+2N, ... of a run's items in their order (the
sorted kernels of a check or bake, the programs of a fuzz campaign), so the shards need
no coordinator, cover every item once, and a merge of their results equals the run on
one machine. Below every other module: it imports nothing of polylift but its errors.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from polylift.errors import UsageError

T = TypeVar("T")


@dataclass(frozen=True)
class Shard:
    """Shard `index` (1-based) of `count`."""

    index: int = 1
    count: int = 1

    @staticmethod
    def parse(text: str, flag: str = "--shard") -> Shard:
        """`K/N` with 1 <= K <= N; a `UsageError` otherwise."""
        k, _, n = text.partition("/")
        if not (k.isdigit() and n.isdigit()) or not 1 <= int(k) <= int(n):
            raise UsageError(f"{flag} wants K/N with 1 <= K <= N, not '{text}'")
        return Shard(int(k), int(n))

    @property
    def whole(self) -> bool:
        """Whether this is the whole run (1/1)."""
        return self.count == 1

    def picks(self, position: int) -> bool:
        """Whether the item at `position` (0-based) of the run is this shard's."""
        return position % self.count == self.index - 1

    def take(self, items: Sequence[T]) -> list[T]:
        """This shard's items of `items`, in their order."""
        return [item for i, item in enumerate(items) if self.picks(i)]

    def __str__(self) -> str:
        return f"{self.index}/{self.count}"


def missing_shards(found: Sequence[Shard]) -> str:
    """Why the shards `found` are not one whole run ("" when they are: each of 1..N
    of one N, once)."""
    counts = sorted({s.count for s in found})
    if len(counts) != 1:
        return f"the shards are of different runs (of {', '.join(map(str, counts))})"
    indices = sorted(s.index for s in found)
    expected = list(range(1, counts[0] + 1))
    if indices == expected:
        return ""
    absent = sorted(set(expected) - set(indices))
    twice = sorted({i for i in indices if indices.count(i) > 1})
    parts = [f"shard {i}/{counts[0]} missing" for i in absent]
    parts += [f"shard {i}/{counts[0]} given twice" for i in twice]
    return ", ".join(parts)


__all__ = ["Shard", "missing_shards"]
