"""Delinearisation of flattened pointer subscripts: the planner and the translation."""

from __future__ import annotations

from pathlib import Path

import pytest

from polylift.frontend import translate_file
from polylift.frontend.index.bounds import LoopRange
from polylift.frontend.index.delinearize import make_plan
from polylift.frontend.index.paths import Condition, ParameterTest
from polylift.frontend.index.poly import Poly
from polylift.frontend.index.views import ArrayView, FlatAccess


def _range(iv: str, high: Poly) -> LoopRange:
    return LoopRange(iv, (Poly.constant(0),), (high,))


II, K = Poly.atom("%i"), Poly.atom("%k")
LDA, M, KK = Poly.atom("%lda"), Poly.atom("%M"), Poly.atom("%K")
ONE = Poly.constant(1)


def test_split_follows_the_stride_chain() -> None:
    view = ArrayView("A", (("%h", "%w"), ("%w",), ()))
    c, y, x = Poly.atom("%c"), Poly.atom("%y"), Poly.atom("%x")
    h, w = Poly.atom("%h"), Poly.atom("%w")
    index = (c * h + y + ONE) * w + x + Poly.constant(2)
    assert view.split(index) == [c, y + ONE, x + Poly.constant(2)]
    assert view.mlir_type("f32") == "memref<?x?x?xf32, strided<[?, ?, 1]>>"


def test_guard_is_the_unprovable_bound() -> None:
    domain = (_range("%i", M - ONE), _range("%k", KK - ONE))
    plan = make_plan([FlatAccess("A", II * LDA + K, domain)], ["A"])
    assert plan is not None and plan.views["A"].strides == (("%lda",), ())
    assert plan.guards == [Condition(LDA - KK)]


def test_bound_by_the_stride_itself_needs_no_guard() -> None:
    domain = (_range("%i", M - ONE), _range("%k", LDA - ONE))
    plan = make_plan([FlatAccess("A", II * LDA + K, domain)], ["A"])
    assert plan is not None and plan.guards == []


@pytest.mark.parametrize("index", [II * LDA + K + ONE, II * II, II + K])
def test_no_view_when_refuted_or_not_linearised(index: Poly) -> None:
    domain = (_range("%i", M - ONE), _range("%k", LDA - ONE))
    assert make_plan([FlatAccess("A", index, domain)], ["A"]) is None


def test_an_access_of_another_shape_stays_on_the_flat_memref() -> None:
    """`A[i*lda + k]` goes through the view, `A[k]` (no parameter scales a counter) stays
    on the flat memref passed beside it; B, read at no polynomial, has no view."""
    domain = (_range("%i", M - ONE), _range("%k", LDA - ONE))
    accesses = [FlatAccess("A", II * LDA + K, domain), FlatAccess("A", K, domain),
                FlatAccess("B", None, domain)]
    plan = make_plan(accesses, ["A", "B"])
    assert plan is not None
    assert set(plan.views) == {"A"} and plan.flat_also == {"A"}
    assert plan.uses_view("A", 0) and not plan.uses_view("A", 1)


def test_no_structured_access_means_no_view() -> None:
    domain = (_range("%i", M - ONE), _range("%k", LDA - ONE))
    accesses = [FlatAccess("A", K, domain), FlatAccess("B", None, domain)]
    assert make_plan(accesses, ["A", "B"]) is None


def test_strides_that_are_no_chain_get_a_view_only_at_unit_stride() -> None:
    # `lda` and `n` divide neither way: no nested view; a strided one where n == 1, and
    # k < lda needs no more.
    n = Poly.atom("%n")
    domain = (_range("%i", M - ONE), _range("%k", LDA - ONE))
    plan = make_plan([FlatAccess("A", II * LDA + K * n, domain)], ["A"])
    assert plan is not None and plan.views["A"].units == ("%n",)
    assert plan.guards == sorted([Condition(n - ONE), Condition(ONE - n)])


def _window(write: bool) -> FlatAccess:
    """`in[(i*stride + n)*w + j*stride + m]`: windows of `size` with a stride."""
    i, j, n, m = (Poly.atom(f"%{v}") for v in "ijnm")
    stride, w, size = Poly.atom("%stride"), Poly.atom("%w"), Poly.atom("%size")
    oh, ow = Poly.atom("%oh"), Poly.atom("%ow")
    domain = (_range("%i", oh - ONE), _range("%j", ow - ONE), _range("%n", size - ONE),
              _range("%m", size - ONE))
    return FlatAccess("in", (i * stride + n) * w + j * stride + m, domain, write)


def test_a_read_window_gets_one_dimension_per_stride() -> None:
    plan = make_plan([_window(write=False)], ["in"])
    assert plan is not None and plan.guards == []
    view = plan.views["in"]
    assert view.strides == (("%stride", "%w"), ("%stride",), ("%w",), ())
    size = Poly.atom("%size")
    assert [view.extent(d) for d in (1, 2, 3)] == [Poly.atom("%ow"), size, size]


def test_a_written_window_stays_flat() -> None:
    assert make_plan([_window(write=True)], ["in"]) is None


def _translate(tmp_path: Path, body: str) -> str:
    source = tmp_path / "k.c"
    source.write_text(body)
    return translate_file(str(source)).mlir


def test_unsigned_subscripts_stay_flat(tmp_path: Path) -> None:
    text = _translate(tmp_path, """
void k(unsigned m, unsigned lda, float *A) {
  for (unsigned i = 0; i < m; i++)
    for (unsigned j = 0; j < lda; j++)
      A[i * lda + j] = 0.0f;
}""")
    assert "delinearized" not in text and "memref.store" in text


def test_local_leading_dimension_and_signature(tmp_path: Path) -> None:
    source = tmp_path / "k.c"
    source.write_text("""
void k(int m, int n, float *A) {
  int ld = n + 0;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      A[i * ld + j] = 1.0f;
}""")
    result = translate_file(str(source))
    sig = result.signatures["k"]
    # The caller still passes a 1-D memref; the view is made inside.
    assert [p.mlir_type for p in sig.params] == ["index", "index", "memref<?xf32>"]
    assert sig.params[2].dims == ("?",)
    assert sig.written == ("A",)
    assert "func.func private @k.delinearized" in result.mlir
    assert "k.flat" not in result.mlir  # j < n == ld is proven
    assert "affine.store" in result.mlir.split("func.func private @k.delinearized")[1]


B, G, N = Poly.atom("%b"), Poly.atom("%g"), Poly.atom("%n")
BATCH, GROUPS = Poly.atom("%batch"), Poly.atom("%groups")
BO, GO, STRIDE = Poly.atom("%bo"), Poly.atom("%go"), Poly.atom("%stride")
GROUP_DOMAIN = (_range("%b", BATCH - ONE), _range("%g", GROUPS - ONE), _range("%i", N - ONE))


def test_separate_strides_give_a_strided_view_at_unit_stride() -> None:
    index = B * BO + G * GO + II * STRIDE
    plan = make_plan([FlatAccess("y", index, GROUP_DOMAIN, write=True)], ["y"])
    assert plan is not None
    view = plan.views["y"]
    assert view.strides == (("%bo",), ("%go",), ())
    assert view.units == ("%stride",) and view.extents == (GROUPS, N)
    assert view.split(index) == [B, G, II]
    assert [g.poly for g in plan.guards] == sorted([
        STRIDE - ONE, ONE - STRIDE,  # stride == 1
        GO - N,  # the n values of a group end before the next group starts
        BO - (GROUPS - ONE) * GO - N])  # and the groups of one batch before the next


def test_an_access_under_parameter_tests_needs_its_bound_only_where_they_hold() -> None:
    """`if (!TA) A[i*lda + k] ... else A[k*lda + i]`: each arm's bound is asked only
    where the arm runs, so a shape of the other arm does not refuse the view."""
    ta = Poly.atom("%TA")
    nn = (ParameterTest(ta, "=="),)
    tn = (ParameterTest(ta, "!="),)
    domain = (_range("%i", M - ONE), _range("%k", KK - ONE))
    plan = make_plan([FlatAccess("A", II * LDA + K, domain, when=(nn,)),
                      FlatAccess("A", K * LDA + II, domain, when=(tn,))], ["A"])
    assert plan is not None and plan.views["A"].strides == (("%lda",), ())
    assert plan.guards == sorted([Condition(LDA - KK, (nn,)), Condition(LDA - M, (tn,))])
    assert ParameterTest(ta, "==").negated() == ParameterTest(ta, "!=")
    # ta >= 1 fails where ta <= 0.
    assert ParameterTest(ta - ONE, ">=").negated() == ParameterTest(ta.scale(-1), ">=")


def test_a_unit_stride_written_out_needs_no_specialisation() -> None:
    plan = make_plan([FlatAccess("y", B * BO + G * GO + II, GROUP_DOMAIN, write=True)], ["y"])
    assert plan is not None and plan.views["y"].units == ()
    assert [g.poly for g in plan.guards] == sorted([GO - N, BO - (GROUPS - ONE) * GO - N])


@pytest.mark.parametrize("index", [
    II * LDA + K * STRIDE,  # k <= lda: the last element of a row is the next row's first
    B * BO + II * STRIDE * LDA,  # an innermost stride of two parameters
    B * (BO - GO) + II * STRIDE,  # a subtracted counter
    B * BO * LDA + II * STRIDE * LDA,  # strides that share a parameter
], ids=["overlap", "product", "difference", "shared"])
def test_strides_that_may_overlap_stay_flat(index: Poly) -> None:
    domain = (_range("%b", BATCH - ONE), _range("%i", M - ONE), _range("%k", LDA))
    assert make_plan([FlatAccess("y", index, domain, write=True)], ["y"]) is None
