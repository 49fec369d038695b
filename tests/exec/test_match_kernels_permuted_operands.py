"""match-kernels on raised IR whose arrays are aliased to each other's roles or permuted.

Every raised function of the bundled suites (linalg, cnn, image, and arrays where it
exists) and of the reduced programs of the exec tests gets variants: two memref
arguments of one type made the same value (alias), or exchanged (swap), or two inputs
of one `linalg.generic` exchanged (permute). On the IR as raised and on each variant,
match-kernels must match, refuse with a located error, or leave the ops, and the module
must still verify; never a traceback. The matcher once resumed an earlier step against
a later op's operands (an IndexError: the reduced programs stalectx and two_products),
and an in-place table lookup (histeq's last op, aliased) crashed the closest-template
search.

A fixed number of variants per benchmark, drawn with a fixed seed, keeps the run to
about a minute.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

from polylift.errors import PolyliftError
from polylift.frontend import translate_file
from polylift.mlir import ir, linalg, new_context, parse_module, view_as
from polylift.passes.pipeline import Step, run_pipeline
from polylift.passes.registry import PassRun, load_pass

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
SUITES = [BENCHMARKS / suite for suite in ("linalg", "cnn", "image", "arrays")]
SOURCES = sorted(p for folder in [*SUITES, Path(__file__).parent / "inputs" / "reduced"]
                 for p in folder.glob("*.c"))
PER_BENCHMARK = 4
SEED = 21


@dataclass(frozen=True)
class Variant:
    """One rewrite of a raised function: `kind` on the pair (`first`, `second`) of its
    arguments (alias, swap) or of the inputs of its `op`-th generic (permute)."""

    function: str
    kind: str
    first: int
    second: int
    op: int = -1


def _raised(source: Path) -> str:
    text = translate_file(str(source), [str(BENCHMARKS / "include")], ["MINI_DATASET"]).mlir
    module = parse_module(text, new_context())
    run_pipeline([Step("raise-affine-to-linalg")], module, PassRun())
    return str(module)


def _functions(module: ir.Module) -> list[ir.OpView]:
    """The functions with a body (not the declarations of what they call)."""
    return [op for op in module.body.operations
            if op.operation.name == "func.func" and len(op.regions[0].blocks)]


def _generics(func: ir.OpView) -> list[ir.Operation]:
    found: list[ir.Operation] = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        if op.name == "linalg.generic":
            found.append(op)
        return ir.WalkResult.ADVANCE

    func.operation.walk(visit, ir.WalkOrder.POST_ORDER)
    return found


def _same_type_pairs(values: Sequence[ir.Value]) -> list[tuple[int, int]]:
    return [(a, b) for a, b in itertools.combinations(range(len(values)), 2)
            if values[a].type == values[b].type and isinstance(values[a].type, ir.MemRefType)]


def variants(text: str) -> list[Variant]:
    """Every variant of every function of a raised module."""
    found = []
    module = parse_module(text, new_context())  # held: its functions live in it
    for func in _functions(module):
        name = ir.StringAttr(func.attributes["sym_name"]).value
        args = list(func.regions[0].blocks[0].arguments)
        for a, b in _same_type_pairs(args):
            found += [Variant(name, "alias", a, b), Variant(name, "swap", a, b)]
        for k, generic in enumerate(_generics(func)):
            inputs = list(view_as(generic, linalg.GenericOp).inputs)
            found += [Variant(name, "permute", a, b, k) for a, b in _same_type_pairs(inputs)]
    return found


def _swap_uses(first: ir.Value, second: ir.Value) -> None:
    uses = [(u.owner, u.operand_number, second) for u in first.uses]
    uses += [(u.owner, u.operand_number, first) for u in second.uses]
    for owner, number, value in uses:
        owner.operands[number] = value


def apply(text: str, variant: Variant | None) -> ir.Module:
    """The raised module with `variant` made (None: as it is)."""
    module = parse_module(text, new_context())
    if variant is None:
        return module
    func = next(f for f in _functions(module)
                if ir.StringAttr(f.attributes["sym_name"]).value == variant.function)
    args = list(func.regions[0].blocks[0].arguments)
    if variant.kind == "alias":
        args[variant.second].replace_all_uses_with(args[variant.first])
    elif variant.kind == "swap":
        _swap_uses(args[variant.first], args[variant.second])
    else:
        generic = _generics(func)[variant.op]
        first, second = generic.operands[variant.first], generic.operands[variant.second]
        generic.operands[variant.first], generic.operands[variant.second] = second, first
    return module


def test_the_suites_give_variants_of_every_kind():
    kinds = {v.kind for source in SOURCES[:3] for v in variants(_raised(source))}
    assert len(SOURCES) >= 60 and kinds == {"alias", "swap", "permute"}


@pytest.mark.parametrize("source", SOURCES, ids=[f"{p.parent.name}/{p.stem}" for p in SOURCES])
def test_match_kernels_never_crashes_on_aliased_or_permuted_operands(source: Path):
    text = _raised(source)
    found = variants(text)
    rng = random.Random(f"{SEED}:{source.parent.name}/{source.stem}")
    for variant in [None, *rng.sample(found, min(PER_BENCHMARK, len(found)))]:
        module = apply(text, variant)
        try:
            load_pass("match-kernels")().run(module, PassRun(filename=source.name))
        except PolyliftError as exc:
            assert exc.loc is not None, f"{variant}: {exc.render()}"
            continue
        assert module.operation.verify(), variant
