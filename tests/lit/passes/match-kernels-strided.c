// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels --expressions=false | FileCheck %s
// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels --expressions=false --remarks=missed 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// BLAS-1 with strides (`Y[i*INCY] = X[i*INCX]`, the increments constants after inlining
// or in the source): a vector the loop steps through by more than one element is the
// template's vector with that increment; the launch takes the op's strided view. The
// near misses at the end stay generics.

// CHECK-LABEL: func.func @copy_from_every_other(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[Y:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [2] : memref<?xf32> to memref<?xf32, strided<[2]>>
// CHECK: %[[SY:[a-z0-9_-]+]] = memref.subview %[[Y]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SY]], %[[SX]]) {callee = @copy_f32, source_order_matches = true, template = "blas.copy"} : (memref<?xf32, strided<[1]>>, memref<?xf32, strided<[2]>>) -> ()
// CHECK-NOT: linalg.generic
void copy_from_every_other(int n, float *restrict x, float *restrict y)
{
  for (int i = 0; i < n; i++)
    y[i] = x[i * 2];
}

// Both increments, and an offset: x from its second element, three apart.
// CHECK-LABEL: func.func @axpy_strided(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: f64, %[[X:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias}, %[[Y:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias}
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][1] [%{{[a-z0-9_]+}}] [3] : memref<?xf64> to memref<?xf64, strided<[3], offset: 1>>
// CHECK: %[[SY:[a-z0-9_-]+]] = memref.subview %[[Y]][0] [%{{[a-z0-9_]+}}] [2] : memref<?xf64> to memref<?xf64, strided<[2]>>
// CHECK: "kernel.launch"(%[[SY]], %[[SX]], %[[A]]) {callee = @axpy_f64, source_order_matches = true, template = "blas.axpy"}
// CHECK-NOT: linalg.generic
void axpy_strided(int n, double a, double *restrict x, double *restrict y)
{
  for (int i = 0; i < n; i++)
    y[i * 2] += a * x[3 * i + 1];
}

// In place, every other element.
// CHECK-LABEL: func.func @scal_every_other(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: f32, %[[X:[a-z0-9_-]+]]: memref<?xf32>
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [2] : memref<?xf32> to memref<?xf32, strided<[2]>>
// CHECK: "kernel.launch"(%[[SX]], %[[A]]) {callee = @scal_f32, source_order_matches = true, template = "blas.scal"} : (memref<?xf32, strided<[2]>>, f32) -> ()
// CHECK-NOT: linalg.generic
void scal_every_other(int n, float a, float *x)
{
  for (int i = 0; i < n; i++)
    x[i * 2] *= a;
}

// Two template vectors may be views of one array at different steps: x[2i] and x[i]
// are both read, nothing is written to x.
// CHECK-LABEL: func.func @two_steps(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[Z:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}
// CHECK: %[[S2:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [2]
// CHECK: %[[S1:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SZ:[a-z0-9_-]+]] = memref.subview %[[Z]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SZ]], %[[S2]], %[[S1]]) {callee = @add_f32, source_order_matches = true, template = "ew.add"}
void two_steps(int n, float *restrict x, float *restrict z)
{
  for (int i = 0; i < n; i++)
    z[i] = x[2 * i] + x[i];
}

// Near miss: the output every other element of the array the op reads at every
// element: the strided view's elements are not proven apart from the input's.
// REMARK: [[@LINE+7]]:5: remark: no template matches linalg.generic; closest ew.muls: output z aliases x
// CHECK-LABEL: func.func @scale_into_every_other(
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
void scale_into_every_other(int n, float a, float *restrict x)
{
  for (int i = 0; i < n; i++)
    x[2 * i + 2 * n] = a * x[i];
}

// Near miss: a matrix stepped through by two in its rows: a matrix's rows are contiguous
// in the shim's ABI, so only a vector takes a step.
// REMARK: [[@LINE+7]]:7: remark: no template matches linalg.generic; closest blas.copy2d: the op steps by 2 through the array where the template's 'j' steps by 1
// CHECK-LABEL: func.func @copy2d_strided(
// CHECK: linalg.generic
void copy2d_strided(float a[restrict 64][128], float b[restrict 64][64])
{
  for (int i = 0; i < 64; i++)
    for (int j = 0; j < 64; j++)
      b[i][j] = a[i][2 * j];
}

// Near miss: `-` for `+` in the strided axpy.
// REMARK: [[@LINE+6]]:5: remark: no template matches linalg.generic; closest ew.subs: the op reads its output, the template overwrites z[i]
// CHECK-LABEL: func.func @axpy_minus(
// CHECK: linalg.generic
void axpy_minus(int n, float a, float *restrict x, float *restrict y)
{
  for (int i = 0; i < n; i++)
    y[i * 2] -= a * x[i * 2];
}

// Found by polylift fuzz (issue 22): the store walks the array's middle and first dims
// for one index of its last, so the 2-D view steps by 4 elements along its rows; the
// shim ABI passes only leading dimensions, and no backend could lower the launch. The
// generic stays, with the reason.
// REMARK: [[@LINE+9]]:7: remark: not matched: blas.fill2d: array 'A' (memref<6x7xf32, strided<[28, 4], offset: ?>>) has an innermost stride that is not statically 1
// REMARK-NOT: no template matches linalg.generic; closest blas.fill2d
// CHECK-LABEL: func.func @fill_across_the_last_dim(
// CHECK: linalg.generic
// CHECK-NOT: kernel.launch
void fill_across_the_last_dim(int i, float d[restrict 6][7][4])
{
  for (int j = 0; j < 6; j++)
    for (int k = 0; k < 7; k++)
      d[j][k][i] = 2.0f;
}

// The same with one element along the middle dim: a stride of a dim of one element is
// never used, so the launch takes the view.
// CHECK-LABEL: func.func @fill_one_column_across_the_last_dim(
// CHECK-SAME: %[[I:[a-z0-9_-]+]]: index, %[[D:[a-z0-9_-]+]]: memref<6x1x4xf32> {llvm.noalias}
// CHECK: %[[SD:[a-z0-9_-]+]] = memref.subview %[[D]][0, 0, %[[I]]] [6, 1, 1] [1, 1, 1]
// CHECK: %[[SD2:[a-z0-9_-]+]] = memref.subview %[[SD]][0, 0, 0] [6, 1, 1] [1, 1, 1]
// CHECK: %[[TWO:[a-z0-9_]+]] = arith.constant 2.000000e+00 : f32
// CHECK: "kernel.launch"(%[[SD2]], %[[TWO]]) {alpha = 2.000000e+00 : f32, callee = @fill2d_f32, source_order_matches = true, template = "blas.fill2d"}
void fill_one_column_across_the_last_dim(int i, float d[restrict 6][1][4])
{
  for (int j = 0; j < 6; j++)
    for (int k = 0; k < 1; k++)
      d[j][k][i] = 2.0f;
}
