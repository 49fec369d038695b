// RUN: polylift-cc %s --function=activate_array | FileCheck %s
// RUN: polylift-cc %s --function=signed_enum | FileCheck %s --check-prefix=SIGNED

// An enum is an integer of gcc's type for it (unsigned int: no negative enumerator),
// its enumerators int constants. A switch on an enum parameter, in a function inlined
// into a loop, is an if chain that no iteration can change: it is taken out of the
// loop, one loop per arm (the arms' tests compare as unsigned, a constant >= 0 keeps
// its value, so they are affine).
typedef enum { LINEAR, RELU, LEAKY } ACTIVATION;

static float activate(float x, ACTIVATION a)
{
  switch (a) {
  case LINEAR:
    return x;
  case RELU:
    return x * (x > 0);
  case LEAKY:
    return (x > 0) ? x : .1f * x;
  }
  return 0;
}

void activate_array(float *x, int n, ACTIVATION a)
{
  for (int i = 0; i < n; ++i)
    x[i] = activate(x[i], a);
}
// CHECK-LABEL: func.func @activate_array(
// CHECK-SAME: %[[X:[a-z0-9]+]]: memref<?xf32>
// CHECK-SAME: %[[N:[a-z0-9]+]]: index
// CHECK-SAME: %[[A:[a-z0-9]+]]: index
// CHECK-NEXT: affine.if #[[LINEAR:set[0-9]*]]()[%[[A]]] {
// CHECK-NEXT: affine.for %[[I:arg[0-9]+]] {{.*}}= 0 to %[[N]] {
// CHECK-NEXT: %[[V:.*]] = affine.load %[[X]][%[[I]]] : memref<?xf32>
// CHECK-NEXT: affine.store %[[V]], %[[X]][%[[I]]] : memref<?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: } else {
// CHECK-NEXT: affine.if #[[RELU:set[0-9]*]]()[%[[A]]] {
// CHECK-NEXT: affine.for
// CHECK: arith.cmpf ogt
// CHECK: arith.mulf
// CHECK: } else {
// CHECK-NEXT: affine.if #[[LEAKY:set[0-9]*]]()[%[[A]]] {
// CHECK-NEXT: affine.for
// CHECK: arith.select
// CHECK: } else {
// CHECK-NEXT: affine.for
// CHECK: affine.store %{{.*}}, %[[X]]

enum sign { MINUS = -1, ZERO, PLUS };

int signed_enum(enum sign s)
{
  return s == MINUS ? -1 : s;
}
// An enum with a negative enumerator is an int: the comparison is signed.
// SIGNED-LABEL: func.func @signed_enum(
// SIGNED-SAME: %[[S:[a-z0-9]+]]: index
// SIGNED-SAME: -> i32
// SIGNED: %[[V:.*]] = arith.index_cast %[[S]] : index to i32
// SIGNED: %[[M:.*]] = arith.constant -1 : i32
// SIGNED: arith.cmpi eq, %[[V]], %[[M]] : i32
