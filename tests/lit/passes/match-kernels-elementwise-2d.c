// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels --expressions=false | FileCheck %s
// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels --expressions=false --remarks=all 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// Element-wise maps over row-major matrices (elementwise.tpl), written with flattened
// subscripts `A[i * lda + j]` and leading-dimension parameters, or as C99 arrays.

// C = A + B over rows with their own leading dimensions: the delinearised version
// (each row inside its leading dimension) is one launch; @add2d.flat keeps the loops.
// CHECK-LABEL: func.func private @add2d.delinearized(
// CHECK-SAME: %[[M:[a-z0-9_-]+]]: index, %[[N:[a-z0-9_-]+]]: index, %[[LDA:[a-z0-9_-]+]]: index, %[[LDB:[a-z0-9_-]+]]: index, %[[LDC:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: memref<?x?xf32, strided<[?, 1]>> {llvm.noalias}, %[[B:[a-z0-9_-]+]]: memref<?x?xf32, strided<[?, 1]>> {llvm.noalias}, %[[C:[a-z0-9_-]+]]: memref<?x?xf32, strided<[?, 1]>> {llvm.noalias}
// CHECK: %[[SA:[a-z0-9_-]+]] = memref.subview %[[A]][0, 0] [%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}] [1, 1]
// CHECK: %[[SB:[a-z0-9_-]+]] = memref.subview %[[B]][0, 0] [%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}] [1, 1]
// CHECK: %[[SC:[a-z0-9_-]+]] = memref.subview %[[C]][0, 0] [%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}] [1, 1]
// CHECK: "kernel.launch"(%[[SC]], %[[SA]], %[[SB]]) {callee = @add2d_f32, source_order_matches = true, template = "ew.add2d"}
// CHECK-NOT: linalg.generic
void add2d(int m, int n, int lda, int ldb, int ldc, float *restrict A, float *restrict B, float *restrict C)
{
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      C[i * ldc + j] = A[i * lda + j] + B[i * ldb + j];
}

// C99 array parameters: no versioning.
// CHECK-LABEL: func.func @sub2d(
// CHECK-SAME: %[[M:[a-z0-9_-]+]]: index, %[[N:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: memref<?x?xf64> {llvm.noalias}, %[[B:[a-z0-9_-]+]]: memref<?x?xf64> {llvm.noalias}, %[[C:[a-z0-9_-]+]]: memref<?x?xf64> {llvm.noalias}
// CHECK: %[[SA:[a-z0-9_-]+]] = memref.subview %[[A]][0, 0] [%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}] [1, 1]
// CHECK: %[[SB:[a-z0-9_-]+]] = memref.subview %[[B]][0, 0] [%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}] [1, 1]
// CHECK: %[[SC:[a-z0-9_-]+]] = memref.subview %[[C]][0, 0] [%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}] [1, 1]
// CHECK: "kernel.launch"(%[[SC]], %[[SA]], %[[SB]]) {callee = @sub2d_f64, source_order_matches = true, template = "ew.sub2d"}
// CHECK-NOT: linalg.generic
void sub2d(int m, int n, double A[restrict m][n], double B[restrict m][n], double C[restrict m][n])
{
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      C[i][j] = A[i][j] - B[i][j];
}

// One leading dimension for all three.
// CHECK-LABEL: func.func private @mul2d.delinearized(
// CHECK-SAME: %[[M:[a-z0-9_-]+]]: index, %[[N:[a-z0-9_-]+]]: index, %[[LD:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: memref<?x?xf32, strided<[?, 1]>> {llvm.noalias}, %[[B:[a-z0-9_-]+]]: memref<?x?xf32, strided<[?, 1]>> {llvm.noalias}, %[[C:[a-z0-9_-]+]]: memref<?x?xf32, strided<[?, 1]>> {llvm.noalias}
// CHECK: %[[SA:[a-z0-9_-]+]] = memref.subview %[[A]][0, 0] [%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}] [1, 1]
// CHECK: %[[SB:[a-z0-9_-]+]] = memref.subview %[[B]][0, 0] [%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}] [1, 1]
// CHECK: %[[SC:[a-z0-9_-]+]] = memref.subview %[[C]][0, 0] [%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}] [1, 1]
// CHECK: "kernel.launch"(%[[SC]], %[[SA]], %[[SB]]) {callee = @mul2d_f32, source_order_matches = true, template = "ew.mul2d"}
// CHECK-NOT: linalg.generic
void mul2d(int m, int n, int ld, float *restrict A, float *restrict B, float *restrict C)
{
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      C[i * ld + j] = A[i * ld + j] * B[i * ld + j];
}

// Element-wise division.
// CHECK-LABEL: func.func private @div2d.delinearized(
// CHECK-SAME: %[[M:[a-z0-9_-]+]]: index, %[[N:[a-z0-9_-]+]]: index, %[[LD:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: memref<?x?xf32, strided<[?, 1]>> {llvm.noalias}, %[[B:[a-z0-9_-]+]]: memref<?x?xf32, strided<[?, 1]>> {llvm.noalias}, %[[C:[a-z0-9_-]+]]: memref<?x?xf32, strided<[?, 1]>> {llvm.noalias}
// CHECK: %[[SA:[a-z0-9_-]+]] = memref.subview %[[A]][0, 0] [%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}] [1, 1]
// CHECK: %[[SB:[a-z0-9_-]+]] = memref.subview %[[B]][0, 0] [%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}] [1, 1]
// CHECK: %[[SC:[a-z0-9_-]+]] = memref.subview %[[C]][0, 0] [%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}] [1, 1]
// CHECK: "kernel.launch"(%[[SC]], %[[SA]], %[[SB]]) {callee = @div2d_f32, source_order_matches = true, template = "ew.div2d"}
// CHECK-NOT: linalg.generic
void div2d(int m, int n, int ld, float *restrict A, float *restrict B, float *restrict C)
{
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      C[i * ld + j] = A[i * ld + j] / B[i * ld + j];
}

// In place: B -= A.
// CHECK-LABEL: func.func private @sub2d_ip.delinearized(
// CHECK-SAME: %[[M:[a-z0-9_-]+]]: index, %[[N:[a-z0-9_-]+]]: index, %[[LDA:[a-z0-9_-]+]]: index, %[[LDB:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: memref<?x?xf32, strided<[?, 1]>> {llvm.noalias}, %[[B:[a-z0-9_-]+]]: memref<?x?xf32, strided<[?, 1]>> {llvm.noalias}
// CHECK: %[[SA:[a-z0-9_-]+]] = memref.subview %[[A]][0, 0] [%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}] [1, 1]
// CHECK: %[[SB:[a-z0-9_-]+]] = memref.subview %[[B]][0, 0] [%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}] [1, 1]
// CHECK: "kernel.launch"(%[[SB]], %[[SA]]) {callee = @sub2d_ip_f32, source_order_matches = true, template = "ew.sub2d_ip"}
// CHECK-NOT: linalg.generic
void sub2d_ip(int m, int n, int lda, int ldb, float *restrict A, float *restrict B)
{
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      B[i * ldb + j] -= A[i * lda + j];
}

// In place: B *= A.
// CHECK-LABEL: func.func private @mul2d_ip.delinearized(
// CHECK-SAME: %[[M:[a-z0-9_-]+]]: index, %[[N:[a-z0-9_-]+]]: index, %[[LDA:[a-z0-9_-]+]]: index, %[[LDB:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: memref<?x?xf32, strided<[?, 1]>> {llvm.noalias}, %[[B:[a-z0-9_-]+]]: memref<?x?xf32, strided<[?, 1]>> {llvm.noalias}
// CHECK: %[[SA:[a-z0-9_-]+]] = memref.subview %[[A]][0, 0] [%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}] [1, 1]
// CHECK: %[[SB:[a-z0-9_-]+]] = memref.subview %[[B]][0, 0] [%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}] [1, 1]
// CHECK: "kernel.launch"(%[[SB]], %[[SA]]) {callee = @mul2d_ip_f32, source_order_matches = true, template = "ew.mul2d_ip"}
// CHECK-NOT: linalg.generic
void mul2d_ip(int m, int n, int lda, int ldb, float *restrict A, float *restrict B)
{
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      B[i * ldb + j] *= A[i * lda + j];
}

// B = alpha * A.
// CHECK-LABEL: func.func private @muls2d.delinearized(
// CHECK-SAME: %[[M:[a-z0-9_-]+]]: index, %[[N:[a-z0-9_-]+]]: index, %[[LDA:[a-z0-9_-]+]]: index, %[[LDB:[a-z0-9_-]+]]: index, %[[ALPHA:[a-z0-9_-]+]]: f32, %[[A:[a-z0-9_-]+]]: memref<?x?xf32, strided<[?, 1]>> {llvm.noalias}, %[[B:[a-z0-9_-]+]]: memref<?x?xf32, strided<[?, 1]>> {llvm.noalias}
// CHECK: %[[SA:[a-z0-9_-]+]] = memref.subview %[[A]][0, 0] [%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}] [1, 1]
// CHECK: %[[SB:[a-z0-9_-]+]] = memref.subview %[[B]][0, 0] [%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}] [1, 1]
// CHECK: "kernel.launch"(%[[SB]], %[[SA]], %[[ALPHA]]) {callee = @muls2d_f32, source_order_matches = true, template = "ew.muls2d"}
// CHECK-NOT: linalg.generic
void muls2d(int m, int n, int lda, int ldb, float alpha, float *restrict A, float *restrict B)
{
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      B[i * ldb + j] = alpha * A[i * lda + j];
}

// C = alpha * A + beta * B.
// CHECK-LABEL: func.func private @axpbyz2d.delinearized(
// CHECK-SAME: %[[M:[a-z0-9_-]+]]: index, %[[N:[a-z0-9_-]+]]: index, %[[LD:[a-z0-9_-]+]]: index, %[[ALPHA:[a-z0-9_-]+]]: f64, %[[BETA:[a-z0-9_-]+]]: f64, %[[A:[a-z0-9_-]+]]: memref<?x?xf64, strided<[?, 1]>> {llvm.noalias}, %[[B:[a-z0-9_-]+]]: memref<?x?xf64, strided<[?, 1]>> {llvm.noalias}, %[[C:[a-z0-9_-]+]]: memref<?x?xf64, strided<[?, 1]>> {llvm.noalias}
// CHECK: %[[SA:[a-z0-9_-]+]] = memref.subview %[[A]][0, 0] [%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}] [1, 1]
// CHECK: %[[SB:[a-z0-9_-]+]] = memref.subview %[[B]][0, 0] [%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}] [1, 1]
// CHECK: %[[SC:[a-z0-9_-]+]] = memref.subview %[[C]][0, 0] [%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}] [1, 1]
// CHECK: "kernel.launch"(%[[SC]], %[[SA]], %[[SB]], %[[ALPHA]], %[[BETA]]) {callee = @axpbyz2d_f64, source_order_matches = true, template = "ew.axpbyz2d"}
// CHECK-NOT: linalg.generic
void axpbyz2d(int m, int n, int ld, double alpha, double beta, double *restrict A, double *restrict B, double *restrict C)
{
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      C[i * ld + j] = alpha * A[i * ld + j] + beta * B[i * ld + j];
}

// Near miss: A read transposed is no element-wise map of A.
// CHECK-LABEL: func.func @add_transposed(
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
// REMARK: remark: no template matches linalg.generic; closest ew.add2d: A is read transposed: the op reads A[j, i] where the template has A[i, j]
void add_transposed(int n, float A[restrict n][n], float B[restrict n][n], float C[restrict n][n])
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      C[i][j] = A[j][i] + B[i][j];
}
