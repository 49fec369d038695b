"""Differential runs of the launch lowering: benchmarks raised and matched, launches
lowered to the `ref` shims, JIT-compiled against the ref shim library (and the shim
units of expression templates the module carries, compiled here), must compute what the
raised loops (no matching) compute: bit for bit where every launch's source order is the
template's, within the template's ULP bound otherwise.
"""

from __future__ import annotations

import ctypes
import re
import subprocess
from pathlib import Path

import numpy as np
import pytest

from polylift.frontend import Signature, translate_file
from polylift.harness.comparison.compare import BIT_EXACT, DIFF, compare_arrays
from polylift.mlir import ir, new_context, parse_module
from polylift.passes.pipeline import Step, run_pipeline
from polylift.passes.registry import PassRun
from polylift.shims.build import HELPER_DIR, SHIM_CFLAGS
from polylift.shims.header import INCLUDE_DIR
from polylift.shims.units import units_of
from polylift.tdl.library import load_library

from .jit import call, same_bits
from .test_frontend_diff import INCLUDE, ROOT, macros, make_input, run_mlir, scalar_value, sizes

# Benchmarks whose matched IR has launches of every shape the lowering handles: 2-D views
# with leading dimensions (gemm, 2mm, 3mm), 1-D fills (atax), offset-1 stencil views
# (jacobi-1d, jacobi-2d, heat-3d), gemv on a transposed use (gemver, mvt), axpby
# (gesummv), copy (durbin), integer convolutions (conv2d_i16), fused CNN layers.
BENCHMARKS = ["linalg/gemm.c", "linalg/2mm.c", "linalg/3mm.c", "linalg/atax.c",
              "linalg/bicg.c", "linalg/mvt.c", "linalg/jacobi-1d.c", "linalg/jacobi-2d.c",
              "linalg/heat-3d.c", "linalg/fdtd-2d.c", "linalg/gemver.c", "linalg/gesummv.c",
              "linalg/durbin.c", "linalg/correlation.c", "linalg/conv2d_f32.c",
              "linalg/conv2d_i16.c", "cnn/gemm_bias_relu.c", "cnn/conv2d.c", "cnn/batchnorm.c"]
LAUNCH = re.compile(r'"kernel\.launch".*source_order_matches = (true|false), '
                    r'template = "([\w.]+)"')


def _module(text: str, steps: list[str]) -> tuple[ir.Module, PassRun]:
    ctx = new_context()
    module = parse_module(text, ctx)
    with ctx:
        for op in module.body.operations:
            if op.operation.name == "func.func" and len(op.regions[0].blocks):
                op.operation.attributes["llvm.emit_c_interface"] = ir.UnitAttr.get()
    run = PassRun()
    run_pipeline([Step(s) for s in steps], module, run)
    return module, run


def _units_library(module: ir.Module, folder: Path) -> list[str]:
    """The shim units the module carries (expression templates'), as a shared library."""
    units = units_of(module)
    if not units:
        return []
    for name, text in units.items():
        (folder / name).write_text(text)
    lib = folder / "units.so"
    subprocess.run(["gcc", *SHIM_CFLAGS, "-shared", f"-I{INCLUDE_DIR}", f"-I{HELPER_DIR}",
                    *(str(folder / name) for name in units), "-o", str(lib), "-lm"],
                   check=True)
    return [str(lib)]


def _engine(module: ir.Module, shared_libs: list[str]):
    """JIT the lowered module; every shim it calls must be in `shared_libs` (checked first:
    the JIT itself reports a missing symbol only as an unknown kernel function)."""
    from mlir.execution_engine import ExecutionEngine

    called = set(re.findall(r"llvm\.call @(polylift_\w+)", str(module)))
    libs = [ctypes.CDLL(path) for path in shared_libs]
    missing = sorted(s for s in called if not any(hasattr(lib, s) for lib in libs))
    assert not missing, f"no shim defines {', '.join(missing)}"
    return ExecutionEngine(module, opt_level=2, shared_libs=shared_libs)


def ulp_bound(matched: str, largest: int) -> tuple[int, list[str]]:
    """The largest declared ULP bound among launches whose source order differs (0 when
    every launch follows its template's order), with every size at `largest` (the
    largest integer argument), and the launched templates."""
    library = load_library()
    launches = LAUNCH.findall(matched)
    bounds = [library.templates[name].ulp_bound({s: largest for s in
                                                 library.templates[name].bound_sizes})
              for same, name in launches if same == "false"]
    return max(bounds, default=0), [name for _, name in launches]


@pytest.fixture(scope="module")
def ref_library() -> str:
    from polylift.shims.build import shim_library

    return str(shim_library("ref", kind="shared").path)


def _inputs(path: Path, sig: Signature) -> list:
    ints = sizes(sig, macros(path), path.read_text())
    rng = np.random.default_rng(2024)
    return [make_input(p, ints, rng) if p.kind == "array" else scalar_value(p, ints)
            for p in sig.params]


@pytest.mark.parametrize("bench", BENCHMARKS)
def test_ref_lowering_matches_raised_loops(bench: str, ref_library: str,
                                          tmp_path: Path) -> None:
    path = ROOT / "benchmarks" / bench
    kernel = "kernel_" + re.sub(r"\W", "_", path.stem)
    translation = translate_file(str(path), [str(INCLUDE)], ["MINI_DATASET"], kernel)
    sig = translation.signatures[kernel]
    matched, _ = _module(translation.mlir, ["raise-affine-to-linalg", "match-kernels"])
    largest = max(sizes(sig, macros(path), path.read_text()).values())
    bound, templates = ulp_bound(str(matched), largest)
    assert templates, f"{bench}: nothing matched, the test would not test the lowering"
    lowered, run = _module(translation.mlir, ["raise-affine-to-linalg", "match-kernels",
                                              "lower-kernel-launch-to-ref",
                                              "check-no-kernel-launch", "lower-to-llvm"])
    assert str(lowered).count("llvm.call @polylift_ref_") == len(templates)
    raised, _ = _module(translation.mlir, ["raise-affine-to-linalg", "lower-to-llvm"])
    inputs = _inputs(path, sig)
    want = [a.copy() if isinstance(a, np.ndarray) else a for a in inputs]
    got = [a.copy() if isinstance(a, np.ndarray) else a for a in inputs]
    run_mlir(_engine(raised, []), sig, want)
    units = _units_library(lowered, tmp_path)
    run_mlir(_engine(lowered, [ref_library, *units]), sig, got)
    verdicts = []
    for param, ref, out in zip(sig.params, want, got, strict=True):
        if param.kind != "array":
            continue
        comparison = compare_arrays(param.name, ref, out, bound)
        assert comparison.verdict != DIFF, f"{bench}: {comparison.describe()}"
        verdicts.append(comparison.verdict)
    if bound == 0:
        assert set(verdicts) == {BIT_EXACT}, f"{bench}: {templates}"


def _view_args(rng: np.random.Generator) -> list:
    f64 = [rng.uniform(0.5, 1.5, shape) for shape in ((12, 10), (9, 11), (13, 14))]
    f32 = [rng.uniform(0.5, 1.5, 40).astype(np.float32) for _ in range(2)]
    tail = [rng.uniform(0.5, 1.5, n) for n in (30, 30, 8, 20, 20)]
    return [*f64, *f32, np.float32(0.75), *tail, 1.0 / 3.0]


def test_ref_lowering_of_views_is_bit_exact(ref_library: str) -> None:
    """Hand-written launches on offset and strided views call the ref shims with the
    right first elements, leading dimensions and incs: the same bits as linalg on the
    same views, and no element outside the views changes."""
    text = (Path(__file__).parent / "inputs" / "lowering" / "views.mlir").read_text()
    module, run = _module(text, ["lower-kernel-launch-to-ref", "check-no-kernel-launch",
                                 "lower-to-llvm"])
    assert str(module).count("llvm.call @polylift_ref_") == 4
    engine = _engine(module, [ref_library])
    inputs = _view_args(np.random.default_rng(7))
    results = {}
    for name in ("launches", "loops"):
        args = [a.copy() if isinstance(a, np.ndarray) else a for a in inputs]
        call(engine, name, args)
        results[name] = args
    changed = 0
    for got, want, before in zip(results["launches"], results["loops"], inputs, strict=True):
        if isinstance(got, np.ndarray):
            assert same_bits(got, want)
            changed += not same_bits(got, before)
    assert changed == 4  # C, y, r and K were written


def test_matched_views_are_bit_exact(ref_library: str) -> None:
    """Launches the matcher binds through transposed, offset and cast views compute the
    same bits as the linalg ops they replace (a transposed B must become gemm_nt)."""
    text = (Path(__file__).parent / "inputs" / "lowering" / "matched_views.mlir").read_text()
    matched, _ = _module(text, ["match-kernels"])
    assert [t for _, t in LAUNCH.findall(str(matched))] == [
        "blas.gemm_nt_acc", "blas.axpy", "blas.copy"]
    lowered, _ = _module(text, ["match-kernels", "lower-kernel-launch-to-ref",
                                "check-no-kernel-launch", "lower-to-llvm"])
    loops, _ = _module(text, ["lower-to-llvm"])
    rng = np.random.default_rng(11)
    # B is 9x7 and C 6x9 with m, n, k = 5, 8, 6: the views are strict parts of them.
    arrays = [rng.uniform(0.5, 1.5, shape) for shape in ((6, 7), (9, 7), (6, 9), (10,), (10,))]
    inputs = [*arrays, 0.625, rng.uniform(0.5, 1.5, 16).astype(np.float32),
              np.zeros(16, np.float32), 5, 8, 6]
    results = []
    for engine in (_engine(lowered, [ref_library]), _engine(loops, [])):
        args = [a.copy() if isinstance(a, np.ndarray) else a for a in inputs]
        call(engine, "views", args)
        results.append(args)
    for got, want in zip(*results, strict=True):
        if isinstance(got, np.ndarray):
            assert same_bits(got, want)
    assert not same_bits(results[0][2], inputs[2]) and not same_bits(results[0][4], inputs[4])


@pytest.mark.parametrize("backend", ["ref", "host"])
@pytest.mark.parametrize("beta", [0.0, 0.5])
def test_zero_beta_still_reads_the_output(backend: str, beta: float, ref_library: str) -> None:
    """`C = beta * C` then `C += ...` with beta == 0 at run time: the source reads C
    (0 * NaN is NaN, 0 * Inf is NaN, 0 * -1 is -0), while the shims follow the BLAS rule
    that a zero beta means C is not read. The lowering bridges the two, on every backend."""
    from polylift.shims.build import shim_library

    path = Path(__file__).parent / "inputs" / "lowering" / "beta_zero.c"
    # Its arrays are distinct (as the calls below pass them): one version to lower.
    translation = translate_file(str(path), [], [], "kernel_beta_zero", assume_noalias=True)
    sig = translation.signatures["kernel_beta_zero"]
    steps = ["raise-affine-to-linalg", "match-kernels", f"lower-kernel-launch-to-{backend}",
             "lower-kernel-launch-to-ref", "check-no-kernel-launch", "lower-to-llvm"]
    lowered, _ = _module(translation.mlir, steps)
    assert str(lowered).count(f"llvm.call @polylift_{backend}_") == 3  # gemm, gemv, axpby
    raised, _ = _module(translation.mlir, ["raise-affine-to-linalg", "lower-to-llvm"])
    libs = sorted({str(shim_library(backend, kind="shared").path), ref_library})
    m, n, k = 5, 7, 3
    rng = np.random.default_rng(5)
    # Small integers times powers of two: every sum is exact in any order.
    special = np.array([np.nan, np.inf, -1.0, -0.0, 2.0])

    def exact(*shape: int) -> np.ndarray:
        return rng.integers(-8, 8, shape) / 4.0

    outputs = [np.resize(special, (m, n)), np.resize(special, m), np.resize(special, n)]
    inputs = [m, n, k, 0.75, beta, outputs[0], exact(m, k), exact(k, n), outputs[1],
              exact(k), outputs[2], exact(n)]
    results = []
    for engine in (_engine(raised, []), _engine(lowered, libs)):
        args = [a.copy() if isinstance(a, np.ndarray) else a for a in inputs]
        run_mlir(engine, sig, args)
        results.append(args)
    for index in (5, 8, 10):  # C, y, z
        want, got = results[0][index], results[1][index]
        assert same_bits(got, want), f"{sig.params[index].name}: {got} != {want}"
    assert np.isnan(results[0][5]).any()  # the NaN of C survives 0 * C


@pytest.mark.parametrize("backend", ["ref", "host"])
@pytest.mark.parametrize("side", ["upper", "lower"])
def test_trmm_loops_become_one_launch(side: str, backend: str, ref_library: str) -> None:
    """A triangular matrix product written as C loops becomes one trmm launch, which
    computes the loops' bits (ref: same order; host: exact inputs); the triangle of A
    the loops never read holds NaN and must stay unread."""
    from polylift.shims.build import shim_library

    path = Path(__file__).parent / "inputs" / "lowering" / "trmm.c"
    kernel = f"kernel_trmm_{side}"
    translation = translate_file(str(path), [], [], kernel)
    sig = translation.signatures[kernel]
    matched, _ = _module(translation.mlir, ["raise-affine-to-linalg", "match-kernels"])
    assert [t for _, t in LAUNCH.findall(str(matched))] == [f"blas.trmm_{side}"]
    lowered, _ = _module(translation.mlir, ["raise-affine-to-linalg", "match-kernels",
                                            f"lower-kernel-launch-to-{backend}",
                                            "check-no-kernel-launch", "lower-to-llvm"])
    raised, _ = _module(translation.mlir, ["raise-affine-to-linalg", "lower-to-llvm"])
    m, n = 9, 6
    rng = np.random.default_rng(3)
    a = rng.integers(-8, 8, (m, m)) / 4.0
    rows = np.arange(m)
    a[(rows[None, :] < rows[:, None]) if side == "upper" else (rows[None, :] > rows[:, None])] \
        = np.nan
    inputs = [m, n, 0.5, a, rng.integers(-8, 8, (m, n)) / 4.0, np.full((m, n), np.nan)]
    results = []
    libs = sorted({str(shim_library(backend, kind="shared").path), ref_library})
    for engine in (_engine(raised, []), _engine(lowered, libs)):
        args = [x.copy() if isinstance(x, np.ndarray) else x for x in inputs]
        run_mlir(engine, sig, args)
        results.append(args[5])
    assert np.isfinite(results[0]).all()
    assert same_bits(results[1], results[0])


@pytest.mark.parametrize("backend, mode", [("ref", "random"), ("host", "exact"),
                                           ("host", "random")])
@pytest.mark.parametrize("beta", [0.0, -1.25])
def test_symm_generics_become_one_launch(backend: str, mode: str, beta: float,
                                         ref_library: str) -> None:
    """The three masked generics of symm (symm.mlir) become one blas.symm_lower launch,
    which computes what the C loops of symm.c compute: the same bits with ref (same
    order) and with host on exact inputs, within the template's bound otherwise. A holds
    NaN above its diagonal, which neither the loops nor the launch may read; with
    beta == 0 the NaN in C must survive as the loops' 0 * NaN."""
    from polylift.shims.build import shim_library

    inputs_dir = Path(__file__).parent / "inputs" / "lowering"
    text = (inputs_dir / "symm.mlir").read_text()
    matched, _ = _module(text, ["match-kernels"])
    assert [t for _, t in LAUNCH.findall(str(matched))] == ["blas.symm_lower"]
    lowered, _ = _module(text, ["match-kernels", f"lower-kernel-launch-to-{backend}",
                                "check-no-kernel-launch", "lower-to-llvm"])
    translation = translate_file(str(inputs_dir / "symm.c"), [], [], "kernel_symm")
    sig = translation.signatures["kernel_symm"]
    loops, _ = _module(translation.mlir, ["lower-to-llvm"])
    m, n = 9, 6
    rng = np.random.default_rng(17)

    def values(*shape: int) -> np.ndarray:
        if mode == "exact":  # small integers times powers of two: every sum is exact
            return rng.integers(-8, 8, shape) / 4.0
        return rng.uniform(-1.0, 1.0, shape)

    a = np.where(np.tri(m, dtype=bool), values(m, m), np.nan)
    c = values(m, n)
    c[2, 3] = np.nan
    inputs = [m, n, 0.75, beta, a, values(m, n), c]
    libs = sorted({str(shim_library(backend, kind="shared").path), ref_library})
    results = []
    for engine in (_engine(loops, []), _engine(lowered, libs)):
        args = [x.copy() if isinstance(x, np.ndarray) else x for x in inputs]
        run_mlir(engine, sig, args)
        results.append(args[6])
    want, got = results
    assert np.isnan(want[2, 3]) and np.isfinite(np.delete(want.ravel(), 2 * n + 3)).all()
    if backend == "ref" or mode == "exact":
        assert same_bits(got, want)
    else:
        bound = load_library().templates["blas.symm_lower"].ulp_bound({"m": m, "n": n})
        comparison = compare_arrays("C", want, got, bound)
        assert comparison.verdict != DIFF, comparison.describe()


@pytest.mark.parametrize("backend", ["ref", "host"])
@pytest.mark.parametrize("dtype", ["f32", "f64"])
@pytest.mark.parametrize("stride, size", [(2, 2), (1, 3), (2, 3)])
def test_maxpool_index_generics_become_one_launch(stride: int, size: int, dtype: str,
                                                  backend: str, ref_library: str) -> None:
    """The fills and the two-output window reduction of maxpool_index.mlir become one
    cnn.maxpool_index launch, which computes the generics' bits on windows side by side
    and overlapping, with NaNs, infinities, signed zeros and many ties; the index it keeps
    is where the maximum is in the image."""
    from polylift.shims.build import shim_library

    text = (Path(__file__).parent / "inputs" / "lowering" / "maxpool_index.mlir").read_text()
    text = text.replace("f32", dtype)
    matched, _ = _module(text, ["match-kernels"])
    assert re.findall(r'"kernel\.launch".*template = "([\w.]+)"', str(matched)) == \
        ["cnn.maxpool_index"]
    lowered, _ = _module(text, ["match-kernels", f"lower-kernel-launch-to-{backend}",
                                "check-no-kernel-launch", "lower-to-llvm"])
    loops, _ = _module(text, ["lower-to-llvm"])
    n, c, h, w, first = 2, 3, 9, 11, 12  # the windows start at row 1, column 1
    p, q = (h - 1 - size) // stride + 1, (w - 1 - size) // stride + 1
    rng = np.random.default_rng(stride * 10 + size)
    kind = np.float32 if dtype == "f32" else np.float64
    image = rng.integers(-3, 4, n * c * h * w).astype(kind)
    picks = rng.random(image.shape)
    image[picks < 0.1], image[picks > 0.9], image[(picks > 0.5) & (picks < 0.55)] = \
        np.nan, -0.0, np.inf
    inputs = [image, np.full((n, c, p + 2, q + 3), np.nan, dtype=kind),
              np.full((n, c, p + 2, q + 3), -77, dtype=np.int32),
              n, c, p, q, h, w, stride, size, first, first]
    libs = sorted({str(shim_library(backend, kind="shared").path), ref_library})
    results = []
    for engine in (_engine(loops, []), _engine(lowered, libs)):
        args = [x.copy() if isinstance(x, np.ndarray) else x for x in inputs]
        call(engine, "pool", args)
        results.append(args)
    (_, y_want, k_want, *_), (_, y_got, k_got, *_) = results
    assert same_bits(y_got, y_want) and same_bits(k_got, k_want)
    y, k = y_want[:, :, 1:p + 1, 2:q + 2], k_want[:, :, 1:p + 1, 2:q + 2]
    found = k >= 0  # else every element of the window is a NaN: (s0, t0) stays
    assert found.mean() > 0.9 and same_bits(image[k[found]], y[found])
    assert (k[~found] == -1).all() and np.isnan(y_want[:, :, 0]).all()
