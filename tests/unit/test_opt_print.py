"""What polylift-opt prints around its passes (`cli/mlir_opt/printing.py`) and the driver's
mlir-opt options end to end (`cli/opt.py`), in process."""

from pathlib import Path

import pytest

from polylift.cli.mlir_opt.printing import pipeline_dump, relocate, statistics_entry
from polylift.cli.opt import chunks, main, run_opt
from polylift.errors import UsageError
from polylift.mlir import ir, new_context, parse_module

DUP = """func.func @dup(%a: f64) -> (f64, f64) {
  %0 = arith.addf %a, %a : f64
  %1 = arith.addf %a, %a : f64
  return %0, %1 : f64, f64
}
"""
AFFINE = """func.func @scale(%n: index, %x: memref<?xf64>, %y: memref<?xf64>) {
  affine.for %i = 0 to %n {
    %v = affine.load %x[%i] : memref<?xf64>
    affine.store %v, %y[%i] : memref<?xf64>
  }
  return
}
"""


def test_a_statistics_entry_aligns_as_upstream():
    assert statistics_entry("P", [("zz", 3, "last"), ("a", 120, "first")], indent=2) == [
        "  P", "    (S) 120 a  - first", "    (S)   3 zz - last"]


def test_the_pipeline_dump_indents_nests():
    assert pipeline_dump(["a", "func.func(b{x=1},c)"]) == (
        "Pass Manager with 2 passes:\nbuiltin.module(\n  a,\n  func.func(\n    b{x=1},\n"
        "    c\n  )\n)\n\n")
    assert pipeline_dump([]) == "Pass Manager with 0 passes:\nbuiltin.module(\n\n)\n\n"


def test_relocate_names_the_file_in_every_parsed_location():
    ctx = new_context()
    module = parse_module("\n\n" + DUP, ctx, "in.mlir")
    relocate(module, "in.mlir", (2, 9))
    text = str(module.operation.get_asm(enable_debug_info=True))
    assert '"-"' not in text
    assert 'loc("in.mlir":2:9)' in text and 'loc("in.mlir":3:16)' in text


def test_chunks_keep_the_files_lines_and_where_upstream_starts_them():
    parts = chunks("a\n// -----\nb\n", "// -----")
    assert [(c.text, c.start) for c in parts] == [("a\n", (0, 0)), ("\n\nb\n", (2, 9))]
    assert len(chunks(b"ML\xefR", "// -----")) == 1


def test_bytecode_out_and_back(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    source = tmp_path / "dup.mlir"
    source.write_text(DUP)
    data = tmp_path / "dup.mlirbc"
    assert run_opt([str(source), "-cse", "-emit-bytecode", "-o", str(data)]) == 0
    assert data.read_bytes().startswith(b"ML\xefR")
    assert run_opt([str(data), "--mlir-print-debuginfo"]) == 0
    out = capsys.readouterr().out
    assert "return %0, %0" in out and f'loc("{source}":2:8)' in out
    module = ir.Module.parse(data.read_bytes(), new_context())
    assert "arith.addf" in str(module)


def test_the_output_ends_as_mlir_opts(tmp_path: Path):
    source, out = tmp_path / "dup.mlir", tmp_path / "out.mlir"
    source.write_text(DUP)
    assert run_opt([str(source), "-o=" + str(out)]) == 0
    assert out.read_text().endswith("}\n\n")


def test_python_passes_dump_in_upstreams_format(tmp_path: Path,
                                                capfd: pytest.CaptureFixture[str]):
    source = tmp_path / "scale.mlir"
    source.write_text(AFFINE)
    argv = [str(source), "--raise-affine-to-linalg", "--raise-affine-to-linalg",
            "--mlir-print-ir-after-all", "--mlir-print-ir-after-change", "-o", "/dev/null"]
    assert run_opt(argv) == 0
    err = capfd.readouterr().err
    header = "// -----// IR Dump After RaiseAffineToLinalgPass (raise-affine-to-linalg) //----- //"
    assert err.count(header) == 1  # the second raising changes nothing
    assert err.startswith(header + "\n#map")
    assert err.endswith("}\n\n\n")


def test_statistics_of_python_and_upstream_passes(tmp_path: Path,
                                                  capfd: pytest.CaptureFixture[str]):
    source = tmp_path / "scale.mlir"
    source.write_text(AFFINE + DUP)
    assert run_opt([str(source), "--raise-affine-to-linalg", "-cse", "--mlir-pass-statistics",
                    "-o", "/dev/null"]) == 0
    lines = capfd.readouterr().err.splitlines()
    assert lines[1].strip() == "... Pass statistics report ..."
    assert lines[3:] == ["RaiseAffineToLinalgPass",
                         "  (S) 0 analysis-remarks - Number of analysis remarks",
                         "  (S) 1 applied-remarks  - Number of applied remarks",
                         "  (S) 0 missed-remarks   - Number of missed remarks",
                         "CSE",  # mlir-opt counts 2 on the raised module too
                         "  (S) 2 num-cse'd - Number of operations CSE'd",
                         "  (S) 0 num-dce'd - Number of operations DCE'd",
                         ""]


def test_unknown_options_fail_before_the_input_is_read(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]):
    with pytest.raises(UsageError, match="Did you mean '--canonicalize'"):
        run_opt([str(tmp_path / "missing.mlir"), "-canonicalise"])
    assert main([str(tmp_path / "missing.mlir"), "--mlir-print-ir-after=nope"]) == 1
    err = capsys.readouterr().err
    assert "Cannot find option named 'nope'" in err and "Traceback" not in err


def test_version_and_dialects(capsys: pytest.CaptureFixture[str]):
    assert run_opt(["--version"]) == 0
    assert capsys.readouterr().out.startswith("polylift-opt (polylift) ")
    assert run_opt(["-show-dialects"]) == 0
    dialects = capsys.readouterr().out.removeprefix("Available Dialects: ").strip().split(",")
    assert {"affine", "arith", "func", "kernel", "linalg", "llvm"} <= set(dialects)
    assert dialects == sorted(dialects)


def test_verify_each_false_still_verifies_the_output(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]):
    source = tmp_path / "dup.mlir"
    source.write_text(DUP)
    assert run_opt([str(source), "--cse", "--verify-each=false"]) == 0
    assert "return %0, %0" in capsys.readouterr().out
