"""Offload profiles (lowering/profile.py): reading, the crossing the policy uses, errors."""

from __future__ import annotations

import json
import math

import pytest

from polylift.errors import UsageError
from polylift.lowering.profile import (
    DEFAULT_PROFILE,
    FORMAT,
    VERSION,
    Entry,
    Point,
    load_profile,
    parse_profile,
)


def _entry(*points: tuple[float, float]) -> Entry:
    return Entry("blas.gemv", "host", "f64", tuple(Point(w, r) for w, r in points))


def test_threshold_where_wins_above_outnumber_losses_most():
    # Halfway in log scale between the last loss and the first win.
    assert _entry((1e4, 0.5), (1e6, 2.0)).threshold() == 1e5
    assert _entry((1e2, 0.9), (1e4, 0.5), (1e6, 2.0), (1e8, 3.0)).threshold() == 1e5
    # One slow point among wins does not move it.
    assert _entry((1e2, 3.0), (1e4, 0.4), (1e6, 2.0)).threshold() == 0.0
    assert _entry((1e4, 1.5), (1e6, 2.0)).threshold() == 0.0
    # A tie launches, as `always` does; losses that outnumber wins everywhere never do.
    assert _entry((1e4, 1.5), (1e6, 0.9)).threshold() == 0.0
    assert math.isinf(_entry((1e4, 0.5), (1e6, 0.9)).threshold())
    assert math.isinf(_entry((1e4, 1.5), (1e6, 0.9), (1e7, 0.8)).threshold())


def test_points_of_one_work_vote_together():
    # One element per launch at every size: the losses at that work outnumber the win.
    assert math.isinf(_entry((9, 0.98), (9, 0.96), (9, 1.01)).threshold())
    assert _entry((9, 1.01), (9, 0.99), (9, 1.2)).threshold() == 0.0
    assert _entry((1e2, 0.9), (1e4, 0.5), (1e4, 2.0), (1e4, 3.0)).threshold() == 1e3


def test_nearest_point_in_log_scale():
    entry = _entry((1e3, 0.5), (1e6, 2.0))
    assert entry.nearest(2e3).work == 1e3
    assert entry.nearest(5e5).work == 1e6


def test_a_profile_round_trips_through_json():
    point = Point(4536.0, 0.45, (("m", 38), ("n", 42)), "atax", "MINI", 1e-6, 2.2e-6)
    profile = parse_profile(json.dumps({"format": FORMAT, "version": VERSION, "entries": [
        {"template": "blas.gemv", "backend": "host", "dtype": "f64",
         "points": [point.to_json()]}]}), "p.json")
    again = parse_profile(profile.to_json(), "again.json")
    assert again.entries == profile.entries
    entry = again.entry("blas.gemv", "host", "f64")
    assert entry is not None and entry.points == (point,)
    assert again.entry("blas.gemv", "host", "f32") is None


def test_the_shipped_profile_loads():
    profile = load_profile()
    assert profile.source == DEFAULT_PROFILE
    assert profile.entries, "the shipped profile holds the measurements of this machine"
    assert all(e.backend == "host" and e.points for e in profile.entries)


@pytest.mark.parametrize("text, message", [
    ("{", "bad offload profile: Expecting property name"),
    ('{"format": "other", "version": 1, "entries": []}', "not a polylift offload profile"),
    (f'{{"format": "{FORMAT}", "version": 2, "entries": []}}', "profile version 2"),
    (f'{{"format": "{FORMAT}", "version": 1, "entries": [{{"template": "t", "backend": '
     f'"host", "dtype": "f64", "points": [{{"work": 1, "ratio": 0}}]}}]}}',
     "ratio must be positive"),
    (f'{{"format": "{FORMAT}", "version": 1, "entries": [{{"template": "t", "backend": '
     f'"host", "dtype": "f64", "points": []}}]}}', "an entry without points"),
    (f'{{"format": "{FORMAT}", "version": 1}}', "'entries'"),
])
def test_bad_profiles_are_usage_errors_naming_the_file(text, message):
    with pytest.raises(UsageError) as info:
        parse_profile(text, "mine.json")
    assert str(info.value.message).startswith("mine.json: ") and message in info.value.message


def test_a_missing_profile_file(tmp_path):
    with pytest.raises(UsageError, match="cannot read offload profile"):
        load_profile(str(tmp_path / "none.json"))
