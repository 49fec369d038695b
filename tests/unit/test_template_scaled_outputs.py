"""`KernelTemplate.scaled_outputs`: the outputs a template first reads as `beta * X`,
which the launch lowering must keep reading when beta is 0 at run time."""

import pytest

from polylift.tdl.library import KernelTemplate, load_library
from polylift.tdl.parser import parse_templates


def _template(arrays: str, scalars: str, compute: str) -> KernelTemplate:
    text = (f"template t.x {{\n  types f64\n  {arrays}\n  {scalars}\n  compute {{ {compute} }}"
            "\n  launch x\n  shim n, alpha, beta, y, x\n  backends ref\n  accuracy exact\n"
            "  cost flops n bytes n\n}\n")
    return KernelTemplate(parse_templates(text, "t.tpl")[0])


def test_built_in_templates_that_scale_an_output():
    library = load_library().templates
    assert library["blas.gemm"].scaled_outputs == (("beta", "C"),)
    assert library["blas.gemv_t"].scaled_outputs == (("beta", "y"),)
    assert library["blas.axpby"].scaled_outputs == (("beta", "y"),)
    # beta fixed to 0 by the template: the fill means C is not read, as in the source.
    assert library["blas.gemm_zero"].scaled_outputs == ()
    # The triangle's scale is masked: its shims apply beta as written themselves.
    assert library["blas.syrk_lower"].scaled_outputs == ()
    assert library["blas.axpy"].scaled_outputs == ()


@pytest.mark.parametrize("compute, want", [
    ("y[i] = beta * y[i]\n    y[i] += alpha * x[i]", (("beta", "y"),)),
    ("y[i] = y[i] * beta + alpha * x[i]", (("beta", "y"),)),
    # y read once more: the shim cannot skip it, nor can the lowering replace beta.
    ("y[i] = beta * y[i] + alpha * y[i]", ()),
    # y written before it is scaled: the scale does not read the caller's y.
    ("y[i] = alpha * x[i]\n    y[i] = beta * y[i]", ()),
    # accumulate, not a scale of the whole output.
    ("y[i] += beta * y[i]", ()),
    ("y[i] = beta * y[i] where i <= 3", ()),
])
def test_scaled_outputs_follow_the_first_read(compute: str, want: tuple):
    tpl = _template("array y[n] inout\n  array x[n] in", "scalar alpha\n  scalar beta", compute)
    assert tpl.scaled_outputs == want
