"""The program generator: a library shape or a random nest, perturbed sometimes, with
one array stored at an offset or a stride sometimes (views inside larger arrays).

`generate(seed, index)` is a pure function of its arguments, so a campaign is
reproducible from its seed and any program of it can be rebuilt alone (a shard, a
reproducer) without generating those before it. `shape` restricts a campaign to one
library shape (still perturbed and relaid out as often), to exercise it alone.
"""

from __future__ import annotations

import random

from polylift.fuzz.nests import random_program
from polylift.fuzz.perturb import perturb, relayout
from polylift.fuzz.program import Program
from polylift.fuzz.shapes import SHAPES, library_shape


def generate(seed: int, index: int, shape: str | None = None) -> Program:
    """Program number `index` of the campaign seeded `seed` (of shape `shape` only, when
    given: a name of `shapes.SHAPES`)."""
    rng = random.Random(f"polylift-fuzz:{seed}:{index}")
    if shape is not None:
        program = SHAPES[shape](rng)
    else:
        program = library_shape(rng) if rng.random() < 0.6 else random_program(rng)
    if rng.random() < 0.3:
        program = perturb(program, rng)
    if rng.random() < 0.25:
        program = relayout(program, rng)
    return program
