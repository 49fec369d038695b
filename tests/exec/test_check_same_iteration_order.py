"""Fission keeps the order of one iteration: a statement that reads an element before
an earlier statement of the same iteration overwrites it (a swap, a rotation of pairs
in place) must not be split from it. Before this was checked, the swap below lifted to
two copies and its second array came out wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

from .check_program import check_program

PROGRAM = """\
#include <stdio.h>
#include <stdlib.h>
void swap_arrays(int n, float *restrict a, float *restrict b) {
  for (int i = 0; i < n; i++) { float t = a[i]; a[i] = b[i]; b[i] = t; }
}
void rotate_pairs(int n, float c, float s, float *restrict x) {
  for (int i = 0; i < n; i += 2) {
    float v0 = x[i], v1 = x[i + 1];
    x[i] = v0 * c - v1 * s;
    x[i + 1] = v0 * s + v1 * c;
  }
}
int main(void) {
  int n = 64;
  float *a = malloc(sizeof(float) * n), *b = malloc(sizeof(float) * n);
  float *x = malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++) { a[i] = (float)i; b[i] = -0.5f * i; x[i] = (i % 9) - 4.0f; }
  swap_arrays(n, a, b);
  rotate_pairs(n, 0.75f, 0.5f, x);
  printf("%g %g %g\\n", a[3], b[7], x[5]);
  return 0;
}
"""


@pytest.mark.parametrize("function", ["swap_arrays", "rotate_pairs"])
def test_statements_reading_ahead_of_a_store_stay_together(
        function: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    checked = check_program(PROGRAM, function, "--backend", "host")
    assert checked.status == 0 and checked.verdict_is(function, "BIT-EXACT"), checked.out
