// RUN: polylift-opt %s --split-input-file --lower-kernel-launch-to-cublas | FileCheck %s
// RUN: polylift-opt %s --split-input-file --lower-kernel-launch-to-cublas --offload-policy=profitable | FileCheck %s --check-prefix=PROF
// RUN: polylift-opt %s --split-input-file --lower-kernel-launch-to-cublas --offload-policy=profitable --remarks=all 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: polylift-opt %s --split-input-file --backend=cublas,host --offload-policy=profitable | FileCheck %s --check-prefix=CHAIN
// RUN: not polylift-opt %s --lower-kernel-launch-to-cublas --offload-policy=sometimes 2>&1 | FileCheck %s --check-prefix=BADPOLICY

// BADPOLICY: error: --offload-policy must be always or profitable, not 'sometimes'

// Default policy `always`: every launch cuBLAS implements becomes a cuBLAS call.
// CHECK-LABEL: func.func @small_gemm
// CHECK: call @polylift_cublas_gemm_f64(
// CHECK-LABEL: func.func @big_gemm
// CHECK: call @polylift_cublas_gemm_f32(

// Profitable, sizes known: 8x8x8 is 1152 flops, far below F_MIN: stays a launch, marked so
// later GPU lowerings keep it on the host too; the host lowering takes it in the chain.
// PROF-LABEL: func.func @small_gemm(
// PROF-SAME: %[[A:[a-z0-9_-]+]]: memref<8x8xf64>, %[[B:[a-z0-9_-]+]]: memref<8x8xf64>, %[[C:[a-z0-9_-]+]]: memref<8x8xf64>, %[[a:[a-z0-9_-]+]]: f64)
// PROF-NEXT: "kernel.launch"(%[[C]], %[[A]], %[[B]], %[[a]], %[[a]]) {callee = @gemm_f64, offload_declined, source_order_matches = true, template = "blas.gemm"}
// REMARK: remark: lower-kernel-launch-to-cublas: kept on the host (1152 flops, 2048 bytes; offload needs flops >= 2e+06 and flops >= 4 * bytes)
// CHAIN-LABEL: func.func @small_gemm
// CHAIN-NOT: kernel.launch
// CHAIN: call @polylift_host_gemm_f64(
func.func @small_gemm(%A: memref<8x8xf64>, %B: memref<8x8xf64>, %C: memref<8x8xf64>, %a: f64) {
  "kernel.launch"(%C, %A, %B, %a, %a) {callee = @gemm_f64, source_order_matches = true, template = "blas.gemm"} : (memref<8x8xf64>, memref<8x8xf64>, memref<8x8xf64>, f64, f64) -> ()
  return
}

// -----

// 256^3 f32 gemm: 3.4e7 flops over 1.0e6 bytes, 32 flops per byte: offloaded.
// PROF-LABEL: func.func @big_gemm
// PROF-NOT: kernel.launch
// PROF: call @polylift_cublas_gemm_f32(
// REMARK: remark: lower-kernel-launch-to-cublas: offloaded to @polylift_cublas_gemm_f32 (3.36855e+07 flops, 1.04858e+06 bytes)
// CHAIN-LABEL: func.func @big_gemm
// CHAIN: call @polylift_cublas_gemm_f32(
func.func @big_gemm(%A: memref<256x256xf32>, %B: memref<256x256xf32>, %C: memref<256x256xf32>, %a: f32) {
  "kernel.launch"(%C, %A, %B, %a, %a) {callee = @gemm_f32, source_order_matches = true, template = "blas.gemm"} : (memref<256x256xf32>, memref<256x256xf32>, memref<256x256xf32>, f32, f32) -> ()
  return
}

// -----

// f64 axpy on a million elements: 0.083 flop per byte never pays.
// PROF-LABEL: func.func @big_axpy(
// PROF-SAME: %[[X:[a-z0-9_-]+]]: memref<1000000xf64>, %[[Y:[a-z0-9_-]+]]: memref<1000000xf64>, %[[A:[a-z0-9_-]+]]: f64)
// PROF-NEXT: "kernel.launch"(%[[Y]], %[[X]], %[[A]])
// REMARK: remark: lower-kernel-launch-to-cublas: kept on the host (2e+06 flops, 2.4e+07 bytes;
func.func @big_axpy(%x: memref<1000000xf64>, %y: memref<1000000xf64>, %a: f64) {
  "kernel.launch"(%y, %x, %a) {callee = @axpy_f64, source_order_matches = true, template = "blas.axpy"} : (memref<1000000xf64>, memref<1000000xf64>, f64) -> ()
  return
}

// -----

// Dynamic sizes: a run-time guard evaluates the template's cost; the else branch keeps
// the launch (marked) for the next lowering, which the chain's host pass takes.
// PROF-LABEL: func.func @dyn_gemm(
// PROF-SAME: %[[A:[a-z0-9_-]+]]: memref<?x?xf64>, %[[B:[a-z0-9_-]+]]: memref<?x?xf64>, %[[C:[a-z0-9_-]+]]: memref<?x?xf64>, %[[a:[a-z0-9_-]+]]: f64)
// PROF: memref.dim %arg2, %c0
// PROF: %[[IMIN:[a-z0-9_]+]] = arith.constant 4.000000e+00 : f64
// PROF-NEXT: %[[NEED:[0-9]+]] = arith.mulf %[[IMIN]], %{{[0-9]+}} : f64
// PROF-NEXT: %[[FMIN:[a-z0-9_]+]] = arith.constant 2.000000e+06 : f64
// PROF-NEXT: %[[BIG:[0-9]+]] = arith.cmpf oge, %[[FLOPS:[0-9]+]], %[[FMIN]] : f64
// PROF-NEXT: %[[DENSE:[0-9]+]] = arith.cmpf oge, %[[FLOPS]], %[[NEED]] : f64
// PROF-NEXT: %[[COND:[0-9]+]] = arith.andi %[[BIG]], %[[DENSE]] : i1
// PROF-NEXT: scf.if %[[COND]] {
// PROF: func.call @polylift_cublas_gemm_f64(
// PROF-NEXT: } else {
// PROF-NEXT: "kernel.launch"(%[[C]], %[[A]], %[[B]], %[[a]], %[[a]]) {callee = @gemm_f64, offload_declined, source_order_matches = true, template = "blas.gemm"}
// PROF-NEXT: }
// PROF-NEXT: return
// REMARK: remark: lower-kernel-launch-to-cublas: sizes known at run time only: @polylift_cublas_gemm_f64 is called when flops >= 2e+06 and flops >= 4 * bytes, else the launch stays for the next backend
// CHAIN-LABEL: func.func @dyn_gemm
// CHAIN: scf.if
// CHAIN: func.call @polylift_cublas_gemm_f64(
// CHAIN-NEXT: } else {
// CHAIN: func.call @polylift_host_gemm_f64(
// CHAIN-NEXT: }
func.func @dyn_gemm(%A: memref<?x?xf64>, %B: memref<?x?xf64>, %C: memref<?x?xf64>, %a: f64) {
  "kernel.launch"(%C, %A, %B, %a, %a) {callee = @gemm_f64, source_order_matches = true, template = "blas.gemm"} : (memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>, f64, f64) -> ()
  return
}
