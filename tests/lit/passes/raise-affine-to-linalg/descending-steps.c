// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg | FileCheck %s
// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --remarks=missed 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// Found by polylift fuzz (seed 1, programs 23, 99, 112, 163, 210 and 225 once the fuzzer
// had its padded pooling shape), shrunk: a loop that counts down by 2 or 3 is normalised
// with a `ceildiv` upper bound, which the window argmax recognition read as a linear
// form and crashed on (NotAffine). Such a loop is no box loop: the nest is kept with the
// raising's usual remark.

// CHECK-LABEL: func.func @down_by_three(
// CHECK: affine.for
// CHECK-NOT: linalg.generic
// REMARK: descending-steps.c:16:3: remark: not raised: subscript or bound is not affine (s0 ceildiv 3)
void down_by_three(int n, double x[restrict 64])
{
  for (int i = n - 1; i >= 0; i -= 3)
    x[i] = 2.0 * x[i];
}

// CHECK-LABEL: func.func @empty_down_by_two(
// CHECK: return
// REMARK: descending-steps.c:26:3: remark: not raised: subscript or bound is not affine ((s0 - 1) ceildiv 2)
void empty_down_by_two(int m)
{
  int j;
  for (j = m - 2; j >= 0; j -= 2) {
  }
}
