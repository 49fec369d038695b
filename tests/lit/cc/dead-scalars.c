// RUN: polylift-cc %s --function=kernel_box | FileCheck %s --check-prefix=BOX
// RUN: polylift-cc %s --function=kernel_box --assume-noalias | polylift-opt --raise-affine-to-linalg --remarks=all 2>&1 | FileCheck %s --check-prefix=RAISE
// RUN: polylift-cc %s --function=kernel_live_after | FileCheck %s --check-prefix=AFTER
// RUN: polylift-cc %s --function=kernel_read_first | FileCheck %s --check-prefix=FIRST
// RUN: polylift-cc %s --function=kernel_outer_read | FileCheck %s --check-prefix=OUTER
// RUN: polylift-cc %s --function=kernel_maybe_set | FileCheck %s --check-prefix=MAYBE
// RUN: polylift-cc %s --function=kernel_shadow | FileCheck %s --check-prefix=SHADOW
// RUN: polylift-cc %s --function=kernel_trapping | FileCheck %s --check-prefix=TRAP

// A scalar that each iteration sets before reading it, and that later code sets again
// before reading it, is not carried through the loops; the rounding `?:` divides by a
// positive literal, which cannot trap, so both arms are computed and selected.
void kernel_box(int h, int w, int in[h][w], int out[h][w])
{
  int s;
  for (int i = 1; i < h - 1; i++)
    for (int j = 1; j < w - 1; j++) {
      s = in[i - 1][j] + in[i][j] + in[i + 1][j];
      out[i][j] = s >= 0 ? (s + 1) / 3 : -((1 - s) / 3);
    }
  for (int j = 1; j < w - 1; j++) {
    s = in[0][j] + in[0][j] + in[1][j];
    out[0][j] = s >= 0 ? (s + 1) / 3 : -((1 - s) / 3);
  }
  s = in[0][0] + in[0][0] + in[1][0];
  out[0][0] = s >= 0 ? (s + 1) / 3 : -((1 - s) / 3);
}
// BOX-LABEL: func.func @kernel_box
// BOX-NOT: iter_args
// BOX: affine.for %[[I:arg[0-9]+]] {{.*}} {
// BOX-NEXT: affine.for %[[J:arg[0-9]+]] {{.*}} {
// BOX: affine.load %arg2[%[[I]] + 1, %[[J]]] : memref<?x?xi32>
// BOX-NEXT: %[[S:.*]] = arith.addi %{{.*}}, %{{.*}} : i32
// BOX-NEXT: %[[Z:.*]] = arith.constant 0 : i32
// BOX-NEXT: %[[C:.*]] = arith.cmpi sge, %[[S]], %[[Z]] : i32
// BOX-NEXT: %[[ONE:.*]] = arith.constant 1 : i32
// BOX-NEXT: %[[P:.*]] = arith.addi %[[S]], %[[ONE]] : i32
// BOX-NEXT: %[[THREE:.*]] = arith.constant 3 : i32
// BOX-NEXT: %[[PQ:.*]] = arith.divsi %[[P]], %[[THREE]] : i32
// BOX-NEXT: %[[M:.*]] = arith.subi %[[ONE]], %[[S]] : i32
// BOX-NEXT: %[[MQ:.*]] = arith.divsi %[[M]], %[[THREE]] : i32
// BOX-NEXT: %[[NEG:.*]] = arith.subi %[[Z]], %[[MQ]] : i32
// BOX-NEXT: %[[R:.*]] = arith.select %[[C]], %[[PQ]], %[[NEG]] : i32
// BOX-NEXT: affine.store %[[R]], %arg3[%[[I]], %[[J]]] : memref<?x?xi32>
// BOX-NEXT: }
// BOX-NEXT: }
// BOX-NEXT: affine.for
// BOX-NOT: scf.if
// BOX: arith.select
// BOX-NOT: scf.if
// BOX: return

// The interior nest and the border loop both become generics.
// RAISE: dead-scalars.c:19:{{[0-9]+}}: remark: raised to linalg.generic (parallel, parallel)
// RAISE: dead-scalars.c:23:{{[0-9]+}}: remark: raised to linalg.generic (parallel)
// RAISE-NOT: not raised
// RAISE-LABEL: func.func @kernel_box
// RAISE-NOT: affine.for
// RAISE: linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]
// RAISE: arith.select
// RAISE: linalg.yield
// RAISE: linalg.generic {{.*}}iterator_types = ["parallel"]
// RAISE-NOT: affine.for
// RAISE: return

// Negative: `s` is read after the loop, so the last iteration's value is carried out.
void kernel_live_after(int n, int A[n], int B[n], int C[1])
{
  int s = 0;
  for (int i = 0; i < n; i++) {
    s = A[i] * 2;
    B[i] = s;
  }
  C[0] = s;
}
// AFTER-LABEL: func.func @kernel_live_after
// AFTER: %[[S0:.*]] = arith.constant 0 : i32
// AFTER: %[[OUT:.*]] = affine.for %{{.*}} = 0 to %arg0 iter_args(%[[S:.*]] = %[[S0]]) -> (i32) {
// AFTER: affine.yield %{{.*}} : i32
// AFTER: affine.store %[[OUT]], %arg3[0] : memref<1xi32>

// Negative: each iteration reads the value the previous one set before setting it.
void kernel_read_first(int n, int A[n], int B[n])
{
  int s = 0, t;
  for (int i = 0; i < n; i++) {
    t = s;
    s = A[i];
    B[i] = t;
  }
}
// FIRST-LABEL: func.func @kernel_read_first
// FIRST: affine.for %{{.*}} = 0 to %arg0 iter_args(%[[S:.*]] = %{{.*}}) -> (i32) {
// FIRST: %[[A:.*]] = affine.load %arg1
// FIRST-NEXT: affine.store %[[S]], %arg2
// FIRST-NEXT: affine.yield %[[A]] : i32

// Negative: the inner loop may run no iteration, so the read after it in the outer body
// may see the previous outer iteration's value: both loops carry `s`.
void kernel_outer_read(int n, int m, int A[n][m], int B[n])
{
  int s = 0;
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < m; j++)
      s = A[i][j];
    B[i] = s;
  }
}
// OUTER-LABEL: func.func @kernel_outer_read
// OUTER: affine.for %{{.*}} iter_args
// OUTER: affine.for %{{.*}} iter_args

// Negative: an assignment under a condition does not hide the value from before, which
// the read after the loop may see.
void kernel_maybe_set(int n, int A[n], int B[1])
{
  int s = 0;
  for (int i = 0; i < n; i++) {
    s = A[i];
    A[i] = s + 1;
  }
  if (n > 4)
    s = 7;
  B[0] = s;
}
// MAYBE-LABEL: func.func @kernel_maybe_set
// MAYBE: affine.for %{{.*}} iter_args

// A block's own `s` hides the outer one: the outer `s` is dead after the loop although
// the name is read later.
void kernel_shadow(int n, int A[n], int B[1])
{
  int s;
  for (int i = 0; i < n; i++) {
    s = A[i];
    A[i] = s * s;
  }
  {
    int s = 3;
    B[0] = s;
  }
}
// SHADOW-LABEL: func.func @kernel_shadow
// SHADOW-NOT: iter_args
// SHADOW: return

// Negative: a division by a variable, or by -1 (the most negative value over -1
// overflows), may trap where the C program does not evaluate it: it stays under scf.if.
void kernel_trapping(int n, int d, int A[n], int B[n])
{
  for (int i = 0; i < n; i++) {
    B[i] = A[i] >= 0 ? A[i] / d : 0;
    A[i] = A[i] >= 0 ? A[i] : A[i] / -1;
  }
}
// TRAP-LABEL: func.func @kernel_trapping
// TRAP: scf.if
// TRAP: arith.divsi
// TRAP: scf.if
// TRAP: arith.divsi
// TRAP-NOT: arith.select
