// RUN: polylift-cc %s | FileCheck %s
// RUN: not polylift-cc %s -DLOOP_RETURN --function=find 2>&1 | FileCheck %s --check-prefix=LOOP
// RUN: not polylift-cc %s -DSHADOW --function=shadow 2>&1 | FileCheck %s --check-prefix=SHADOW

// A reduction that returns its value: the function has a result.
float dot(int n, const float *x, const float *y)
{
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s += x[i] * y[i];
  return s;
}
// CHECK-LABEL: func.func @dot(
// CHECK-SAME: %[[N:[a-z0-9]+]]: index
// CHECK-SAME: %[[X:[a-z0-9]+]]: memref<?xf32>
// CHECK-SAME: %[[Y:[a-z0-9]+]]: memref<?xf32>
// CHECK-SAME: -> f32
// CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[S:.*]] = affine.for %[[I:.*]] = 0 to %[[N]] iter_args(%[[ACC:.*]] = %[[Z]]) -> (f32) {
// CHECK: affine.yield
// CHECK-NEXT: }
// CHECK-NEXT: return %[[S]] : f32

// An early return: the statements after the `if` run in its other arm; the value
// returned converts to the function's type as an assignment does.
short early(int a, int b)
{
  if (a < b)
    return a;
  b = b * 2;
  return b + 1;
}
// CHECK-LABEL: func.func @early(
// CHECK-SAME: -> i16
// CHECK: %[[R:.*]]:2 = scf.if %{{.*}} -> (i16, i32) {
// CHECK-NEXT: %[[T:.*]] = arith.trunci %{{.*}} : i32 to i16
// CHECK-NEXT: scf.yield %[[T]], %{{.*}} : i16, i32
// CHECK-NEXT: } else {
// CHECK: arith.muli
// CHECK: arith.addi
// CHECK: arith.trunci
// CHECK: scf.yield
// CHECK: return %[[R]]#0 : i16

// A switch: an `if` chain on `==`; labels with nothing between them share one test, a
// label without `break` falls through into the next one's statements.
int pick(int k, int x)
{
  switch (k) {
  case 0:
    return x;
  case 1:
  case 2:
    x = x + 1;
    break;
  case 3:
    x = x * 5;
  default:
    x = -x;
  }
  return x * 3;
}
// CHECK-LABEL: func.func @pick(
// CHECK-SAME: -> i32
// CHECK: affine.if #{{.*}}()[%{{.*}}] -> (i32, i32) {
// CHECK: } else {
// CHECK: %[[ONE:.*]] = arith.cmpi eq, %{{.*}}, %{{.*}} : i32
// CHECK: %[[TWO:.*]] = arith.cmpi eq, %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: %[[EITHER:.*]] = arith.ori %[[ONE]], %[[TWO]] : i1
// CHECK-NEXT: scf.if %[[EITHER]] -> (i32) {
// CHECK: } else {
// CHECK-NEXT: affine.if #{{.*}}()[%{{.*}}] -> i32 {
// CHECK: %[[FIVE:.*]] = arith.muli %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: arith.subi %{{.*}}, %[[FIVE]] : i32
// CHECK: } else {
// CHECK-NEXT: arith.subi

void store_once(int n, double *out, int flag)
{
  if (flag)
    return;
  for (int i = 0; i < n; i++)
    out[i] = 1.0;
}
// CHECK-LABEL: func.func @store_once(
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: } else {
// CHECK-NEXT: affine.for
// CHECK: return{{ }}

#ifdef LOOP_RETURN
int find(int n, const int *a)
{
  for (int i = 0; i < n; i++)
    if (a[i] == 0)
      return i;
  return -1;
}
// LOOP: returns.c:[[@LINE-5]]:3: error: unsupported return inside a loop
#endif

#ifdef SHADOW
int shadow(int n, int c)
{
  int x = n;
  if (c) {
    int x = 2;
    if (x > n)
      return x;
  }
  return x;
}
// SHADOW: returns.c:[[@LINE-7]]:3: error: unsupported return in a block that declares a name the statements after it use
#endif
