// RUN: polylift-cc %s --function=mv | FileCheck %s
// RUN: polylift-cc %s --function=flipswap | FileCheck %s --check-prefix=FLIP
// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels --remarks=applied 2>&1 >/dev/null | FileCheck %s --check-prefix=LIFT

// Found on code nobody wrote for polylift: a local pointer to an array's start read
// through a flat subscript. Its offset is an affine form (0); the flat fallback reads
// `p[i * n + j]` in C's int arithmetic, so the offset must be computed there, at the
// load (it was an empty operand: the file did not verify).
void mv(int n, float *A, float *x, float *y) {
  float *p = &A[0];
  for (int i = 0; i < n; i++) { y[i] = 0.0f; for (int j = 0; j < n; j++) y[i] += p[i * n + j] * x[j]; }
}
// CHECK-LABEL: func.func private @mv.delinearized(
// CHECK: affine.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<?x?xf32, strided<[?, 1]>>
// CHECK-LABEL: func.func private @mv.flat(
// CHECK: %[[SUB:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[AT:.*]] = arith.addi %[[ZERO]], %[[SUB]] : index
// CHECK-NEXT: memref.load %{{.*}}[%[[AT]]] : memref<?xf32>

// The shape of a CNN framework's detection-layer code: a pointer into a struct's array,
// read and written through local flat indices.
typedef struct { int w, h, n, classes, outputs; float *output; } layer_t;
void flipswap(layer_t l) {
  float *flip = l.output + l.outputs;
  for (int j = 0; j < l.h; ++j)
    for (int i = 0; i < l.w / 2; ++i) {
      int i1 = j * l.w + i; int i2 = j * l.w + (l.w - i - 1);
      float swap = flip[i1]; flip[i1] = flip[i2]; flip[i2] = swap;
    }
}
// FLIP-LABEL: func.func @flipswap(
// FLIP: func.call @flipswap.delinearized(
// FLIP: func.call @flipswap.flat(
// FLIP-LABEL: func.func private @flipswap.flat(
// FLIP: memref.load
// FLIP: memref.store

// LIFT: found-local-pointers.c:11:74: remark: matched blas.gemv_zero1 (2 ops) -> @gemv_f32
