"""Offload profiles: how a host shim call compares with the loops it replaces, measured.

`polylift calibrate` times, per kernel and dataset size, the lifted program with the
launches of one template and the same program with that template's loops kept (raised
and lowered as the lifted program runs residual loops), and writes a profile:

    {"format": "polylift-offload-profile", "version": 1,
     "entries": [{"template": "blas.gemv", "backend": "host", "dtype": "f64",
                  "points": [{"work": 4536.0, "sizes": {"m": 38, "n": 42},
                              "ratio": 0.45, "kernel": "atax", "size": "MINI",
                              "loops_s": 1.2e-06, "call_s": 2.7e-06}]}]}

`ratio` is the loops' time over the call's (the call's speedup: below 1 it loses);
`work` is the template's cost at the launch's sizes, flops plus bytes moved (a fill
counts no flops, yet grows with its size): the axis the policy reads. The
`profitable` policy launches a template where its work reaches the `threshold`: the
point from which the wins above it outnumber the losses most (one slow outlier on a
busy machine does not move it), placed halfway in log scale between that point and the
one below. A template is never launched when no threshold has more wins than losses
above it, and at every size when the best threshold is its smallest point.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from polylift.errors import UsageError

FORMAT = "polylift-offload-profile"
VERSION = 1
DEFAULT_PROFILE = "default-profile.json"  # shipped in this package, measured here


@dataclass(frozen=True)
class Point:
    """One measurement: the call's speedup over the loops at one launch size."""

    work: float
    ratio: float
    sizes: tuple[tuple[str, int], ...] = ()
    kernel: str = ""
    size: str = ""
    loops_s: float = 0.0
    call_s: float = 0.0

    def to_json(self) -> dict:
        # Four significant digits: four decimals would leave a ratio of 0.0238 three.
        return {"work": self.work, "ratio": float(f"{self.ratio:.4g}"), "sizes": dict(self.sizes),
                "kernel": self.kernel, "size": self.size, "loops_s": self.loops_s,
                "call_s": self.call_s}


@dataclass(frozen=True)
class Entry:
    """The measured points of one template's shim on one backend and element type."""

    template: str
    backend: str
    dtype: str
    points: tuple[Point, ...]

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.template, self.backend, self.dtype)

    def threshold(self) -> float:
        """The work from which the call is taken (0: always, inf: never); see the module."""
        ordered = sorted(self.points, key=lambda p: p.work)
        votes = [1 if p.ratio >= 1.0 else -1 for p in ordered]
        # Launching from point i on gains the wins and pays the losses from i up; never
        # launching scores 0. Ties go to the lower threshold: to launching, as `always`.
        # A threshold falls between two works, never among points of the same work (a
        # launch of one element in a loop has that work at every size).
        first, best = len(ordered), 0
        for i in reversed(range(len(ordered))):
            if i and ordered[i - 1].work == ordered[i].work:
                continue
            if sum(votes[i:]) >= best:
                first, best = i, sum(votes[i:])
        if first == len(ordered):
            return math.inf
        if first == 0:
            return 0.0
        below, above = ordered[first - 1].work, ordered[first].work
        if below <= 0 or above <= below:
            return above
        # Halfway in log scale between the two measurements, with three digits, as
        # many as a timing has.
        return float(f"{math.sqrt(below * above):.3g}")

    def nearest(self, work: float) -> Point:
        """The measured point closest to `work` in log scale."""
        return min(self.points, key=lambda p: abs(math.log(max(p.work, 1.0))
                                                  - math.log(max(work, 1.0))))

    def to_json(self) -> dict:
        # Ties of work in the order of the measurement's kernel and size, so that the
        # profiles of a calibration's shards merge into the file one run writes.
        ordered = sorted(self.points, key=lambda p: (p.work, p.kernel, p.size))
        return {"template": self.template, "backend": self.backend, "dtype": self.dtype,
                "points": [p.to_json() for p in ordered]}


@dataclass(frozen=True)
class Profile:
    """A profile as read from `source` (a file name, for remarks)."""

    source: str
    entries: tuple[Entry, ...]

    def entry(self, template: str, backend: str, dtype: str) -> Entry | None:
        """The entry of a template's shim, or None when it was not measured."""
        return next((e for e in self.entries if e.key == (template, backend, dtype)), None)

    def to_json(self) -> str:
        data = {"format": FORMAT, "version": VERSION,
                "entries": [e.to_json() for e in sorted(self.entries, key=lambda e: e.key)]}
        return json.dumps(data, indent=2, sort_keys=True) + "\n"


def merge_profiles(profiles: Sequence[Profile], source: str) -> Profile:
    """One profile of the points of `profiles` (the shards of a calibration, or runs on
    the same machine at other sizes), each entry's points joined."""
    found: dict[tuple[str, str, str], list[Point]] = {}
    for profile in profiles:
        for entry in profile.entries:
            found.setdefault(entry.key, []).extend(entry.points)
    return Profile(source, tuple(Entry(t, b, d, tuple(points))
                                 for (t, b, d), points in sorted(found.items())))


def _point(data: dict) -> Point:
    ratio = float(data["ratio"])
    if not ratio > 0:
        raise ValueError(f"ratio must be positive, not {ratio}")
    sizes = tuple(sorted((str(k), int(v)) for k, v in dict(data.get("sizes", {})).items()))
    return Point(float(data["work"]), ratio, sizes, str(data.get("kernel", "")),
                 str(data.get("size", "")), float(data.get("loops_s", 0.0)),
                 float(data.get("call_s", 0.0)))


def parse_profile(text: str, source: str) -> Profile:
    """A profile from its JSON text; a `UsageError` naming `source` when it is not one."""
    try:
        data = json.loads(text)
        if data.get("format") != FORMAT:
            raise ValueError(f"not a polylift offload profile (format {data.get('format')!r})")
        if data.get("version") != VERSION:
            raise ValueError(f"profile version {data.get('version')!r}, this polylift reads "
                             f"version {VERSION}")
        entries = tuple(Entry(str(e["template"]), str(e["backend"]), str(e["dtype"]),
                              tuple(_point(p) for p in e["points"]))
                        for e in data["entries"])
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise UsageError(f"{source}: bad offload profile: {exc}") from None
    if any(not e.points for e in entries):
        raise UsageError(f"{source}: bad offload profile: an entry without points")
    return Profile(source, entries)


def load_profile(path: str = "") -> Profile:
    """The profile in `path`, or the one shipped with polylift when `path` is empty."""
    if not path:
        text = resources.files("polylift.lowering").joinpath(DEFAULT_PROFILE).read_text()
        return parse_profile(text, DEFAULT_PROFILE)
    try:
        text = Path(path).read_text()
    except OSError as exc:
        raise UsageError(f"cannot read offload profile '{path}': {exc.strerror}") from None
    return parse_profile(text, Path(path).name)
