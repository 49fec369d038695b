// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --remarks=all 2>&1 | FileCheck %s

// An access whose view would start outside a dimension of constant size, or before
// the array, is out of bounds whenever its loops run: such a statement can only sit in
// loops that never run (n = 1 below). The view would not verify, so the nest stays as
// loops, with a remark, and the module verifies.

// CHECK: out-of-bounds-views.c:[[# @LINE + 9]]:41: remark: not raised: the access is out of bounds whenever its loops run (its view: offset 1 is out-of-bounds: 1 >= 1)
// CHECK-NEXT: out-of-bounds-views.c:[[# @LINE + 11]]:38: remark: not raised: the access is out of bounds whenever its loops run (its view: expected offsets to be non-negative, but got -1)
// CHECK-NEXT: out-of-bounds-views.c:[[# @LINE + 13]]:38: remark: not raised: the access is out of bounds whenever its loops run (its view: offset 0 is out-of-bounds: 4 >= 4)
// CHECK-NEXT: out-of-bounds-views.c:[[# @LINE + 15]]:39: remark: not raised: the access is out of bounds whenever its loops run (its view: offset 1 is out-of-bounds: 2 >= 2)
// CHECK-LABEL: func.func @beyond_a_column(
// CHECK: affine.for
// CHECK-NOT: linalg.generic
// CHECK-LABEL: func.func @before_the_first(
void beyond_a_column(int n, double A[restrict n][1], double V[restrict n][1])
{ for (int i = 1; i < n; i++) A[i][0] = V[i][1]; }

void before_the_first(int n, double y[restrict n], double x[restrict n])
{ for (int i = 0; i < n; i++) y[i] = x[i - 1]; }

void past_the_end(int n, double y[restrict 4], double x[restrict 4])
{ for (int i = 4; i < n; i++) y[i] = x[i]; }

void reduce_past_a_row(int n, double y[restrict 1], double x[restrict n][2])
{ for (int i = 0; i < n; i++) y[0] += x[i][2]; }
