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
crossing, interpolated in log-log between the last losing point and the next winning
one. Past the last measured point nothing is extrapolated: a template whose largest
point loses is never launched, one that wins everywhere always is.
"""

from __future__ import annotations

import json
import math
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
        return {"work": self.work, "ratio": round(self.ratio, 4), "sizes": dict(self.sizes),
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
        """The work from which the call wins (0: always, inf: never); see the module."""
        ordered = sorted(self.points, key=lambda p: p.work)
        losing = [i for i, p in enumerate(ordered) if p.ratio < 1.0]
        if not losing:
            return 0.0
        last = losing[-1]
        if last == len(ordered) - 1:
            return math.inf
        lose, win = ordered[last], ordered[last + 1]
        if lose.work <= 0 or win.work <= lose.work:
            return win.work
        # Where log(ratio) crosses 0 on the line between the two points; three digits,
        # as many as a timing has.
        t = math.log(lose.ratio) / (math.log(lose.ratio) - math.log(win.ratio))
        return float(f"{math.exp(math.log(lose.work) + t * math.log(win.work / lose.work)):.3g}")

    def nearest(self, work: float) -> Point:
        """The measured point closest to `work` in log scale."""
        return min(self.points, key=lambda p: abs(math.log(max(p.work, 1.0))
                                                  - math.log(max(work, 1.0))))

    def to_json(self) -> dict:
        return {"template": self.template, "backend": self.backend, "dtype": self.dtype,
                "points": [p.to_json() for p in sorted(self.points, key=lambda p: p.work)]}


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
