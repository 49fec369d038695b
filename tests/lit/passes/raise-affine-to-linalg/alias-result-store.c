// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg | FileCheck %s
// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --remarks=all 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// Found by polylift fuzz (issue 22), shrunk: a sum carried in a local and stored after
// the loop. Raised, the reduction accumulates in out[0] itself (out[0] = 0, then
// out[0] += x[i]), which zeroes x[0] before the loop reads it when a caller passes
// out == x. The version for overlapping arguments keeps the loop; the guarded one,
// which runs only when the ranges are apart, is raised.
void kernel_sum(int n, double x[1], double out[1])
{
  double s = 0;
  for (int i = 0; i < n; i++)
    s += x[i];
  out[0] = s;
}
// CHECK-LABEL: func.func private @kernel_sum.noalias(
// CHECK: linalg.generic
// CHECK: linalg.generic {{.*}}iterator_types = ["reduction"]
// CHECK-LABEL: func.func private @kernel_sum.flat(
// CHECK-NOT: linalg.generic
// CHECK: affine.for {{.*}} iter_args
// CHECK: affine.store

// REMARK: alias-result-store.c:14:3: remark: not raised: may alias: x and out (a caller may pass overlapping arrays, and the nest writes one of them)
