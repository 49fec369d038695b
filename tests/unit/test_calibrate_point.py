"""A calibration point's place on the profile's axis: the work of one launch."""

from __future__ import annotations

from polylift.harness.calibrate import _point
from polylift.harness.facts.coverage import LaunchCost


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
