// RUN: polylift-cc %s --function=kernel_guarded --assume-noalias | FileCheck %s --check-prefix=GUARD
// RUN: polylift-cc %s --function=kernel_proven | FileCheck %s --check-prefix=PROVEN
// RUN: polylift-cc %s --function=kernel_refuted | FileCheck %s --check-prefix=REFUTED
// RUN: polylift-cc %s --function=kernel_square | FileCheck %s --check-prefix=SQUARE
// RUN: polylift-cc %s --function=kernel_chw --assume-noalias | FileCheck %s --check-prefix=CHW
// RUN: polylift-cc %s --function=kernel_guarded --assume-noalias -o %t.mlir
// RUN: polylift-opt %t.mlir --raise-affine-to-linalg --remarks=all 2>&1 >/dev/null | FileCheck %s --check-prefix=RAISE

// k < K, and K <= lda is not provable: a run-time guard picks the version.
void kernel_guarded(int M, int K, int lda, float *A, float *S)
{
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k)
      S[i] += A[i * lda + k];
}
// GUARD-LABEL: func.func @kernel_guarded(%arg0: index {{.*}}, %arg1: index {{.*}}, %arg2: index {{.*}}, %arg3: memref<?xf32> {{.*}}, %arg4: memref<?xf32>
// GUARD-NEXT: %[[OK:.*]] = arith.cmpi sge, %arg2, %arg1 : index
// GUARD-NEXT: scf.if %[[OK]] {
// GUARD: %[[DIM:.*]] = memref.dim %arg3, %{{.*}} : memref<?xf32>
// GUARD: %[[ROWS:.*]] = arith.ceildivsi %[[DIM]], %{{.*}} : index
// GUARD-NEXT: %[[VIEW:.*]] = memref.reinterpret_cast %arg3 to offset: [0], sizes: [%[[ROWS]], %{{.*}}], strides: [%arg2, 1] : memref<?xf32> to memref<?x?xf32, strided<[?, 1]>>
// GUARD-NEXT: func.call @kernel_guarded.delinearized(%arg0, %arg1, %arg2, %[[VIEW]], %arg4)
// GUARD-NEXT: } else {
// GUARD-NEXT: func.call @kernel_guarded.flat(%arg0, %arg1, %arg2, %arg3, %arg4)
// GUARD-NEXT: }
// GUARD-LABEL: func.func private @kernel_guarded.delinearized(%arg0: index {{.*}}, %arg1: index {{.*}}, %arg2: index {{.*}}, %arg3: memref<?x?xf32, strided<[?, 1]>> {{.*}}, %arg4: memref<?xf32>
// GUARD: affine.for %[[I:arg[0-9]+]] {{.*}}= 0 to %arg0
// GUARD-NEXT: affine.for %[[K:arg[0-9]+]] {{.*}}= 0 to %arg1
// GUARD-NEXT: affine.load %arg3[%[[I]], %[[K]]] : memref<?x?xf32, strided<[?, 1]>>
// GUARD-LABEL: func.func private @kernel_guarded.flat(
// GUARD: memref.load %arg3[%{{.*}}] : memref<?xf32>
// RAISE: delinearize.c:14:7: remark: raised to linalg.generic (parallel, reduction)
// RAISE: delinearize.c:13:5: remark: not raised: no array is indexed by loop at 13:5 alone, so its range cannot be recovered

// k < lda: the view is exact with no run-time condition, so there is no flat version.
void kernel_proven(int M, int lda, float *A)
{
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < lda; ++k)
      A[i * lda + k] = A[i * lda + k] * 2.0f;
}
// PROVEN-LABEL: func.func @kernel_proven(
// PROVEN-NOT: scf.if
// PROVEN: memref.reinterpret_cast
// PROVEN-NEXT: call @kernel_proven.delinearized(
// PROVEN-NEXT: return
// PROVEN: affine.store %{{.*}}, %arg2[%{{.*}}, %{{.*}}] : memref<?x?xf32, strided<[?, 1]>>
// PROVEN-NOT: kernel_proven.flat

// k reaches lda, which the next row starts with: no view, the subscript stays flat.
void kernel_refuted(int M, int lda, float *A)
{
  for (int i = 0; i < M; ++i)
    for (int k = 0; k <= lda; ++k)
      A[i * lda + k] = 0.0f;
}
// REFUTED-LABEL: func.func @kernel_refuted(
// REFUTED-NOT: reinterpret_cast
// REFUTED: memref.store %{{.*}}, %arg2[%{{.*}}] : memref<?xf32>
// REFUTED-NOT: delinearized

// A square is no linearised subscript.
void kernel_square(int n, double *A)
{
  for (int i = 0; i < n; ++i)
    A[i * i] = 1.0;
}
// SQUARE-LABEL: func.func @kernel_square(
// SQUARE: memref.store %{{.*}}, %arg1[%{{.*}}] : memref<?xf64>
// SQUARE-NOT: delinearized

// Nested linearisation with sizes held in locals: 3-D views; y + ky < h and x + kx < w
// hold, and y < h - ks + 1 (the rows of out) needs ks >= 1 at run time.
void kernel_chw(int c, int h, int w, int ks, float *in, float *out)
{
  int oh = h - ks + 1;
  int hw = h * w;
  for (int ch = 0; ch < c; ch++)
    for (int y = 0; y < oh; y++)
      for (int x = 0; x < w - ks + 1; x++)
        for (int ky = 0; ky < ks; ky++)
          for (int kx = 0; kx < ks; kx++)
            out[ch * hw + y * w + x] += in[(ch * h + y + ky) * w + x + kx];
}
// CHW-LABEL: func.func @kernel_chw(
// CHW: %[[OK:.*]] = arith.cmpi sge, %arg3, %{{.*}} : index
// CHW-NEXT: scf.if %[[OK]]
// CHW: memref.reinterpret_cast %arg4 to offset: [0], sizes: [%{{.*}}, %{{.*}}, %{{.*}}], strides: [%{{.*}}, %arg2, 1] : memref<?xf32> to memref<?x?x?xf32, strided<[?, ?, 1]>>
// CHW-LABEL: func.func private @kernel_chw.delinearized(
// CHW: affine.load %arg4[%{{.*}}, %{{.*}} + %{{.*}}, %{{.*}} + %{{.*}}] : memref<?x?x?xf32, strided<[?, ?, 1]>>
