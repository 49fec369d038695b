// RUN: polylift-cc %s --function=atom_local | FileCheck %s --check-prefix=LOCAL
// RUN: polylift-cc %s --function=atom_groups | FileCheck %s --check-prefix=GROUPS
// RUN: polylift-cc %s --function=atom_argument | FileCheck %s --check-prefix=ARG
// RUN: polylift-cc %s --function=reassigned_later | FileCheck %s --check-prefix=LATER
// RUN: polylift-cc %s --function=reassigned_later -o %t.later.mlir
// RUN: polylift-opt %t.later.mlir --raise-affine-to-linalg --remarks=missed 2>&1 >/dev/null | FileCheck %s --check-prefix=LATER-RAISE
// RUN: polylift-cc %s --function=reassigned_in_loop | FileCheck %s --check-prefix=INLOOP
// RUN: polylift-cc %s --function=reassigned_in_loop -o %t.inloop.mlir
// RUN: polylift-opt %t.inloop.mlir --raise-affine-to-linalg --remarks=missed 2>&1 >/dev/null | FileCheck %s --check-prefix=INLOOP-RAISE

// A local set once from parameters by a division (no polynomial) is an entry atom: it
// is computed at the entry as C computes it (the division made safe), the inner loop is
// bounded by it and the subscript g*n + i delinearises with stride n.
void atom_local(int a, int b, int batch, float *restrict x)
{
  int n = a / b;
  for (int g = 0; g < batch; g++)
    for (int i = 0; i < n; i++)
      x[g * n + i] = 1.0f;
}
// LOCAL-LABEL: func.func @atom_local(
// LOCAL: %[[Q:.*]] = arith.divsi %{{.*}}, %{{.*}} : i32
// LOCAL: %[[R:.*]] = arith.select %{{.*}}, %{{.*}}, %[[Q]] : i32
// LOCAL-NEXT: %[[N:.*]] = arith.index_cast %[[R]] : i32 to index
// LOCAL: memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [%{{.*}}, %{{.*}}], strides: [%[[N]], 1]
// LOCAL-LABEL: func.func private @atom_local.delinearized(
// LOCAL-SAME: %[[BATCH:[a-z0-9]+]]: index loc({{[^)]*}}:35)
// LOCAL-SAME: %[[X:[a-z0-9]+]]: memref<?x?xf32, strided<[?, 1]>>
// LOCAL: %[[Q2:.*]] = arith.divsi %{{.*}}, %{{.*}} : i32
// LOCAL: %[[R2:.*]] = arith.select %{{.*}}, %{{.*}}, %[[Q2]] : i32
// LOCAL-NEXT: %[[N2:.*]] = arith.index_cast %[[R2]] : i32 to index
// LOCAL: affine.for %[[G:arg[0-9]+]] {{.*}}= 0 to %[[BATCH]] {
// LOCAL-NEXT: affine.for %[[I:arg[0-9]+]] {{.*}}= 0 to %[[N2]] {
// LOCAL-NEXT: arith.constant
// LOCAL-NEXT: affine.store %{{.*}}, %[[X]][%[[G]], %[[I]]]

// The softmax layer's layout: groups of n = inputs / groups values. The atom is an
// integer of any value to the strided view's guard, which tests inputs >= n * groups
// (with n >= 0 and inputs >= 0) at run time, in the dispatcher, on the atom's own ops.
void atom_groups(int batch, int inputs, int groups, float *restrict x, float *restrict y)
{
  int n = inputs / groups;
  for (int b = 0; b < batch; ++b)
    for (int g = 0; g < groups; ++g)
      for (int i = 0; i < n; ++i)
        y[b * inputs + g * n + i] = x[b * inputs + g * n + i] * 2.0f;
}
// GROUPS-LABEL: func.func @atom_groups(
// GROUPS-SAME: %{{[a-z0-9]+}}: index loc({{[^)]*}}:22)
// GROUPS-SAME: %[[INPUTS:[a-z0-9]+]]: index loc({{[^)]*}}:33)
// GROUPS-SAME: %[[GROUPS:[a-z0-9]+]]: index loc({{[^)]*}}:45)
// GROUPS: %[[N:.*]] = arith.index_cast %{{.*}} : i32 to index
// GROUPS-NEXT: %[[SPAN:.*]] = arith.muli %[[N]], %[[GROUPS]] : index
// GROUPS-NEXT: %{{.*}} = arith.cmpi sge, %[[INPUTS]], %[[SPAN]] : index
// GROUPS: scf.if
// GROUPS: memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [%{{.*}}, %{{.*}}, %{{.*}}], strides: [%[[INPUTS]], %[[N]], 1]
// GROUPS: call @atom_groups.delinearized(
// GROUPS: } else {
// GROUPS-NEXT: call @atom_groups.flat(
// GROUPS-LABEL: func.func private @atom_groups.delinearized(
// GROUPS: affine.load %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] : memref<?x?x?xf32, strided<[?, ?, 1]>>
// GROUPS: affine.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] : memref<?x?x?xf32, strided<[?, ?, 1]>>

// A callee's parameter bound to such an expression (a shift) after inlining: the same.
static void fill(float *y, int n, int rows)
{
  for (int r = 0; r < rows; r++)
    for (int j = 0; j < n; j++)
      y[r * n + j] = 2.0f;
}

void atom_argument(int a, int rows, float *restrict x)
{
  fill(x, a >> 2, rows);
}
// ARG-LABEL: func.func private @atom_argument.delinearized(
// ARG-SAME: %[[ROWS:[a-z0-9]+]]: index loc({{[^)]*}}:31)
// ARG-SAME: %[[X:[a-z0-9]+]]: memref<?x?xf32, strided<[?, 1]>>
// ARG: %[[S:.*]] = arith.shrsi %{{.*}}, %{{.*}} : i32
// ARG-NEXT: %[[N:.*]] = arith.index_cast %[[S]] : i32 to index
// ARG-NEXT: affine.for %[[R:arg[0-9]+]] {{.*}}= 0 to %[[ROWS]] {
// ARG-NEXT: affine.for %[[J:arg[0-9]+]] {{.*}}= 0 to %[[N]] {
// ARG-NEXT: arith.constant
// ARG-NEXT: affine.store %{{.*}}, %[[X]][%[[R]], %[[J]]]

// Near miss: n is assigned again after the loop, so it stands for no atom; the
// subscript g*n + i stays C's arithmetic on the flat pointer.
void reassigned_later(int a, int b, int batch, float *restrict x)
{
  int n = a / b;
  for (int g = 0; g < batch; g++)
    for (int i = 0; i < n; i++)
      x[g * n + i] = 1.0f;
  n = a / (b + 1);
  x[n] = 3.0f;
}
// LATER-LABEL: func.func @reassigned_later(
// LATER-SAME: %{{[a-z0-9]+}}: memref<?xf32> {llvm.noalias}
// LATER-NOT: delinearized
// LATER: affine.for
// LATER: affine.for
// LATER: %[[SUB:.*]] = arith.index_cast %{{.*}} : i32 to index
// LATER-NEXT: memref.store %{{.*}}, %{{.*}}[%[[SUB]]] : memref<?xf32>
// LATER-RAISE: entry-atoms.c:[[@LINE-11]]:7: remark: not raised: 'memref.store' has a subscript that is not affine

// Near miss: n is assigned inside the loop; the same.
void reassigned_in_loop(int a, int b, int batch, float *restrict x)
{
  int n = 0;
  for (int g = 0; g < batch; g++) {
    n = a / b;
    for (int i = 0; i < n; i++)
      x[g * n + i] = 1.0f;
  }
}
// INLOOP-LABEL: func.func @reassigned_in_loop(
// INLOOP-NOT: delinearized
// INLOOP: affine.for
// INLOOP: affine.for
// INLOOP: %[[SUB:.*]] = arith.index_cast %{{.*}} : i32 to index
// INLOOP-NEXT: memref.store %{{.*}}, %{{.*}}[%[[SUB]]] : memref<?xf32>
// INLOOP-RAISE: entry-atoms.c:[[@LINE-9]]:7: remark: not raised: 'memref.store' has a subscript that is not affine
