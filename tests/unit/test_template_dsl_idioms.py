"""DSL forms for C's `?:` idioms and region operators: `rdiv`, `<<`, `border = halo`."""

import pytest

from polylift.tdl.ast import Bin, Call, Num, Ref
from polylift.tdl.checks import check_template
from polylift.tdl.library import load_library
from polylift.tdl.parser import TemplateError, parse_templates

HEAD = "template t.x {\n"
TAIL = "  launch x\n  backends ref\n  accuracy exact\n  cost flops n bytes n\n}\n"
INTS = "  types i8, i16\n  accumulate i32\n  array y[n] out\n  array x[n] in\n"


def _template(body: str) -> str:
    return HEAD + body + TAIL


def test_rdiv_parses_as_a_call_with_a_constant_divisor():
    text = _template(INTS + "  compute { y[i] = rdiv(x[i-1] + x[i] + x[i+1], 3) }\n"
                            "  shim n, x, y\n")
    tpl = parse_templates(text, "t.tpl")[0]
    check_template(tpl, text)
    value = tpl.steps[0].value
    assert isinstance(value, Call) and value.fn == "rdiv"
    assert value.args[1] == Num(3.0)
    assert str(value) == "rdiv(((x[i-1] + x[i]) + x[i+1]), 3)"


def test_shift_left_binds_looser_than_minus():
    text = _template(INTS + "  scalar s : i32\n"
                            "  compute { y[i] = (x[i] + (1 << s - 1)) >> s }\n"
                            "  shim n, s, x, y\n")
    tpl = parse_templates(text, "t.tpl")[0]
    check_template(tpl, text)
    value = tpl.steps[0].value
    assert isinstance(value, Bin) and value.op == ">>"
    assert isinstance(value.lhs, Bin)
    shl = value.lhs.rhs
    assert shl == Bin("<<", Num(1.0), Bin("-", Ref("s"), Num(1.0)))
    assert str(shl) == "(1 << (s - 1))"


@pytest.mark.parametrize("body, message, line, col", [
    (INTS + "  compute { y[i] = rdiv(x[i], 0) }\n  shim n, x, y\n",
     "rdiv divides by a positive integer constant or an expression, not '0'", 6, 20),
    (INTS + "  compute { y[i] = rdiv(x[i], 2.5) }\n  shim n, x, y\n",
     "rdiv divides by a positive integer constant or an expression, not '2.5'", 6, 20),
    (INTS + "  compute { y[i] = rdiv(x[i], -3) }\n  shim n, x, y\n",
     "rdiv divides by a positive integer constant or an expression, not '-3'", 6, 20),
    (INTS + "  compute { y[i] = rdiv(x[i]) }\n  shim n, x, y\n",
     "unknown function 'rdiv' with 1 arguments", 6, 20),
    ("  types f32\n  array y[n] out\n  array x[n] in\n"
     "  compute { y[i] = rdiv(x[i], 9) }\n  shim n, x, y\n",
     "'rdiv' needs integer element types only", 5, 20),
    ("  types f32\n  array y[n] out\n  array x[n] in\n"
     "  compute { y[i] = x[i] << 2 }\n  shim n, x, y\n",
     "'<<' needs integer element types only", 5, 20),
    (INTS + "  compute { y[i] = x[i] }\n  shim n, x, y\n  attrs border = wrap\n",
     "unknown border rule 'wrap' (known: replicate, halo)", 8, 3),
])
def test_planted_errors_point_at_the_node(body: str, message: str, line: int, col: int):
    text = _template(body)
    tpl = parse_templates(text, "t.tpl")[0]
    with pytest.raises(TemplateError) as info:
        check_template(tpl, text)
    assert message in info.value.message
    assert info.value.render().startswith(f"t.tpl:{line}:{col}: error:")


def test_shift_left_needs_a_right_operand():
    text = _template(INTS + "  compute { y[i] = x[i] << }\n  shim n, x, y\n")
    with pytest.raises(TemplateError) as info:
        parse_templates(text, "t.tpl")
    assert info.value.render().startswith("t.tpl:6:28: error: unexpected '}'")


def test_region_templates_pair_each_whole_image_operator():
    from polylift.passes.match_kernels import matchable

    lib = load_library()
    pairs = {"pva.gaussian3x3": "pva.gaussian3x3_roi", "pva.box3x3": "pva.box3x3_roi",
             "pva.conv3x3_q_i8": "pva.conv3x3_q_roi_i8",
             "pva.conv3x3_q_i16": "pva.conv3x3_q_roi_i16",
             "pva.bilateral3x3": "pva.bilateral3x3_roi"}
    for whole, roi in pairs.items():
        a, b = lib.templates[whole], lib.templates[roi]
        assert (a.attrs["border"], b.attrs["border"]) == ("replicate", "halo")
        assert b.launch == a.launch + "_roi" and b.dtypes == a.dtypes
        # Same C signature, so a caller can switch between the two operators.
        assert [(s.kind, s.dtype) for s in a.shim_args] == \
            [(s.kind, s.dtype) for s in b.shim_args]
        # The whole-image operator's pixel is the region operator's: the border proof
        # compares the border pieces with the interior the region template matches.
        assert [str(step) for step in a.ast.steps] == [str(step) for step in b.ast.steps]
        assert matchable(a) and matchable(b)
