// --emit-bytecode writes what mlir-opt writes, byte for byte (the locations name the
// file); polylift-opt reads bytecode as mlir-opt does.
// RUN: polylift-opt %s --cse --emit-bytecode -o %t.polylift.mlirbc
// RUN: mlir-opt %s --cse --emit-bytecode -o %t.upstream.mlirbc
// RUN: cmp %t.polylift.mlirbc %t.upstream.mlirbc
// RUN: polylift-opt %s --split-input-file -emit-bytecode -o=%t.split.polylift
// RUN: mlir-opt %s --split-input-file -emit-bytecode -o=%t.split.upstream
// RUN: cmp %t.split.polylift %t.split.upstream
// RUN: polylift-opt %t.polylift.mlirbc --mlir-print-debuginfo | FileCheck %s
// RUN: mlir-opt %t.polylift.mlirbc --mlir-print-debuginfo | FileCheck %s

// CHECK-LABEL: func.func @dup
// CHECK-NEXT: %[[X:.*]] = arith.addf %arg0, %arg0 : f64 loc(#[[L:loc[0-9]*]])
// CHECK-NEXT: return %[[X]], %[[X]]
// CHECK: #[[L]] = loc("{{.*}}bytecode.mlir":[[@LINE+3]]:8)

func.func @dup(%a: f64) -> (f64, f64) {
  %0 = arith.addf %a, %a : f64
  %1 = arith.addf %a, %a : f64
  return %0, %1 : f64, f64
}

// -----

func.func @second() {
  return
}
