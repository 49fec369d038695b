"""DSL lookups: a table read at a computed subscript, typed arrays and `unsigned`."""

import pytest

from polylift.shims.header import c_prototype
from polylift.tdl.ast import Access, Bin, Call, Lookup
from polylift.tdl.checks import check_template
from polylift.tdl.library import KernelTemplate, load_library
from polylift.tdl.parser import TemplateError, parse_templates

HEAD = "template t.x {\n"
TAIL = "  launch x\n  backends ref\n  accuracy exact\n  cost flops n bytes n\n}\n"
IMAGE = "  types i8, i16\n  accumulate i32\n  array y[n] out\n  array x[n] in\n"


def _template(body: str) -> str:
    return HEAD + body + TAIL


def test_a_computed_subscript_is_a_lookup_and_an_index_stays_an_access():
    text = _template(IMAGE + "  array wr[m] in : i32\n  scalar s : i32\n"
                     "  compute { y[i] = wr[abs(x[i+1] - x[i]) >> s] * x[2*i-1] }\n"
                     "  shim n, m, s, wr, x, y\n")
    tpl = parse_templates(text, "t.tpl")[0]
    check_template(tpl, text)
    value = tpl.steps[0].value
    assert isinstance(value, Bin) and isinstance(value.lhs, Lookup)
    assert value.lhs.array == "wr" and str(value.lhs) == "wr[(abs((x[i+1] - x[i])) >> s)]"
    assert isinstance(value.rhs, Access) and str(value.rhs.indices[0]) == "2*i-1"


def test_a_typed_array_gives_its_pointer_that_c_type():
    text = _template(IMAGE + "  array wr[m] in : i32\n"
                     "  compute { y[i] = wr[unsigned(x[i])] }\n  shim n, m, wr, x, y\n")
    tpl = KernelTemplate(parse_templates(text, "t.tpl")[0])
    check_template(tpl.ast, text)
    assert [(a.name, a.dtype) for a in tpl.shim_args if a.kind == "pointer"] == \
        [("wr", "i32"), ("x", None), ("y", None)]
    assert c_prototype(tpl, "ref", "i8") == (
        "void polylift_ref_x_i8(int64_t n, int64_t m, const int32_t *wr, int64_t incwr, "
        "const int8_t *x, int64_t incx, int8_t *y, int64_t incy)")


@pytest.mark.parametrize("body,message,line,col", [
    (IMAGE + "  array t[m, m] in\n  compute { y[i] = t[x[i], 0] }\n  shim n, m, t, x, y\n",
     "a computed subscript needs a one-dimensional table", 7, 20),
    (IMAGE + "  array t[m, m] in\n  compute { y[i] = t[x[i]] }\n  shim n, m, t, x, y\n",
     "'t' is not a one-dimensional array, so it has no computed subscript", 7, 20),
    (IMAGE + "  compute { y[i] = unsigned(x[i]) }\n  shim n, x, y\n",
     "unsigned(x) is only a lookup's subscript", 6, 20),
    (IMAGE + "  array t[m] in\n  compute { y[x[i]] = t[i] }\n  shim n, m, t, x, y\n",
     "a step writing at a computed subscript (a scatter) accumulates: write '+='", 7, 13),
    (IMAGE + "  array t[m] inout\n  compute { t[unsigned(x[i])] += t[0] }\n  shim n, m, t, x, y\n",
     "a scatter reads 't' only at the element it accumulates into", 7, 34),
    (IMAGE + "  compute { y[0] = x[i] }\n  shim n, x, y\n",
     "a step writing one element (constant subscripts) reads elements at constant "
     "subscripts only", 6, 13),
    (IMAGE + "  compute { y[i] += y[i-1] + x[i] }\n  shim n, x, y\n",
     "a step that reads its target at other elements (a recurrence) is an '=' step", 6, 13),
    (IMAGE + "  array t[m] in : u7\n  compute { y[i] = t[x[i]] }\n  shim n, m, t, x, y\n",
     "unknown array type 'u7'", 6, 3),
    ("  types f32\n  array y[n] out\n  array x[n] in\n  array t[m] in\n"
     "  compute { y[i] = t[unsigned(x[i])] }\n  shim n, m, t, x, y\n",
     "'unsigned' needs integer element types only", 6, 22),
])
def test_planted_errors_point_at_the_node(body: str, message: str, line: int, col: int):
    text = _template(body)
    with pytest.raises(TemplateError) as info:
        check_template(parse_templates(text, "t.tpl")[0], text)
    assert message in info.value.message
    assert info.value.render().startswith(f"t.tpl:{line}:{col}: error:")


def test_the_library_states_the_table_operators():
    lib = load_library()
    lut, bil = lib.templates["pva.lut"], lib.templates["pva.bilateral3x3_roi"]
    assert isinstance(lut.ast.steps[0].value, Lookup)
    key = lut.ast.steps[0].value.key
    assert isinstance(key, Call) and key.fn == "unsigned"
    assert {a.name: a.dtype for a in bil.shim_args if a.kind == "pointer"} == \
        {"ws": "i32", "wr": "i32", "src": None, "dst": None}
    assert bil.attrs["border"] == "halo"
