// RUN: polylift-opt %s --match-kernels --expressions=false --templates=%S/Inputs/user-templates | FileCheck %s
// RUN: polylift-opt %s --match-kernels --expressions=false | FileCheck %s --check-prefix=BUILTIN
// RUN: not polylift-opt %s --match-kernels --expressions=false --templates=%S/Inputs/bad-templates 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not polylift-opt %s --match-kernels --expressions=false --templates=%S/Inputs/bad-templates-semantic 2>&1 | FileCheck %s --check-prefix=SEM

// A template from a user's directory matches like a built-in one.
// CHECK-LABEL: func.func @square(
// CHECK-SAME: %[[X:[a-z0-9_-]+]]: memref<64xf64>, %[[Y:[a-z0-9_-]+]]: memref<64xf64>)
// CHECK-NOT: linalg.generic
// CHECK: "kernel.launch"(%[[Y]], %[[X]]) {callee = @square_plus_one_f64, source_order_matches = true, template = "user.square_plus_one"}
// Without the directory the op stays.
// BUILTIN-LABEL: func.func @square
// BUILTIN: linalg.generic

// A syntax error in a user's template file: file:line:col, the line, a caret.
// BAD: bad.tpl:7:27: error: unexpected '}'
// BAD-NEXT: {{^}}  compute { y[i] = x[i] * }
// BAD-NEXT: {{^}}                          ^

// A semantic error points at the offending node.
// SEM: shift.tpl:7:20: error: template 'user.fshift': '>>' needs integer element types only
// SEM-NEXT: {{^}}  compute { y[i] = x[i] >> s }
// SEM-NEXT: {{^}}                   ^
func.func @square(%x: memref<64xf64>, %y: memref<64xf64>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : memref<64xf64>) outs(%y : memref<64xf64>) {
  ^bb0(%a: f64, %b: f64):
    %0 = arith.mulf %a, %a : f64
    %one = arith.constant 1.0 : f64
    %1 = arith.addf %0, %one : f64
    linalg.yield %1 : f64
  }
  return
}

// A two-step user template whose scalar is an element: from w (no op writes it) the
// launch loads w[3] first and covers both ops.
// CHECK-LABEL: func.func @double_then_fill_from_w(
// CHECK-SAME: %[[X:[a-z0-9_-]+]]: memref<64xf64>, %[[Y:[a-z0-9_-]+]]: memref<64xf64>, %[[W:[a-z0-9_-]+]]: memref<4xf64>)
// CHECK: %[[W3:.*]] = memref.load %[[W]][%{{.*}}] : memref<4xf64>
// CHECK-NEXT: "kernel.launch"(%[[X]], %[[Y]], %[[W3]]) {callee = @double_then_fill_f64, source_order_matches = true, template = "user.double_then_fill"}
// CHECK-NEXT: return
// Near miss: the element is x[3], which the first step doubles. One launch would load
// it before the doubling, so the two ops stay two launches and x[3] is loaded after
// the first.
// CHECK-LABEL: func.func @double_then_fill_from_x(
// CHECK-SAME: %[[X:[a-z0-9_-]+]]: memref<64xf64>, %[[Y:[a-z0-9_-]+]]: memref<64xf64>)
// CHECK-NOT: user.double_then_fill
// CHECK: %{{[a-z0-9_-]+}} = arith.constant 2.000000e+00 : f64
// CHECK: %[[TWO:[a-z0-9_-]+]] = arith.constant 2.000000e+00 : f64
// CHECK: "kernel.launch"(%[[X]], %[[TWO]]) {{{.*}}template = "blas.scal"}
// CHECK: %[[X3:.*]] = memref.load %[[X]][%{{.*}}] : memref<64xf64>
// CHECK-NEXT: "kernel.launch"(%[[Y]], %[[X3]]) {callee = @fill_f64, source_order_matches = true, template = "blas.fill"}
// CHECK-NEXT: return
func.func @double_then_fill_from_w(%x: memref<64xf64>, %y: memref<64xf64>, %w: memref<4xf64>) {
  %c2 = arith.constant 2.0 : f64
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      outs(%x : memref<64xf64>) {
  ^bb0(%b: f64):
    %0 = arith.mulf %c2, %b : f64
    linalg.yield %0 : f64
  }
  linalg.generic {indexing_maps = [affine_map<(d0) -> (3)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%w : memref<4xf64>) outs(%y : memref<64xf64>) {
  ^bb0(%a: f64, %b: f64):
    linalg.yield %a : f64
  }
  return
}
func.func @double_then_fill_from_x(%x: memref<64xf64>, %y: memref<64xf64>) {
  %c2 = arith.constant 2.0 : f64
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      outs(%x : memref<64xf64>) {
  ^bb0(%b: f64):
    %0 = arith.mulf %c2, %b : f64
    linalg.yield %0 : f64
  }
  linalg.generic {indexing_maps = [affine_map<(d0) -> (3)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : memref<64xf64>) outs(%y : memref<64xf64>) {
  ^bb0(%a: f64, %b: f64):
    linalg.yield %a : f64
  }
  return
}
