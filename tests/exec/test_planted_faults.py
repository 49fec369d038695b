"""A bug in any pass reaches the user as a located internal error, never a traceback.

Every Python pass of polylift-opt runs over every function of every benchmark file and
of a sample of the fuzzer's programs, with an exception planted in a helper it calls
(one chosen at random among those the pass called on that input, seeded by the file
and the pass): polylift-opt must exit 1 with `file:line:col: error: internal error in
pass '<pass>'`, the hint, a reproducer, no traceback and no output file. So the
mechanism is tested (`pipeline.internal_error`, `PassRun.at`), not the three inputs
that found it.
"""

from __future__ import annotations

import inspect
import random
import re
import sys
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

from polylift.cli.opt import main as opt_main
from polylift.frontend import translate_file_detailed
from polylift.fuzz.generate import generate
from polylift.fuzz.render import render
from polylift.mlir import new_context, parse_module
from polylift.passes import pipeline
from polylift.passes.pipeline import PassRun, Step, prepare_step
from polylift.passes.stages import CHECK_PASS, LINALG, LLVM, MATCHED, lowering_flags

BENCHMARKS = Path(__file__).parents[2] / "benchmarks"
INCLUDE = BENCHMARKS / "include"
FUZZ_PROGRAMS = 24
# Every Python pass, in an order in which each reads what the one before leaves: every
# backend's lowering, the GPU ones first, as `--backend cudnn,cusolver,...` chains them.
CHAIN = (*LINALG.flags, *MATCHED.flags,
         *lowering_flags("cudnn,cusolver,cublaslt,cublas,npp,pva,host"), CHECK_PASS,
         "lower-masked-generics", *LLVM.flags)
SIDE = {"specialize-linalg": LINALG.flags[-1]}  # run on the raised IR, beside the chain
LOCATED = re.compile(r"^\S+:\d+:\d+: error: internal error in pass '(?P<pass>[a-z-]+)'"
                     r"( at '[\w.]+')?: ArithmeticError: planted fault$", re.MULTILINE)
FIRED: list[str] = []


def _inputs() -> list[tuple[str, Path]]:
    files = sorted(p for p in BENCHMARKS.rglob("*.c") if "include" not in p.parts
                   and "apps" not in p.parts)
    return [(str(p.relative_to(BENCHMARKS)), p) for p in files] + \
        [(f"fuzz-{k}", Path(f"fuzz-{k}")) for k in range(FUZZ_PROGRAMS)]


def _source(name: str, path: Path, tmp: Path) -> Path:
    """The C file of an input: a benchmark, or a fuzzer program written out."""
    if not name.startswith("fuzz-"):
        return path
    out = tmp / f"{name.replace('-', '_')}.c"
    out.write_text(render(generate(20261129, int(name.split("-")[1])), out.stem))
    return out


def _helpers() -> dict[types.CodeType, types.FunctionType]:
    """Every function and method defined in polylift's modules, by its code, that a
    fault can be planted in (one with no closure: its code can be swapped)."""
    found: dict[types.CodeType, types.FunctionType] = {}
    for name, module in list(sys.modules.items()):
        if not name.startswith("polylift.") or module is None:
            continue
        for value in vars(module).values():
            members = vars(value).values() if inspect.isclass(value) else (value,)
            for member in members:
                member = getattr(member, "__func__", member)
                member = getattr(member, "__wrapped__", member)
                if isinstance(member, types.FunctionType) and \
                        member.__module__ == name and not member.__code__.co_freevars:
                    found[member.__code__] = member
    return found


def _planted(*args, **kwargs):  # noqa: ARG001 - takes whatever the helper took
    import sys as _sys  # runs with the helper's globals: nothing of this module's

    _sys.modules["tests.exec.test_planted_faults"].FIRED.append("fired")
    raise ArithmeticError("planted fault")


def _called(step: str, text: str, filename: str) -> set[types.CodeType]:
    """The code of every Python function the pass runs on `text`, run a second time (as
    polylift-opt will run it: what the first run caches is not computed again)."""
    codes: set[types.CodeType] = set()

    def record(frame: types.FrameType, event: str, arg: object) -> None:
        if event == "call":
            codes.add(frame.f_code)

    ctx = new_context()
    with ctx:
        for profiled in (False, True):
            module = parse_module(text, ctx, filename)
            runner = prepare_step(Step(step), PassRun(filename=filename, wanted=frozenset()),
                                  ctx)
            sys.setprofile(record if profiled else None)
            try:
                runner(module)
            finally:
                sys.setprofile(None)
    return codes


def _stages(source: Path) -> Iterator[tuple[str, str]]:
    """(pass, the module it reads) for every pass of `CHAIN` and `SIDE` on the
    translation of every function of `source`."""
    translation, _ = translate_file_detailed(str(source), [str(INCLUDE)], ["MINI_DATASET"],
                                             allow_empty=True)
    if not translation.mlir:
        return
    ctx = new_context()
    before: dict[str, str] = {}
    with ctx:
        module = parse_module(translation.mlir, ctx, source.name)
        for step in CHAIN:
            before[step] = str(module.operation.get_asm(enable_debug_info=True))
            prepare_step(Step(step), PassRun(filename=source.name), ctx)(module)
    yield from before.items()
    for step, after in SIDE.items():
        yield step, _after(before[after], after, source.name)


def _after(text: str, step: str, filename: str) -> str:
    ctx = new_context()
    with ctx:
        module = parse_module(text, ctx, filename)
        prepare_step(Step(step), PassRun(filename=filename), ctx)(module)
        return str(module.operation.get_asm(enable_debug_info=True))


def _run_planted(helper: types.FunctionType, step: str, stage: Path,
                 capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """polylift-opt's status and stderr for `--<step>` on `stage` with `helper` raising
    while the pass runs (parsing and verifying around it call helpers too)."""
    run_step = pipeline._run_step

    def planted_step(*args, **kwargs):
        original = helper.__code__
        helper.__code__ = _planted.__code__
        try:
            return run_step(*args, **kwargs)
        finally:
            helper.__code__ = original

    FIRED.clear()
    stage.with_suffix(".out").unlink(missing_ok=True)
    pipeline._run_step = planted_step
    try:
        status = opt_main([str(stage), f"--{step}", "-o", str(stage.with_suffix(".out"))])
    finally:
        pipeline._run_step = run_step
    return status, capsys.readouterr().err


@pytest.mark.parametrize("name,path", _inputs(), ids=[n for n, _ in _inputs()])
def test_a_bug_planted_in_any_pass_is_a_located_internal_error(
        name: str, path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("POLYLIFT_CRASH_DIR", str(tmp_path / "crashes"))
    source = _source(name, path, tmp_path)
    checked = 0
    for step, text in _stages(source):
        stage = tmp_path / f"{step}.mlir"
        stage.write_text(text)
        codes = _called(step, text, source.name)
        helpers = _helpers()  # the pass's modules are loaded now
        called = sorted((helpers[c] for c in codes if c in helpers),
                        key=lambda f: (f.__module__, f.__qualname__))
        rng = random.Random(f"{name}:{step}")
        # A helper the profiled run called may not run again (an `__eq__` met on a hash
        # collision): the next one drawn is planted then.
        outcome = None
        for helper in rng.sample(called, min(len(called), 8)):
            status, err = _run_planted(helper, step, stage, capsys)
            if FIRED:
                outcome = (helper, status, err)
                break
        assert outcome is not None, f"{step}: no planted fault fired"
        helper, status, err = outcome
        where = f"{step}, fault in {helper.__module__}.{helper.__qualname__}"
        assert status == 1, where
        assert "Traceback" not in err, where
        found = LOCATED.search(err)
        assert found is not None and found["pass"] == step, f"{where}:\n{err}"
        assert "rerun with --debug for the traceback" in err and "note: reproducer: " in err
        assert not stage.with_suffix(".out").exists(), where
        checked += 1
    assert checked or name.startswith("fuzz-") or _nothing_translates(source)


def _nothing_translates(source: Path) -> bool:
    translation, _ = translate_file_detailed(str(source), [str(INCLUDE)], ["MINI_DATASET"],
                                             allow_empty=True)
    return not translation.mlir


def test_the_planted_fault_reaches_the_pass_as_any_bug_would(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """The harness of the test itself: a fault in a helper a pass calls at a nest is
    reported at that nest's C line, in its function."""
    from polylift.raising.statements import nest

    source = BENCHMARKS / "linalg" / "gemm.c"
    stage = tmp_path / "affine.mlir"
    stage.write_text(translate_file_detailed(str(source), [str(INCLUDE)],
                                             ["MINI_DATASET"])[0].mlir)
    status, err = _run_planted(nest.build_model, "raise-affine-to-linalg", stage, capsys)
    assert status == 1
    assert "gemm.c:32:3: error: internal error in pass 'raise-affine-to-linalg' at " \
           "'affine.for': ArithmeticError: planted fault" in err, err


def test_the_chain_runs_every_pass():
    """`CHAIN` and `SIDE` run every Python pass of the registry."""
    from polylift.passes.registry import PASS_FLAGS

    assert set(CHAIN) | set(SIDE) == set(PASS_FLAGS)
