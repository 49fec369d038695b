"""What the bake records for the site: each stage with its locations, which fallback
version a remark came from, and the shims' C declarations of each template."""

from __future__ import annotations

import json

from polylift.bake.driver import templates_json
from polylift.bake.stages import OK, StageResult, linalg_stage, located_file
from polylift.bake.summary import notes
from polylift.site.locations import locate

from .conftest import FIXTURE


def test_a_stage_is_written_as_polylift_opt_prints_it_and_with_its_locations() -> None:
    result = linalg_stage((FIXTURE / "linalg" / "atax" / "00-affine.mlir").read_text())
    assert result.status == OK
    assert set(result.files) == {"01-linalg.mlir", "01-linalg.loc.mlir"}
    assert located_file("03-lowered-host.mlir") == "03-lowered-host.loc.mlir"
    plain, located = result.files["01-linalg.mlir"], result.files["01-linalg.loc.mlir"]
    assert "loc(" not in plain and 'loc("source.c":' in located
    assert locate(located).text == plain


def test_a_remark_of_the_fallback_names_it() -> None:
    # `add_bias` is versioned: its noalias version is raised, its flat fallback is not
    # (its arguments may alias), and only the fallback's remark says so.
    result = linalg_stage((FIXTURE / "library" / "layers" / "00-affine.mlir").read_text())
    assert result.data["missed"] and result.data["missed"][0].startswith("not raised")
    assert result.data["missed_fallback"] == ["add_bias.flat"] * len(result.data["missed"])
    plain = linalg_stage((FIXTURE / "linalg" / "jacobi-1d" / "00-affine.mlir").read_text())
    assert plain.data["missed"] and plain.data["missed_fallback"] == [""]


def test_notes_carry_the_fallback_version_they_are_about() -> None:
    stages = {name: StageResult(OK) for name in ("00-affine", "01-linalg", "02-matched")}
    stages["01-linalg"] = StageResult(OK, data={"missed": ["not raised: x", "other"],
                                                "missed_fallback": ["f.flat", ""]})
    report = {"residual": [{"closest": "blas.ger1", "difference": "no factor"}]}
    assert notes(stages, report) == [("not raised: x", "f.flat"),
                                     ("closest blas.ger1: no factor", "")]
    stages["01-linalg"] = StageResult(OK, data={"missed": ["from a cached record"]})
    assert notes(stages, None) == [("from a cached record", "")]


def test_templates_record_their_shim_declarations() -> None:
    library = {t["name"]: t for t in json.loads(templates_json())["templates"]}
    gemm = library["blas.gemm"]
    assert [(s["backend"], s["dtype"]) for s in gemm["shims"]] == [
        (b, d) for b in gemm["backends"] for d in gemm["dtypes"]]
    first = gemm["shims"][0]["prototype"]
    assert first.startswith(f"void polylift_{gemm['backends'][0]}_gemm_") and first.endswith(");")
