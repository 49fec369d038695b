"""The dependence test settled without ISL (`raising/proof/same_counters.py`): it may
answer "the counters are pinned" only when equal subscripts force them equal."""

from collections.abc import Iterator

import pytest

from polylift.mlir import ir, new_context, parse_module
from polylift.raising.nest_model.linear import Linear
from polylift.raising.proof.same_counters import same_counters

SOURCE = "func.func @f(%i: index, %j: index, %k: index, %n: index) { return }"


@pytest.fixture(scope="module")
def values() -> Iterator[dict[str, ir.Value]]:
    """Four SSA values: counters i, j, k and a parameter n."""
    ctx = new_context()
    module = parse_module(SOURCE, ctx, "<test>")
    func = module.body.operations[0]
    args = func.regions[0].blocks[0].arguments
    yield dict(zip("ijkn", args, strict=True))  # the module lives while the tests run


def form(values: dict[str, ir.Value], text: str) -> Linear:
    """A form written as `2*i + j + 3` (terms joined by `+`, a constant last)."""
    out = Linear()
    for term in text.split("+"):
        coeff, _, name = term.strip().rpartition("*")
        if name.isdigit():
            out = out + Linear.constant(int(name))
        else:
            out = out + Linear.of(values[name]).scale(int(coeff or 1))
    return out


@pytest.mark.parametrize(("x", "y", "shared", "pinned"), [
    ("i,j", "i,j", "i", True),            # C[i][j] in two statements of one i loop
    ("i+n,j", "i+n,j", "i", True),        # a parameter is the same in both instances
    ("2*i", "2*i", "i", True),            # a nonzero coefficient pins the counter
    ("i,i+j", "i,i+j", "i,j", True),      # j pinned once i is
    ("i,j", "j,i", "i", False),           # transposed: equal elements, other counters
    ("i+j", "i+j", "i,j", False),         # i + j = i' + j' pins neither
    ("k,j", "k,j", "i", False),           # over a counter outside the question
    ("i+k", "i+k", "i", False),           # i pinned only together with k
    ("i+1,j", "i,j", "i", False),         # different forms: a shift apart
    ("j", "j", "", True),                 # no counter to order by
    ("i,j", "i", "i", False),             # ranks differ: not this test's question
])
def test_pinned_counters(values, x, y, shared, pinned):
    xs = [form(values, t) for t in x.split(",")]
    ys = [form(values, t) for t in y.split(",")]
    order = [values[name] for name in shared.split(",") if name]
    counters = {values["i"], values["j"], values["k"]}
    assert same_counters(xs, ys, order, counters) is pinned


def test_repeated_terms_are_summed(values):
    """`i + i - i` is `i`: one function written two ways is one subscript."""
    i = Linear.of(values["i"])
    twice = Linear(((values["i"], 2), (values["i"], -1)), 0)
    assert same_counters([twice], [i], [values["i"]], {values["i"]})
