// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels | FileCheck %s
// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels --remarks=all 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// Indexed vectors (sparse.tpl): a read through an index array is a lookup in a generic's
// body (gather, the sparse dot); a write through one is a scatter, matched on the loop
// nest the raising keeps (axpyi, counts). Each has a near miss, and the arrays a caller
// may overlap get the entry guard: the launch runs only when they are apart.

// CHECK-LABEL: func.func @gather(
// CHECK-SAME: %[[X:[^:]*]]: memref<?xf32> {llvm.noalias}, %[[IDX:[^:]*]]: memref<?xi32> {llvm.noalias}, %[[Y:[^:]*]]: memref<?xf32>
// CHECK: %[[IV:.*]] = memref.subview %[[IDX]][0]
// CHECK-NEXT: %[[YV:.*]] = memref.subview %[[Y]][0]
// CHECK-NEXT: "kernel.launch"(%[[YV]], %[[X]], %[[IV]]) {callee = @gather_f32, source_order_matches = true, template = "sparse.gather"}
// CHECK-NEXT: return
void gather(int n, int nz, const float x[restrict n], const int idx[restrict nz],
            float y[restrict nz])
{
  for (int k = 0; k < nz; k++)
    y[k] = x[idx[k]];
}

// Near miss: the element after each position.
// CHECK-LABEL: func.func @gather_next(
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
// REMARK: [[@LINE+5]]:5: remark: no template matches linalg.generic; closest sparse.gather: payload has 1 scalars or constants, the template 0
void gather_next(int n, int nz, const float x[restrict n], const int idx[restrict nz],
                 float y[restrict nz])
{
  for (int k = 0; k < nz; k++)
    y[k] = x[idx[k] + 1];
}

// Pointers a caller may overlap: the launch in the version that runs when x and y are apart,
// the source's loop in the other.
// CHECK-LABEL: func.func private @gather_alias.noalias(
// CHECK-SAME: %{{[^:]*}}: index, %[[X:[^:]*]]: memref<?xf32>, %[[IDX:[^:]*]]: memref<?xi32>, %[[Y:[^:]*]]: memref<?xf32>
// CHECK: %[[IV:.*]] = memref.subview %[[IDX]][0]
// CHECK-NEXT: %[[YV:.*]] = memref.subview %[[Y]][0]
// CHECK-NEXT: "kernel.launch"(%[[YV]], %[[X]], %[[IV]]) {callee = @gather_f32, source_order_matches = true, template = "sparse.gather"}
// CHECK-LABEL: func.func private @gather_alias.flat(
// CHECK-NOT: kernel.launch
// CHECK: affine.for
void gather_alias(int nz, const float *x, const int *idx, float *y)
{
  for (int k = 0; k < nz; k++)
    y[k] = x[idx[k]];
}

// A plain scatter (the last store at a repeated position wins) has no template.
// CHECK-LABEL: func.func @scatter(
// CHECK-NOT: kernel.launch
// CHECK: affine.for
// REMARK: [[@LINE+4]]:3: remark: no template matches the loop nest; closest sparse.scatter_add: payload sum has 1 terms, the template has 2
void scatter(int n, int nz, const double x[restrict nz], const int idx[restrict nz],
             double y[restrict n])
{
  for (int k = 0; k < nz; k++)
    y[idx[k]] = x[k];
}

// CHECK-LABEL: func.func @axpyi(
// CHECK-SAME: %[[ALPHA:[^:]*]]: f64, %[[X:[^:]*]]: memref<?xf64> {llvm.noalias}, %[[IDX:[^:]*]]: memref<?xi32> {llvm.noalias}, %[[Y:[^:]*]]: memref<?xf64>
// CHECK-NEXT: %[[XV:.*]] = memref.subview %[[X]][0]
// CHECK-NEXT: "kernel.launch"(%[[Y]], %[[XV]], %[[IDX]], %[[ALPHA]]) {callee = @axpyi_f64, source_order_matches = true, template = "sparse.axpyi"}
// CHECK-NEXT: return
void axpyi(int n, int nz, double alpha, const double x[restrict nz], const int idx[restrict nz],
           double y[restrict n])
{
  for (int k = 0; k < nz; k++)
    y[idx[k]] += alpha * x[k];
}

// CHECK-LABEL: func.func @scatter_add(
// CHECK-SAME: %[[X:[^:]*]]: memref<?xf32> {llvm.noalias}, %[[IDX:[^:]*]]: memref<?xi32> {llvm.noalias}, %[[Y:[^:]*]]: memref<?xf32>
// CHECK: %[[XV:.*]] = memref.subview %[[X]][0]
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: "kernel.launch"(%[[Y]], %[[XV]], %[[IDX]], %[[ONE]]) {alpha = 1.000000e+00 : f32, callee = @axpyi_f32, source_order_matches = true, template = "sparse.scatter_add"}
void scatter_add(int n, int nz, const float x[restrict nz], const int idx[restrict nz],
                 float y[restrict n])
{
  for (int k = 0; k < nz; k++)
    y[idx[k]] += x[k];
}

// Near miss: the sum reads y at k, not at the position it writes.
// CHECK-LABEL: func.func @axpyi_other(
// CHECK-NOT: kernel.launch
// CHECK: affine.for
// REMARK: [[@LINE+4]]:3: remark: no template matches the loop nest; closest sparse.scatter_add: payload has an operand where the template reads y[idx[k]]
void axpyi_other(int n, int nz, double alpha, const double x[restrict nz],
                 const int idx[restrict nz], double y[restrict n])
{
  for (int k = 0; k < nz; k++)
    y[idx[k]] = y[k] + alpha * x[k];
}

// CHECK-LABEL: func.func @doti(
// CHECK-SAME: %[[X:[^:]*]]: memref<?xf64> {llvm.noalias}, %[[IDX:[^:]*]]: memref<?xi32> {llvm.noalias}, %[[Y:[^:]*]]: memref<?xf64>
// CHECK: %[[R:.*]] = memref.alloca() : memref<f64>
// CHECK: %[[XV:.*]] = memref.subview %[[X]][0]
// CHECK-NEXT: %[[IV:.*]] = memref.subview %[[IDX]][0]
// CHECK-NEXT: %[[S:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: "kernel.launch"(%[[R]], %[[XV]], %[[IV]], %[[Y]], %[[S]]) {callee = @doti_init_f64, s = 0.000000e+00 : f64, source_order_matches = true, template = "sparse.doti_init"}
double doti(int n, int nz, const double x[restrict nz], const int idx[restrict nz],
            const double y[restrict n])
{
  double s = 0.0;
  for (int k = 0; k < nz; k++)
    s += x[k] * y[idx[k]];
  return s;
}

// Accumulating into an element: the dot adds to what r holds.
// CHECK-LABEL: func.func @doti_acc(
// CHECK-SAME: %[[X:[^:]*]]: memref<?xf64> {llvm.noalias}, %[[IDX:[^:]*]]: memref<?xi32> {llvm.noalias}, %[[Y:[^:]*]]: memref<?xf64> {llvm.noalias}, %[[R:[^:]*]]: memref<1xf64>
// CHECK: %[[XV:.*]] = memref.subview %[[X]][0]
// CHECK-NEXT: %[[IV:.*]] = memref.subview %[[IDX]][0]
// CHECK-NEXT: %[[RV:.*]] = memref.subview %[[R]][0]
// CHECK-NEXT: "kernel.launch"(%[[RV]], %[[XV]], %[[IV]], %[[Y]]) {callee = @doti_f64, source_order_matches = true, template = "sparse.doti"}
void doti_acc(int n, int nz, const double x[restrict nz], const int idx[restrict nz],
              const double y[restrict n], double r[restrict 1])
{
  for (int k = 0; k < nz; k++)
    r[0] += x[k] * y[idx[k]];
}

// Near miss: both vectors read through index arrays.
// CHECK-LABEL: func.func @doti_two(
// CHECK-NOT: kernel.launch
// CHECK: return
// REMARK: [[@LINE+5]]:3: remark: no template matches linalg.generic; closest red.sumsq_acc: payload has 2 'lookup', the template 0
double doti_two(int n, int nz, const double x[restrict n], const int ix[restrict nz],
                const int iy[restrict nz], const double y[restrict n])
{
  double s = 0.0;
  for (int k = 0; k < nz; k++)
    s += x[ix[k]] * y[iy[k]];
  return s;
}

// CHECK-LABEL: func.func @bincount(
// CHECK-SAME: %[[KEY:[^:]*]]: memref<?xi32> {llvm.noalias}, %[[COUNT:[^:]*]]: memref<?xi32>
// CHECK-NEXT: %[[KV:.*]] = memref.subview %[[KEY]][0]
// CHECK-NEXT: "kernel.launch"(%[[COUNT]], %[[KV]]) {callee = @bincount_i32, source_order_matches = true, template = "sparse.bincount"}
// CHECK-NEXT: return
void bincount(int nb, int n, const int key[restrict n], int count[restrict nb])
{
  for (int i = 0; i < n; i++)
    count[key[i]] += 1;
}

// Near miss: each key counts twice.
// CHECK-LABEL: func.func @bincount_twice(
// CHECK-NOT: kernel.launch
// CHECK: affine.for
// REMARK: [[@LINE+3]]:3: remark: no template matches the loop nest; closest sparse.bincount: payload has constant 2 where the template has 1
void bincount_twice(int nb, int n, const int key[restrict n], int count[restrict nb])
{
  for (int i = 0; i < n; i++)
    count[key[i]] += 2;
}

// The keys and the counts may be one array: counted by the launch only when they are apart.
// CHECK-LABEL: func.func private @bincount_alias.noalias(
// CHECK-SAME: %{{[^:]*}}: index, %[[KEY:[^:]*]]: memref<?xi32>, %[[COUNT:[^:]*]]: memref<?xi32>
// CHECK: %[[KV:.*]] = memref.subview %[[KEY]][0]
// CHECK-NEXT: "kernel.launch"(%[[COUNT]], %[[KV]]) {callee = @bincount_i32, source_order_matches = true, template = "sparse.bincount"}
// CHECK-LABEL: func.func private @bincount_alias.flat(
// CHECK-NOT: kernel.launch
// CHECK: affine.for
void bincount_alias(int n, const int *key, int *count)
{
  for (int i = 0; i < n; i++)
    count[key[i]]++;
}

// CHECK-LABEL: func.func @histogram(
// CHECK-SAME: %[[IMG:[^:]*]]: memref<?xi8> {llvm.noalias}, %[[H:[^:]*]]: memref<256xi32>
// CHECK-NEXT: %[[IV:.*]] = memref.subview %[[IMG]][0]
// CHECK-NEXT: "kernel.launch"(%[[H]], %[[IV]]) {callee = @histogram_i8, source_order_matches = true, template = "sparse.histogram"}
void histogram(int n, const unsigned char img[restrict n], int h[restrict 256])
{
  for (int i = 0; i < n; i++)
    h[img[i]]++;
}

// A COO product adds each entry's term into its row: a scatter whose value is a lookup.
// CHECK-LABEL: func.func @coo(
// CHECK-SAME: %[[ROW:[^:]*]]: memref<?xi32> {llvm.noalias}, %[[COL:[^:]*]]: memref<?xi32> {llvm.noalias}, %[[VAL:[^:]*]]: memref<?xf32> {llvm.noalias}, %[[X:[^:]*]]: memref<?xf32> {llvm.noalias}, %[[Y:[^:]*]]: memref<?xf32>
// CHECK-NEXT: %[[RV:.*]] = memref.subview %[[ROW]][0]
// CHECK-NEXT: "kernel.launch"(%[[Y]], %[[RV]], %[[COL]], %[[VAL]], %[[X]]) {callee = @coomv_acc_f32, source_order_matches = true, template = "sparse.coomv_acc"}
void coo(int m, int n, int nnz, const int row[restrict nnz], const int col[restrict nnz],
         const float val[restrict nnz], const float x[restrict n], float y[restrict m])
{
  for (int k = 0; k < nnz; k++)
    y[row[k]] += val[k] * x[col[k]];
}

// Near miss: the entry is added to x's element, not multiplied.
// CHECK-LABEL: func.func @coo_sum(
// CHECK-NOT: kernel.launch
// CHECK: affine.for
// REMARK: [[@LINE+4]]:3: remark: no template matches the loop nest; closest sparse.scatter_add: payload sum has 3 terms, the template has 2
void coo_sum(int m, int n, int nnz, const int row[restrict nnz], const int col[restrict nnz],
             const float val[restrict nnz], const float x[restrict n], float y[restrict m])
{
  for (int k = 0; k < nnz; k++)
    y[row[k]] += val[k] + x[col[k]];
}

// The summaries follow the remarks of the ops.
// REMARK: remark: match-kernels: @bincount_alias.noalias: coverage FULL, 1 launch(es), 0 residual op(s); launches guarded at entry (key and count apart)
