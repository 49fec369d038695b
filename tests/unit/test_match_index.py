"""The candidate index of match-kernels never drops a template that would match.

Over every function of every benchmark suite (raised, named ops generalized), each run
element is tried against every template alone, as the pass tries one; each template
that matches must be among the index's candidates for that element, and still match
where the index also reads the later ops of its run (`BlockShapes.admits_run`). The
index must also narrow the search: a generic gets a handful of the library, not all of
it.
"""

from pathlib import Path

import pytest

from polylift.frontend import translate_file
from polylift.harness.check import default_include_dirs
from polylift.matcher.search.candidates import CandidateIndex, later_shapes, op_shape, step_shape
from polylift.matcher.search.runs import element_kind
from polylift.mlir import new_context, parse_module
from polylift.passes import match_kernels
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
            shapes = index.reader()
            for i, op in enumerate(ops):
                if not element_kind(op):
                    continue
                candidates = index.candidates(op)
                assert shapes.candidates(op) == candidates
                if op_shape(op) is not None:
                    generics, offered = generics + 1, offered + len(candidates)
                for tpl in index.ranked:
                    if MatchKernelsPass.best_match(ops, i, [tpl], []) is None:
                        continue
                    if tpl not in candidates:
                        dropped.append(f"{tpl.name} at {op.location}")
                    elif MatchKernelsPass.best_match(ops, i, [tpl], [], shapes) is None:
                        dropped.append(f"{tpl.name} at {op.location} (its run's later ops)")
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
    # The product after it: two parallel loops and one reduction, any type (the
    # engine checks the type the template serves at the last op).
    (product,) = later_shapes(library.templates["blas.gemm"])
    assert product is not None and (product.parallel, product.least) == (2, 1)
    assert product.dtypes is None


def test_the_later_ops_of_a_run_narrow_the_search(monkeypatch):
    """2mm's `tmp = 0` begins runs that every template whose first step is a fill may
    take; those whose next step is no matrix product are passed over unmatched, and the
    same template matches."""
    module = _raised(ROOT / "benchmarks" / "linalg" / "2mm.c")
    index = match_plan(load_library()).index
    (block,) = [b for f in module.body.operations for b in _blocks(f.operation)]
    ops = list(block.operations)
    i = next(k for k, op in enumerate(ops) if op_shape(op) is not None)
    tried: list[str] = []
    real = match_kernels.match

    def counted(tpl, *args):
        tried.append(tpl.name)
        return real(tpl, *args)

    monkeypatch.setattr(match_kernels, "match", counted)
    candidates = index.candidates(ops[i])
    alone = MatchKernelsPass.best_match(ops, i, candidates, [])
    every, tried[:] = list(tried), []
    narrowed = MatchKernelsPass.best_match(ops, i, candidates, [], index.reader())
    assert alone is not None and narrowed is not None
    assert narrowed.template.name == alone.template.name == "blas.gemm_zero"
    assert set(tried) < set(every) and "ch.l2norm" in set(every) - set(tried)
