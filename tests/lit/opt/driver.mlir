// RUN: polylift-opt %s --canonicalize --cse | FileCheck %s
// RUN: polylift-opt %s --pass-pipeline='builtin.module(canonicalize,func.func(cse))' | FileCheck %s
// RUN: polylift-opt %s --mlir-timing --cse 2>&1 >/dev/null | FileCheck %s --check-prefix=TIMING
// RUN: polylift-opt %s --mlir-print-ir-after-all --cse 2>&1 >/dev/null | FileCheck %s --check-prefix=DUMP
// RUN: cat %s | polylift-opt - --cse | FileCheck %s

// CHECK-LABEL: func.func @dup
// CHECK-NEXT: %[[X:.*]] = arith.addf %arg0, %arg0 : f64
// CHECK-NEXT: return %[[X]], %[[X]] : f64, f64
func.func @dup(%a: f64) -> (f64, f64) {
  %0 = arith.addf %a, %a : f64
  %1 = arith.addf %a, %a : f64
  return %0, %1 : f64, f64
}

// TIMING: Execution time report
// TIMING: cse
// TIMING: Total

// DUMP: // -----// IR Dump After CSE (cse) //----- //
// DUMP: func.func @dup
