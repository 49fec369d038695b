// --mlir-pass-statistics: upstream's report; the pass managers of the upstream steps
// print theirs, merged into one per chunk, and a polylift pass counts its remarks.
// RUN: %python %S/Inputs/same_as_mlir_opt.py %s --cse --canonicalize --mlir-pass-statistics
// RUN: %python %S/Inputs/same_as_mlir_opt.py %s -pass-pipeline='builtin.module(func.func(cse,canonicalize))' -mlir-pass-statistics
// RUN: %python %S/Inputs/same_as_mlir_opt.py %s --split-input-file --cse --mlir-pass-statistics --mlir-print-ir-after-all

// RUN: polylift-opt %s --split-input-file --raise-affine-to-linalg --cse --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s
// CHECK:      ===-------------------------------------------------------------------------===
// CHECK-NEXT:                          ... Pass statistics report ...
// CHECK-NEXT: ===-------------------------------------------------------------------------===
// CHECK-NEXT: RaiseAffineToLinalgPass
// CHECK-NEXT:   (S) 0 analysis-remarks - Number of analysis remarks
// CHECK-NEXT:   (S) 1 applied-remarks  - Number of applied remarks
// CHECK-NEXT:   (S) 0 missed-remarks   - Number of missed remarks
// CHECK-NEXT: CSE
// CHECK-NEXT:   (S) {{[0-9]+}} num-cse'd - Number of operations CSE'd
// CHECK-NEXT:   (S) 0 num-dce'd - Number of operations DCE'd
// CHECK-EMPTY:
// CHECK-NEXT: ===
// CHECK-NEXT: ... Pass statistics report ...
// CHECK-NEXT: ===
// CHECK-NEXT: RaiseAffineToLinalgPass
// CHECK-NEXT:   (S) 0 analysis-remarks
// CHECK-NEXT:   (S) 0 applied-remarks
// CHECK-NEXT:   (S) 0 missed-remarks
// CHECK-NEXT: CSE
// CHECK-NEXT:   (S) 0 num-cse'd

func.func @scale(%n: index, %a: f64, %x: memref<?xf64>, %y: memref<?xf64>) {
  affine.for %i = 0 to %n {
    %v = affine.load %x[%i] : memref<?xf64>
    %w = arith.mulf %a, %v : f64
    affine.store %w, %y[%i] : memref<?xf64>
  }
  return
}

func.func @dup(%a: f64) -> (f64, f64) {
  %0 = arith.addf %a, %a : f64
  %1 = arith.addf %a, %a : f64
  return %0, %1 : f64, f64
}

// -----

func.func @empty() {
  return
}
