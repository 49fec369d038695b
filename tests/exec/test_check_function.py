"""`polylift check --function NAME`: a kernel of any name, `static` or not, in a file
whose arrays state no extent (each is compared over the elements its subscripts reach)."""

from __future__ import annotations

from pathlib import Path

import pytest

from polylift.cli.main import main

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
                                                   capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    Path("prog.c").write_text(PROGRAM.format(storage=storage))
    assert main(["check", "prog.c", "--function", "my_gemv", "--backend", "host"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("my_gemv: ") and ("BIT-EXACT" in out or "PASS" in out), out
    assert "blas.gemv" in out


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
        backend: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    Path("dsp.c").write_text(LATE_POINTERS)
    status = main(["check", "dsp.c", "--function", "gemm_flat", "--backend", backend,
                   "--inputs", "exact"])
    out = capsys.readouterr().out
    assert status == 0, out
    assert out.startswith("gemm_flat: BIT-EXACT"), out
    assert "blas.gemm" in out


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
                                        capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    Path("walk.c").write_text(WALKED_POINTERS)
    status = main(["check", "walk.c", "--function", "scale_rows", "--backend", backend])
    out = capsys.readouterr().out
    assert status == 0, out
    assert out.startswith("scale_rows: BIT-EXACT"), out
    assert "ew.muls2d" in out


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
                                     capsys: pytest.CaptureFixture[str],
                                     monkeypatch: pytest.MonkeyPatch):
    """`*result = s` and `*(x + i)` are the subscripts C defines them as."""
    monkeypatch.chdir(tmp_path)
    Path("deref.c").write_text(DEREFERENCES)
    status = main(["check", "deref.c", "--function", "norm_sq", "--backend", backend])
    out = capsys.readouterr().out
    assert status == 0, out
    # The host's sum of squares is reassociated, within the template's ULP bound.
    verdicts = ("BIT-EXACT",) if backend == "ref" else ("BIT-EXACT", "PASS")
    assert out.startswith(tuple(f"norm_sq: {v} " for v in verdicts)), out
    assert "red.sumsq" in out


def test_a_file_without_main_is_told_why(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch):
    """A file of functions alone: the check names the missing main, not a linker dump."""
    monkeypatch.chdir(tmp_path)
    Path("lib.c").write_text(DEREFERENCES[:DEREFERENCES.index("int main")])
    assert main(["check", "lib.c", "--function", "norm_sq"]) == 1
    out = capsys.readouterr().out
    assert "error: the program defines no main" in out, out
    assert "undefined reference" not in out, out
