"""Results people can script, and runs split over machines: `--json -` is the results
document alone on stdout, valid against its schema; a check and a bake run as shards in
separate processes and merged give what one run gives (but the times, which no two runs
share)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from polylift.results import SCHEMA_FILE

KERNELS = "atax,bicg,gemm,mvt"
# What differs between two runs of the same checks: the times and what follows from them.
TIMES = {"reference_s", "lifted_s", "speedup", "gflops", "mlir_s", "reference_times",
         "lifted_times"}
SCHEMA = json.loads(SCHEMA_FILE.read_text())
POLYLIFT = str(Path(sys.executable).with_name("polylift"))


def _polylift(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """The `polylift` command in a process of its own, as a machine of a job array runs it."""
    done = subprocess.run([POLYLIFT, *args], cwd=cwd,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    return done


def _parallel(commands: list[list[str]], cwd: Path) -> None:
    running = [subprocess.Popen([POLYLIFT, *c], cwd=cwd,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
               for c in commands]
    for process in running:
        _, err = process.communicate()
        assert process.returncode == 0, err


def _timeless(data: Any) -> Any:
    if isinstance(data, dict):
        return {k: _timeless(v) for k, v in data.items() if k not in TIMES}
    if isinstance(data, list):
        return [_timeless(v) for v in data]
    return data


def _files(folder: Path) -> dict[str, Any]:
    """Every file of a bake but its cache; JSON files read, without the times."""
    found = {}
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder).as_posix()
        if path.is_file() and not relative.startswith(".cache/"):
            text = path.read_text()
            found[relative] = _timeless(json.loads(text)) if path.suffix == ".json" else text
    return found


def test_check_shards_merge_into_the_run_on_one_machine(tmp_path: Path):
    _parallel([["check", "--suite", "linalg", "--only", KERNELS, "--shard", f"{k}/2",
                "--json", f"shard{k}.json"] for k in (1, 2)], tmp_path)
    whole = _polylift("check", "--suite", "linalg", "--only", KERNELS, "--json", "-",
                      cwd=tmp_path)
    assert whole.stderr.splitlines()[-1].endswith("4 of 4 ok")  # the table, on stderr
    doc = json.loads(whole.stdout)  # stdout is the document alone
    jsonschema.validate(doc, SCHEMA)
    shards = [json.loads((tmp_path / f"shard{k}.json").read_text()) for k in (1, 2)]
    assert [s["shard"] for s in shards] == ["1/2", "2/2"]
    assert [len(s["results"]) for s in shards] == [2, 2]
    merged = _polylift("check", "--merge", "shard2.json", "shard1.json", "--json", "-",
                       cwd=tmp_path)
    assert "4 of 4 ok" in merged.stderr
    assert _timeless(json.loads(merged.stdout)) == _timeless(doc)
    gemm = next(r for r in doc["results"] if r["function"] == "kernel_gemm")["checks"][0]
    c = gemm["arrays"][0]
    # A PASS shows its first differing element: numbers, and their bits beside them.
    assert c["verdict"] == "PASS" and isinstance(c["reference"]["value"], float)
    assert c["reference"]["bits"] != c["lifted"]["bits"]


def test_a_merge_refuses_an_incomplete_set_of_shards(tmp_path: Path):
    _polylift("check", "--suite", "linalg", "--only", "atax,bicg", "--shard", "1/2",
              "--json", "s1.json", cwd=tmp_path)
    done = subprocess.run([POLYLIFT, "check", "--merge", "s1.json"], cwd=tmp_path,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == "polylift: error: cannot merge: shard 2/2 missing\n"


@pytest.mark.slow
def test_a_bake_in_three_shards_merges_into_the_bake_on_one_machine(tmp_path: Path):
    _parallel([["bake", "linalg", "--only", KERNELS, "-o", f"shard{k}", "--shard", f"{k}/3",
                "-j", "1"] for k in (1, 2, 3)], tmp_path)
    for k in (1, 2, 3):
        assert not (tmp_path / f"shard{k}" / "index.json").exists()
    merged = _polylift("bake", "--merge", "shard1", "shard2", "shard3", "-o", "merged",
                       "--json", "-", cwd=tmp_path)
    _polylift("bake", "linalg", "--only", KERNELS, "-o", "whole", cwd=tmp_path)
    doc = json.loads(merged.stdout)
    jsonschema.validate(doc, SCHEMA)
    assert doc["kind"] == "bake" and len(doc["results"]) == 4
    assert all(r["checks"][0]["verdict"] in ("BIT-EXACT", "PASS") for r in doc["results"])
    whole, joined = _files(tmp_path / "whole"), _files(tmp_path / "merged")
    assert sorted(joined) == sorted(whole) and joined == whole
    jsonschema.validate(json.loads((tmp_path / "whole" / "results.json").read_text()), SCHEMA)
