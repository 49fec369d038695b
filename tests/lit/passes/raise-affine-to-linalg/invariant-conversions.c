// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg | FileCheck %s
// An integer computed from parameters and converted to float in a loop body (`y[i] /=
// h * w`) is converted once ahead of the generic (raising/generics/invariant.py); a conversion
// of a counter, or of a quotient (which must not divide where the loops never run),
// stays in the body.

// CHECK-LABEL: func.func @mean_of_counts(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[H:[a-z0-9_-]+]]: index, %[[W:[a-z0-9_-]+]]: index
// CHECK-DAG: %[[HI:[a-z0-9_-]+]] = arith.index_cast %[[H]] : index to i32
// CHECK-DAG: %[[WI:[a-z0-9_-]+]] = arith.index_cast %[[W]] : index to i32
// CHECK: %[[HW:[a-z0-9_-]+]] = arith.muli %[[HI]], %[[WI]] : i32
// CHECK-NEXT: %[[D:[a-z0-9_-]+]] = arith.sitofp %[[HW]] : i32 to f32
// CHECK-NEXT: linalg.generic
// CHECK-NEXT: ^bb0(%[[OUT:[a-z0-9_-]+]]: f32):
// CHECK-NEXT: %[[Q:[a-z0-9_-]+]] = arith.divf %[[OUT]], %[[D]] : f32
// CHECK-NEXT: linalg.yield %[[Q]] : f32
void mean_of_counts(int n, int h, int w, float y[restrict n])
{
  for (int i = 0; i < n; i++)
    y[i] /= h * w;
}

// CHECK-LABEL: func.func @by_counter(
// CHECK: linalg.generic
// CHECK-NEXT: ^bb0(%[[OUT:[a-z0-9_-]+]]: f32):
// CHECK: %[[I:[a-z0-9_-]+]] = arith.index_cast %{{[a-z0-9_-]+}} : index to i32
// CHECK-NEXT: %[[D:[a-z0-9_-]+]] = arith.sitofp %[[I]] : i32 to f32
// CHECK-NEXT: arith.divf %[[OUT]], %[[D]] : f32
void by_counter(int n, float y[restrict n])
{
  for (int i = 0; i < n; i++)
    y[i] /= i;
}

// CHECK-LABEL: func.func @by_quotient(
// CHECK: linalg.generic
// CHECK-NEXT: ^bb0(%[[OUT:[a-z0-9_-]+]]: f32):
// CHECK-NEXT: %[[Q:[a-z0-9_-]+]] = arith.divsi
// CHECK-NEXT: %[[D:[a-z0-9_-]+]] = arith.sitofp %[[Q]] : i32 to f32
// CHECK-NEXT: arith.divf %[[OUT]], %[[D]] : f32
void by_quotient(int n, int p, int q, float y[restrict n])
{
  for (int i = 0; i < n; i++)
    y[i] /= p / q;
}
