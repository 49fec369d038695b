// RUN: polylift-opt %s --split-input-file --lower-to-llvm | FileCheck %s
// RUN: not polylift-opt %S/Inputs/lower-to-llvm-unlowered.mlir --allow-unregistered-dialect --lower-to-llvm 2>&1 | FileCheck %s --check-prefix=ERR

// ERR: lower-to-llvm-unlowered.mlir:2:3: error: 'foo.bar' was not lowered to the LLVM dialect
// ERR-NEXT: {{^}}  "foo.bar"() : () -> ()
// ERR-NOT: Traceback

// A matmul-like linalg.generic becomes three nested loops in the order of its
// dimensions (i, j, k), with the multiply and the add kept as two roundings.

// CHECK-LABEL: llvm.func @mm(
// CHECK-NOT: fastmath
// CHECK: llvm.fmul %{{.*}}, %{{.*}} : f32
// CHECK-NEXT: llvm.fadd %{{.*}}, %{{.*}} : f32
// CHECK-NOT: fastmath
// CHECK-NOT: linalg.
// CHECK-NOT: scf.
// CHECK: llvm.return

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @mm(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  linalg.generic {indexing_maps = [#map, #map1, #map2],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<?x?xf32>, memref<?x?xf32>) outs(%C : memref<?x?xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %c, %m : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Affine loops with an index argument, and the C interface a C wrapper calls.

// CHECK-LABEL: llvm.func @scale(%{{.*}}: i64, %{{.*}}: f64, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr
// CHECK: llvm.fmul
// CHECK-LABEL: llvm.func @_mlir_ciface_scale(%{{.*}}: i64, %{{.*}}: f64, %{{.*}}: !llvm.ptr)
// CHECK: llvm.call @scale(
func.func @scale(%n: index, %a: f64, %x: memref<?xf64>) attributes {llvm.emit_c_interface} {
  affine.for %i = 0 to %n {
    %v = affine.load %x[%i] : memref<?xf64>
    %m = arith.mulf %v, %a : f64
    affine.store %m, %x[%i] : memref<?xf64>
  }
  return
}

// -----

// Math functions without an exact LLVM lowering go to libm, never to an approximation.

// CHECK-LABEL: llvm.func @log1pf(f32) -> f32
// CHECK-LABEL: llvm.func @math(
// CHECK: llvm.call @log1pf(
// CHECK: llvm.intr.sqrt(
func.func @math(%x: f32) -> f32 {
  %l = math.log1p %x : f32
  %s = math.sqrt %l : f32
  return %s : f32
}
