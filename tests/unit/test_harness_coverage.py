"""Coverage, flops and the verdict's ULP bound, read from a kernel's matched IR."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from polylift.errors import BuildError
from polylift.frontend import Param, Signature
from polylift.harness.facts.coverage import (
    FULL,
    NONE,
    PARTIAL,
    kernel_flops,
    launch_costs,
    matched_stage,
    short_dyadic,
    summarize,
    ulp_bound,
)
from polylift.harness.facts.manifest import (
    MANIFEST_NAME,
    BuildManifest,
    KernelEntry,
    manifest_json,
    read_manifest_json,
)
from polylift.harness.facts.param_exprs import Runs
from polylift.matcher.ir.ir_model import kept_dims
from polylift.tdl.library import load_library

F64 = "memref<?x?xf64>"
SIG = Signature("kernel_k", (
    Param("ni", "scalar", "int", "index"), Param("nj", "scalar", "int", "index"),
    Param("nk", "scalar", "int", "index"), Param("alpha", "scalar", "double", "f64"),
    Param("beta", "scalar", "double", "f64"),
    Param("C", "array", "double", F64, ("ni", "nj")),
    Param("A", "array", "double", F64, ("ni", "nk")),
    Param("B", "array", "double", F64, ("nk", "nj"))), ("C",))
HEAD = ("func.func @polylift_lifted_kernel_k(%ni: index, %nj: index, %nk: index, %alpha: f64, "
        f"%beta: f64, %C: {F64}, %A: {F64}, %B: {F64}) {{\n")
GEMM = ('"kernel.launch"({c}, %A, %B, %alpha, %beta) <{{callee = @gemm_f64, '
        'template = "blas.gemm", source_order_matches = {order}}}> : '
        f'({F64}, {F64}, {F64}, f64, f64) -> ()\n')
SIZES = {"ni": 20, "nj": 25, "nk": 30}


def _module(body: str) -> str:
    return HEAD + body + "  return\n}\n"


def _gemm(c: str = "%C", order: str = "true") -> str:
    return "  " + GEMM.format(c=c, order=order)


def test_one_top_level_launch_is_full_with_flops():
    library = load_library()
    summary = summarize(_module(_gemm()), "kernel_k", SIG, library)
    assert summary.coverage == FULL and summary.residual == 0
    assert [launch.template for launch in summary.launches] == ["blas.gemm"]
    assert dict(summary.launches[0].sizes) == {"m": "ni", "n": "nj", "k": "nk"}
    # blas.gemm costs 2*m*n*k + 2*m*n.
    assert kernel_flops(summary, library, SIZES) == 2 * 20 * 25 * 30 + 2 * 20 * 25
    assert kernel_flops(summary, library, {"ni": 20}) is None


# A loop that computes: it writes memory itself.
LOOP = ("  affine.for %i = 0 to 10 {\n    affine.store %alpha, %C[%i, %i] : "
        f"{F64}\n  }}\n")


def test_residual_loops_make_partial_and_no_launch_none():
    library = load_library()
    assert summarize(_module(_gemm() + LOOP), "kernel_k", SIG, library).coverage == PARTIAL
    none = summarize(_module(LOOP + LOOP), "kernel_k", SIG, library)
    assert none.coverage == NONE and none.residual == 2
    assert kernel_flops(none, library, SIZES) is None
    # A loop with nothing in it computes nothing; a store outside loops does.
    empty = "  affine.for %i = 0 to 10 {\n  }\n"
    assert summarize(_module(_gemm() + empty), "kernel_k", SIG, library).coverage == FULL
    store = f"  %c0 = arith.constant 0 : index\n  affine.store %alpha, %C[%c0, %c0] : {F64}\n"
    assert summarize(_module(_gemm() + store), "kernel_k", SIG, library).residual == 1


def test_flops_of_a_launch_repeated_by_a_loop_sizes_through_views():
    library = load_library()
    nested = "  affine.for %i = 0 to 3 {\n  " + _gemm() + "  }\n"
    summary = summarize(_module(nested), "kernel_k", SIG, library)
    # The loop only repeats the launch (FULL), three times.
    assert summary.coverage == FULL and summary.launches[0].runs == Runs((), ("max(0, 3)",))
    assert kernel_flops(summary, library, SIZES) == 3 * (2 * 20 * 25 * 30 + 2 * 20 * 25)
    partial = summarize(_module(_gemm() + LOOP), "kernel_k", SIG, library)
    assert kernel_flops(partial, library, SIZES) is None
    view = ("  %c0 = arith.constant 0 : index\n  %m = affine.max affine_map<(d0)[s0] -> (0, d0 * 2 "
            "- s0)>(%ni)[%nk]\n  %C2 = memref.subview %C[%c0, %c0] [%m, %nj] "
            f"[1, 1] : {F64} to memref<?x?xf64, strided<[?, 1], offset: ?>>\n"
            "  %C3 = memref.cast %C2 : memref<?x?xf64, strided<[?, 1], offset: ?>> to "
            "memref<?x?xf64, strided<[?, 1], offset: ?>>\n")
    text = _module(view + _gemm("%C3").replace(f"({F64}, {F64}",
                                               "(memref<?x?xf64, strided<[?, 1], offset: ?>>, "
                                               f"{F64}", 1))
    summary = summarize(text, "kernel_k", SIG, library)
    sizes = dict(summary.launches[0].sizes)
    assert sizes == {"m": "max(0, (ni) * 2 - (nk))", "n": "nj", "k": "nk"}
    assert kernel_flops(summary, library, SIZES) == 2 * 10 * 25 * 30 + 2 * 10 * 25


def test_static_dims_and_casts_give_sizes():
    library = load_library()
    cast = f"  %Cs = memref.cast %C : {F64} to memref<4x?xf64>\n  %Cd = memref.cast %Cs : " \
           f"memref<4x?xf64> to {F64}\n"
    summary = summarize(_module(cast + _gemm("%Cd")), "kernel_k", SIG, library)
    assert dict(summary.launches[0].sizes) == {"m": 4, "n": "nj", "k": "nk"}


def test_ulp_bound_follows_the_validation_contract(tmp_path):
    library = load_library()
    exact_order = summarize(_module(_gemm()), "kernel_k", SIG, library)
    reordered = summarize(_module(_gemm(order="false")), "kernel_k", SIG, library)
    assert ulp_bound(exact_order, library, "ref", "native", SIZES) == 0
    # blas.gemm's bound grows with its reduction: `2*k + 64`, k = nk.
    assert ulp_bound(reordered, library, "ref", "native", SIZES) == 2 * 30 + 64
    assert ulp_bound(exact_order, library, "host", "native", SIZES) == 2 * 30 + 64
    assert ulp_bound(exact_order, library, "host", "exact", SIZES) == 0
    # A template that divides keeps its bound with exact inputs.
    (tmp_path / "div.tpl").write_text(
        'template test.div_rows {\n  doc "A = A / alpha"\n  types f64\n'
        "  array A[m, n] inout\n  scalar alpha\n  compute { A[i,j] = A[i,j] / alpha }\n"
        "  launch scal2d\n  shim m, n, alpha, A\n  backends ref\n"
        "  accuracy reassoc ulp 3\n  cost flops m*n bytes 2*m*n\n}\n")
    with_div = load_library([tmp_path])
    text = _module(f'  "kernel.launch"(%C, %alpha) <{{callee = @scal2d_f64, template = '
                   f'"test.div_rows", source_order_matches = true}}> : ({F64}, f64) -> ()\n')
    summary = summarize(text, "kernel_k", SIG, with_div)
    assert ulp_bound(summary, with_div, "host", "exact", SIZES) == 3
    assert ulp_bound(summary, with_div, "ref", "native", SIZES) == 0


def test_a_constant_that_is_not_dyadic_keeps_the_native_bound_with_exact_inputs():
    """`C[i][j] = 0.1` then C += A.B: exact inputs do not make the sums exact, so the
    host gemm is held to its native bound, and the summary says why."""
    library = load_library()
    fill = "  %c = arith.constant 0.1 : f64\n  %h = arith.constant 0.5 : f64\n"
    summary = summarize(_module(fill + _gemm()), "kernel_k", SIG, library)
    assert summary.inexact
    assert summary.rounding == ("uses the constant 0.1, which is not a small integer times "
                                "a power of two",)
    assert ulp_bound(summary, library, "host", "exact", SIZES) == 2 * 30 + 64
    # As with native inputs, ref in the source's order stays exact.
    assert ulp_bound(summary, library, "ref", "exact", SIZES) == 0
    dyadic = summarize(_module(fill.split("\n", 1)[1] + _gemm()), "kernel_k", SIG, library)
    assert not dyadic.inexact and ulp_bound(dyadic, library, "host", "exact", SIZES) == 0


def test_short_dyadic_constants_are_small_integers_times_powers_of_two():
    assert all(short_dyadic(v) for v in (0.0, -0.0, 1.0, 0.5, -1.5, 0.75, 3.0, 15.0, 2.0**-30,
                                         2.0**40, -0.125))
    assert not any(short_dyadic(v) for v in (0.1, 1.2, 1 / 3, 17.0, 255.0, float("inf"),
                                             float("nan")))


def test_matched_stage_is_the_last_before_lowering(tmp_path: Path):
    assert matched_stage(tmp_path) is None
    for name in ("00-affine", "01-linalg", "02-matched", "03-lowered-ref", "04-llvm-ref"):
        (tmp_path / f"{name}.mlir").write_text("")
    (tmp_path / "kernel.mlir").write_text("")
    stage = matched_stage(tmp_path)
    assert stage is not None and stage.name == "02-matched.mlir"


def test_a_versioned_kernel_is_summarised_by_its_delinearised_function():
    """The dispatcher holds only the guard and calls; the delinearised function holds the
    launches, and the `.flat` fallback's loops do not count."""
    library = load_library()
    dispatcher = _module("  func.call @kernel_k.delinearized(%ni, %nj, %nk, %alpha, %beta, "
                         "%C, %A, %B) : (index, index, index, f64, f64, "
                         f"{F64}, {F64}, {F64}) -> ()\n")
    variant = ("func.func private @kernel_k.delinearized(%ni: index, %nj: index, %nk: index, "
               f"%alpha: f64, %beta: f64, %C: {F64}, %A: {F64}, %B: {F64}) {{\n"
               + _gemm() + "  return\n}\n")
    flat = ("func.func private @kernel_k.flat(%n: index) {\n"
            "  affine.for %i = 0 to 10 {\n  }\n  return\n}\n")
    summary = summarize("module {\n" + dispatcher + variant + flat + "}\n", "kernel_k", SIG,
                        library)
    assert summary.coverage == FULL
    assert [launch.template for launch in summary.launches] == ["blas.gemm"]
    # The variant's arguments are views the dispatcher builds: its sizes are unknown.
    assert dict(summary.launches[0].sizes) == {"m": None, "n": None, "k": None}


def _delinearized(call_args: str, sizes: str = "%ni, %nj") -> str:
    """A dispatcher calling a delinearised variant whose launch reads subviews sized by
    the variant's own scalars (as the raising leaves them: `max(0, n)`)."""
    dispatcher = _module(f"  func.call @kernel_k.delinearized({call_args}, %C, %A, %B) : "
                         f"(index, index, index, f64, f64, {F64}, {F64}, {F64}) -> ()\n")
    view = "memref<?x?xf64, strided<[?, 1]>>"
    variant = ("func.func private @kernel_k.delinearized(%ni: index, %nj: index, %nk: index, "
               f"%alpha: f64, %beta: f64, %C: {F64}, %A: {F64}, %B: {F64}) {{\n"
               "  %m = affine.max affine_map<(d0) -> (0, d0)>(%ni)\n"
               f"  %c = memref.subview %C[0, 0] [{sizes}] [1, 1] : {F64} to {view}\n"
               f'  "kernel.launch"(%c, %c, %c, %alpha, %beta) <{{callee = @gemm_f64, '
               'template = "blas.gemm", source_order_matches = true}> : '
               f'({view}, {view}, {view}, f64, f64) -> ()\n'
               "  return\n}\n")
    return "module {\n" + dispatcher + variant + "}\n"


def test_a_delinearised_kernel_states_sizes_in_the_scalars_it_is_passed():
    library = load_library()
    passed = summarize(_delinearized("%ni, %nj, %nk, %alpha, %beta", "%m, %nj"), "kernel_k",
                       SIG, library)
    assert dict(passed.launches[0].sizes) == {"m": "max(0, (ni))", "n": "nj", "k": "nj"}
    assert kernel_flops(passed, library, SIZES) == 2 * 20 * 25 * 25 + 2 * 20 * 25
    # The views are not the kernel's arguments, whole or not.
    assert all(name is None for _, name in passed.launches[0].arrays)
    # Scalars passed in other places than the kernel's: the variant's names are not its.
    swapped = summarize(_delinearized("%nj, %ni, %nk, %alpha, %beta"), "kernel_k", SIG,
                        library)
    assert dict(swapped.launches[0].sizes) == {"m": None, "n": None, "k": None}


def _quotient(guarded: bool) -> str:
    """gemm on the first ni/nj rows of C, the quotient computed as the front end
    computes C's `ni / nj` (without trapping); `guarded` False: without the guard of
    the divisor, which is then some other computation."""
    view = "memref<?x?xf64, strided<[?, 1]>>"
    divisor = "%guarded" if guarded else "%nj"
    return _module(
        "  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n"
        "  %cm1 = arith.constant -1 : index\n"
        "  %zero = arith.cmpi eq, %nj, %c0 : index\n"
        "  %minus = arith.cmpi eq, %nj, %cm1 : index\n"
        "  %either = arith.ori %zero, %minus : i1\n"
        "  %guarded = arith.select %either, %c1, %nj : index\n"
        f"  %div = arith.divsi %ni, {divisor} : index\n"
        "  %neg = arith.subi %c0, %ni : index\n"
        "  %q = arith.select %minus, %neg, %div : index\n"
        f"  %c = memref.subview %C[0, 0] [%q, %nj] [1, 1] : {F64} to {view}\n"
        f'  "kernel.launch"(%c, %A, %B, %alpha, %beta) <{{callee = @gemm_f64, '
        'template = "blas.gemm", source_order_matches = true}> : '
        f'({view}, {F64}, {F64}, f64, f64) -> ()\n')


def test_a_size_may_be_a_c_quotient_of_the_parameters():
    library = load_library()
    summary = summarize(_quotient(True), "kernel_k", SIG, library)
    assert dict(summary.launches[0].sizes)["m"] == "(ni / nj)"
    # 60 / 25 in C: two rows.
    assert kernel_flops(summary, library, {**SIZES, "ni": 60}) == 2 * 2 * 25 * 30 + 2 * 2 * 25
    other = summarize(_quotient(False), "kernel_k", SIG, library)
    assert dict(other.launches[0].sizes)["m"] is None


def _guarded(test: str, body: str = "") -> str:
    """gemm under a test of the parameters (`test`: ops computing `%t`), and `body`
    beside it."""
    return _module(f"{test}  scf.if %t {{\n  {_gemm()}  }} else {{\n  {_gemm('%A')}  }}\n"
                   + body)


def test_a_launch_under_a_test_of_the_parameters_runs_when_it_holds():
    library = load_library()
    test = ("  %c1 = arith.constant 1 : index\n  %lt = arith.cmpi slt, %ni, %nj : index\n"
            "  %n1 = arith.subi %nk, %c1 : index\n  %eq = arith.cmpi eq, %n1, %nj : index\n"
            "  %t = arith.andi %lt, %eq : i1\n")
    summary = summarize(_guarded(test), "kernel_k", SIG, library)
    then, other = summary.launches
    assert then.runs == Runs(("((ni < nj) and ((nk - 1) == nj))",))
    assert other.runs == Runs(("(not ((ni < nj) and ((nk - 1) == nj)))",))
    taken = {"ni": 20, "nj": 25, "nk": 26}
    assert then.times(taken) == 1 and other.times(taken) == 0
    assert other.times({**taken, "ni": 30}) == 1 and then.times({"ni": 1}) is None
    # The launch that does not run costs nothing; the one that does, its gemm.
    assert kernel_flops(summary, library, taken) == 2 * 20 * 25 * 26 + 2 * 20 * 25


def test_a_launch_under_an_unknown_test_runs_an_unknown_number_of_times():
    library = load_library()
    unknown = summarize(_guarded("  %t = arith.cmpf olt, %alpha, %beta : f64\n"), "kernel_k",
                        SIG, library)
    assert all(launch.runs is None for launch in unknown.launches)
    assert all(launch.times(SIZES) is None for launch in unknown.launches)
    assert kernel_flops(unknown, library, SIZES) is None


def test_an_affine_if_states_its_set_over_the_parameters():
    library = load_library()
    text = _module("  affine.if affine_set<()[s0, s1] : (s0 - s1 * 2 >= 0, s1 - 5 == 0)>"
                   "()[%ni, %nj] {\n  " + _gemm() + "  }\n")
    (launch,) = summarize(text, "kernel_k", SIG, library).launches
    assert launch.runs == Runs(("(((ni) - (nj) * 2 >= 0) and ((nj) - 5 == 0))",))
    assert launch.times({"ni": 10, "nj": 5}) == 1
    assert launch.times({"ni": 9, "nj": 5}) == 0
    assert launch.times({"ni": 20, "nj": 6}) == 0


def test_a_size_may_be_the_least_or_greatest_of_two():
    library = load_library()
    view = "memref<?x?xf64, strided<[?, 1]>>"
    text = _module("  %lt = arith.cmpi slt, %ni, %nj : index\n"
                   "  %lo = arith.select %lt, %ni, %nj : index\n"
                   "  %hi = arith.select %lt, %nj, %ni : index\n"
                   "  %k = arith.minsi %lo, %nk : index\n"
                   f"  %c = memref.subview %C[0, 0] [%lo, %hi] [1, 1] : {F64} to {view}\n"
                   f"  %a = memref.subview %A[0, 0] [%lo, %k] [1, 1] : {F64} to {view}\n"
                   f'  "kernel.launch"(%c, %a, %B, %alpha, %beta) <{{callee = @gemm_f64, '
                   'template = "blas.gemm", source_order_matches = true}> : '
                   f'({view}, {view}, {F64}, f64, f64) -> ()\n')
    (launch,) = summarize(text, "kernel_k", SIG, library).launches
    assert dict(launch.sizes) == {"m": "min(ni, nj)", "n": "max(nj, ni)",
                                  "k": "min(min(ni, nj), nk)"}


def test_a_bare_signed_division_is_c_division():
    # arith.divsi truncates toward zero, as C's `/` does: 60 / 25 rows are 2.
    library = load_library()
    view = "memref<?x?xf64, strided<[?, 1]>>"
    text = _module("  %q = arith.divsi %ni, %nj : index\n"
                   f"  %c = memref.subview %C[0, 0] [%q, %nj] [1, 1] : {F64} to {view}\n"
                   f'  "kernel.launch"(%c, %A, %B, %alpha, %beta) <{{callee = @gemm_f64, '
                   'template = "blas.gemm", source_order_matches = true}> : '
                   f'({view}, {F64}, {F64}, f64, f64) -> ()\n')
    summary = summarize(text, "kernel_k", SIG, library)
    assert dict(summary.launches[0].sizes)["m"] == "(ni / nj)"
    assert kernel_flops(summary, library, {**SIZES, "ni": 60}) == 2 * 2 * 25 * 30 + 2 * 2 * 25


def _relu(view: str, view_type: str) -> str:
    """act.relu on a view of C (`view`: ops computing `%r` of type `view_type`)."""
    return _module(f"{view}  \"kernel.launch\"(%r) <{{callee = @relu_ip_f64, template = "
                   f"\"act.relu\", source_order_matches = true}}> : ({view_type}) -> ()\n")


def test_a_rank_reducing_view_reads_the_dims_it_keeps():
    library = load_library()
    row = _relu(f"  %r = memref.subview %C[0, 0] [1, %nj] [1, 1] : {F64} to "
                "memref<?xf64, strided<[1]>>\n", "memref<?xf64, strided<[1]>>")
    column = _relu(f"  %r = memref.subview %C[0, 0] [%ni, 1] [1, 1] : {F64} to "
                   "memref<?xf64, strided<[?]>>\n", "memref<?xf64, strided<[?]>>")
    assert dict(summarize(row, "kernel_k", SIG, library).launches[0].sizes) == {"n": "nj"}
    assert dict(summarize(column, "kernel_k", SIG, library).launches[0].sizes) == {"n": "ni"}


def test_kept_dims_are_unknown_where_a_unit_dim_may_be_dropped_or_kept():
    dynamic = -(2**63)
    assert kept_dims([1, dynamic, dynamic], 2) == [1, 2]
    assert kept_dims([dynamic, 1], 2) == [0, 1]
    assert kept_dims([1, dynamic, 1], 2) is None


def test_a_size_may_be_a_dim_of_a_view():
    """gemm on a view whose sizes are `memref.dim`s of C and of a view of A."""
    library = load_library()
    view = "memref<?x?xf64, strided<[?, 1]>>"
    text = _module("  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n"
                   f"  %a = memref.subview %A[0, 0] [%nj, %nk] [1, 1] : {F64} to {view}\n"
                   f"  %d0 = memref.dim %C, %c0 : {F64}\n"
                   f"  %d1 = memref.dim %a, %c1 : {view}\n  %d2 = memref.dim %a, %c0 : {view}\n"
                   f"  %c = memref.subview %C[0, 0] [%d0, %d1] [1, 1] : {F64} to {view}\n"
                   f"  %b = memref.subview %B[0, 0] [%d2, %d2] [1, 1] : {F64} to {view}\n"
                   f'  "kernel.launch"(%c, %b, %B, %alpha, %beta) <{{callee = @gemm_f64, '
                   'template = "blas.gemm", source_order_matches = true}> : '
                   f'({view}, {view}, {F64}, f64, f64) -> ()\n')
    (launch,) = summarize(text, "kernel_k", SIG, library).launches
    assert dict(launch.sizes) == {"m": "ni", "n": "nk", "k": "nj"}


def _looped(loops: str, close: int) -> str:
    """gemm inside `loops` (ops ending in open regions), closed by `close` braces."""
    return _module(loops + "  " + _gemm() + "  }\n" * close)


def test_a_launch_in_affine_loops_runs_their_trip_counts():
    library = load_library()
    text = _looped("  affine.for %i = 1 to %ni step 2 {\n"
                   "  affine.for %j = max affine_map<()[s0] -> (s0, 3)>()[%nk] to "
                   "min affine_map<(d0)[s0] -> (d0, s0 + 10)>(%nj)[%nk] {\n", 2)
    summary = summarize(text, "kernel_k", SIG, library)
    (launch,) = summary.launches
    assert launch.runs == Runs((), ("max(0, min((nj), (nk) + 10) - max((nk), 3))",
                                    "max(0, (ni - 1 + 1) / 2)"))
    # i in 1, 3, .., 19: 10 times; j from max(4, 3) to min(12, 14): 8 times, from
    # max(2, 3) to min(30, 12): 9 times, from max(30, 3) to min(25, 40): never.
    small = {"ni": 20, "nj": 12, "nk": 4}
    assert launch.times(small) == 10 * 8
    assert launch.times({"ni": 20, "nj": 30, "nk": 2}) == 10 * 9
    assert launch.times(SIZES) == 0
    assert launch.times({"ni": 1, "nj": 12, "nk": 4}) == 0
    assert launch.times({"ni": 20, "nj": 12}) is None
    gemm = 2 * 20 * 12 * 4 + 2 * 20 * 12
    assert kernel_flops(summary, library, small) == 80 * gemm
    (cost,) = launch_costs(summary, library, small)
    assert (cost.times, cost.flops) == (80, gemm)
    # A launch that never runs costs nothing, and is no launch of the run.
    assert kernel_flops(summary, library, SIZES) == 0
    assert launch_costs(summary, library, SIZES) == ()


def _scf_loop(step: str) -> str:
    """gemm in `scf.for %i = nk to ni step <step>`."""
    return _looped("  %c3 = arith.constant 3 : index\n"
                   f"  scf.for %i = %nk to %ni step {step} {{\n", 1)


def test_a_launch_in_an_scf_loop_runs_its_trip_count():
    library = load_library()
    (launch,) = summarize(_scf_loop("%c3"), "kernel_k", SIG, library).launches
    (stepped,) = summarize(_scf_loop("%nj"), "kernel_k", SIG, library).launches
    assert launch.runs == Runs((), ("max(0, (ni - nk + 2) / 3)",))
    assert stepped.runs == Runs((), ("max(0, (ni - nk + nj - 1) / max(0, nj))",))
    for ni, nk in itertools.product(range(-4, 9), repeat=2):
        assert launch.times({"ni": ni, "nj": 1, "nk": nk}) == len(range(nk, ni, 3))
        for step in (1, 2, 5):
            assert stepped.times({"ni": ni, "nj": step, "nk": nk}) == len(range(nk, ni, step))
        # A step of 0 or less: no count.
        assert stepped.times({"ni": ni, "nj": 0, "nk": nk}) is None
        assert stepped.times({"ni": ni, "nj": -1, "nk": nk}) is None


def test_a_loop_whose_bounds_are_not_of_the_parameters_has_no_count():
    library = load_library()
    triangle = _looped("  affine.for %i = 0 to %ni {\n"
                       "  affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {\n", 2)
    carried = _looped("  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n"
                      "  %r = scf.for %i = %c0 to %ni step %c1 iter_args(%a = %nj) -> (index) {\n"
                      "  scf.for %j = %c0 to %a step %c1 {\n", 1) \
        .replace("  }\n  return", "  }\n  scf.yield %a : index\n  }\n  return")
    parallel = _looped("  affine.parallel (%i) = (0) to (symbol(%ni)) {\n", 1)
    for text in (triangle, carried, parallel):
        summary = summarize(text, "kernel_k", SIG, library)
        (launch,) = summary.launches
        assert launch.runs is None and launch.times(SIZES) is None
        assert kernel_flops(summary, library, SIZES) is None
        assert launch_costs(summary, library, SIZES) == ()


def _tested_in_loop(operand: str) -> str:
    """gemm under `scf.if (<operand> < nj)` inside a loop over i."""
    return _looped("  affine.for %i = 0 to %ni {\n"
                   f"  %t = arith.cmpi slt, {operand}, %nj : index\n  scf.if %t {{\n", 2)


def test_a_test_inside_a_loop_counts_where_it_does_not_read_the_loop():
    library = load_library()
    (fixed,) = summarize(_tested_in_loop("%nk"), "kernel_k", SIG, library).launches
    assert fixed.runs == Runs(("(nk < nj)",), ("max(0, ni)",))
    assert fixed.times(SIZES) == 0
    assert fixed.times({"ni": 20, "nj": 25, "nk": 3}) == 20
    (varying,) = summarize(_tested_in_loop("%i"), "kernel_k", SIG, library).launches
    assert varying.runs is None and varying.times(SIZES) is None


def test_the_manifest_keeps_how_often_each_launch_runs(tmp_path: Path):
    """The compare stage of a bundle reads the summary back: the tests and trip counts
    of a launch (and an unknown count) must survive JSON."""
    library = load_library()
    text = _module("  affine.for %i = 1 to %ni step 2 {\n  %t = arith.cmpi slt, %nk, %nj : "
                   "index\n  scf.if %t {\n  " + _gemm() + "  }\n  }\n"
                   "  affine.for %i = 0 to %ni {\n  affine.for %j = 0 to affine_map<(d0) -> "
                   "(d0)>(%i) {\n  " + _gemm() + "  }\n  }\n")
    summary = summarize(text, "kernel_k", SIG, library)
    assert [launch.runs for launch in summary.launches] == [
        Runs(("(nk < nj)",), ("max(0, (ni - 1 + 1) / 2)",)), None]
    entry = KernelEntry("k", "kernel_k", "kernel_k", SIG, summary)
    (tmp_path / MANIFEST_NAME).write_text(manifest_json(
        BuildManifest("host", "x86_64", "MINI", "native", 1, None, (), (entry,))))
    written = json.loads((tmp_path / MANIFEST_NAME).read_text())
    assert written["version"] == 4
    assert [launch["runs"] for launch in written["kernels"][0]["summary"]["launches"]] == [
        {"tests": ["(nk < nj)"], "trips": ["max(0, (ni - 1 + 1) / 2)"]}, None]
    back = read_manifest_json(tmp_path).kernels[0].summary
    assert back == summary
    assert back is not None and back.launches[0].times({"ni": 20, "nj": 25, "nk": 3}) == 10
    # A count that is not a list of expressions is a malformed manifest, not a crash.
    written["kernels"][0]["summary"]["launches"][0]["runs"]["trips"] = "ni"
    (tmp_path / MANIFEST_NAME).write_text(json.dumps(written))
    with pytest.raises(BuildError, match="malformed manifest"):
        read_manifest_json(tmp_path)
    written["version"] = 2
    (tmp_path / MANIFEST_NAME).write_text(json.dumps(written))
    with pytest.raises(BuildError, match="manifest version 2, this polylift reads version 4"):
        read_manifest_json(tmp_path)


def test_the_summary_names_the_storage_launches_and_residual_code_read_and_write():
    """What the magnitude rule asks (`facts/storage.py`): a gemm reads A, B and C and
    writes C through a view; a residual loop after it reads C (a load it computes with)
    and writes A; a value loaded only to be returned is no residual read."""
    residual = ("  %c0 = arith.constant 0 : index\n"
                "  %v = memref.subview %C[0, 0] [%ni, %nj] [1, 1] : "
                f"{F64} to memref<?x?xf64, strided<[?, 1]>>\n"
                + GEMM.format(c="%v", order="true").replace(f"({F64}, ", "(memref<?x?xf64, "
                                                             "strided<[?, 1]>>, ", 1) +
                "  affine.for %i = 0 to %ni {\n"
                "    %x = affine.load %C[%i, %c0] : " + F64 + "\n"
                "    %y = arith.addf %x, %x : f64\n"
                "    affine.store %y, %A[%i, %c0] : " + F64 + "\n  }\n")
    summary = summarize(_module(residual), "kernel_k", SIG, load_library())
    (launch,) = summary.launches
    assert (launch.reads, launch.writes) == (("A", "B", "C"), ("C",))
    assert summary.residual_reads == ("C",)
    assert summarize(_module(_gemm()), "kernel_k", SIG, load_library()).residual_reads == ()
