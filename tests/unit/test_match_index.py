"""The candidate index of match-kernels never drops a template that would match.

Over every function of every benchmark suite (raised, named ops generalized), each run
element is tried against every template alone, as the pass tries one; each template
that matches must be among the index's candidates for that element. The index must
also narrow the search: a generic gets a handful of the library, not all of it.
"""

from pathlib import Path

import pytest

from polylift.frontend import translate_file
from polylift.harness.check import default_include_dirs
from polylift.matcher.search.candidates import CandidateIndex, op_shape, step_shape
from polylift.matcher.search.runs import element_kind
from polylift.mlir import new_context, parse_module
from polylift.passes.match_kernels import MatchKernelsPass, _blocks, _generalize, match_plan
from polylift.passes.pipeline import Step, run_pipeline
from polylift.passes.registry import PassRun
from polylift.tdl.library import load_library

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted(p for suite in ("linalg", "cnn", "image", "pipeline", "arrays")
                 for p in (ROOT / "benchmarks" / suite).glob("*.c"))


def _raised(path: Path):
    text = translate_file(str(path), default_include_dirs(path), ["MINI_DATASET"], "*").mlir
    module = parse_module(text, new_context(), str(path))
    run_pipeline([Step("raise-affine-to-linalg")], module, PassRun(wanted=frozenset()))
    _generalize(module)
    return module


def _dropped(module, index: CandidateIndex) -> tuple[list[str], int, int]:
    """The templates that match an element but are not its candidates; the generics
    seen and the candidates they got in all."""
    dropped, generics, offered = [], 0, 0
    for func in module.body.operations:
        for block in _blocks(func):
            ops = list(block.operations)
            for i, op in enumerate(ops):
                if not element_kind(op):
                    continue
                candidates = index.candidates(op)
                if op_shape(op) is not None:
                    generics, offered = generics + 1, offered + len(candidates)
                for tpl in index.ranked:
                    if tpl in candidates:
                        continue
                    if MatchKernelsPass.best_match(ops, i, [tpl], []) is not None:
                        dropped.append(f"{tpl.name} at {op.location}")
    return dropped, generics, offered


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_the_index_keeps_every_template_that_matches(path):
    index = match_plan(load_library()).index
    dropped, generics, offered = _dropped(_raised(path), index)
    assert dropped == []
    if generics:
        # A generic is tried against a few templates, not the whole library.
        assert offered / generics < len(index.ranked) / 4


def test_a_template_shape_states_its_loops_and_types():
    library = load_library()
    gemm = step_shape(library.templates["blas.gemm"])
    # C = beta * C first: two parallel loops, no reduction, f32 or f64 not given (two
    # steps: the last step's op is checked by the engine).
    assert gemm is not None and (gemm.parallel, gemm.least, gemm.most) == (2, 0, 0)
    dot = step_shape(library.templates["blas.dot"])
    assert dot is not None and (dot.parallel, dot.least) == (0, 1)
    assert dot.dtypes == frozenset({"f32", "f64"})
