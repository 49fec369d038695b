"""The pieces of scriptable results and sharded runs: the JSON values of elements, the
shards' arithmetic, the progress display in narrow terminals, a profile's merge, and a
shadow summary read as checks."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import struct
import termios

import jsonschema
import pytest

from polylift.driver.documents import shadow_checks
from polylift.errors import UsageError
from polylift.lowering.profile import Entry, Point, Profile, merge_profiles, parse_profile
from polylift.progress import Progress
from polylift.results import SCHEMA_FILE, document, dumps, element, lift, result, value_of
from polylift.shard import Shard, missing_shards


def test_element_values_are_json_numbers_with_their_bits():
    assert element(9.840000000000002, "0x4023ae147ae147af") == {
        "value": 9.840000000000002, "bits": "0x4023ae147ae147af"}
    assert [element(v, "0x0")["value"] for v in (float("nan"), float("inf"), -float("inf"))] \
        == ["nan", "inf", "-inf"]
    assert value_of("-inf") == -float("inf") and value_of(3) == 3


def test_a_document_is_strict_json_of_the_schema():
    schema = json.loads(SCHEMA_FILE.read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    doc = document("build", {"records": ["obj"]},
                   [result("b.c", "g", lift("skipped", reason="call")),
                    result("a.c", "f", lift("lifted", "FULL", ["blas.gemm"], line=3))])
    assert [r["source"] for r in doc["results"]] == ["a.c", "b.c"]  # sorted, as merges are
    jsonschema.validate(json.loads(dumps(doc)), schema)
    with pytest.raises(ValueError):
        dumps({**doc, "config": {"x": float("nan")}})  # never invalid JSON
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**doc, "schema": 2}, schema)


def test_shards_cover_every_item_once_in_order():
    items = list(range(10))
    shards = [Shard(k, 3) for k in (1, 2, 3)]
    taken = [s.take(items) for s in shards]
    assert taken == [[0, 3, 6, 9], [1, 4, 7], [2, 5, 8]]
    assert sorted(sum(taken, [])) == items
    assert Shard.parse("2/3") == Shard(2, 3) and str(Shard(2, 3)) == "2/3"
    for bad in ("0/3", "4/3", "2", "a/b", "1/0"):
        with pytest.raises(UsageError, match="K/N"):
            Shard.parse(bad)
    assert missing_shards(shards) == ""
    assert missing_shards(shards[:2]) == "shard 3/3 missing"
    assert missing_shards([*shards, Shard(2, 3)]) == "shard 2/3 given twice"
    assert "different runs" in missing_shards([Shard(1, 2), Shard(1, 3)])


def _shown(columns: int) -> str:
    """What a progress display of two items writes to a terminal `columns` wide."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
    with os.fdopen(slave, "w") as stream, Progress(2, "check", stream=stream) as shown:
        for name in ("kernel_atax", "kernel_gemm"):
            shown.working(name)
            shown.done(f"BIT-EXACT: {name}")
    chunks = []
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(master)
    return b"".join(chunks).decode()


@pytest.mark.parametrize("columns", [0, 12, 39])
def test_a_narrow_terminal_gets_the_lines_without_a_bar(columns: int):
    text = _shown(columns)
    assert "BIT-EXACT: kernel_atax (1 of 2)" in text
    assert "BIT-EXACT: kernel_gemm (2 of 2)" in text
    assert "\r" not in text.replace("\r\n", "\n")  # nothing redrawn


def test_a_wide_terminal_gets_a_bar_no_wider_than_itself():
    text = _shown(60)
    assert "BIT-EXACT: kernel_gemm (2 of 2)" in text
    drawn = [part for line in text.split("\n") for part in line.split("\r") if "check" in part]
    assert drawn and all(len(part.rstrip()) < 60 for part in drawn)


def test_profiles_of_shards_merge_into_one():
    a = Profile("a", (Entry("blas.gemv", "host", "f64", (Point(10.0, 0.5, kernel="atax"),)),))
    b = Profile("b", (Entry("blas.gemv", "host", "f64", (Point(10.0, 2.0, kernel="bicg"),
                                                         Point(5.0, 1.5, kernel="bicg"))),
                      Entry("blas.gemm", "host", "f64", (Point(100.0, 3.0, kernel="gemm"),))))
    merged = merge_profiles([b, a], "m")
    assert merged.to_json() == merge_profiles([a, b], "m").to_json()
    gemv = merged.entry("blas.gemv", "host", "f64")
    assert gemv is not None and len(gemv.points) == 3
    assert parse_profile(merged.to_json(), "m").to_json() == merged.to_json()


SUMMARY = """\
polylift shadow summary (mode report, rate first:4):
  gemm_nn (gemm.c:9): 5 calls, 4 checked, 1 skipped, 0 mismatched, worst 3 ULP
  fill_cpu (blas.c:2): 2 calls, 0 checked, 2 skipped, 0 mismatched, worst 0 ULP, not checked: \
extent of X unknown
polylift shadow summary (mode report, rate first:4):
  gemm_nn (gemm.c:9): 2 calls, 2 checked, 0 skipped, 1 mismatched, worst 7 ULP
"""


def test_a_shadow_summary_becomes_one_check_per_function():
    checks = shadow_checks(SUMMARY)
    assert checks["gemm_nn"] == {"verdict": "DIFF", "message": "", "calls": 7, "checked": 6,
                                 "skipped": 1, "mismatched": 1, "max_ulp": 7.0}
    assert checks["fill_cpu"]["verdict"] == "UNSUPPORTED"
    assert checks["fill_cpu"]["message"] == "not checked: extent of X unknown"
