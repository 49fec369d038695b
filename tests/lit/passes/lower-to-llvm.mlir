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

// -----

// A memref argument marked noalias (the front end marks C `restrict` parameters) gives
// `noalias` to the aligned pointer of its descriptor (the second pointer), never to the
// allocated one; an unmarked memref gets none. The C interface keeps upstream's marks
// on the descriptor pointers (each names its own descriptor).

// CHECK-LABEL: llvm.func @restrict_args(
// CHECK-SAME: %arg0: i64, %arg1: !llvm.ptr, %arg2: !llvm.ptr {llvm.noalias}, %arg3: i64
// CHECK-SAME: %arg8: f64, %arg9: !llvm.ptr, %arg10: !llvm.ptr, %arg11: i64
// CHECK-SAME: %arg13: i64, %arg14: !llvm.ptr, %arg15: !llvm.ptr {llvm.noalias}, %arg16: i64
// CHECK-LABEL: llvm.func @_mlir_ciface_restrict_args(
// CHECK-SAME: %arg0: i64, %arg1: !llvm.ptr {llvm.noalias}, %arg2: f64, %arg3: !llvm.ptr, %arg4: !llvm.ptr {llvm.noalias})
func.func @restrict_args(%n: index, %A: memref<?x?xf64> {llvm.noalias}, %s: f64,
                         %x: memref<?xf64>, %y: memref<?xf64> {llvm.noalias})
    attributes {llvm.emit_c_interface} {
  affine.for %i = 0 to %n {
    %v = affine.load %x[%i] : memref<?xf64>
    affine.store %v, %y[%i] : memref<?xf64>
    affine.store %s, %A[%i, %i] : memref<?x?xf64>
  }
  return
}

// -----

// After an unranked memref the positions of the lowered arguments are not known: nothing
// is marked, rather than a wrong pointer.

// CHECK-LABEL: llvm.func @unranked_first(
// CHECK-NOT: llvm.noalias
// CHECK: llvm.return
func.func @unranked_first(%u: memref<*xf64>, %A: memref<?xf64> {llvm.noalias}) {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f64
  memref.store %z, %A[%c0] : memref<?xf64>
  return
}
