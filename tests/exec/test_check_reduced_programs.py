"""Programs a random-program campaign found, reduced, checked end to end.

Each is a benchmark-format C program (inputs/reduced/) that once crashed a pass, failed
the lifted build, or was a false DIFF. Each must now be BIT-EXACT or PASS on `ref` and
`host`, with native and exact inputs, and never end in a traceback:

- stalectx: a gemm, then a fill; the matcher backtracked into an earlier step with
  the later op's operands (IndexError in match-kernels);
- two_products: x = p.(x.q), the second product writing the first's input (the same);
- carried: a scalar one nest carries and a later nest stores (StopIteration in the
  raising);
- empty_axpy: a FULL kernel of size 0 (ZeroDivisionError evaluating its costs);
- empty_view: a loop that never runs reads past a column of one (an invalid subview);
- cancel_gemv: a gemv whose exact result is 0 (a false DIFF on ref, whose order is
  the template's, not the source's);
- inexact_literal: C = 0.1 then C += A.B (a false DIFF with exact inputs on host);
- fz2007: a nest kept as loops, then a cancelling product (a false DIFF: the magnitude
  rule was not applied to a kernel with residual loops); its nest (`F += F`) is now an
  in-place launch, so fz2007_residual keeps the case with a nest no template takes;
- ger2_stencil: a stencil launch that runs no iteration, then a cancelling rank-2
  update (a false DIFF: the rule was not applied beside a launch that is not a
  polynomial);
- local_pointer_gemv: a local pointer to an array's start read at flat subscripts (the
  front end's MLIR did not verify);
- struct_flipswap: a pointer into a struct's array at local flat indices (the same).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from polylift.harness.check import CheckOptions, check_benchmark

REDUCED = Path(__file__).parent / "inputs" / "reduced"
PROGRAMS = sorted(p.stem for p in REDUCED.glob("*.c"))
# What each lifts to: its coverage and launches (the same on both backends).
LIFTED = {
    "cancel_gemv": ("FULL", ("blas.gemv_acc",)),
    "carried": ("PARTIAL", ("ew.adds_ip", "blas.fill")),
    "empty_axpy": ("FULL", ("blas.axpy",)),
    "empty_view": ("NONE", ()),
    "fz2007": ("FULL", ("blas.axpy2d1", "blas.gemm_alpha")),
    "fz2007_residual": ("PARTIAL", ("blas.gemm_alpha",)),
    "ger2_stencil": ("FULL", ("stencil.fdtd2d_hz", "blas.ger2")),
    "local_pointer_gemv": ("FULL", ("blas.gemv_zero1",)),
    "struct_flipswap": ("NONE", ()),
    "inexact_literal": ("FULL", ("blas.fill2d", "blas.gemm_acc")),
    "stalectx": ("FULL", ("blas.gemm_zero1", "blas.fill2d")),
    "two_products": ("FULL", ("blas.gemm_zero1", "blas.gemm_zero1")),
}


def test_every_reduced_program_is_listed():
    assert PROGRAMS == sorted(LIFTED)


@pytest.mark.parametrize("inputs", ["native", "exact"])
@pytest.mark.parametrize("backend", ["ref", "host"])
@pytest.mark.parametrize("program", PROGRAMS)
def test_reduced_program_checks(program: str, backend: str, inputs: str):
    result = check_benchmark(REDUCED / f"{program}.c",
                             CheckOptions(backend=backend, inputs=inputs))
    assert result.verdict in ("BIT-EXACT", "PASS"), result.message
    assert (result.coverage, result.launches) == LIFTED[program]


def test_an_empty_launch_has_no_flops_and_a_bound():
    result = check_benchmark(REDUCED / "empty_axpy.c", CheckOptions(backend="host"))
    assert result.verdict == "BIT-EXACT" and result.flops == 0


def test_a_cancelling_gemv_on_ref_is_held_to_the_precision_of_its_terms():
    result = check_benchmark(REDUCED / "cancel_gemv.c", CheckOptions(backend="ref"))
    (y,) = result.arrays
    # Every element cancels to about 0: millions of ULP of itself apart.
    assert y.verdict == "PASS" and y.differing == 4 and y.of_terms
    assert y.max_ulp <= result.ulp_bound
    assert "of the sum of |terms|" in result.message


@pytest.mark.parametrize("program", ["fz2007", "ger2_stencil"])
def test_a_verdict_does_not_depend_on_what_else_the_kernel_contains(program: str):
    """The cancelling sum is held to the precision of its terms beside a nest kept as
    loops and beside a launch that is not a polynomial, as it is alone."""
    result = check_benchmark(REDUCED / f"{program}.c", CheckOptions(backend="ref"))
    assert result.verdict == "PASS", result.message
    assert "of the sum of |terms|" in result.message
    assert all(a.max_ulp <= result.ulp_bound for a in result.arrays)


def test_exact_inputs_say_why_a_kernel_keeps_its_native_bound():
    result = check_benchmark(REDUCED / "inexact_literal.c",
                             CheckOptions(backend="host", inputs="exact"))
    assert result.verdict == "PASS", result.message
    assert result.ulp_bound == 2 * 30 + 64
    assert "the kernel uses the constant 0.1, which is not a small integer times a power " \
           "of two; its launches have the bounds of native inputs" in result.message
