"""MLIR locations: dropped from the text shown, kept as the C line of each op's first line."""

from __future__ import annotations

from polylift.site.locations import locate, located_file, strip_locations

from .conftest import FIXTURE

NESTED = """#loc3 = loc("source.c":9:7)
module {
  func.func @f(%arg0: memref<?xf64> loc("source.c":2:20)) {
    %alloc = memref.alloc(%0, %1) : memref<?x?xf64> loc(#loc3)
    affine.for %arg1 loc("source.c":4:3) = 0 to 10 {
      %c = arith.constant 1.0 : f64 loc(fused[#loc4, "source.c":5:1])
      scf.if %cond {
        linalg.yield %c : f64 loc(callsite(#loc5 at #loc6))
      } else {
        "x.op"() {s = "} {"} : () -> () loc(#loc5)
      } loc(#loc6)
    } loc(#loc2)
    return loc(#loc1)
  } loc(#loc1)
} loc(#loc)
#loc = loc("source.c":1:1)
#loc1 = loc("source.c":2:6)
#loc2 = loc("source.c":4:3)
#loc4 = loc("other.h":3:1)
#loc5 = loc("source.c":7:9)
#loc6 = loc("source.c":8:2)
"""


def test_each_op_gets_the_c_line_of_its_location() -> None:
    located = locate(NESTED)
    lines = located.text.splitlines()
    found = {line.strip().split(" ")[0]: c_line for line, c_line in zip(lines, located.lines,
                                                                         strict=True)}
    assert found["module"] is None  # the file itself: no marker
    assert found["func.func"] == 2  # from its closing `} loc(#loc1)`, through the alias
    assert found["%alloc"] == 9  # `memref.alloc(` is no location
    assert found["affine.for"] == 4  # its own location, not its induction variable's
    assert found["%c"] == 5  # a fused location: its first part in the C file
    assert found["scf.if"] == 8  # `} else {` passes the op on to its closing brace
    assert found["linalg.yield"] == 7  # a call site: the callee's line
    assert found['"x.op"()'] == 7  # braces in a string are no region
    assert found["return"] == 2
    assert found["}"] is None  # a closing brace: its location is its op's


def test_the_text_is_the_module_without_locations() -> None:
    located = locate(NESTED)
    assert " loc(" not in located.text and "#loc" not in located.text
    assert "%alloc = memref.alloc(%0, %1) : memref<?x?xf64>\n" in located.text
    assert "affine.for %arg1 = 0 to 10 {\n" in located.text
    assert located.text == strip_locations(NESTED)
    assert len(located.lines) == len(located.text.splitlines())


def test_ops_by_c_line_lists_the_lines_of_each_c_line_in_order() -> None:
    ops = locate(NESTED).ops_by_c_line()
    assert ops[2] == [2, 12] and ops[7] == [7, 9] and 1 not in ops


def test_text_without_locations_is_kept_and_has_no_c_lines() -> None:
    text = "module {\n  func.func @f() {\n    return\n  }\n}\n"
    located = locate(text)
    assert located.text == text and set(located.lines) == {None}


def test_a_stage_without_its_locations_is_the_stage_polylift_opt_prints() -> None:
    # The bake writes each stage as `polylift-opt -o` does and beside it the same module
    # with its locations (`.loc.mlir`): without them, the two are the same text.
    atax = FIXTURE / "linalg" / "atax"
    assert located_file("02-matched.mlir") == "02-matched.loc.mlir"
    for name in ("01-linalg.mlir", "02-matched.mlir", "03-lowered-ref.mlir"):
        with_locations = (atax / located_file(name)).read_text()
        assert 'loc("source.c"' in with_locations
        assert locate(with_locations).text == (atax / name).read_text(), name
    located = locate((atax / "02-matched.loc.mlir").read_text())
    launches = [c for line, c in zip(located.text.splitlines(), located.lines, strict=True)
                if '"kernel.launch"' in line]
    assert launches == [27, 31, 33]
