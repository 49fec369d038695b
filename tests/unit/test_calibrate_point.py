"""A calibration point's place on the profile's axis: the work of one launch."""

from __future__ import annotations

import math

from polylift.harness.calibrate import _only, _point
from polylift.harness.facts.coverage import LaunchCost
from polylift.lowering.profile import load_profile
from polylift.tdl.library import load_library


def test_a_point_is_the_mean_work_of_one_run_weighted_by_the_runs():
    # One launch of 100 elements, and one of 1 element run 99 times in a loop: 100
    # runs in the call, of 900 and 9 flops plus bytes.
    once = LaunchCost("ew.adds_ip", "f32", (("n", 100),), 100.0, 800.0, 1)
    looped = LaunchCost("ew.adds_ip", "f32", (("n", 1),), 1.0, 8.0, 99)
    point = _point("connected", "MINI", [once, looped], 0.004, 0.001)
    assert point.work == (900 + 99 * 9) / 100
    assert point.ratio == 4.0
    assert (point.sizes, point.kernel, point.size) == ((("n", 100),), "connected", "MINI")
    # Never multiplied by the count: the policy weighs one launch's work.
    assert _point("connected", "MINI", [looped], 1.0, 1.0).work == 9.0


def test_the_build_of_one_template_keeps_every_other_launch_as_loops(tmp_path):
    # blas.gemm has a cost; act.leaky, run an unknown number of times, has none: the
    # profile of "only blas.gemm" must still make it lose, in every type it serves, or
    # the policy would launch it, unmeasured, and its time would count as the gemm's.
    path = _only("blas.gemm", ["blas.gemm", "act.leaky"], tmp_path)
    profile = load_profile(path)
    gemm_entry = profile.entry("blas.gemm", "host", "f32")
    assert gemm_entry is not None and gemm_entry.threshold() == 0.0
    for dtype in load_library().templates["act.leaky"].dtypes:
        leaky = profile.entry("act.leaky", "host", dtype)
        assert leaky is not None and math.isinf(leaky.threshold())
