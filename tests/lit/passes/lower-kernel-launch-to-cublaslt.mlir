// RUN: polylift-opt %s --lower-kernel-launch-to-cublaslt | FileCheck %s
// RUN: polylift-opt %s --backend=cublaslt | FileCheck %s --check-prefix=CHAIN

// cuBLASLt implements gemm, not syrk: syrk stays for the next lowering (ref in the chain).
// CHECK: func.func private @polylift_cublaslt_gemm_f32(i64, i64, i64, f32, !llvm.ptr, i64, !llvm.ptr, i64, f32, !llvm.ptr, i64)
// CHECK-LABEL: func.func @gemm_then_syrk(
// CHECK-SAME: %[[A:[a-z0-9_-]+]]: memref<16x4xf32>, %[[B:[a-z0-9_-]+]]: memref<4x16xf32>, %[[C:[a-z0-9_-]+]]: memref<16x16xf32>)
// CHECK-NEXT: %[[ONE:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f32
// CHECK: call @polylift_cublaslt_gemm_f32(
// CHECK-NEXT: "kernel.launch"(%[[C]], %[[A]], %[[ONE]], %[[ONE]]) {{{.*}}callee = @syrk_f32{{.*}}}
// CHECK-NEXT: return
// CHAIN: call @polylift_cublaslt_gemm_f32(
// CHAIN: call @polylift_ref_syrk_f32(
func.func @gemm_then_syrk(%A: memref<16x4xf32>, %B: memref<4x16xf32>, %C: memref<16x16xf32>) {
  %one = arith.constant 1.0 : f32
  "kernel.launch"(%C, %A, %B, %one, %one) {alpha = 1.0 : f32, beta = 1.0 : f32, callee = @gemm_f32, source_order_matches = true, template = "blas.gemm_acc"} : (memref<16x16xf32>, memref<16x4xf32>, memref<4x16xf32>, f32, f32) -> ()
  "kernel.launch"(%C, %A, %one, %one) {alpha = 1.0 : f32, beta = 1.0 : f32, callee = @syrk_f32, source_order_matches = true, template = "blas.syrk_acc"} : (memref<16x16xf32>, memref<16x4xf32>, f32, f32) -> ()
  return
}
