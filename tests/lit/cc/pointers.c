// RUN: polylift-cc %s --function=rows | FileCheck %s
// RUN: polylift-cc %s --function=optional | FileCheck %s --check-prefix=NULL
// RUN: not polylift-cc %s --function=moves 2>&1 | FileCheck %s --check-prefix=MOVES

// A local pointer into an array (the array plus an offset, or &a[k]) is a view of it:
// its accesses are the array's at offset + subscript, so this function's accesses of
// `out` are b*n + i, which delinearise to out[b][i].
void rows(int batch, int n, const float *restrict in, float *restrict out)
{
  for (int b = 0; b < batch; b++) {
    float *o = out + b * n;
    const float *x = &in[b * n];
    for (int i = 0; i < n; i++)
      o[i] = 2.0f * x[i];
  }
}
// CHECK-LABEL: func.func private @rows.delinearized(
// CHECK-SAME: %{{[a-z0-9]+}}: index
// CHECK-SAME: %{{[a-z0-9]+}}: index
// CHECK-SAME: %[[IN:[a-z0-9]+]]: memref<?x?xf32, strided<[?, 1]>> {llvm.noalias}
// CHECK-SAME: %[[OUT:[a-z0-9]+]]: memref<?x?xf32, strided<[?, 1]>> {llvm.noalias}
// CHECK: affine.for %[[B:arg[0-9]+]]
// CHECK: affine.for %[[I:arg[0-9]+]]
// CHECK: %[[V:.*]] = affine.load %[[IN]][%[[B]], %[[I]]]
// CHECK: affine.store %{{.*}}, %[[OUT]][%[[B]], %[[I]]]

// `if (p)` on an optional array tests its address.
void optional(int n, float *restrict x, const float *restrict bias)
{
  if (bias)
    for (int i = 0; i < n; i++)
      x[i] += bias[i];
}
// NULL-LABEL: func.func @optional(
// NULL-SAME: %{{[a-z0-9]+}}: index
// NULL-SAME: %{{[a-z0-9]+}}: memref<?xf32> {llvm.noalias}
// NULL-SAME: %[[BIAS:[a-z0-9]+]]: memref<?xf32> {llvm.noalias}
// NULL: %[[ADDR:.*]] = memref.extract_aligned_pointer_as_index %[[BIAS]] : memref<?xf32> -> index
// NULL-NEXT: %[[ZERO:.*]] = arith.constant 0 : index
// NULL-NEXT: %[[SET:.*]] = arith.cmpi ne, %[[ADDR]], %[[ZERO]] : index
// NULL-NEXT: scf.if %[[SET]] {
// NULL-NEXT: affine.for

void moves(int n, float *x)
{
  float *p = x;
  for (int i = 0; i < n; i++)
    p = p + 1;
  p[0] = 1.0f;
}
// MOVES: pointers.c:[[@LINE-3]]:5: error: unsupported assignment to local pointer 'p'
