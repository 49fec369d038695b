"""Expression templates: a map no listed template states is written out as a template of
its own (matcher/expression/shapes.py), whose text is canonical (equal maps, equal
templates), read back by later stages from the text its launch carries
(tdl/expression.py), and whose shims travel in the module (shims/units.py)."""

from __future__ import annotations

import pytest

from polylift.matcher.expression.shapes import map_template
from polylift.matcher.expression.writer import NotStated
from polylift.mlir import ir, new_context, parse_module, walk
from polylift.shims.expression_unit import expression_unit
from polylift.shims.units import add_unit, units_of
from polylift.tdl.expression import expression_template, template_of
from polylift.tdl.library import load_library

MAP = """
#id = affine_map<(d0) -> (d0)>
func.func @f(%x: memref<8x{t}>, %y: memref<8x{t}>, %z: memref<8x{t}>, %s: {t}) {{
  linalg.generic {{indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}}
      ins(%x, %y : memref<8x{t}>, memref<8x{t}>) outs(%z : memref<8x{t}>) {{
  ^bb0(%a: {t}, %b: {t}, %c: {t}):
{body}
  }}
  return
}}
"""


def _map_text(body: str, element: str = "f32") -> str | NotStated:
    ctx = new_context()
    with ctx:
        module = parse_module(MAP.format(t=element, body=body), ctx, "t.mlir")
        found = []
        walk(module.operation, lambda op: found.append(op) or ir.WalkResult.ADVANCE,
             ir.WalkOrder.PRE_ORDER)
        generic = next(op for op in found if op.name == "linalg.generic")
        try:
            return map_template(generic.opview)
        except NotStated as exc:
            return exc


AXPY = """    %m = arith.mulf %s, %a : f32
    %r = arith.addf %m, %b : f32
    linalg.yield %r : f32"""


def test_equal_maps_state_one_template():
    first, second = _map_text(AXPY), _map_text(AXPY)
    assert isinstance(first, str) and first == second
    assert "compute {\n    z[i] = ((s0 * x0[i]) + x1[i])\n  }" in first
    assert "shim n, s0, x0, x1, z" in first


def test_the_order_of_operations_names_the_template():
    swapped = AXPY.replace("arith.addf %m, %b", "arith.addf %b, %m")
    first, second = _map_text(AXPY), _map_text(swapped)
    assert isinstance(first, str) and isinstance(second, str)
    assert "(x1[i] + (s0 * x0[i]))" in second
    assert expression_template(first).name != expression_template(second).name


def test_a_negative_constant_is_a_fixed_scalar():
    body = """    %k = arith.constant -2.5 : f32
    %m = arith.mulf %a, %k : f32
    linalg.yield %m : f32"""
    text = _map_text(body)
    assert isinstance(text, str)
    assert "scalar s0 = -2.5" in text and "z[i] = (x0[i] * s0)" in text


def test_a_narrow_integer_map_computes_in_int_with_its_signedness():
    body = """    %e = arith.{ext} %a : i8 to i32
    %f = arith.{ext} %b : i8 to i32
    %r = arith.addi %e, %f : i32
    %t = arith.trunci %r : i32 to i8
    linalg.yield %t : i8"""
    unsigned = _map_text(body.format(ext="extui"), "i8")
    signed = _map_text(body.format(ext="extsi"), "i8")
    assert isinstance(unsigned, str) and isinstance(signed, str)
    assert "types u8\n  accumulate i32" in unsigned
    assert "types i8\n  accumulate i32" in signed


def test_an_operation_no_template_states_is_no_map():
    body = """    %r = arith.maximumf %a, %b : f32
    linalg.yield %r : f32"""
    found = _map_text(body)
    assert isinstance(found, NotStated) and "maximumf" in str(found)


def test_a_launch_finds_its_template_by_its_text():
    text = _map_text(AXPY)
    assert isinstance(text, str)
    tpl = expression_template(text)
    library = load_library()
    assert template_of(library, tpl.name, text) == tpl
    assert template_of(library, tpl.name) is None  # no text: not in the library
    assert template_of(library, "expr.map_000000000000", text) is None  # another name
    assert template_of(library, "ew.add", text) is library.templates["ew.add"]


def test_a_shim_unit_is_recorded_once_in_the_module():
    tpl = expression_template(_map_text(AXPY))
    unit = expression_unit(tpl, "host", "f32")
    assert f"void polylift_host_{tpl.launch}_f32(" in unit
    ctx = new_context()
    with ctx:
        module = parse_module("module {}", ctx, "m.mlir")
        add_unit(module, "a.c", unit)
        add_unit(module, "a.c", unit)
        assert units_of(parse_module(str(module), ctx, "m.mlir")) == {"a.c": unit}
        with pytest.raises(ValueError, match="two different"):
            add_unit(module, "a.c", unit + "\n")
