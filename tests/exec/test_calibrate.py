"""`polylift calibrate` and the `profitable` policy end to end: a tiny calibration run,
and checks whose lifted programs keep, guard or launch as a profile says (no timing is
asserted: the figures are the machine's)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from polylift.cli.main import main
from polylift.harness.calibrate import measure
from polylift.harness.check import CheckOptions, check_benchmark
from polylift.lowering.profile import FORMAT, VERSION, load_profile

ROOT = Path(__file__).resolve().parents[2]
ATAX = ROOT / "benchmarks" / "linalg" / "atax.c"
CONNECTED = ROOT / "benchmarks" / "framework" / "connected.c"
HAS_FRONTEND = hasattr(__import__("polylift.frontend", fromlist=["x"]), "translate_file")
pytestmark = pytest.mark.skipif(not HAS_FRONTEND, reason="the C front end is not built yet")


def test_calibrate_writes_a_point_per_template_of_the_kernel(tmp_path, capsys):
    out = tmp_path / "profile.json"
    assert main(["calibrate", "--kernels", "atax", "--sizes", "MINI", "--repeat", "1",
                 "--rounds", "1", "-o", str(out)]) == 0
    printed = capsys.readouterr().out
    profile = load_profile(str(out))
    # atax: y = 0, tmp = A.x, y += A^T.tmp: three templates, each timed alone.
    templates = sorted(e.template for e in profile.entries)
    assert templates == ["blas.fill", "blas.gemv_t_acc1", "blas.gemv_zero1"]
    for entry in profile.entries:
        (point,) = entry.points
        assert (entry.backend, entry.dtype, point.kernel, point.size) == \
            ("host", "f64", "atax", "MINI")
        assert point.loops_s > 0 and point.call_s > 0
        assert point.ratio == pytest.approx(point.loops_s / point.call_s, rel=1e-3)
        assert f"{'atax':<18} MINI    {entry.template}" in printed
    gemv = profile.entry("blas.gemv_zero1", "host", "f64")
    assert gemv is not None and dict(gemv.points[0].sizes) == {"m": 38, "n": 42}


def test_calibrate_reads_framework_layers_sizes_and_tests(tmp_path, capsys):
    # upsample's arrays are flat in C: its launch reads views the dispatcher builds,
    # sized by the layer's fields it passes on. shortcut's axpby runs under a test of
    # the layers' shapes, which holds at MINI.
    out = tmp_path / "profile.json"
    assert main(["calibrate", "--suite", "framework", "--kernels", "upsample,shortcut",
                 "--sizes", "MINI", "--repeat", "1", "--rounds", "1", "-o", str(out)]) == 0
    assert "skipped" not in capsys.readouterr().out
    profile = load_profile(str(out))
    upsample = profile.entry("cnn.upsample", "host", "f32")
    assert upsample is not None
    (point,) = upsample.points
    # MINI: one image of two channels, 4x5, doubled.
    assert dict(point.sizes) == {"N": 1, "C": 2, "H": 4, "W": 5, "R": 2, "S": 2}
    assert point.loops_s > 0 and point.call_s > 0
    axpby = profile.entry("blas.axpby", "host", "f32")
    assert axpby is not None and axpby.points[0].kernel == "shortcut"


def test_calibrate_times_a_launch_inside_loops(tmp_path):
    """connected adds the bias element by element: an ew.adds_ip of one element in
    loops over the batch and the outputs (2 x 10 at MINI), now counted and timed."""
    options = CheckOptions(repeat=1)
    result = check_benchmark(CONNECTED, replace(options, backend="host", size="MINI"))
    assert result.verdict == "BIT-EXACT", result.message
    adds = [c for c in result.launch_costs if c.template == "ew.adds_ip"]
    assert [(c.sizes, c.times, c.flops) for c in adds] == [((("n", 1),), 20, 1.0)]
    # gemm_nt_zero (2 x 10 x 12), scal2d and axpy2d1 (2 x 10), the bias (20 times 1),
    # leaky (20): the kernel's flops count every run.
    assert result.flops == 2 * 2 * 10 * 12 + 20 + 20 + 20 * 1 + 20
    measured = measure(CONNECTED, "MINI", options, tmp_path)
    assert not measured.note
    points = {template: point for template, _, point in measured.points}
    assert set(points) == {"blas.scal2d", "blas.gemm_nt_zero", "blas.axpy2d1", "ew.adds_ip",
                           "act.leaky"}
    # One launch's work: 1 flop, 8 bytes (read and written).
    point = points["ew.adds_ip"]
    assert (point.work, dict(point.sizes), point.kernel) == (9.0, {"n": 1}, "connected")
    assert point.loops_s > 0 and point.call_s > 0


def test_calibrate_usage_errors(capsys):
    assert main(["calibrate", "--kernels", "nope", "--sizes", "MINI"]) == 1
    assert "--kernels names no benchmark of the suites linalg: nope" in capsys.readouterr().err
    assert main(["calibrate", "--sizes", "HUGE"]) == 1
    assert "unknown size 'HUGE'" in capsys.readouterr().err


def _profile(path: Path, points: list[tuple[float, float]]) -> str:
    """A profile in which every template of atax has these (work, ratio) points."""
    entries = [{"template": t, "backend": "host", "dtype": "f64",
                "points": [{"work": w, "ratio": r} for w, r in points]}
               for t in ("blas.fill", "blas.gemv_zero1", "blas.gemv_t_acc1")]
    path.write_text(json.dumps({"format": FORMAT, "version": VERSION, "entries": entries}))
    return str(path)


@pytest.mark.parametrize("points, launches", [
    ([(1e3, 0.5), (1e9, 0.5)], ()),  # the call loses everywhere: only loops
    ([(1e3, 2.0), (1e9, 2.0)], ("blas.fill", "blas.gemv_zero1", "blas.gemv_t_acc1")),
    # Crossing above atax's MINI sizes: guarded launches, the loops run.
    ([(1e7, 0.5), (1e9, 2.0)], ("blas.fill", "blas.gemv_zero1", "blas.gemv_t_acc1")),
], ids=["loses", "wins", "guarded"])
def test_check_under_the_profitable_policy_is_bit_exact(tmp_path, points, launches):
    options = CheckOptions(backend="host", inputs="exact", offload_policy="profitable",
                           offload_profile=_profile(tmp_path / "p.json", points),
                           keep=str(tmp_path / "keep"))
    result = check_benchmark(ATAX, options)
    assert result.verdict == "BIT-EXACT", result.message
    assert tuple(result.launches) == launches
    matched = (tmp_path / "keep" / "kernel_atax" / "02-matched.mlir").read_text()
    assert ("scf.if" in matched) == (points[0][1] < 1 < points[-1][1])
    assert matched.count("polylift.offload_kept") == (0 if points[0][1] > 1 else 4)
