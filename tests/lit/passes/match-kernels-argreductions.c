// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels | FileCheck %s
// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels --remarks=missed 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// The index of the extremum: a loop carrying a value and an index under one comparison
// is raised to one two-output linalg.generic and matched as red.argmax and its kin.

// From x[0], i from 1, returned: the index is the view's point plus 1.
// CHECK-LABEL: func.func @argmax_first(
// CHECK-SAME: %[[X:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[N:[a-z0-9_-]+]]: index
// CHECK-DAG: %[[K:[a-z0-9_]+]] = memref.alloca() : memref<i32>
// CHECK-DAG: %[[R:[a-z0-9_]+]] = memref.alloca() : memref<f32>
// CHECK: %[[S:[a-z0-9_]+]] = affine.load %[[X]][0]
// CHECK: %[[SX:[a-z0-9_]+]] = memref.subview %[[X]][1] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[T:[a-z0-9_]+]] = arith.constant 0 : i32
// CHECK: %[[B:[a-z0-9_]+]] = arith.constant 1 : i32
// CHECK: "kernel.launch"(%[[R]], %[[K]], %[[SX]], %[[S]], %[[T]], %[[B]]) {base = 1 : i32, callee = @argmax_f32, source_order_matches = true, t = 0 : i32, template = "red.argmax"}
// CHECK-NOT: linalg.generic
int argmax_first(const float *restrict x, int n)
{
  int k = 0;
  float m = x[0];
  for (int i = 1; i < n; i++)
    if (x[i] > m) { m = x[i]; k = i; }
  return k;
}

// From scalars, i from 0, the `?:` form (two comparisons that compute the same), argmin
// on doubles, stored through a pointer.
// CHECK-LABEL: func.func @argmin_select(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias}, %[[OUT:[a-z0-9_-]+]]: memref<?xi32> {llvm.noalias}
// CHECK: %[[R:[a-z0-9_]+]] = memref.alloca() : memref<f64>
// CHECK: %[[SX:[a-z0-9_]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[K:[a-z0-9_]+]] = memref.subview %[[OUT]][0] [1] [1] : memref<?xi32> to memref<i32, strided<[]>>
// CHECK: %[[S:[a-z0-9_]+]] = arith.constant 1.797{{.*}} : f64
// CHECK: %[[T:[a-z0-9_-]+]] = arith.constant -1 : i32
// CHECK: %[[B:[a-z0-9_]+]] = arith.constant 0 : i32
// CHECK: "kernel.launch"(%[[R]], %[[K]], %[[SX]], %[[S]], %[[T]], %[[B]]) {base = 0 : i32, callee = @argmin_f64, {{.*}}template = "red.argmin0"}
// CHECK-NOT: linalg.generic
void argmin_select(int n, const double *restrict x, int *restrict out)
{
  int k = -1;
  double m = 1.7976931348623157e308;
  for (int i = 0; i < n; i++) {
    k = (x[i] < m) ? i : k;
    m = (x[i] < m) ? x[i] : m;
  }
  out[0] = k;
}

// The magnitudes (BLAS's i?amax, 0-based), `m < fabsf(x[i])` written the other way round.
// CHECK-LABEL: func.func @iamax(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[OUT:[a-z0-9_-]+]]: memref<?xi32> {llvm.noalias}
// CHECK: %[[R:[a-z0-9_]+]] = memref.alloca() : memref<f32>
// CHECK: %[[S:[a-z0-9_]+]] = math.absf
// CHECK: %[[SX:[a-z0-9_]+]] = memref.subview %[[X]][1] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[K:[a-z0-9_]+]] = memref.subview %[[OUT]][0] [1] [1] : memref<?xi32> to memref<i32, strided<[]>>
// CHECK: %[[T:[a-z0-9_]+]] = arith.constant 0 : i32
// CHECK: %[[B:[a-z0-9_]+]] = arith.constant 1 : i32
// CHECK: "kernel.launch"(%[[R]], %[[K]], %[[SX]], %[[S]], %[[T]], %[[B]]) {base = 1 : i32, callee = @iamax_f32, source_order_matches = true, t = 0 : i32, template = "red.iamax"}
void iamax(int n, const float *restrict x, int *restrict out)
{
  int k = 0;
  float m = fabsf(x[0]);
  for (int i = 1; i < n; i++)
    if (m < fabsf(x[i])) { m = fabsf(x[i]); k = i; }
  out[0] = k;
}

// The other forms: each template, from x[0] (i from 1) or from scalars (i from 0).

// CHECK-LABEL: func.func @argmax_scalar(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[OUT:[a-z0-9_-]+]]: memref<?xi32> {llvm.noalias}
// CHECK: %[[R:[a-z0-9_]+]] = memref.alloca() : memref<f32>
// CHECK: %[[SX:[a-z0-9_]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[K:[a-z0-9_]+]] = memref.subview %[[OUT]][0] [1] [1]
// CHECK: %[[S:[a-z0-9_]+]] = arith.constant {{.*}} : f32
// CHECK: %[[T:[a-z0-9_-]+]] = arith.constant {{-?[0-9]+}} : i32
// CHECK: %[[B:[a-z0-9_]+]] = arith.constant 0 : i32
// CHECK: "kernel.launch"(%[[R]], %[[K]], %[[SX]], %[[S]], %[[T]], %[[B]]) {base = 0 : i32, callee = @argmax_f32, {{.*}}template = "red.argmax0"}
void argmax_scalar(int n, const float *restrict x, int *restrict out)
{
  int k = -1;
  float m = -1.0;
  for (int i = 0; i < n; i++)
    if (x[i] > m) { m = x[i]; k = i; }
  out[0] = k;
}

// CHECK-LABEL: func.func @argmin_first(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias}, %[[OUT:[a-z0-9_-]+]]: memref<?xi32> {llvm.noalias}
// CHECK: %[[R:[a-z0-9_]+]] = memref.alloca() : memref<f64>
// CHECK: %[[S:[a-z0-9_]+]] = affine.load %[[X]][0]
// CHECK: %[[SX:[a-z0-9_]+]] = memref.subview %[[X]][1] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[K:[a-z0-9_]+]] = memref.subview %[[OUT]][0] [1] [1]
// CHECK: %[[T:[a-z0-9_-]+]] = arith.constant {{-?[0-9]+}} : i32
// CHECK: %[[B:[a-z0-9_]+]] = arith.constant 1 : i32
// CHECK: "kernel.launch"(%[[R]], %[[K]], %[[SX]], %[[S]], %[[T]], %[[B]]) {base = 1 : i32, callee = @argmin_f64, {{.*}}template = "red.argmin"}
void argmin_first(int n, const double *restrict x, int *restrict out)
{
  int k = 0;
  double m = x[0];
  for (int i = 1; i < n; i++)
    if (x[i] < m) { m = x[i]; k = i; }
  out[0] = k;
}

// CHECK-LABEL: func.func @iamax_scalar(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias}, %[[OUT:[a-z0-9_-]+]]: memref<?xi32> {llvm.noalias}
// CHECK: %[[R:[a-z0-9_]+]] = memref.alloca() : memref<f64>
// CHECK: %[[SX:[a-z0-9_]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[K:[a-z0-9_]+]] = memref.subview %[[OUT]][0] [1] [1]
// CHECK: %[[S:[a-z0-9_]+]] = arith.constant {{.*}} : f64
// CHECK: %[[T:[a-z0-9_-]+]] = arith.constant {{-?[0-9]+}} : i32
// CHECK: %[[B:[a-z0-9_]+]] = arith.constant 0 : i32
// CHECK: "kernel.launch"(%[[R]], %[[K]], %[[SX]], %[[S]], %[[T]], %[[B]]) {base = 0 : i32, callee = @iamax_f64, {{.*}}template = "red.iamax0"}
void iamax_scalar(int n, const double *restrict x, int *restrict out)
{
  int k = -1;
  double m = -1.0;
  for (int i = 0; i < n; i++)
    if (fabs(x[i]) > m) { m = fabs(x[i]); k = i; }
  out[0] = k;
}

// CHECK-LABEL: func.func @iamin_first(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[OUT:[a-z0-9_-]+]]: memref<?xi32> {llvm.noalias}
// CHECK: %[[R:[a-z0-9_]+]] = memref.alloca() : memref<f32>
// CHECK: %[[S:[a-z0-9_]+]] = math.absf
// CHECK: %[[SX:[a-z0-9_]+]] = memref.subview %[[X]][1] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[K:[a-z0-9_]+]] = memref.subview %[[OUT]][0] [1] [1]
// CHECK: %[[T:[a-z0-9_-]+]] = arith.constant {{-?[0-9]+}} : i32
// CHECK: %[[B:[a-z0-9_]+]] = arith.constant 1 : i32
// CHECK: "kernel.launch"(%[[R]], %[[K]], %[[SX]], %[[S]], %[[T]], %[[B]]) {base = 1 : i32, callee = @iamin_f32, {{.*}}template = "red.iamin"}
void iamin_first(int n, const float *restrict x, int *restrict out)
{
  int k = 0;
  float m = fabsf(x[0]);
  for (int i = 1; i < n; i++)
    if (fabsf(x[i]) < m) { m = fabsf(x[i]); k = i; }
  out[0] = k;
}

// CHECK-LABEL: func.func @iamin_scalar(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias}, %[[OUT:[a-z0-9_-]+]]: memref<?xi32> {llvm.noalias}
// CHECK: %[[R:[a-z0-9_]+]] = memref.alloca() : memref<f64>
// CHECK: %[[SX:[a-z0-9_]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[K:[a-z0-9_]+]] = memref.subview %[[OUT]][0] [1] [1]
// CHECK: %[[S:[a-z0-9_]+]] = arith.constant {{.*}} : f64
// CHECK: %[[T:[a-z0-9_-]+]] = arith.constant {{-?[0-9]+}} : i32
// CHECK: %[[B:[a-z0-9_]+]] = arith.constant 0 : i32
// CHECK: "kernel.launch"(%[[R]], %[[K]], %[[SX]], %[[S]], %[[T]], %[[B]]) {base = 0 : i32, callee = @iamin_f64, {{.*}}template = "red.iamin0"}
void iamin_scalar(int n, const double *restrict x, int *restrict out)
{
  int k = -1;
  double m = 1e30;
  for (int i = 0; i < n; i++)
    if (fabs(x[i]) < m) { m = fabs(x[i]); k = i; }
  out[0] = k;
}

// Near misses. `>=` keeps the last occurrence: not this form.
// CHECK-LABEL: func.func @argmax_last(
// CHECK-NOT: kernel.launch
// CHECK: return
// REMARK-DAG: {{.*}}:[[# @LINE + 5]]:3: remark: not raised: loop with several iter_args values or uses
int argmax_last(const float *restrict x, int n)
{
  int k = 0;
  float m = x[0];
  for (int i = 1; i < n; i++)
    if (x[i] >= m) { m = x[i]; k = i; }
  return k;
}

// Another array kept than the one compared.
// CHECK-LABEL: func.func @other_array(
// CHECK-NOT: kernel.launch
// CHECK: return
// REMARK-DAG: {{.*}}:[[# @LINE + 6]]:25: remark: not raised: a branch reads an element that the body does not read whichever way it goes
int other_array(const float *restrict x, const float *restrict y, int n)
{
  int k = 0;
  float m = x[0];
  for (int i = 1; i < n; i++)
    if (x[i] > m) { m = y[i]; k = i; }
  return k;
}

// The index kept is not the counter.
// CHECK-LABEL: func.func @not_the_counter(
// CHECK-NOT: kernel.launch
// CHECK: return
// REMARK-DAG: {{.*}}:[[# @LINE + 5]]:3: remark: not raised: loop with several iter_args values or uses
int not_the_counter(const float *restrict x, int n)
{
  int k = 0;
  float m = x[0];
  for (int i = 1; i < n; i++)
    if (x[i] > m) { m = x[i]; k = i + 1; }
  return k;
}

// Value and index under different comparisons.
// CHECK-LABEL: func.func @two_comparisons(
// CHECK-NOT: kernel.launch
// CHECK: return
// REMARK-DAG: {{.*}}:[[# @LINE + 5]]:3: remark: not raised: loop with several iter_args values or uses
int two_comparisons(const float *restrict x, int n)
{
  int k = 0;
  float m = x[0];
  for (int i = 1; i < n; i++) {
    k = (x[i] > m) ? i : k;
    m = (x[i] < m) ? x[i] : m;
  }
  return k;
}

// The element stored is read between the loop and the store: the launch writes a
// buffer of its own and the store stays where C put it (writing out[0] in place would
// hand old[0] the new index).
// CHECK-LABEL: func.func @read_between(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[OUT:[a-z0-9_-]+]]: memref<?xi32> {llvm.noalias}, %[[OLD:[a-z0-9_-]+]]: memref<?xi32> {llvm.noalias}
// CHECK: %[[K:[a-z0-9_]+]] = memref.alloca() : memref<i32>
// CHECK: %[[R:[a-z0-9_]+]] = memref.alloca() : memref<f32>
// CHECK: %[[SX:[a-z0-9_]+]] = memref.subview %[[X]][0]
// CHECK: %[[S:[a-z0-9_]+]] = arith.constant -1.000000e+00 : f32
// CHECK: %[[T:[a-z0-9_-]+]] = arith.constant -1 : i32
// CHECK: %[[B:[a-z0-9_]+]] = arith.constant 0 : i32
// CHECK: "kernel.launch"(%[[R]], %[[K]], %[[SX]], %[[S]], %[[T]], %[[B]]) {{{.*}}template = "red.argmax0"}
// CHECK-NEXT: %[[NEW:[0-9]+]] = affine.load %[[K]][] : memref<i32>
// CHECK-NEXT: %[[PREV:[0-9]+]] = affine.load %[[OUT]][0] : memref<?xi32>
// CHECK-NEXT: affine.store %[[PREV]], %[[OLD]][0] : memref<?xi32>
// CHECK-NEXT: affine.store %[[NEW]], %[[OUT]][0] : memref<?xi32>
void read_between(int n, const float *restrict x, int *restrict out, int *restrict old)
{
  int k = -1;
  float m = -1.0f;
  for (int i = 0; i < n; i++)
    if (x[i] > m) { m = x[i]; k = i; }
  old[0] = out[0];
  out[0] = k;
}

// The largest value is stored into x itself (past the elements the loop reads): the
// launch writes a buffer of its own, never an element of the array it reads.
// CHECK-LABEL: func.func @into_the_input(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[OUT:[a-z0-9_-]+]]: memref<?xi32> {llvm.noalias}
// CHECK: %[[R:[a-z0-9_]+]] = memref.alloca() : memref<f32>
// CHECK: %[[SX:[a-z0-9_]+]] = memref.subview %[[X]][0]
// CHECK: %[[K:[a-z0-9_]+]] = memref.subview %[[OUT]][0] [1] [1]
// CHECK: %[[S:[a-z0-9_]+]] = arith.constant -1.000000e+00 : f32
// CHECK: %[[T:[a-z0-9_-]+]] = arith.constant -1 : i32
// CHECK: %[[B:[a-z0-9_]+]] = arith.constant 0 : i32
// CHECK: "kernel.launch"(%[[R]], %[[K]], %[[SX]], %[[S]], %[[T]], %[[B]]) {{{.*}}template = "red.argmax0"}
// CHECK-NEXT: %[[M:[0-9]+]] = affine.load %[[R]][] : memref<f32>
// CHECK-NEXT: affine.store %[[M]], %[[X]][symbol(%[[N]])] : memref<?xf32>
void into_the_input(int n, float *restrict x, int *restrict out)
{
  int k = -1;
  float m = -1.0f;
  float *top = x + n;
  for (int i = 0; i < n; i++)
    if (x[i] > m) { m = x[i]; k = i; }
  out[0] = k;
  top[0] = m;
}
