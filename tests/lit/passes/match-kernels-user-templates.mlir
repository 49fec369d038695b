// RUN: polylift-opt %s --match-kernels --templates=%S/Inputs/user-templates | FileCheck %s
// RUN: polylift-opt %s --match-kernels | FileCheck %s --check-prefix=BUILTIN
// RUN: not polylift-opt %s --match-kernels --templates=%S/Inputs/bad-templates 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not polylift-opt %s --match-kernels --templates=%S/Inputs/bad-templates-semantic 2>&1 | FileCheck %s --check-prefix=SEM

// A template from a user's directory matches like a built-in one.
// CHECK-LABEL: func.func @square
// CHECK-NOT: linalg.generic
// CHECK: "kernel.launch"(%arg1, %arg0) {callee = @square_f64, source_order_matches = true, template = "user.square"}
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
    linalg.yield %0 : f64
  }
  return
}
