// --dump-pass-pipeline: the pipeline to be run, every option of an upstream pass as
// its pass manager prints it, polylift's passes with the options they are given.
// RUN: %python %S/Inputs/same_as_mlir_opt.py %s --cse --canonicalize --dump-pass-pipeline
// RUN: %python %S/Inputs/same_as_mlir_opt.py %s -dump-pass-pipeline -pass-pipeline='builtin.module(func.func(cse,canonicalize{max-iterations=3}),cse)'
// RUN: %python %S/Inputs/same_as_mlir_opt.py %s --dump-pass-pipeline

// RUN: polylift-opt %s --raise-affine-to-linalg --pass-pipeline='builtin.module(func.func(cse))' --match-kernels --offload-policy=always --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s
// CHECK:      Pass Manager with 3 passes:
// CHECK-NEXT: builtin.module(
// CHECK-NEXT:   raise-affine-to-linalg,
// CHECK-NEXT:   func.func(
// CHECK-NEXT:     cse
// CHECK-NEXT:   ),
// CHECK-NEXT:   match-kernels{offload-policy=always}
// CHECK-NEXT: )
// CHECK-EMPTY:

func.func @dup(%a: f64) -> (f64, f64) {
  %0 = arith.addf %a, %a : f64
  %1 = arith.addf %a, %a : f64
  return %0, %1 : f64, f64
}
