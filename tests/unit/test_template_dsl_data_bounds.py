"""Loop programs bounded by data: `for rowptr[i] <= k < rowptr[i+1]` (a CSR row) and
lookups in a loop program's values (`x[col[k]]`), and the checks that refuse what a data
bound cannot mean."""

import pytest

from polylift.matcher.ir.tree import Apply, Const, Read
from polylift.matcher.program.from_template import template_program
from polylift.matcher.program.model import Form, LoopAtom, LoopNode, Stmt
from polylift.tdl.ast import Access, DataBound, Index, Loop
from polylift.tdl.checks import check_template
from polylift.tdl.library import load_library
from polylift.tdl.parser import TemplateError, parse_templates

HEAD = "template t.csr {\n  types f64\n  array y[m] out\n  array x[n] in\n  array val[nnz] in\n"
TAIL = "  launch csr\n  shim m, mp, nnz, n, rowptr, col, val, x, y\n  backends ref\n" \
       "  accuracy exact\n  cost flops nnz bytes nnz\n}\n"
ROW = "      for rowptr[i] <= k < rowptr[i+1] { s += val[k] * x[col[k]] }\n"


def _template(arrays: str, row: str = ROW, loop: str = "for i < m") -> str:
    return (HEAD + arrays + "  local s\n  compute {\n    " + loop + " {\n      s = 0\n"
            + row + "      y[i] = s\n    }\n  }\n" + TAIL)


INT_ARRAYS = "  array rowptr[mp] in : i32\n  array col[nnz] in : i32\n"


def test_a_data_bound_is_an_element_of_an_integer_array():
    text = _template(INT_ARRAYS)
    tpl = parse_templates(text, "t.tpl")[0]
    check_template(tpl, text)
    row = tpl.program[0].body[1]
    assert isinstance(row, Loop)
    assert row.lower == DataBound(Access("rowptr", (Index((("i", 1),)),)))
    assert row.upper == DataBound(Access("rowptr", (Index((("i", 1),), 1),)))
    assert str(row) == "for rowptr[i] <= k < rowptr[i+1] { ... }"


def test_a_data_bound_may_add_an_integer():
    text = _template(INT_ARRAYS, ROW.replace("rowptr[i] <= k < rowptr[i+1]",
                                             "rowptr[i] - 1 <= k < rowptr[i+1] + 2"))
    tpl = parse_templates(text, "t.tpl")[0]
    check_template(tpl, text)
    row = tpl.program[0].body[1]
    assert isinstance(row, Loop) and (row.lower.const, row.upper.const) == (-1, 2)
    assert str(row) == "for rowptr[i] - 1 <= k < rowptr[i+1] + 2 { ... }"
    inner = template_program(tpl)[0].body[1]
    assert isinstance(inner, LoopNode)
    i = Form.of({LoopAtom(0): 1})
    assert inner.lower == Apply("+", (Read("rowptr", (i,)), Const(-1)))


def test_the_model_reads_data_bounds_as_elements_and_lookups_as_whole_tables():
    text = _template(INT_ARRAYS)
    tpl = parse_templates(text, "t.tpl")[0]
    outer = template_program(tpl)[0]
    inner = outer.body[1]
    assert isinstance(inner, LoopNode)
    i = Form.of({LoopAtom(0): 1})
    assert inner.lower == Read("rowptr", (i,))
    assert inner.upper == Read("rowptr", (i.plus(Form(const=1)),))
    statement = inner.body[0]
    assert isinstance(statement, Stmt)
    update = statement.value
    assert isinstance(update, Apply) and update.op == "+"
    product = update.children[1]
    k = Form.of({LoopAtom(1): 1})
    assert product == Apply("*", (Read("val", (k,)),
                                  Apply("lookup", (Read("x", ()), Read("col", (k,))))))


@pytest.mark.parametrize("arrays, row, loop, message", [
    ("  array rowptr[mp] in\n  array col[nnz] in : i32\n", ROW, "for i < m",
     "a bound read from 'rowptr' needs a one-dimensional array of an integer type"),
    ("  array rowptr[mp] inout : i32\n  array col[nnz] in : i32\n", ROW, "for i < m",
     "a bound read from 'rowptr' needs a one-dimensional array of an integer type"),
    (INT_ARRAYS, ROW.replace("rowptr[i+1] {", "rowptr[i+1] reversed {"), "for i < m",
     "a loop bounded by data counts up: it cannot be 'reversed'"),
    (INT_ARRAYS, ROW.replace("rowptr[i+1]", "rowptr[m]"), "for i < m",
     "a data bound's subscript uses 'm', which is neither an enclosing loop's counter"),
    (INT_ARRAYS, "      for rowptr[i] <= k < rowptr[i+1] { y[col[k]] += val[k] }\n",
     "for i < m", "a loop program writes elements at subscripts, not at computed ones"),
])
def test_what_a_data_bound_cannot_be(arrays: str, row: str, loop: str, message: str):
    text = _template(arrays, row, loop)
    with pytest.raises(TemplateError) as info:
        check_template(parse_templates(text, "t.tpl")[0], text)
    assert message in info.value.message


def test_the_library_states_the_csr_products_with_data_bounds():
    library = load_library()
    bounds = {"sparse.csrmv": ("rowptr[i]", "rowptr[i+1]"),
              "sparse.csrmv_acc": ("rowptr[i]", "rowptr[i+1]"),
              "sparse.csrmv_axpby": ("rowptr[i]", "rowptr[i+1]"),
              "sparse.csrmv_one": ("rowptr[i] - 1", "rowptr[i+1] - 1")}
    for name, bound in bounds.items():
        row = library.templates[name].ast.program[0].body
        loops = [item for item in row if isinstance(item, Loop)]
        assert [(str(loop.lower), str(loop.upper)) for loop in loops] == [bound], name
