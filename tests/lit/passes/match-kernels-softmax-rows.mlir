// RUN: polylift-opt %s --split-input-file --match-kernels | FileCheck %s
// RUN: polylift-opt %s --split-input-file --match-kernels --remarks=missed 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// The per-row softmax templates on a grid of rows [b][g] of n elements: a row's own
// value divides its row (ew.divs_rows_ip). Near misses: a per-row value read at another
// row's index (d[g, b], m[g, b]: transposed), which no template reads.

// CHECK-LABEL: func.func @divide_by_a_row_value(
// CHECK-SAME: %[[Y:[a-z0-9_-]+]]: memref<?x?x?xf32> {llvm.noalias}, %[[D:[a-z0-9_-]+]]: memref<?x?xf32> {llvm.noalias})
// CHECK-NEXT: "kernel.launch"(%[[Y]], %[[D]]) {callee = @divs_rows_ip_f32, source_order_matches = true, template = "ew.divs_rows_ip"}
// CHECK-NEXT: return
#x = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @divide_by_a_row_value(%y: memref<?x?x?xf32> {llvm.noalias}, %d: memref<?x?xf32> {llvm.noalias}) {
  linalg.generic {indexing_maps = [#row, #x], iterator_types = ["parallel", "parallel", "parallel"]} ins(%d : memref<?x?xf32>) outs(%y : memref<?x?x?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.divf %out, %in : f32
    linalg.yield %0 : f32
  }
  return
}

// -----

// CHECK-LABEL: func.func @divide_by_another_rows_value(
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
// CHECK: return
// REMARK: remark: no template matches linalg.generic; closest ew.divs_rows_ip: d is read transposed: the op reads d[g, b] where the template has d[b, g]
#x = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#swapped = affine_map<(d0, d1, d2) -> (d1, d0)>
func.func @divide_by_another_rows_value(%y: memref<?x?x?xf32> {llvm.noalias}, %d: memref<?x?xf32> {llvm.noalias}) {
  linalg.generic {indexing_maps = [#swapped, #x], iterator_types = ["parallel", "parallel", "parallel"]} ins(%d : memref<?x?xf32>) outs(%y : memref<?x?x?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.divf %out, %in : f32
    linalg.yield %0 : f32
  }
  return
}

// -----

// The largest value of row [g, b] in the exponentials of row [b, g]: the sums' start
// is a fill, the sum and the map stay.
// CHECK-LABEL: func.func @expsum_with_another_rows_largest(
// CHECK-SAME: %[[X:[a-z0-9_-]+]]: memref<?x?x?xf32> {llvm.noalias}, %[[M:[a-z0-9_-]+]]: memref<?x?xf32> {llvm.noalias}, %{{[a-z0-9_-]+}}: f32, %[[Y:[a-z0-9_-]+]]: memref<?x?x?xf32> {llvm.noalias}, %[[R:[a-z0-9_-]+]]: memref<?x?xf32> {llvm.noalias})
// CHECK: arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[ZERO:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: "kernel.launch"(%[[R]], %[[ZERO]]) {alpha = 0.000000e+00 : f32, callee = @fill2d_f32, source_order_matches = true, template = "blas.fill2d"}
// CHECK-NEXT: linalg.generic {{.*}} ins(%[[X]], %[[M]] : {{.*}}) outs(%[[R]] :
// CHECK: linalg.generic {{.*}} ins(%[[X]], %[[M]] : {{.*}}) outs(%[[Y]] :
// CHECK-NOT: kernel.launch
// CHECK: return
// REMARK: remark: no template matches linalg.generic; closest ew.expsum_scaled_rows: step 2 of the template: m is read transposed: the op reads m[g, b] where the template has m[b, g]
// REMARK: remark: no template matches linalg.generic; closest ew.expsum_scaled_rows: step 3 of the template: m is read transposed: the op reads m[g, b] where the template has m[b, g]
#x = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row = affine_map<(d0, d1, d2) -> (d0, d1)>
#swapped = affine_map<(d0, d1, d2) -> (d1, d0)>
#fill = affine_map<(d0, d1) -> (d0, d1)>
func.func @expsum_with_another_rows_largest(%x: memref<?x?x?xf32> {llvm.noalias}, %m: memref<?x?xf32> {llvm.noalias}, %t: f32, %y: memref<?x?x?xf32> {llvm.noalias}, %r: memref<?x?xf32> {llvm.noalias}) {
  %zero = arith.constant 0.000000e+00 : f32
  linalg.generic {indexing_maps = [#fill], iterator_types = ["parallel", "parallel"]} outs(%r : memref<?x?xf32>) {
  ^bb0(%out: f32):
    linalg.yield %zero : f32
  }
  linalg.generic {indexing_maps = [#x, #swapped, #row], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %m : memref<?x?x?xf32>, memref<?x?xf32>) outs(%r : memref<?x?xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %0 = arith.divf %in, %t : f32
    %1 = arith.divf %in_1, %t : f32
    %2 = arith.subf %0, %1 : f32
    %3 = math.exp %2 : f32
    %4 = arith.addf %out, %3 : f32
    linalg.yield %4 : f32
  }
  linalg.generic {indexing_maps = [#x, #swapped, #x], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x, %m : memref<?x?x?xf32>, memref<?x?xf32>) outs(%y : memref<?x?x?xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %0 = arith.divf %in, %t : f32
    %1 = arith.divf %in_1, %t : f32
    %2 = arith.subf %0, %1 : f32
    %3 = math.exp %2 : f32
    linalg.yield %3 : f32
  }
  return
}
