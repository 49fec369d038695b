// mlir-opt's spellings: one dash or two, a value after `=` or as the next argument,
// `--` before the input; polylift's own passes and options too.
// RUN: polylift-opt %s --canonicalize --cse > %t.two
// RUN: mlir-opt %s --canonicalize --cse | diff %t.two -
// RUN: polylift-opt %s -canonicalize -cse | diff %t.two -
// RUN: polylift-opt %s -pass-pipeline='builtin.module(canonicalize,cse)' -o=%t.eq
// RUN: diff %t.two %t.eq
// RUN: polylift-opt %s -pass-pipeline 'builtin.module(canonicalize,cse)' -o %t.space
// RUN: diff %t.two %t.space
// RUN: polylift-opt -canonicalize -cse -mlir-disable-threading -verify-each=0 -- %s | diff %t.two -
// RUN: polylift-opt %s -split-input-file -cse | FileCheck %s --check-prefix=SPLIT
// RUN: polylift-opt %s -raise-affine-to-linalg -remarks=applied -backend=ref -o /dev/null 2>&1 | FileCheck %s --check-prefix=POLYLIFT
// RUN: polylift-opt %s -raise-affine-to-linalg -mlir-print-ir-after-all -mlir-timing -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP

// SPLIT: func.func @dup
// SPLIT: // -----
// SPLIT: func.func @scale
// POLYLIFT: single-dash.mlir:[[@LINE+16]]:5: remark: raised to linalg.generic (parallel)
// DUMP: IR Dump After RaiseAffineToLinalgPass (raise-affine-to-linalg)
// DUMP: Execution time report

func.func @dup(%a: f64) -> (f64, f64) {
  %0 = arith.addf %a, %a : f64
  %1 = arith.addf %a, %a : f64
  return %0, %1 : f64, f64
}

// -----

func.func @scale(%n: index, %a: f64, %x: memref<?xf64>, %y: memref<?xf64>) {
  affine.for %i = 0 to %n {
    %v = affine.load %x[%i] : memref<?xf64>
    %w = arith.mulf %a, %v : f64
    affine.store %w, %y[%i] : memref<?xf64>
  }
  return
}
