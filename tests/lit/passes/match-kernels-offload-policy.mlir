// RUN: polylift-opt %s --split-input-file --match-kernels --offload-policy=profitable --offload-profile=%S/Inputs/offload-profiles/gemv-crossover.json | FileCheck %s
// RUN: polylift-opt %s --split-input-file --match-kernels --offload-policy=profitable --offload-profile=%S/Inputs/offload-profiles/gemv-crossover.json --remarks=all 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: polylift-opt %s --split-input-file --match-kernels | FileCheck %s --check-prefix=ALWAYS
// RUN: polylift-opt %s --split-input-file --match-kernels --offload-policy=profitable --remarks=all 2>&1 >/dev/null | FileCheck %s --check-prefix=SHIPPED
// RUN: not polylift-opt %s --split-input-file --match-kernels --offload-policy=sometimes 2>&1 | FileCheck %s --check-prefix=POLICY
// RUN: not polylift-opt %s --split-input-file --match-kernels --offload-policy=profitable --offload-profile=%S/Inputs/offload-profiles/bad-version.json 2>&1 | FileCheck %s --check-prefix=VERSION

// The profile measured the host gemv at 0.5x of its loops at work 1e4 and 2x at 1e6:
// the call is taken from work (flops + bytes) 1e5, the log-log crossing.

// Static sizes below the crossing (38x42: 3192 flops + 13712 bytes): the loops stay.
// CHECK-LABEL: func.func @gemv_small(
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic {{.*}} attrs = {polylift.offload_kept = "blas.gemv_acc1"}
// CHECK-NOT: kernel.launch
// CHECK: return
// REMARK: 32:3: remark: kept the source loops: the host call of blas.gemv_acc1 loses at work 1.69e+04 (measured 0.50x at work 1e+04, gemv at MINI; profile gemv-crossover.json)
// REMARK-NEXT: 32:3: remark: blas.gemv_acc1 matched; kept as loops by the offload policy, where the host call loses
// REMARK-NEXT: 31:1: remark: match-kernels: @gemv_small: coverage NONE, 0 launch(es), 1 residual op(s)
// The shipped profile is read when none is named.
// SHIPPED: 32:3: remark: {{.*}}profile default-profile.json
// POLICY: error: --offload-policy must be always or profitable, not 'sometimes'
// VERSION: error: bad-version.json: bad offload profile: profile version 99, this polylift reads version 1
// ALWAYS-LABEL: func.func @gemv_small(
// ALWAYS-SAME: %[[A:[a-z0-9_-]+]]: memref<38x42xf64>, %[[X:[a-z0-9_-]+]]: memref<42xf64>, %[[Y:[a-z0-9_-]+]]: memref<38xf64>)
// ALWAYS-NEXT: %[[ONE:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f64
// ALWAYS-NEXT: "kernel.launch"(%[[Y]], %[[A]], %[[X]], %[[ONE]]) {{{.*}}template = "blas.gemv_acc1"
#mat = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @gemv_small(%A: memref<38x42xf64>, %x: memref<42xf64>, %y: memref<38xf64>) {
  linalg.generic {indexing_maps = [#mat, #col, #row], iterator_types = ["parallel", "reduction"]} ins(%A, %x : memref<38x42xf64>, memref<42xf64>) outs(%y : memref<38xf64>) {
  ^bb0(%a: f64, %b: f64, %o: f64):
    %m = arith.mulf %a, %b : f64
    %s = arith.addf %o, %m : f64
    linalg.yield %s : f64
  }
  return
}

// -----

// Static sizes above it (380x420): the call.
// CHECK-LABEL: func.func @gemv_large(
// CHECK-SAME: %[[A:[a-z0-9_-]+]]: memref<380x420xf64>, %[[X:[a-z0-9_-]+]]: memref<420xf64>, %[[Y:[a-z0-9_-]+]]: memref<380xf64>)
// CHECK-NEXT: %[[ONE:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: "kernel.launch"(%[[Y]], %[[A]], %[[X]], %[[ONE]]) {{{.*}}template = "blas.gemv_acc1"
// CHECK-NOT: linalg.generic
// REMARK: 55:3: remark: blas.gemv_acc1: the host call wins at work 1.61e+06 (measured 2.00x at work 1e+06, gemv at MEDIUM; profile gemv-crossover.json)
// REMARK-NEXT: 55:3: remark: matched blas.gemv_acc1 (1 op) -> @gemv_acc_f64
#mat = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @gemv_large(%A: memref<380x420xf64>, %x: memref<420xf64>, %y: memref<380xf64>) {
  linalg.generic {indexing_maps = [#mat, #col, #row], iterator_types = ["parallel", "reduction"]} ins(%A, %x : memref<380x420xf64>, memref<420xf64>) outs(%y : memref<380xf64>) {
  ^bb0(%a: f64, %b: f64, %o: f64):
    %m = arith.mulf %a, %b : f64
    %s = arith.addf %o, %m : f64
    linalg.yield %s : f64
  }
  return
}

// -----

// Sizes known at run time: the work is computed from the operands' dims and compared
// with the crossing; the call runs above it, the source loops below.
// CHECK-LABEL: func.func @gemv_dynamic(
// CHECK-SAME: %[[A:[a-z0-9_-]+]]: memref<?x?xf64>, %[[X:[a-z0-9_-]+]]: memref<?xf64>, %[[Y:[a-z0-9_-]+]]: memref<?xf64>)
// CHECK-NEXT: %[[ONE:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f64
// CHECK: memref.dim %[[Y]]
// CHECK: memref.dim %[[A]]
// CHECK: %[[CROSS:[a-z0-9_-]+]] = arith.constant 1.000000e+05 : f64
// CHECK-NEXT: %[[PAYS:[a-z0-9_-]+]] = arith.cmpf oge, %{{[a-z0-9_-]+}}, %[[CROSS]] : f64
// CHECK-NEXT: scf.if %[[PAYS]] {
// CHECK-NEXT: "kernel.launch"(%[[Y]], %[[A]], %[[X]], %[[ONE]]) {{{.*}}template = "blas.gemv_acc1"
// CHECK-NEXT: } else {
// CHECK-NEXT: linalg.generic {{.*}} ins(%[[A]], %[[X]] : memref<?x?xf64>, memref<?xf64>) outs(%[[Y]] : memref<?xf64>) attrs = {polylift.offload_kept = "blas.gemv_acc1"}
// CHECK: linalg.yield
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
// REMARK: 89:3: remark: sizes known at run time only: blas.gemv_acc1 is launched when its work (flops + bytes) >= 1e+05, else the source loops run (measured 0.50x at work 1e+04, gemv at MINI to measured 2.00x at work 1e+06, gemv at MEDIUM; profile gemv-crossover.json)
// REMARK-NEXT: 89:3: remark: matched blas.gemv_acc1 (1 op) -> @gemv_acc_f64
#mat = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @gemv_dynamic(%A: memref<?x?xf64>, %x: memref<?xf64>, %y: memref<?xf64>) {
  linalg.generic {indexing_maps = [#mat, #col, #row], iterator_types = ["parallel", "reduction"]} ins(%A, %x : memref<?x?xf64>, memref<?xf64>) outs(%y : memref<?xf64>) {
  ^bb0(%a: f64, %b: f64, %o: f64):
    %m = arith.mulf %a, %b : f64
    %s = arith.addf %o, %m : f64
    linalg.yield %s : f64
  }
  return
}
