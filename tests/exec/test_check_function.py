"""`polylift check --function NAME`: a kernel of any name, `static` or not, in a file
whose arrays state no extent (each is compared over the elements its subscripts reach)."""

from __future__ import annotations

from pathlib import Path

import pytest

from polylift.cli.main import main

from .check_program import check_program

PROGRAM = """\
#include <stdio.h>
#include <stdlib.h>
{storage}void my_gemv(int n, int m, int lda, const float *A, const float *x, float *y) {{
  for (int i = 0; i < n; i++) {{
    float s = 0.0f;
    for (int j = 0; j < m; j++) s += A[i * lda + j] * x[j];
    y[i] = s;
  }}
}}
int main(void) {{
  int n = 30, m = 20, lda = 24;
  float *A = malloc(sizeof(float) * n * lda), *x = malloc(sizeof(float) * m);
  float *y = malloc(sizeof(float) * n);
  for (int k = 0; k < n * lda; k++) A[k] = (float)(k % 7) / 4;
  for (int k = 0; k < m; k++) x[k] = (float)(k % 5) / 2;
  my_gemv(n, m, lda, A, x, y);
  printf("%g\\n", y[0] + y[n - 1]);
  return 0;
}}
"""


@pytest.mark.parametrize("storage", ["", "static "])
def test_a_kernel_of_any_name_static_or_not_checks(storage: str, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    checked = check_program(PROGRAM.format(storage=storage), "my_gemv", "--backend", "host")
    assert checked.status == 0 and checked.verdict_is("my_gemv", "BIT-EXACT", "PASS"), \
        checked.out
    assert "blas.gemv" in checked.out


def test_function_needs_a_file(capsys: pytest.CaptureFixture[str]):
    assert main(["check", "--suite", "linalg", "--function", "f"]) == 1
    assert "--function names a function of the benchmark file given" in capsys.readouterr().err


LATE_POINTERS = """\
#include <stdio.h>
#include <stdlib.h>
/* The subscripts' range (k * X + i) holds only for X >= 0, which the harness cannot
   assume of every call: stated. */
/* POLYLIFT_EXTENT(A, Y * Z) POLYLIFT_EXTENT(B, X * Z) POLYLIFT_EXTENT(C, Y * X) */
void gemm_flat(int X, int Y, int Z, const float *A, const float *B, float *C) {
  const float *p_a, *p_b;
  float *p_c;
  p_a = &A[0];
  p_b = &B[0];
  p_c = &C[0];
  for (int k = 0; k < Y; k++)
    for (int i = 0; i < X; i++)
      for (int f = 0; f < Z; f++)
        p_c[k * X + i] += p_a[k * Z + f] * p_b[i * Z + f];
}
int main(void) {
  int X = 12, Y = 10, Z = 7;
  float *A = malloc(sizeof(float) * Y * Z), *B = malloc(sizeof(float) * X * Z);
  float *C = malloc(sizeof(float) * Y * X);
  for (int k = 0; k < Y * Z; k++) A[k] = (float)(k % 7) / 4;
  for (int k = 0; k < X * Z; k++) B[k] = (float)(k % 5) / 2;
  for (int k = 0; k < Y * X; k++) C[k] = (float)(k % 3);
  gemm_flat(X, Y, Z, A, B, C);
  printf("%g\\n", C[0] + C[Y * X - 1]);
  return 0;
}
"""


@pytest.mark.parametrize("backend", ["ref", "host"])
def test_pointers_assigned_after_their_declaration_lift_and_check(
        backend: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    checked = check_program(LATE_POINTERS, "gemm_flat", "--backend", backend,
                            "--inputs", "exact")
    assert checked.status == 0 and checked.verdict_is("gemm_flat", "BIT-EXACT"), checked.out
    assert "blas.gemm" in checked.out


WALKED_POINTERS = """\
#include <stdio.h>
#include <stdlib.h>
/* POLYLIFT_EXTENT(in, rows * cols) POLYLIFT_EXTENT(out, rows * cols) */
void scale_rows(int rows, int cols, const float *in, float *out, float k) {
  const float *p_in = in;
  float *p_out = out;
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++)
      *p_out++ = *p_in++ * k;
}
int main(void) {
  int rows = 9, cols = 13;
  float *in = malloc(sizeof(float) * rows * cols), *out = malloc(sizeof(float) * rows * cols);
  for (int k = 0; k < rows * cols; k++) in[k] = (float)(k % 11) / 3;
  scale_rows(rows, cols, in, out, 1.5f);
  printf("%g\\n", out[0] + out[rows * cols - 1]);
  return 0;
}
"""


@pytest.mark.parametrize("backend", ["ref", "host"])
def test_walked_pointers_lift_and_check(backend: str, tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    checked = check_program(WALKED_POINTERS, "scale_rows", "--backend", backend)
    assert checked.status == 0 and checked.verdict_is("scale_rows", "BIT-EXACT"), checked.out
    assert "ew.muls2d" in checked.out


DEREFERENCES = """\
#include <stdio.h>
#include <stdlib.h>
void norm_sq(int n, const double *x, double *result) {
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += *(x + i) * *(x + i);
  *result = s;
}
int main(void) {
  int n = 257;
  double *x = malloc(sizeof(double) * n), r;
  for (int k = 0; k < n; k++) x[k] = (double)(k % 13) / 7 - 0.75;
  norm_sq(n, x, &r);
  printf("%.17g\\n", r);
  return 0;
}
"""


@pytest.mark.parametrize("backend", ["ref", "host"])
def test_dereferences_lift_and_check(backend: str, tmp_path: Path,
                                     monkeypatch: pytest.MonkeyPatch):
    """`*result = s` and `*(x + i)` are the subscripts C defines them as."""
    monkeypatch.chdir(tmp_path)
    checked = check_program(DEREFERENCES, "norm_sq", "--backend", backend)
    # The host's sum of squares is reassociated, within the template's ULP bound.
    verdicts = ("BIT-EXACT",) if backend == "ref" else ("BIT-EXACT", "PASS")
    assert checked.status == 0 and checked.verdict_is("norm_sq", *verdicts), checked.out
    assert "red.sumsq" in checked.out


def test_a_file_without_main_is_told_why(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A file of functions alone: the check names the missing main, not a linker dump."""
    monkeypatch.chdir(tmp_path)
    checked = check_program(DEREFERENCES[:DEREFERENCES.index("int main")], "norm_sq")
    assert checked.status == 1
    assert "error: the program defines no main" in checked.out, checked.out
    assert "undefined reference" not in checked.out, checked.out
