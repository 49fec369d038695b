// --verify-diagnostics with mlir-opt's spellings (Inputs/verify-spellings.mlir: the
// space after the kind or none, @+N, @-N, @above, @below, -re with {{regex}} parts,
// notes), and mlir-opt's report where they are not met: the same files give the same
// output and status with both tools.
// RUN: polylift-opt %S/Inputs/verify-spellings.mlir --split-input-file --verify-diagnostics
// RUN: %python %S/Inputs/same_as_mlir_opt.py %S/Inputs/verify-spellings.mlir --split-input-file --verify-diagnostics
// RUN: %python %S/Inputs/same_as_mlir_opt.py --stderr-only %S/Inputs/verify-mismatch.mlir --split-input-file --verify-diagnostics
// RUN: %python %S/Inputs/same_as_mlir_opt.py --stderr-only %S/Inputs/verify-mismatch.mlir --split-input-file --verify-diagnostics=only-expected

// RUN: not polylift-opt %S/Inputs/verify-mismatch.mlir -split-input-file -verify-diagnostics 2>&1 | FileCheck %s
// CHECK:      verify-mismatch.mlir:9:3: error: unexpected error: custom op 'bogus' is unknown (tried 'func.bogus' as well)
// CHECK-NEXT: {{^}}  bogus
// CHECK-NEXT: {{^}}  ^
// CHECK-NEXT: verify-mismatch.mlir:15:6: error: 'error' diagnostic emitted when expecting a 'warning'
// CHECK:      verify-mismatch.mlir:23:3: error: unexpected error: custom op 'bogus3' is unknown
// CHECK:      verify-mismatch.mlir:1:4: error: expected error "never emitted" was not produced
// CHECK-NEXT: {{^}}// expected{{[-]}}error @+1 {{[{][{]}}never emitted{{[}][}]}}
// CHECK-NEXT: {{^}}   ^~~~~~~~~~~~~
// CHECK-NEXT: verify-mismatch.mlir:15:6: error: expected warning "custom op 'bogus2' is unknown" was not produced
// CHECK:      verify-mismatch.mlir:22:6: error: expected error "custom op '{{[{][{]}}[0-9]+{{[}][}]}}' is unknown" was not produced

// polylift's remarks are checked alike; a comment may stand for a diagnostic of no
// location (where mlir-opt 22 fails an assertion when none comes).
// RUN: polylift-opt %s --raise-affine-to-linalg --verify-diagnostics
// RUN: not polylift-opt %S/Inputs/verify-unknown.mlir --verify-diagnostics 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: verify-unknown.mlir:1:4: error: expected remark "never emitted anywhere" was not produced

func.func @scale(%n: index, %a: f64, %x: memref<?xf64>, %y: memref<?xf64>) {
  affine.for %i = 0 to %n {
    %v = affine.load %x[%i] : memref<?xf64>
    %w = arith.mulf %a, %v : f64
    // expected-remark@+1 {{raised to linalg.generic (parallel)}}
    affine.store %w, %y[%i] : memref<?xf64>
  }
  return
}
