// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels | FileCheck %s
// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels --remarks=all 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// A CSR matrix-vector product (sparse.csrmv): the row loop holds a loop bounded by data,
// `rowptr[i]` to `rowptr[i+1]` (an scf.for), which the template's loop program states
// (`for rowptr[i] <= k < rowptr[i+1]`); `x[col[k]]` is a lookup in x, whole. The launch
// takes y's m rows and the other arrays whole. The spellings users write match alike: a
// running sum in a local, `+=` into y[i] itself, the row's bounds first read into locals.

// CHECK-LABEL: func.func @csr_local(
// CHECK-SAME: %[[M:[^:]*]]: index, %[[PTR:[^:]*]]: memref<?xi32> {llvm.noalias}, %[[COL:[^:]*]]: memref<?xi32> {llvm.noalias}, %[[VAL:[^:]*]]: memref<?xf64> {llvm.noalias}, %[[X:[^:]*]]: memref<?xf64> {llvm.noalias}, %[[Y:[^:]*]]: memref<?xf64>
// CHECK-NEXT: %[[YV:.*]] = memref.subview %[[Y]][0] [%[[M]]] [1]
// CHECK-NEXT: "kernel.launch"(%[[YV]], %[[PTR]], %[[COL]], %[[VAL]], %[[X]]) {callee = @csrmv_f64, source_order_matches = true, template = "sparse.csrmv"}
// CHECK-NEXT: return
void csr_local(int m, const int *restrict rowptr, const int *restrict col,
               const double *restrict val, const double *restrict x, double *restrict y)
{
  for (int i = 0; i < m; i++) {
    double s = 0.0;
    for (int k = rowptr[i]; k < rowptr[i + 1]; k++)
      s += val[k] * x[col[k]];
    y[i] = s;
  }
}

// CHECK-LABEL: func.func @csr_into_y(
// CHECK-SAME: %[[M:[^:]*]]: index, %[[PTR:[^:]*]]: memref<?xi32> {llvm.noalias}, %[[COL:[^:]*]]: memref<?xi32> {llvm.noalias}, %[[VAL:[^:]*]]: memref<?xf32> {llvm.noalias}, %[[X:[^:]*]]: memref<?xf32> {llvm.noalias}, %[[Y:[^:]*]]: memref<?xf32>
// CHECK-NEXT: %[[YV:.*]] = memref.subview %[[Y]][0] [%[[M]]] [1]
// CHECK-NEXT: "kernel.launch"(%[[YV]], %[[PTR]], %[[COL]], %[[VAL]], %[[X]]) {callee = @csrmv_f32, source_order_matches = true, template = "sparse.csrmv"}
// CHECK-NEXT: return
void csr_into_y(int m, const int *restrict rowptr, const int *restrict col,
                const float *restrict val, const float *restrict x, float *restrict y)
{
  for (int i = 0; i < m; i++) {
    y[i] = 0.0f;
    for (int k = rowptr[i]; k < rowptr[i + 1]; k++)
      y[i] += val[k] * x[col[k]];
  }
}

// CHECK-LABEL: func.func @csr_bounds_first(
// CHECK-SAME: %[[M:[^:]*]]: index, %[[PTR:[^:]*]]: memref<?xi32> {llvm.noalias}, %[[COL:[^:]*]]: memref<?xi32> {llvm.noalias}, %[[VAL:[^:]*]]: memref<?xf64> {llvm.noalias}, %[[X:[^:]*]]: memref<?xf64> {llvm.noalias}, %[[Y:[^:]*]]: memref<?xf64>
// CHECK-NEXT: %[[YV:.*]] = memref.subview %[[Y]][0] [%[[M]]] [1]
// CHECK-NEXT: "kernel.launch"(%[[YV]], %[[PTR]], %[[COL]], %[[VAL]], %[[X]]) {callee = @csrmv_f64, source_order_matches = true, template = "sparse.csrmv"}
void csr_bounds_first(int m, const int *restrict rowptr, const int *restrict col,
                      const double *restrict val, const double *restrict x,
                      double *restrict y)
{
  for (int i = 0; i < m; i++) {
    int start = rowptr[i], end = rowptr[i + 1];
    double s = 0.0;
    for (int k = start; k < end; k++)
      s += val[k] * x[col[k]];
    y[i] = s;
  }
}

// Plain pointers a caller may overlap: the launch runs in the version where y is apart
// from val and x; the other keeps the loops.
// CHECK-LABEL: func.func private @csr_alias.noalias(
// CHECK-SAME: %[[M:[^:]*]]: index, %[[PTR:[^:]*]]: memref<?xi32>, %[[COL:[^:]*]]: memref<?xi32>, %[[VAL:[^:]*]]: memref<?xf64>, %[[X:[^:]*]]: memref<?xf64>, %[[Y:[^:]*]]: memref<?xf64>
// CHECK-NEXT: %[[YV:.*]] = memref.subview %[[Y]][0] [%[[M]]] [1]
// CHECK-NEXT: "kernel.launch"(%[[YV]], %[[PTR]], %[[COL]], %[[VAL]], %[[X]]) {callee = @csrmv_f64, source_order_matches = true, template = "sparse.csrmv"}
// CHECK-LABEL: func.func private @csr_alias.flat(
// CHECK-NOT: kernel.launch
// CHECK: scf.for
void csr_alias(int m, const int *rowptr, const int *col, const double *val, const double *x,
               double *y)
{
  for (int i = 0; i < m; i++) {
    double s = 0.0;
    for (int k = rowptr[i]; k < rowptr[i + 1]; k++)
      s += val[k] * x[col[k]];
    y[i] = s;
  }
}

// 1-based row pointers and columns (a Fortran-style structure): sparse.csrmv_one, whose
// rows run from rowptr[i] - 1.
// CHECK-LABEL: func.func @csr_one_based(
// CHECK-SAME: %[[M:[^:]*]]: index, %[[PTR:[^:]*]]: memref<?xi32> {llvm.noalias}, %[[COL:[^:]*]]: memref<?xi32> {llvm.noalias}, %[[VAL:[^:]*]]: memref<?xf64> {llvm.noalias}, %[[X:[^:]*]]: memref<?xf64> {llvm.noalias}, %[[Y:[^:]*]]: memref<?xf64>
// CHECK-NEXT: %[[YV:.*]] = memref.subview %[[Y]][0] [%[[M]]] [1]
// CHECK-NEXT: "kernel.launch"(%[[YV]], %[[PTR]], %[[COL]], %[[VAL]], %[[X]]) {callee = @csrmv_one_f64, source_order_matches = true, template = "sparse.csrmv_one"}
void csr_one_based(int m, const int *restrict rowptr, const int *restrict col,
                   const double *restrict val, const double *restrict x,
                   double *restrict y)
{
  for (int i = 0; i < m; i++) {
    double s = 0.0;
    for (int k = rowptr[i] - 1; k < rowptr[i + 1] - 1; k++)
      s += val[k] * x[col[k] - 1];
    y[i] = s;
  }
}

// Near miss: 1-based row pointers, 0-based columns.
// CHECK-LABEL: func.func @csr_mixed_base(
// CHECK-NOT: kernel.launch
// CHECK: scf.for
// REMARK: [[@LINE+4]]:3: remark: no template matches the loop nest; closest sparse.csrmv_one: statement 2 (s += (val[k] * x[(col[k] - 1)])): the nest has argument 2[k] where the template has (col[k] + -1)
void csr_mixed_base(int m, const int *restrict rowptr, const int *restrict col,
                    const double *restrict val, const double *restrict x, double *restrict y)
{
  for (int i = 0; i < m; i++) {
    double s = 0.0;
    for (int k = rowptr[i] - 1; k < rowptr[i + 1] - 1; k++)
      s += val[k] * x[col[k]];
    y[i] = s;
  }
}

// Near miss: each entry multiplies x twice.
// CHECK-LABEL: func.func @csr_squared(
// CHECK-NOT: kernel.launch
// CHECK: scf.for
// REMARK: [[@LINE+4]]:3: remark: no template matches the loop nest; closest sparse.csrmv: statement 2 (s += (val[k] * x[col[k]])): the nest has (argument 3[k] * lookup(argument 4[], argument 2[k])) where the template has val[k]
void csr_squared(int m, const int *restrict rowptr, const int *restrict col,
                 const double *restrict val, const double *restrict x, double *restrict y)
{
  for (int i = 0; i < m; i++) {
    double s = 0.0;
    for (int k = rowptr[i]; k < rowptr[i + 1]; k++)
      s += val[k] * x[col[k]] * x[col[k]];
    y[i] = s;
  }
}

// Adding into y[i] as it is: y = y + A x, each row's sum started from y[i].
// CHECK-LABEL: func.func @csr_accumulate(
// CHECK-SAME: %[[M:[^:]*]]: index, %[[PTR:[^:]*]]: memref<?xi32> {llvm.noalias}, %[[COL:[^:]*]]: memref<?xi32> {llvm.noalias}, %[[VAL:[^:]*]]: memref<?xf64> {llvm.noalias}, %[[X:[^:]*]]: memref<?xf64> {llvm.noalias}, %[[Y:[^:]*]]: memref<?xf64>
// CHECK-NEXT: %[[YV:.*]] = memref.subview %[[Y]][0] [%[[M]]] [1]
// CHECK-NEXT: "kernel.launch"(%[[YV]], %[[PTR]], %[[COL]], %[[VAL]], %[[X]]) {callee = @csrmv_acc_f64, source_order_matches = true, template = "sparse.csrmv_acc"}
void csr_accumulate(int m, const int *restrict rowptr, const int *restrict col,
                    const double *restrict val, const double *restrict x,
                    double *restrict y)
{
  for (int i = 0; i < m; i++)
    for (int k = rowptr[i]; k < rowptr[i + 1]; k++)
      y[i] += val[k] * x[col[k]];
}

// y = alpha A x + beta y, the scaled terms in either order.
// CHECK-LABEL: func.func @csr_axpby(
// CHECK-SAME: %[[M:[^:]*]]: index, %[[A:[^:]*]]: f32, %[[B:[^:]*]]: f32, %[[PTR:[^:]*]]: memref<?xi32> {llvm.noalias}, %[[COL:[^:]*]]: memref<?xi32> {llvm.noalias}, %[[VAL:[^:]*]]: memref<?xf32> {llvm.noalias}, %[[X:[^:]*]]: memref<?xf32> {llvm.noalias}, %[[Y:[^:]*]]: memref<?xf32>
// CHECK-NEXT: %[[YV:.*]] = memref.subview %[[Y]][0] [%[[M]]] [1]
// CHECK-NEXT: "kernel.launch"(%[[YV]], %[[PTR]], %[[COL]], %[[VAL]], %[[X]], %[[A]], %[[B]]) {callee = @csrmv_axpby_f32, source_order_matches = true, template = "sparse.csrmv_axpby"}
void csr_axpby(int m, float alpha, float beta, const int *restrict rowptr,
               const int *restrict col, const float *restrict val, const float *restrict x,
               float *restrict y)
{
  for (int i = 0; i < m; i++) {
    float s = 0.0f;
    for (int k = rowptr[i]; k < rowptr[i + 1]; k++)
      s += val[k] * x[col[k]];
    y[i] = beta * y[i] + alpha * s;
  }
}

// Near miss: y[i] is added unscaled.
// CHECK-LABEL: func.func @csr_unscaled(
// CHECK-NOT: kernel.launch
// CHECK: scf.for
void csr_unscaled(int m, float alpha, const int *restrict rowptr, const int *restrict col,
                  const float *restrict val, const float *restrict x, float *restrict y)
{
  for (int i = 0; i < m; i++) {
    float s = 0.0f;
    for (int k = rowptr[i]; k < rowptr[i + 1]; k++)
      s += val[k] * x[col[k]];
    y[i] = alpha * s + y[i];
  }
}

// The summaries follow the remarks of the ops.
// REMARK: remark: match-kernels: @csr_alias.noalias: coverage FULL, 1 launch(es), 0 residual op(s); launches guarded at entry (val and y, x and y apart)
