// RUN: polylift-cc %s --function=sizes | FileCheck %s
// RUN: polylift-cc %s --function=product | FileCheck %s --check-prefix=PRODUCT
// RUN: polylift-cc %s --function=wraps | FileCheck %s --check-prefix=WRAPS
// RUN: polylift-cc %s --function=at_entry | FileCheck %s --check-prefix=ENTRY
// RUN: polylift-cc %s --function=local_index | FileCheck %s --check-prefix=INDEX
// RUN: not polylift-cc %s --function=may_wrap 2>&1 | FileCheck %s --check-prefix=MAYWRAP
// RUN: not polylift-cc %s --function=negative_counter 2>&1 | FileCheck %s --check-prefix=SIGNED
// RUN: not polylift-cc %s --function=moving_bound 2>&1 | FileCheck %s --check-prefix=MOVING
#include <stddef.h>

// size_t and unsigned counters, ++i, += steps.
void sizes(size_t n, unsigned m, float *x)
{
  for (size_t i = 0; i < n; i += 2)
    x[i] = 1.0f;
  for (unsigned j = 0; j < m; ++j)
    x[j] = 2.0f;
}
// CHECK-LABEL: func.func @sizes(
// CHECK-SAME: %[[N:[a-z0-9]+]]: index
// CHECK-SAME: %[[M:[a-z0-9]+]]: index
// CHECK: affine.for %{{.*}} = 0 to %[[N]] step 2 {
// CHECK: affine.for %{{.*}} = 0 to %[[M]] {

// A product of parameters is a symbol computed once at entry.
void product(int h, int w, float *x)
{
  for (int i = 0; i < h * w; ++i)
    x[i] = 0.0f;
}
// PRODUCT-LABEL: func.func @product(
// PRODUCT-SAME: %[[H:[a-z0-9]+]]: index
// PRODUCT-SAME: %[[W:[a-z0-9]+]]: index
// PRODUCT-NEXT: %[[HW:.*]] = arith.muli %[[H]], %[[W]] : index
// PRODUCT-NEXT: affine.for %{{.*}} = 0 to %[[HW]] {

// 32-bit unsigned arithmetic wraps (n - 1 for n == 0): the bound is computed as C
// computes it, once, where C first evaluates it.
void wraps(unsigned n, float *x)
{
  for (unsigned i = 0; i < n - 1; i++)
    x[i] = 1.0f;
}
// WRAPS-LABEL: func.func @wraps(
// WRAPS-SAME: %[[N:[a-z0-9]+]]: index
// WRAPS: %[[NV:.*]] = arith.index_cast %[[N]] : index to i32
// WRAPS: %[[D:.*]] = arith.subi %[[NV]], %{{.*}} : i32
// WRAPS-NEXT: %[[B:.*]] = arith.index_castui %[[D]] : i32 to index
// WRAPS-NEXT: affine.for %{{.*}} = 0 to %[[B]] {

// A bound set from parameters inside a loop (an inlined function's local) is computed
// at the function's entry; its division is made safe there. It is an entry atom: the
// dispatcher computes it with the same ops for the guard of the view of x (h >= out_h),
// and the version with the view is bounded by it.
void at_entry(int batch, int h, int stride, float *x)
{
  for (int b = 0; b < batch; b++) {
    int out_h = h / stride;
    for (int y = 0; y < out_h; y++)
      x[b * h + y] = 1.0f;
  }
}
// ENTRY-LABEL: func.func @at_entry(
// ENTRY-SAME: %[[HARG:[a-z0-9]+]]: index loc({{[^)]*}}:30)
// ENTRY: %[[DBOUND:.*]] = arith.index_cast %{{.*}} : i32 to index
// ENTRY-NEXT: %[[GUARD:.*]] = arith.cmpi sge, %[[HARG]], %[[DBOUND]] : index
// ENTRY-NEXT: scf.if %[[GUARD]] {
// ENTRY-LABEL: func.func private @at_entry.delinearized(
// ENTRY: %[[ZERO:.*]] = arith.cmpi eq, %[[S:.*]], %{{.*}} : i32
// ENTRY-NEXT: %[[M1:.*]] = arith.constant -1 : i32
// ENTRY-NEXT: %[[MINUS:.*]] = arith.cmpi eq, %[[S]], %[[M1]] : i32
// ENTRY-NEXT: %[[BAD:.*]] = arith.ori %[[ZERO]], %[[MINUS]] : i1
// ENTRY-NEXT: %[[SAFE:.*]] = arith.select %[[BAD]], %{{.*}}, %[[S]] : i32
// ENTRY-NEXT: %[[Q:.*]] = arith.divsi %[[H:.*]], %[[SAFE]] : i32
// ENTRY-NEXT: %[[NEG:.*]] = arith.subi %{{.*}}, %[[H]] : i32
// ENTRY-NEXT: %[[R:.*]] = arith.select %[[MINUS]], %[[NEG]], %[[Q]] : i32
// ENTRY-NEXT: %[[BOUND:.*]] = arith.index_cast %[[R]] : i32 to index
// ENTRY-NEXT: affine.for %{{.*}} = 0 to %{{.*}} {
// ENTRY-NEXT: arith.divsi %{{.*}}, %{{.*}} : i32
// ENTRY-NEXT: affine.for %{{.*}} = 0 to %[[BOUND]] {
// ENTRY-NEXT: arith.constant
// ENTRY-NEXT: affine.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : memref<?x?xf32, strided<[?, 1]>>

// A local index variable keeps its value as an affine form: the subscript reads as
// b*n + i written inline, and delinearises.
void local_index(int batch, int n, float *restrict x)
{
  for (int b = 0; b < batch; b++)
    for (int i = 0; i < n; i++) {
      int index = b * n + i;
      x[index] = 0.5f;
    }
}
// INDEX-LABEL: func.func private @local_index.delinearized(
// INDEX-SAME: %[[X:[a-z0-9]+]]: memref<?x?xf32, strided<[?, 1]>>
// INDEX: affine.for %[[B:arg[0-9]+]]
// INDEX: affine.for %[[I:arg[0-9]+]]
// INDEX: affine.store %{{.*}}, %[[X]][%[[B]], %[[I]]]

void may_wrap(unsigned n, float *x)
{
  for (unsigned i = 0; i <= n; i++)
    x[i] = 1.0f;
}
// MAYWRAP: bounds.c:[[@LINE-3]]:24: error: unsupported unsigned loop counter that could wrap past its maximum (use '<' and a step of 1, or a constant bound)

void negative_counter(int k, unsigned n, float *x)
{
  for (int i = k; i < n; i++)
    x[i] = 1.0f;
}
// SIGNED: bounds.c:[[@LINE-3]]:19: error: unsupported loop condition comparing a signed counter that may be negative as unsigned

void moving_bound(int n, float *x)
{
  for (int i = 0; i < n; i++)
    n = n - 1;
  x[0] = n;
}
// MOVING: bounds.c:[[@LINE-4]]:19: error: unsupported loop bound that the loop itself changes
