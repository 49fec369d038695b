// RUN: polylift-cc %s | FileCheck %s
// RUN: not polylift-cc %s -DSHADOW --function=shadowed 2>&1 | FileCheck %s --check-prefix=SHADOW
// RUN: not polylift-cc %s -DWHILE --function=in_while 2>&1 | FileCheck %s --check-prefix=WHILE

// `continue` in a for loop's body: the statements after the `if` that holds it run in
// the arm that does not continue; the loop's step still runs.
void skip_negative(int n, const float *restrict x, float *restrict y)
{
  for (int i = 0; i < n; i++) {
    if (x[i] < 0.0f)
      continue;
    y[i] = x[i] * 2.0f;
  }
}
// CHECK-LABEL: func.func @skip_negative(
// CHECK: affine.for %[[I:[a-z0-9]+]]
// CHECK: %[[C:.*]] = arith.cmpf olt
// CHECK-NEXT: scf.if %[[C]] {
// CHECK-NEXT: } else {
// CHECK: arith.mulf
// CHECK-NEXT: affine.store %{{.*}}, %{{.*}}[%[[I]]]
// CHECK-NEXT: }
// CHECK-NEXT: }

// An inner loop's continue guards its own body only: the store after the inner loop
// runs on every row.
void row_sums(int m, int n, const float *restrict a, float *restrict s)
{
  for (int i = 0; i < m; i++) {
    float t = 0.0f;
    for (int j = 0; j < n; j++) {
      if (a[i * n + j] == 0.0f)
        continue;
      t += a[i * n + j];
    }
    s[i] = t;
  }
}
// CHECK-LABEL: func.func @row_sums(
// CHECK: affine.for %[[R:[a-z0-9]+]]
// CHECK: %[[T:[0-9]+]] = affine.for %{{[a-z0-9]+}}{{.*}}iter_args(%[[ACC:[a-z0-9]+]] = %{{.*}}) -> (f32) {
// CHECK: %[[V:.*]] = scf.if %{{.*}} -> (f32) {
// CHECK-NEXT: scf.yield %[[ACC]] : f32
// CHECK-NEXT: } else {
// CHECK: arith.addf
// CHECK: affine.yield %[[V]] : f32
// CHECK: affine.store %[[T]], %{{.*}}[%[[R]]]

// An arm that continues on every path may declare a name the statements after the
// `if` use: they never run in it.
void own_name(int n, float *restrict y)
{
  float t = 1.0f;
  for (int i = 0; i < n; i++) {
    if (i > 2) {
      float t = 2.0f;
      y[i] = t;
      continue;
    }
    y[i] = t;
  }
}
// CHECK-LABEL: func.func @own_name(
// CHECK: %[[ONE:[a-z0-9_]+]] = arith.constant 1.000000e+00
// CHECK: affine.if
// CHECK-NEXT: %[[TWO:[a-z0-9_]+]] = arith.constant 2.000000e+00
// CHECK-NEXT: affine.store %[[TWO]]
// CHECK-NEXT: } else {
// CHECK-NEXT: affine.store %[[ONE]]

// A continue as the last statement of the body is dropped.
void last(int n, int *restrict v)
{
  for (int i = 0; i < n; i++) {
    v[i] = v[i] + 1;
    continue;
  }
}
// CHECK-LABEL: func.func @last(
// CHECK: affine.for
// CHECK-NOT: scf.if
// CHECK: return

#ifdef SHADOW
// Refused: the statements after the `if` would move into an arm that may not continue
// and declares its own `t`, which they would see instead of the loop's.
void shadowed(int n, float *restrict y)
{
  float t = 1.0f;
  for (int i = 0; i < n; i++) {
    if (i > 2) {
      float t = 2.0f;
      y[i] = t;
      if (i > 5)
        continue;
    }
    y[i] += t;
  }
}
// SHADOW: continues.c:[[@LINE-9]]:5: error: unsupported continue in a block that declares a name the statements after it use
#endif

#ifdef WHILE
// A while loop stays outside the subset, its continue with it.
void in_while(int n, int *restrict v)
{
  int i = 0;
  while (i < n) {
    i++;
    if (v[i - 1] < 0)
      continue;
    v[i - 1] = 0;
  }
}
// WHILE: continues.c:[[@LINE-7]]:3: error: unsupported while loop
#endif
