// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --remarks=missed 2>&1 >/dev/null | FileCheck %s
// A nest whose branch is if-converted on a copy (raising/statements/branches.py) and that is then
// refused: the copy is erased before the remark is made, and the remark still names
// the loop in the source (the pass used to stop on the erased op). The row maximum is
// also stored back into the row it was read from, so the nest stays loops.

// CHECK: converted-copy-remark.c:[[@LINE+6]]:5: remark: not raised: stored value is the result of a loop with iter_args whose form is not a recognised reduction
// CHECK-NEXT: converted-copy-remark.c:[[@LINE+5]]:5: remark: not raised: the loop's results are used by something other than one store
void rowmax_scale(int m, int n, float x[restrict m][n], float y[restrict m][n])
{
  for (int r = 0; r < m; r++) {
    float big = -1e30f;
    for (int i = 0; i < n; i++)
      if (x[r][i] > big)
        big = x[r][i];
    for (int i = 0; i < n; i++)
      y[r][i] = x[r][i] / big;
    x[r][0] = big;
  }
}
