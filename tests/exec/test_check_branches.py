"""Branches in element bodies, checked in a running program (`check --function`): a
blend written with `if`/`else` over pixels compared as C promotes them lifts to the
blend template; a division guarded by its divisor, and a branch storing into two
arrays, are raised and lifted to expression templates (no listed template states
them), whose launches give the source's bits."""

from __future__ import annotations

from pathlib import Path

import pytest

from polylift import api

from .check_program import check_program

PROGRAM = """\
#include <stdio.h>
#include <stdlib.h>
void darken(int n, const unsigned char *base, const unsigned char *active,
            unsigned char *out) {
  for (int k = 0; k < n; k++) {
    unsigned char px;
    if (base[k] > active[k]) px = active[k]; else px = base[k];
    out[k] = px;
  }
}
void safe_div(int n, const int *num, const int *den, int *q) {
  for (int k = 0; k < n; k++) {
    int v = num[k];
    if (den[k] != 0 && v != 0) q[k] = v / den[k]; else q[k] = v;
  }
}
void split_signs(int n, const float *x, float *pos, float *neg) {
  for (int i = 0; i < n; i++) {
    if (x[i] > 0.0f) { pos[i] = x[i]; neg[i] = 0.0f; }
    else { pos[i] = 0.0f; neg[i] = x[i]; }
  }
}
int main(void) {
  int n = 301;
  unsigned char *b = malloc(n), *a = malloc(n), *o = malloc(n);
  int *num = malloc(sizeof(int) * n), *den = malloc(sizeof(int) * n);
  int *q = malloc(sizeof(int) * n);
  float *x = malloc(sizeof(float) * n), *p = malloc(sizeof(float) * n);
  float *m = malloc(sizeof(float) * n);
  for (int k = 0; k < n; k++) {
    b[k] = (unsigned char)(k * 31); a[k] = (unsigned char)(k * 17 + 5);
    num[k] = k * 37 - 5000; den[k] = k % 5 - 2;
    x[k] = k % 3 == 0 ? -0.0f : (float)(k % 7) - 3.5f;
  }
  darken(n, b, a, o); safe_div(n, num, den, q); split_signs(n, x, p, m);
  printf("%d %d %g\\n", o[n - 1], q[7], p[3] + m[5]);
  return 0;
}
"""


@pytest.mark.parametrize("backend", ["ref", "host"])
def test_darken_written_with_if_else_lifts(backend: str, tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    checked = check_program(PROGRAM, "darken", "--backend", backend)
    assert checked.status == 0 and checked.verdict_is("darken", "BIT-EXACT"), checked.out
    assert "coverage FULL" in checked.out and "blend.darken" in checked.out, checked.out


@pytest.mark.parametrize("function", ["safe_div", "split_signs"])
def test_converted_branches_keep_the_bits(function: str, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    checked = check_program(PROGRAM, function)
    assert checked.status == 0 and checked.verdict_is(function, "BIT-EXACT"), checked.out
    assert "coverage FULL" in checked.out and "expr.map_" in checked.out, checked.out
    module = api.translate_c("prog.c", function=function, assume_noalias=True)
    remarks = [d.message for d in api.run_passes(module, ["raise-affine-to-linalg"])]
    assert "scf.if" not in str(module) and "raised to linalg.generic (parallel)" in remarks, \
        remarks
