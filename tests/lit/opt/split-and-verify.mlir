// RUN: polylift-opt %s --split-input-file --cse | FileCheck %s
// RUN: %python %S/Inputs/same_as_mlir_opt.py %S/Inputs/split.mlir --split-input-file --cse --mlir-print-debuginfo
// RUN: %python %S/Inputs/same_as_mlir_opt.py %S/Inputs/custom-marker.mlir --split-input-file='// ====' --output-split-marker='// ---- out' --mlir-print-debuginfo
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
