// RUN: polylift-opt %s --split-input-file --cse | FileCheck %s
// RUN: polylift-opt %S/Inputs/expected.mlir --split-input-file --verify-diagnostics
// RUN: not polylift-opt %S/Inputs/unexpected.mlir --verify-diagnostics 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK-LABEL: func.func @first
func.func @first() {
  return
}

// -----

// CHECK: // -----
// CHECK-LABEL: func.func @second
func.func @second() {
  return
}

// BAD: error: expected error "never emitted" was not produced
