"""DSL extensions: typed scalars, accumulation types, scaled subscripts, and their checks."""

import pytest

from polylift.tdl.ast import Access, Bin
from polylift.tdl.checks import check_template
from polylift.tdl.library import KernelTemplate, load_library, storage_type
from polylift.tdl.parser import TemplateError, parse_templates

HEAD = "template t.x {\n"
TAIL = "  launch x\n  backends ref\n  accuracy exact\n  cost flops n bytes n\n}\n"


def _template(body: str) -> str:
    return HEAD + body + TAIL


def test_typed_scalars_fill_the_shim_dtype():
    text = _template("  types i8, i16\n  accumulate i32\n  array y[n] out\n  array x[n] in\n"
                     "  scalar c0, c1 : i32\n  scalar s : i32\n"
                     "  compute { y[i] = (c0 * x[i] + c1 * x[i]) >> s }\n"
                     "  shim n, c0, c1, s, x, y\n")
    tpl = parse_templates(text, "t.tpl")[0]
    check_template(tpl, text)
    args = {a.name: a.dtype for a in KernelTemplate(tpl).shim_args if a.kind == "scalar"}
    assert args == {"c0": "i32", "c1": "i32", "s": "i32"}
    assert KernelTemplate(tpl).accumulate == "i32"
    assert KernelTemplate(tpl).scalar_dtype("c0", "i8") == "i32"


def test_unsigned_pixels_are_signless_memory_read_zero_extended():
    text = _template("  types u8\n  accumulate i32\n  array o[n] out\n  array a[n] in\n"
                     "  compute { o[i] = a[i] / 2 }\n  shim n, a, o\n")
    tpl = parse_templates(text, "t.tpl")[0]
    check_template(tpl, text)
    unsigned = KernelTemplate(tpl)
    assert unsigned.unsigned and unsigned.dtype_for("i8") == "u8"
    assert unsigned.dtype_for("i16") is None and storage_type("u8") == "i8"
    signed = KernelTemplate(parse_templates(text.replace("types u8", "types i8"), "t.tpl")[0])
    assert not signed.unsigned and signed.dtype_for("i8") == "i8"


def test_scaled_subscript_parses_with_its_coefficient():
    text = _template("  types f32\n  array y[n] out\n  array x[m] in\n"
                     "  compute { y[i] = x[2*i+1] + x[i] }\n  shim n, m, x, y\n")
    tpl = parse_templates(text, "t.tpl")[0]
    value = tpl.steps[0].value
    assert isinstance(value, Bin) and isinstance(value.lhs, Access)
    sub = value.lhs.indices[0]
    assert (sub.terms, sub.const, str(sub)) == ((("i", 2),), 1, "2*i+1")


def test_where_states_the_triangle_of_a_step():
    text = _template("  types f32\n  array C[n, n] inout\n  array A[n, k] in\n"
                     "  compute {\n    C[i,j] = 2 * C[i,j] where j <= i\n"
                     "    C[i,j] += A[i,p] * A[j,p] where i < j + 1, j >= 0\n  }\n"
                     "  shim n, k, A, C\n")
    tpl = parse_templates(text, "t.tpl")[0]
    check_template(tpl, text)
    first, second = tpl.steps
    assert [str(c) for c in first.where] == ["j <= i"]
    assert [(str(c.lhs), c.op, str(c.rhs)) for c in second.where] == \
        [("i", "<", "j+1"), ("j", ">=", "0")]
    assert str(first) == "C[i, j] = (2 * C[i, j]) where j <= i"


def test_where_without_a_condition_is_a_syntax_error():
    text = _template("  types f32\n  array C[n, n] inout\n"
                     "  compute { C[i,j] = 2 * C[i,j] where }\n  shim n, C\n")
    with pytest.raises(TemplateError) as info:
        parse_templates(text, "t.tpl")
    loc = info.value.loc
    assert loc is not None and (loc.line, loc.col) == (4, 39)
    assert "unexpected '}'" in info.value.message


def test_a_loop_over_a_number_is_no_loop_counter():
    # It once failed with an IndexError inside the parser instead of this message.
    text = _template("  types f64\n  array x[n] out\n"
                     "  compute {\n    for 0 < n { x[0] = 1.0 }\n  }\n  shim n, x\n")
    with pytest.raises(TemplateError) as info:
        parse_templates(text, "t.tpl")
    assert "'0' is not a loop counter's name" in info.value.message
    loc = info.value.loc
    assert loc is not None and loc.line == 5
    assert info.value.render().startswith("t.tpl:5:")


# A 1-D max pool: `y[i]` starts from its window's first element, then folds `max` over it.
_POOL = ("  types f32\n  array y[n] out\n  array x[m] in\n  window {window}\n"
         "  compute {{ y[i] = x[2*i]\n y[i] = max(x[2*i+r], y[i]) }}\n  shim n, m, x, y\n")


def test_window_declares_the_extent_of_a_reduction_index():
    text = _template(_POOL.format(window="r < 2"))
    tpl = parse_templates(text, "t.tpl")[0]
    check_template(tpl, text)
    assert [(w.name, w.extent, w.span.line) for w in tpl.windows] == [("r", 2, 5)]
    assert tpl.window("r") is not None and tpl.window("i") is None


def test_window_syntax_error_names_the_place():
    text = _template(_POOL.format(window="r 2"))
    with pytest.raises(TemplateError) as info:
        parse_templates(text, "t.tpl")
    assert info.value.render().startswith("t.tpl:5:12: error: unexpected '2'; expected '<'")


@pytest.mark.parametrize("body, message, line, col", [
    ("  types f32\n  array y[n] out\n  array x[n] in\n  scalar s : i32\n"
     "  compute { y[i] = x[i] >> s }\n  shim n, s, x, y\n",
     "'>>' needs integer element types only", 6, 20),
    ("  types f32\n  accumulate i32\n  array y[n] out\n  array x[n] in\n"
     "  compute { y[i] = x[i] }\n  shim n, x, y\n",
     "'accumulate' needs integer element types only", 3, 3),
    ("  types i32\n  accumulate i16\n  array y[n] out\n  array x[n] in\n"
     "  compute { y[i] = x[i] }\n  shim n, x, y\n",
     "element type 'i32' is wider than the accumulation type 'i16'", 3, 3),
    ("  types i8, u8\n  accumulate i32\n  array y[n] out\n  array x[n] in\n"
     "  compute { y[i] = x[i] }\n  shim n, x, y\n",
     "'accumulate' extends reads one way: the element types are all signed or all "
     "unsigned", 3, 3),
    ("  types f32\n  array y[n] out\n  array x[n] in\n  scalar c : q7\n"
     "  compute { y[i] = c * x[i] }\n  shim n, c, x, y\n",
     "unknown scalar type 'q7'", 5, 10),
    ("  types f32\n  array y[n] out\n  array x[n] in\n"
     "  compute { y[i] = x[i+r] }\n  shim n, x, y\n",
     "index 'r' is never a plain subscript", 5, 13),
    (_POOL.format(window="r < 2, r < 3"), "window index 'r' declared twice", 5, 17),
    (_POOL.format(window="r < 2, n < 2"), "window index 'n' is also a size", 5, 17),
    (_POOL.format(window="r < 0"), "window index 'r' has an empty extent", 5, 10),
    (_POOL.format(window="r < 2, t < 2"), "window index 't' is not used", 5, 17),
    (_POOL.format(window="r < 2, i < 2"), "window index 'i' is a plain subscript", 5, 17),
    (_POOL.format(window="q < 2"), "index 'r' is never a plain subscript, so it has no "
                                    "extent (declare it with 'window')", 7, 2),
    ("  types f32\n  array y[n] out\n  array x[m] in\n  window r < 2\n"
     "  compute { y[i] = x[2*i+r] }\n  shim n, m, x, y\n",
     "'=' step reduces over 'r'", 6, 13),
    ("  types f32\n  array C[n, n] inout\n"
     "  compute { C[i,j] = 2 * C[i,j] where j <= q }\n  shim n, C\n",
     "'where' names 'q', which the step does not index", 4, 44),
])
def test_dsl_errors_point_at_the_node(body: str, message: str, line: int, col: int):
    text = _template(body)
    tpl = parse_templates(text, "t.tpl")[0]
    with pytest.raises(TemplateError) as info:
        check_template(tpl, text)
    assert message in info.value.message
    assert info.value.loc is not None
    assert (info.value.loc.line, info.value.loc.col) == (line, col)
    assert info.value.render().startswith(f"t.tpl:{line}:{col}: error:")


def test_scalar_type_is_part_of_a_launch_signature(tmp_path):
    from polylift.tdl.library import load_files

    body = ("  types i32\n  accumulate i32\n  array y[n] out\n  array x[n] in\n"
            "  scalar s{ty}\n  compute {{ y[i] = x[i] >> s }}\n  shim n, s, x, y\n")
    text = (_template(body.format(ty=" : i32")) +
            _template(body.format(ty="")).replace("t.x", "t.y"))
    (tmp_path / "a.tpl").write_text(text)
    with pytest.raises(TemplateError, match="has another shim signature"):
        load_files([tmp_path / "a.tpl"])


def test_library_launches_share_signatures_and_declare_backends():
    lib = load_library()
    for name in ("blas.gemv", "blas.gemm_nt", "blas.syrk_t_zero1", "cnn.conv2d",
                 "cnn.gemm_bias_relu", "stencil.conv3x3_shift", "stencil.heat3d"):
        assert name in lib.templates
    assert lib.templates["cnn.gemm_bias_relu"].backends == ("ref", "host", "cublaslt")
    shift = lib.templates["stencil.conv3x3_shift"]
    assert shift.dtypes == ("i8", "i16", "i32")
    assert [a.dtype for a in shift.shim_args if a.kind == "scalar"] == ["i32"] * 10


def test_costs_and_bounds_of_an_empty_launch_are_numbers():
    """A size of 0 at run time (a loop that never runs) is a launch too: its flops,
    bytes and ULP bound evaluate without dividing by zero."""
    lib = load_library()
    assert lib.templates["blas.axpy"].cost({"n": 0}, "f64") == (0.0, 0.0)
    gemm = lib.templates["blas.gemm"]
    assert gemm.cost({"m": 0, "n": 0, "k": 0}, "f32") == (0.0, 0.0)
    assert gemm.ulp_bound({"m": 0, "n": 0, "k": 0}) == 64


@pytest.mark.parametrize("cost, message, col", [
    ("flops n / n bytes n", "a cost divides by a positive number only", 18),
    ("flops n / 0 bytes n", "a cost divides by a positive number only", 18),
    ("flops n >> 1 bytes n", "a cost is an expression of sizes and numbers with + - * /", 14),
])
def test_a_cost_holds_for_every_size(cost: str, message: str, col: int):
    text = HEAD + ("  types f32\n  array y[n] out\n  array x[n] in\n  compute { y[i] = x[i] }\n"
                   f"  shim n, x, y\n  launch x\n  backends ref\n  accuracy exact\n"
                   f"  cost {cost}\n}}\n")
    with pytest.raises(TemplateError) as info:
        check_template(parse_templates(text, "t.tpl")[0], text)
    assert message in info.value.message
    assert info.value.render().startswith(f"t.tpl:10:{col}: error:")
