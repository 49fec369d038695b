// --no-implicit-module: the input is one operation, as in mlir-opt; polylift-opt
// runs its passes on modules, so that operation must be a builtin.module.
// RUN: %python %S/Inputs/same_as_mlir_opt.py %s --no-implicit-module --cse
// RUN: %python %S/Inputs/same_as_mlir_opt.py %S/Inputs/two-functions.mlir --no-implicit-module --cse
// RUN: %python %S/Inputs/same_as_mlir_opt.py %S/Inputs/two-functions.mlir --cse
// RUN: not polylift-opt %S/Inputs/one-function.mlir -no-implicit-module 2>&1 | FileCheck %s
// CHECK: one-function.mlir:0:0: error: the top-level operation is 'func.func': polylift-opt runs its passes on a 'builtin.module'

module {
  func.func @dup(%a: f64) -> (f64, f64) {
    %0 = arith.addf %a, %a : f64
    %1 = arith.addf %a, %a : f64
    return %0, %1 : f64, f64
  }
}
