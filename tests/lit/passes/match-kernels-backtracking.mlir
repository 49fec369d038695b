// RUN: polylift-opt %s --match-kernels --templates=%S/Inputs/backtrack-templates | FileCheck %s

// Backtracking into an earlier step reads that step's own op. The product's first
// binding (a = %x, b = %z) fails in the second step, which adds %x; the second binding
// (a = %z, b = %x) must be read against the first op's operands, not the second op's
// (which once bound a = %x, b = %t and lost the match, or with fewer operands crashed).
// CHECK-LABEL: func.func @mul_then_add
// CHECK-SAME: (%[[X:[^:]*]]: memref<64xf64>, %[[Z:[^:]*]]: memref<64xf64>, %[[T:[^:]*]]: memref<64xf64>, %[[Y:[^:]*]]: memref<64xf64>)
// CHECK-NEXT: "kernel.launch"(%[[T]], %[[Z]], %[[X]], %[[Y]]) {callee = @mul_then_add_f64, source_order_matches = true, template = "user.mul_then_add"}
// CHECK-NEXT: return
func.func @mul_then_add(%x: memref<64xf64>, %z: memref<64xf64>, %t: memref<64xf64>, %y: memref<64xf64>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x, %z : memref<64xf64>, memref<64xf64>) outs(%t : memref<64xf64>) {
  ^bb0(%a: f64, %b: f64, %c: f64):
    %0 = arith.mulf %a, %b : f64
    linalg.yield %0 : f64
  }
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%t, %x : memref<64xf64>, memref<64xf64>) outs(%y : memref<64xf64>) {
  ^bb0(%a: f64, %b: f64, %c: f64):
    %0 = arith.addf %a, %b : f64
    linalg.yield %0 : f64
  }
  return
}
