// The IR dumps of mlir-opt, in its format: an upstream step's pass manager prints
// them itself, a polylift pass gets the same from the driver.
// RUN: %python %S/Inputs/same_as_mlir_opt.py %s --cse --canonicalize --mlir-print-ir-before-all --mlir-print-ir-after-all
// RUN: %python %S/Inputs/same_as_mlir_opt.py %s --cse --canonicalize --cse --mlir-print-ir-after-all --mlir-print-ir-after-change
// RUN: %python %S/Inputs/same_as_mlir_opt.py %s --pass-pipeline='builtin.module(func.func(cse,canonicalize))' --mlir-print-ir-after=cse
// RUN: %python %S/Inputs/same_as_mlir_opt.py %s --pass-pipeline='builtin.module(func.func(cse,canonicalize),cse)' --mlir-print-ir-before=canonicalize --mlir-print-ir-after=cse
// RUN: %python %S/Inputs/same_as_mlir_opt.py %s --pass-pipeline='builtin.module(func.func(cse,canonicalize))' --mlir-print-ir-before=canonicalize,cse --mlir-print-ir-module-scope
// RUN: %python %S/Inputs/same_as_mlir_opt.py %s -cse -mlir-print-ir-after-all -mlir-print-debuginfo -mlir-print-op-generic
// RUN: %python %S/Inputs/same_as_mlir_opt.py %s --cse --mlir-print-local-scope --mlir-print-debuginfo
// RUN: %python %S/Inputs/same_as_mlir_opt.py %s --cse --mlir-print-op-generic

// polylift's passes: upstream's header (the pass's class, its flag), in pipeline order.
// RUN: polylift-opt %s --raise-affine-to-linalg --cse --mlir-print-ir-before-all --mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=PY
// PY: // -----// IR Dump Before RaiseAffineToLinalgPass (raise-affine-to-linalg) //----- //
// PY-NEXT: module {
// PY: affine.for
// PY: // -----// IR Dump After RaiseAffineToLinalgPass (raise-affine-to-linalg) //----- //
// PY-NEXT: #map = affine_map
// PY: linalg.generic
// PY: // -----// IR Dump Before CSE (cse) //----- //
// PY: // -----// IR Dump After CSE (cse) //----- //

// By name, the second raising (which changes nothing) not printed after a change only.
// RUN: polylift-opt %s -raise-affine-to-linalg -raise-affine-to-linalg -mlir-print-ir-after=raise-affine-to-linalg -mlir-print-ir-after-change -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHANGE
// CHANGE: IR Dump After RaiseAffineToLinalgPass (raise-affine-to-linalg)
// CHANGE-NOT: IR Dump

// A polylift pass that fails, printed after its failure only.
// RUN: not polylift-opt %s --raise-affine-to-linalg --match-kernels --check-no-kernel-launch --mlir-print-ir-after-failure -o /dev/null 2>&1 | FileCheck %s --check-prefix=FAIL
// FAIL-NOT: IR Dump
// FAIL: // -----// IR Dump After CheckNoKernelLaunchPass Failed (check-no-kernel-launch) //----- //
// FAIL: func.func @scale(%{{.*}}: index, %[[A:.*]]: f64, %[[X:.*]]: memref<?xf64>, %[[Y:.*]]: memref<?xf64>)
// FAIL: %[[XV:.*]] = memref.subview %[[X]]
// FAIL: %[[YV:.*]] = memref.subview %[[Y]]
// FAIL: "kernel.launch"(%[[YV]], %[[XV]], %[[A]]) {callee = @muls_f64
// FAIL: error: no backend claimed kernel.launch 'ew.muls'

// An upstream pass that fails: its pass manager prints it.
// RUN: not polylift-opt %S/Inputs/unbufferizable.mlir --allow-unregistered-dialect --one-shot-bufferize --mlir-print-ir-after-failure 2>&1 | FileCheck %s --check-prefix=UPFAIL
// UPFAIL: // -----// IR Dump After OneShotBufferizePass Failed (one-shot-bufferize) //----- //
// UPFAIL: unbufferizable.mlir:2:8: error: op was not bufferized

func.func @scale(%n: index, %a: f64, %x: memref<?xf64>, %y: memref<?xf64>) {
  affine.for %i = 0 to %n {
    %v = affine.load %x[%i] : memref<?xf64>
    %w = arith.mulf %a, %v : f64
    affine.store %w, %y[%i] : memref<?xf64>
  }
  return
}

func.func @dup(%a: f64) -> (f64, f64) {
  %c0 = arith.constant 0.0 : f64
  %0 = arith.addf %a, %c0 : f64
  %1 = arith.addf %a, %c0 : f64
  return %0, %1 : f64, f64
}
