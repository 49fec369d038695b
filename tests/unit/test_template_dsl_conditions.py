"""DSL conditions and locals: `c ? a : b`, comparisons, `&&`, `local` scalars and
folds, indices read as numbers, `i64(x)`, and the step kinds loops match."""

import pytest

from polylift.matcher.ir.conditions import template_form
from polylift.tdl.ast import And, Compare, Cond, Ref
from polylift.tdl.checks import check_template
from polylift.tdl.library import load_library
from polylift.tdl.parser import TemplateError, parse_templates
from polylift.tdl.steps import integer_valued, step_kind, walk

HEAD = "template t.x {\n"
TAIL = "  launch x\n  backends ref\n  accuracy exact\n  cost flops n bytes n\n}\n"
INTS = "  types i32\n  array y[n] out\n  array x[n] in\n  scalar t\n"


def _template(body: str) -> str:
    return HEAD + body + TAIL


def _checked(body: str):
    text = _template(body)
    tpl = parse_templates(text, "t.tpl")[0]
    check_template(tpl, text)
    return tpl


def test_a_conditional_parses_with_c_precedence():
    tpl = _checked(INTS + "  compute { y[i] = x[i] > 0 && x[i] < t ? x[i] >> 1 : 0 }\n"
                   "  shim n, t, x, y\n")
    value = tpl.steps[0].value
    assert isinstance(value, Cond) and isinstance(value.test, And)
    assert isinstance(value.test.lhs, Compare) and value.test.lhs.op == ">"
    assert str(value) == "(x[i] > 0 && x[i] < t ? (x[i] >> 1) : 0)"


def test_comparisons_are_linear_forms_however_written():
    """`a < b`, `b > a` and `a + 1 <= b` state one relation; the form says so."""
    first = parse_templates(_template(INTS + "  compute { y[i] = x[i] < t ? 1 : 0 }\n"
                                      "  shim n, t, x, y\n"), "t.tpl")[0]
    second = parse_templates(_template(INTS + "  compute { y[i] = t > x[i] ? 1 : 0 }\n"
                                       "  shim n, t, x, y\n"), "t.tpl")[0]
    values = [tpl.steps[0].value for tpl in (first, second)]
    assert all(isinstance(v, Cond) and isinstance(v.test, Compare) for v in values)
    forms = [template_form(v.test) for v in values if isinstance(v, Cond)
             and isinstance(v.test, Compare)]
    assert forms[0] == forms[1]
    form = forms[0]
    assert (form.rel, sorted(form.terms.values()), form.const) == (">=", [-1, 1], -1)


def test_locals_and_folds_have_their_own_step_kind():
    tpl = load_library().templates["pva.histeq"]
    kinds = [step_kind(s) for s in tpl.ast.steps]
    assert kinds == ["op", "loop", "store", "loop", "local", "local", "local", "local",
                     "op", "op"]
    assert [v.name for v in tpl.ast.locals] == ["total", "cmin", "den"]
    assert all(p.name not in ("total", "cmin", "den") for p in tpl.params)
    assert "total" not in tpl.ast.shim


def test_an_index_may_be_read_as_a_number():
    tpl = _checked("  types i8\n  accumulate i32\n  array y[n] out\n"
                   "  compute { y[k] = k }\n  shim n, y\n")
    assert tpl.steps[0].value == Ref("k")


@pytest.mark.parametrize("body,message,line,col", [
    (INTS + "  local c : i32\n  compute { y[i] = c }\n  shim n, t, x, y\n",
     "local 'c' is read before a step defines it", 7, 20),
    (INTS + "  compute { y[i] = x[i] < t }\n  shim n, t, x, y\n",
     "a comparison is only the test of 'c ? a : b'", 6, 20),
    (INTS + "  compute { y[i] = x[i] ? 1 : 0 }\n  shim n, t, x, y\n",
     "the test of 'c ? a : b' is a comparison", 6, 20),
    (INTS + "  compute { c = x[i] }\n  shim n, t, x, y\n",
     "'c' is not a local scalar (declare it with 'local')", 6, 13),
    (INTS + "  local t : i32\n  compute { y[i] = x[i] }\n  shim n, t, x, y\n",
     "local 't' is declared twice or is also a parameter or size", 6, 9),
    (INTS + "  local c : i32\n  compute { c = 0\n c += x[i]\n y[i] = c }\n"
     "  shim n, t, x, y\n", "a local is defined by an '=' step without 'where'", 8, 2),
    (INTS + "  compute { y[i] = j }\n  shim n, t, x, y\n",
     "'j' is not a scalar parameter, a local or an index of the step", 6, 20),
    ("  types f32\n  array y[n] out\n  array x[n] in\n  compute { y[i] = i64(x[i]) }\n"
     "  shim n, x, y\n", "'i64' needs integer element types only", 5, 20),
    # A conversion between float and double is stated from float elements only.
    ("  types f32, f64\n  array y[n] out\n  array x[n] in\n"
     "  compute { y[i] = f32(sqrt(f64(x[i]))) }\n  shim n, x, y\n",
     "'f32' needs the element type f32 only", 5, 20),
    # No op binds what only an unread local uses: the launch would lack the operand.
    (INTS + "  local c : i32\n  compute { c = t\n y[i] = x[i] }\n  shim n, t, x, y\n",
     "'c' is used by no step that an op computes", 6, 9),
    (INTS + "  compute { y[i] = x[i] }\n  shim n, t, x, y\n",
     "'t' is used by no step that an op computes", 5, 10),
])
def test_planted_errors_point_at_the_node(body: str, message: str, line: int, col: int):
    text = _template(body)
    with pytest.raises(TemplateError) as info:
        check_template(parse_templates(text, "t.tpl")[0], text)
    assert message in info.value.message
    assert info.value.render().startswith(f"t.tpl:{line}:{col}: error:")


def test_integer_valued_reads_the_declared_types():
    """maxpool_index's index sum computes in i32 (indices and i32 scalars) in a float
    template, so it may be regrouped; the float maximum beside it, a float scalar, a
    fraction or a float function may not."""
    tpl = load_library().templates["cnn.maxpool_index"].ast
    together = tpl.steps[3].value
    assert isinstance(together, Cond) and integer_valued(tpl, together.then)
    assert not integer_valued(tpl, together) and not integer_valued(tpl, tpl.steps[2].value)
    floats = _checked("  types f32\n  array y[n] out\n  array x[n] in\n  scalar a\n"
                      "  scalar b : i32\n  compute { y[i] = a * (i + b) + sqrt(i * b)"
                      " + i * 0.5 + 2 * 3 + x[i] }\n  shim n, a, b, x, y\n")
    value = floats.steps[0].value
    parts = {str(n): n for n in walk(value)}
    assert integer_valued(floats, parts["(i + b)"])
    assert not integer_valued(floats, parts["(a * (i + b))"])
    assert not integer_valued(floats, parts["sqrt((i * b))"])
    assert not integer_valued(floats, parts["(i * 0.5)"])
    assert not integer_valued(floats, parts["(2 * 3)"])  # no typed leaf: the rest decides


@pytest.mark.parametrize("op", ["==", "!="])
def test_equality_tests_parse_beside_the_assignment(op):
    """`==` and `!=` in a step whose target is assigned with `=`: the lexer takes the
    two characters as one operator (it once read `=` `=` and refused the text, so an
    expression template testing equality stated nothing)."""
    tpl = _checked("  types f32\n  array y[n] inout\n  array x[n] in\n"
                   f"  compute {{ y[i] = x[i] {op} 0.0 ? y[i] : x[i] }}\n  shim n, x, y\n")
    value = tpl.steps[0].value
    assert isinstance(value, Cond) and isinstance(value.test, Compare)
    assert value.test.op == op
