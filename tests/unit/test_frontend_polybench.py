"""PolyBench-style sources: prototype macros, both array-size modes, signatures."""

from __future__ import annotations

from pathlib import Path

import pytest

from polylift.errors import PolyliftError
from polylift.frontend import translate_file

HEADER = """
#include <math.h>
#ifdef POLYBENCH_USE_RESTRICT
# define POLYBENCH_RESTRICT restrict
#else
# define POLYBENCH_RESTRICT
#endif
#ifdef POLYBENCH_USE_C99_PROTO
# define POLYBENCH_C99_SELECT(x,y) y
#else
# define POLYBENCH_C99_SELECT(x,y) x
#endif
#define POLYBENCH_PADDING_FACTOR 0
#define POLYBENCH_2D(var, dim1, dim2, ddim1, ddim2) \\
  var[POLYBENCH_RESTRICT POLYBENCH_C99_SELECT(dim1,ddim1) + POLYBENCH_PADDING_FACTOR]\\
     [POLYBENCH_RESTRICT POLYBENCH_C99_SELECT(dim2,ddim2) + POLYBENCH_PADDING_FACTOR]
#define SCALAR_VAL(x) x##f
#define SQRT_FUN(x) sqrtf(x)
#define DATA_TYPE float
"""

KERNEL = """
#include <polybench.h>
#define NI 20
#define NJ 30
static void kernel_scale(int ni, int nj, DATA_TYPE alpha,
                         DATA_TYPE POLYBENCH_2D(C, NI, NJ, ni, nj))
{
  int i, j;
#pragma scop
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++)
      C[i][j] = SQRT_FUN(C[i][j] * alpha) + SCALAR_VAL(1.0);
#pragma endscop
}

int main(void) { return 0; }
"""


@pytest.fixture()
def program(tmp_path: Path) -> Path:
    (tmp_path / "utilities").mkdir()
    (tmp_path / "utilities" / "polybench.h").write_text(HEADER)
    source = tmp_path / "scale.c"
    source.write_text(KERNEL)
    return source


@pytest.mark.parametrize(("defines", "mlir_type", "dims"), [
    (["POLYBENCH_USE_C99_PROTO", "POLYBENCH_USE_RESTRICT"], "memref<?x?xf32>", ("ni", "nj")),
    ([], "memref<20x30xf32>", (20, 30)),
])
def test_polybench_kernel_signature(program: Path, defines: list[str], mlir_type: str,
                                    dims: tuple) -> None:
    result = translate_file(str(program), [str(program.parent / "utilities")], defines)
    assert list(result.signatures) == ["kernel_scale"]
    sig = result.signatures["kernel_scale"]
    assert [(p.name, p.kind, p.ctype, p.mlir_type) for p in sig.params] == [
        ("ni", "scalar", "int", "index"), ("nj", "scalar", "int", "index"),
        ("alpha", "scalar", "float", "f32"), ("C", "array", "float", mlir_type)]
    assert sig.params[3].dims == dims
    assert sig.written == ("C",)
    assert sig.source is not None and sig.source.line == 5
    assert "math.sqrt" in result.mlir and "llvm.emit_c_interface" not in result.mlir
    assert "fastmath" not in result.mlir
    assert f'loc("{program}":12:' in result.mlir


def test_missing_header_is_an_error(tmp_path: Path) -> None:
    source = tmp_path / "bad.c"
    source.write_text('#include "nowhere.h"\nvoid f(void) {}\n')
    with pytest.raises(PolyliftError, match="nowhere.h"):
        translate_file(str(source))


# A stand-in for PolyBench/C 4.2.1's `utilities/polybench.h`, written from the documented
# meaning of its macros: prototypes with C99 sizes or fixed ones, heap arrays declared
# and passed with POLYBENCH_2D_ARRAY_DECL / POLYBENCH_ARRAY, loop bounds `_PB_N`, dumps
# to stderr, optional timers, and polybench_prevent_dce.
FULL_HEADER = HEADER.replace("#define SCALAR_VAL(x) x##f\n#define SQRT_FUN(x) sqrtf(x)\n"
                             "#define DATA_TYPE float\n", "") + """
#include <stdio.h>
#include <stdlib.h>
#ifdef POLYBENCH_USE_SCALAR_LB
# define POLYBENCH_LOOP_BOUND(x, y) x
#else
# define POLYBENCH_LOOP_BOUND(x, y) y
#endif
#define POLYBENCH_ALLOC_2D_ARRAY(n1, n2, type) \\
  (type(*)[n1 + POLYBENCH_PADDING_FACTOR][n2 + POLYBENCH_PADDING_FACTOR]) \\
  polybench_alloc_data((n1 + POLYBENCH_PADDING_FACTOR) * (n2 + POLYBENCH_PADDING_FACTOR), \\
                       sizeof(type))
#define POLYBENCH_2D_ARRAY_DECL(var, type, dim1, dim2, ddim1, ddim2) \\
  type (*var)[dim1 + POLYBENCH_PADDING_FACTOR][dim2 + POLYBENCH_PADDING_FACTOR]; \\
  var = POLYBENCH_ALLOC_2D_ARRAY(dim1, dim2, type);
#define POLYBENCH_ARRAY(x) *x
#define POLYBENCH_FREE_ARRAY(x) free((void *)x);
#define POLYBENCH_DUMP_TARGET stderr
#define POLYBENCH_DUMP_START fprintf(POLYBENCH_DUMP_TARGET, "==BEGIN DUMP_ARRAYS==\\n")
#define POLYBENCH_DUMP_FINISH fprintf(POLYBENCH_DUMP_TARGET, "==END   DUMP_ARRAYS==\\n")
#define POLYBENCH_DUMP_BEGIN(s) fprintf(POLYBENCH_DUMP_TARGET, "begin dump: %s", s)
#define POLYBENCH_DUMP_END(s) fprintf(POLYBENCH_DUMP_TARGET, "\\nend   dump: %s\\n", s)
#define polybench_prevent_dce(func) func
#ifdef POLYBENCH_TIME
# define polybench_start_instruments polybench_timer_start();
# define polybench_stop_instruments polybench_timer_stop();
# define polybench_print_instruments polybench_timer_print();
#else
# define polybench_start_instruments
# define polybench_stop_instruments
# define polybench_print_instruments
#endif
extern void *polybench_alloc_data(unsigned long long int n, int elt_size);
extern void polybench_timer_start(void);
extern void polybench_timer_stop(void);
extern void polybench_timer_print(void);
"""

# The kernel's own header, as a PolyBench kernel directory has it.
KERNEL_HEADER = """
#ifndef SCALE2_H
# define SCALE2_H
# if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && !defined(LARGE_DATASET)
#  define STANDARD_DATASET
# endif
# ifdef MINI_DATASET
#  define NI 20
#  define NJ 25
# else
#  define NI 200
#  define NJ 250
# endif
# define _PB_NI POLYBENCH_LOOP_BOUND(NI, ni)
# define _PB_NJ POLYBENCH_LOOP_BOUND(NJ, nj)
# if !defined(DATA_TYPE_IS_INT) && !defined(DATA_TYPE_IS_FLOAT) && !defined(DATA_TYPE_IS_DOUBLE)
#  define DATA_TYPE_IS_DOUBLE
# endif
# ifdef DATA_TYPE_IS_FLOAT
#  define DATA_TYPE float
#  define DATA_PRINTF_MODIFIER "%0.2f "
#  define SCALAR_VAL(x) x##f
#  define SQRT_FUN(x) sqrtf(x)
# endif
# ifdef DATA_TYPE_IS_DOUBLE
#  define DATA_TYPE double
#  define DATA_PRINTF_MODIFIER "%0.2lf "
#  define SCALAR_VAL(x) x
#  define SQRT_FUN(x) sqrt(x)
# endif
#endif
"""

PROGRAM = """
#include <stdio.h>
#include <unistd.h>
#include <string.h>
#include <math.h>
#include <polybench.h>
#include "scale2.h"

static void init_array(int ni, int nj, DATA_TYPE *alpha,
                       DATA_TYPE POLYBENCH_2D(A, NI, NJ, ni, nj))
{
  int i, j;
  *alpha = 1.5;
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++)
      A[i][j] = (DATA_TYPE) ((i * j + 1) % ni) / ni;
}

static void print_array(int ni, int nj, DATA_TYPE POLYBENCH_2D(A, NI, NJ, ni, nj))
{
  int i, j;
  POLYBENCH_DUMP_START;
  POLYBENCH_DUMP_BEGIN("A");
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++)
      fprintf(POLYBENCH_DUMP_TARGET, DATA_PRINTF_MODIFIER, A[i][j]);
  POLYBENCH_DUMP_END("A");
  POLYBENCH_DUMP_FINISH;
}

static void kernel_scale2(int ni, int nj, DATA_TYPE alpha,
                          DATA_TYPE POLYBENCH_2D(A, NI, NJ, ni, nj),
                          DATA_TYPE POLYBENCH_2D(B, NI, NJ, ni, nj))
{
  int i, j;
#pragma scop
  for (i = 0; i < _PB_NI; i++)
    for (j = 0; j < _PB_NJ; j++)
      B[i][j] = SQRT_FUN(A[i][j] * alpha) + SCALAR_VAL(0.5);
#pragma endscop
}

int main(int argc, char **argv)
{
  int ni = NI;
  int nj = NJ;
  DATA_TYPE alpha;
  POLYBENCH_2D_ARRAY_DECL(A, DATA_TYPE, NI, NJ, ni, nj);
  POLYBENCH_2D_ARRAY_DECL(B, DATA_TYPE, NI, NJ, ni, nj);
  init_array(ni, nj, &alpha, POLYBENCH_ARRAY(A));
  polybench_start_instruments;
  kernel_scale2(ni, nj, alpha, POLYBENCH_ARRAY(A), POLYBENCH_ARRAY(B));
  polybench_stop_instruments;
  polybench_print_instruments;
  if (argc > 42 && !strcmp(argv[0], ""))
    polybench_prevent_dce(print_array(ni, nj, POLYBENCH_ARRAY(B)));
  POLYBENCH_FREE_ARRAY(A);
  POLYBENCH_FREE_ARRAY(B);
  return 0;
}
"""

USUAL_FLAGS = ["POLYBENCH_USE_C99_PROTO", "POLYBENCH_USE_RESTRICT", "DATA_TYPE_IS_FLOAT",
               "MINI_DATASET"]


@pytest.fixture()
def checkout(tmp_path: Path) -> Path:
    """A PolyBench-style checkout: `utilities/polybench.h` and one kernel directory."""
    (tmp_path / "utilities").mkdir()
    (tmp_path / "utilities" / "polybench.h").write_text(FULL_HEADER)
    kernel_dir = tmp_path / "stencils" / "scale2"
    kernel_dir.mkdir(parents=True)
    (kernel_dir / "scale2.h").write_text(KERNEL_HEADER)
    source = kernel_dir / "scale2.c"
    source.write_text(PROGRAM)
    return source


@pytest.mark.parametrize("extra", [[], ["POLYBENCH_TIME"], ["POLYBENCH_USE_SCALAR_LB"]])
def test_polybench_checkout_with_usual_flags(checkout: Path, extra: list[str]) -> None:
    from polylift.frontend import translate_file_detailed

    utilities = str(checkout.parents[2] / "utilities")
    result, skipped = translate_file_detailed(str(checkout), [utilities], USUAL_FLAGS + extra)
    assert "kernel_scale2" in result.signatures
    assert "print_array" in {s.name for s in skipped}  # fprintf is outside the subset
    sig = result.signatures["kernel_scale2"]
    assert [(p.name, p.mlir_type, p.dims) for p in sig.params] == [
        ("ni", "index", ()), ("nj", "index", ()), ("alpha", "f32", ()),
        ("A", "memref<?x?xf32>", ("ni", "nj")), ("B", "memref<?x?xf32>", ("ni", "nj"))]
    assert sig.written == ("B",)
    kernel = result.mlir.split("@kernel_scale2")[1]
    # _PB_NI is `ni` (a symbol) by default and the constant NI with POLYBENCH_USE_SCALAR_LB.
    bound = "20" if extra == ["POLYBENCH_USE_SCALAR_LB"] else "%arg0"
    assert f"= 0 to {bound} {{" in kernel
    assert "math.sqrt" in kernel and "arith.constant 5.000000e-01 : f32" in kernel
