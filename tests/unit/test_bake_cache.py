"""The bake's building blocks: hashing, the stage cache, suite discovery, commands."""

from __future__ import annotations

from pathlib import Path

import pytest

from polylift.bake.cache import StageCache, digest, fingerprint
from polylift.bake.checks import CheckConfig, check_command, scrub
from polylift.bake.driver import find_suite, template_source
from polylift.bake.stages import StageResult, lowering_flags
from polylift.errors import UsageError


def test_digest_separates_parts() -> None:
    assert digest("ab", "c") != digest("a", "bc")
    assert digest("a", "b") == digest("a", "b")
    assert len(digest()) == 64


def test_fingerprint_is_stable_within_a_run() -> None:
    assert fingerprint() == fingerprint() and len(fingerprint()) == 64


def test_stage_cache_round_trip_and_damaged_record(tmp_path: Path) -> None:
    cache = StageCache(tmp_path)
    key = digest("stage")
    assert cache.get(key) is None
    result = StageResult("ok", {"a.mlir": "module {}\n"}, carry="x", data={"n": 1})
    cache.put(key, result.to_json())
    assert StageResult.from_json(cache.get(key) or {}) == result
    (tmp_path / key[:2] / f"{key}.json").write_text("{not json")
    assert cache.get(key) is None


def test_lowering_flags_fall_back_to_ref() -> None:
    assert lowering_flags("ref") == ("lower-kernel-launch-to-ref",)
    assert lowering_flags("host") == ("lower-kernel-launch-to-host", "lower-kernel-launch-to-ref")


def test_find_suite_flat_and_polybench_layouts(tmp_path: Path) -> None:
    flat = tmp_path / "mine"
    flat.mkdir()
    (flat / "b.c").write_text("")
    (flat / "a.c").write_text("")
    suite = find_suite(str(flat))
    assert suite.name == "mine" and [p.name for p in suite.sources] == ["a.c", "b.c"]
    assert suite.root == tmp_path.resolve()

    tree = tmp_path / "pb"
    for rel in ("linear-algebra/blas/gemm/gemm.c", "stencils/jacobi-2d/jacobi-2d.c",
                "utilities/polybench.c", "utilities/polybench.h",
                "linear-algebra/blas/gemm/helper.c"):
        (tree / rel).parent.mkdir(parents=True, exist_ok=True)
        (tree / rel).write_text("")
    suite = find_suite(str(tree))
    assert [p.name for p in suite.sources] == ["gemm.c", "jacobi-2d.c"]
    assert suite.extra_includes == (tree.resolve() / "utilities",)
    assert suite.polybench_root == tree.resolve() and suite.defines

    (tmp_path / "empty").mkdir()
    with pytest.raises(UsageError, match="no kernels"):
        find_suite(str(tmp_path / "empty"))


def test_template_source_takes_one_balanced_block() -> None:
    text = ('# comment\ntemplate a.b {\n  doc "x { y"\n  compute { C[i] = A[i] }\n}\n\n'
            "template a.c {\n}\n")
    assert template_source(text, 2) == ('template a.b {\n  doc "x { y"\n'
                                        "  compute { C[i] = A[i] }\n}\n")


def test_check_command_and_scrub() -> None:
    command = check_command("benchmarks/linalg/gemm.c", CheckConfig("ref", "MINI", "x86_64"),
                            ["utilities"], ["N=4"])
    assert command == ('polylift check "$ROOT/benchmarks/linalg/gemm.c" --backend ref '
                       '--size MINI --target x86_64 -I "$ROOT/utilities" -D N=4')
    polybench = check_command("pb/stencils/jacobi-2d/jacobi-2d.c",
                              CheckConfig("host", "SMALL", "aarch64"), ["pb/utilities"], ["X"],
                              "pb")
    assert polybench == ('polylift check --polybench-root "$ROOT/pb" --only jacobi-2d '
                         "--backend host --size SMALL --target aarch64")
    assert scrub("/a/b/c.c and /a/x", {"/a/": "$ROOT/", "/a/b/c.c": "c.c"}) == "c.c and $ROOT/x"


def test_bake_command_rejects_unknown_names(tmp_path: Path) -> None:
    from polylift.cli.main import run_main

    out = str(tmp_path / "bake")
    with pytest.raises(UsageError, match="unknown backend 'gpu'"):
        run_main(["bake", "linalg", "-o", out, "--backends", "ref,gpu"])
    with pytest.raises(UsageError, match="unknown size 'HUGE'"):
        run_main(["bake", "linalg", "-o", out, "--sizes", "HUGE"])
    with pytest.raises(UsageError, match="-j must be at least 1"):
        run_main(["bake", "linalg", "-o", out, "-j", "0"])
    with pytest.raises(UsageError, match="no suite 'nosuch'"):
        run_main(["bake", "nosuch", "-o", out])


def test_a_suite_name_is_found_from_a_directory_holding_its_bake(tmp_path: Path,
                                                                 monkeypatch) -> None:
    (tmp_path / "linalg" / "gemm").mkdir(parents=True)  # what a bake leaves in BAKE_DIR
    monkeypatch.chdir(tmp_path)
    suite = find_suite("linalg")
    assert suite.name == "linalg" and len(suite.sources) > 10
    assert suite.sources[0].parent.name == "linalg"
    assert (suite.root / "benchmarks" / "linalg").is_dir()
