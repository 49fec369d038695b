// RUN: polylift-opt %s --split-input-file --match-kernels | FileCheck %s
// RUN: polylift-opt %s --split-input-file --match-kernels --remarks=missed 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// Near misses of the expression templates: ops that are no map the template language
// states stay generics, with the closest listed template's reason.

// arith.maximumf is IEEE maximum (NaN wins, -0 < +0), which no template operator is.
// CHECK-LABEL: func.func @maximumf
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
// REMARK: remark: no template matches linalg.generic; closest
#id = affine_map<(d0) -> (d0)>
func.func @maximumf(%x: memref<16xf32>, %y: memref<16xf32>, %z: memref<16xf32>) {
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%x, %y : memref<16xf32>, memref<16xf32>) outs(%z : memref<16xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.maximumf %a, %b : f32
    linalg.yield %m : f32
  }
  return
}

// -----

// A read at a sum of counters (a correlation's x[i + j]) is no element of the point.
// CHECK-LABEL: func.func @shifted
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#sum = affine_map<(d0, d1) -> (d0 + d1)>
func.func @shifted(%x: memref<16xf32>, %z: memref<8x8xf32>) {
  linalg.generic {indexing_maps = [#sum, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<16xf32>) outs(%z : memref<8x8xf32>) {
  ^bb0(%a: f32, %c: f32):
    %s = arith.mulf %a, %a : f32
    %t = arith.addf %s, %a : f32
    linalg.yield %t : f32
  }
  return
}

// -----

// Two outputs: a two-output map is one op here, no one-output template.
// CHECK-LABEL: func.func @two_outputs
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
#id3 = affine_map<(d0) -> (d0)>
func.func @two_outputs(%x: memref<16xf32>, %y: memref<16xf32>, %z: memref<16xf32>) {
  linalg.generic {indexing_maps = [#id3, #id3, #id3], iterator_types = ["parallel"]}
      ins(%x : memref<16xf32>) outs(%y, %z : memref<16xf32>, memref<16xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %s = arith.mulf %a, %a : f32
    %t = arith.addf %a, %a : f32
    linalg.yield %s, %t : f32, f32
  }
  return
}

// -----

// Mixed element types (a double read into a float map) are no one-type map.
// CHECK-LABEL: func.func @mixed
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
#id4 = affine_map<(d0) -> (d0)>
func.func @mixed(%x: memref<16xf64>, %z: memref<16xf32>) {
  linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel"]}
      ins(%x : memref<16xf64>) outs(%z : memref<16xf32>) {
  ^bb0(%a: f64, %c: f32):
    %s = arith.mulf %a, %a : f64
    %t = arith.truncf %s : f64 to f32
    linalg.yield %t : f32
  }
  return
}
