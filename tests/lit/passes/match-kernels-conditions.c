// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels --expressions=false --templates=%S/Inputs/condition-templates | FileCheck %s
// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels --expressions=false --templates=%S/Inputs/condition-templates --remarks=all 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// Templates with `c ? a : b` on integer comparisons, and a local folded over a loop
// (Inputs/condition-templates/conditions.tpl).

// A select that is no max or min is a conditional: the raised generic matches.
// CHECK-LABEL: func.func @threshold(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[T:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xi32> {llvm.noalias}, %[[Y:[a-z0-9_-]+]]: memref<?xi32> {llvm.noalias})
// CHECK-NEXT: %[[T_I32:[a-z0-9_-]+]] = arith.index_cast %[[T]] : index to i32
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_-]+}}] [1]
// CHECK-NEXT: %[[SY:[a-z0-9_-]+]] = memref.subview %[[Y]][0] [%{{[a-z0-9_-]+}}] [1]
// CHECK: "kernel.launch"(%[[SY]], %[[SX]], %[[T_I32]]) {callee = @threshold_i32, source_order_matches = true, template = "user.threshold"}
// CHECK-NOT: linalg.generic
void threshold(int n, int t, int x[restrict n], int y[restrict n])
{
  for (int i = 0; i < n; i++)
    y[i] = x[i] > t ? x[i] : 0;
}

// Near miss: `>=` where the template compares with `>`.
// CHECK-LABEL: func.func @threshold_or_equal(
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
void threshold_or_equal(int n, int t, int x[restrict n], int y[restrict n])
{
  for (int i = 0; i < n; i++)
    y[i] = x[i] >= t ? x[i] : 0;
}

// Near miss: `x > t ? x : t` is max(x, t), not the threshold's `x > t ? x : 0`.
// CHECK-LABEL: func.func @clipped(
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
void clipped(int n, int t, int x[restrict n], int y[restrict n])
{
  for (int i = 0; i < n; i++)
    y[i] = x[i] > t ? x[i] : t;
}

// A count folded over the loop (the loop carries it) and stored once. The raising makes
// r[0] the count's home (`r[] = 0`, then a guarded reduction into it); the template's
// derived form folds into r directly (binding/homed_local.py): one launch, which writes
// r[0] through a 0-d view of it.
// CHECK-LABEL: func.func @count_above(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[T:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xi32> {llvm.noalias}, %[[R:[a-z0-9_-]+]]: memref<1xi32> {llvm.noalias})
// CHECK-NEXT: %[[T_I32:[a-z0-9_-]+]] = arith.index_cast %[[T]] : index to i32
// CHECK: %[[SR:.*]] = memref.subview %[[R]][0] [1] [1] : memref<1xi32> to memref<i32, strided<[]>>
// CHECK-NEXT: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_-]+}}] [1]
// CHECK: "kernel.launch"(%[[SR]], %[[SX]], %[[T_I32]]) {callee = @count_above_i32, source_order_matches = true, template = "user.count_above"}
// CHECK-NOT: affine.for
// CHECK: return
void count_above(int n, int t, int x[restrict n], int r[restrict 1])
{
  int count = 0;
  for (int i = 0; i < n; i++)
    count = x[i] > t ? count + 1 : count;
  r[0] = count;
}

// Near miss: the count starts at 1.
// CHECK-LABEL: func.func @count_from_one(
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
void count_from_one(int n, int t, int x[restrict n], int r[restrict 1])
{
  int count = 1;
  for (int i = 0; i < n; i++)
    count = x[i] > t ? count + 1 : count;
  r[0] = count;
}

// REMARK: conditions.c:18:5: remark: matched user.threshold (1 op) -> @threshold_i32
// REMARK: conditions.c:28:5: remark: no template matches linalg.generic; closest user.threshold: the op compares otherwise than the template (x[i] > t)
// REMARK: conditions.c:38:5: remark: no template matches linalg.generic; closest sparse.gather: payload has 1 scalars or constants, the template 0
// REMARK: conditions.c:58:3: remark: matched user.count_above with count in r[] (2 ops) -> @count_above_i32
// REMARK: match-kernels: @count_from_one: coverage NONE
