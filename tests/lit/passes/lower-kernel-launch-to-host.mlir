// RUN: polylift-opt %s --templates=%S/Inputs/launch-templates --lower-kernel-launch-to-host | FileCheck %s
// RUN: polylift-opt %s --templates=%S/Inputs/launch-templates --backend=cublas,host | FileCheck %s --check-prefix=CHAIN
// RUN: polylift-opt %s --templates=%S/Inputs/launch-templates --backend=host,ref | FileCheck %s --check-prefix=NODUP
// RUN: not polylift-opt %s --backend=ref,host 2>&1 | FileCheck %s --check-prefix=ORDER
// RUN: not polylift-opt %s --backend=hots 2>&1 | FileCheck %s --check-prefix=UNKNOWN

// The host pass alone lowers what host implements and leaves the rest as it was.
// CHECK-LABEL: func.func @mixed(
// CHECK-SAME: %[[A:[a-z0-9_-]+]]: memref<8x8xf64>, %[[B:[a-z0-9_-]+]]: memref<8x8xf64>, %[[C:[a-z0-9_-]+]]: memref<8x8xf64>, %[[a:[a-z0-9_-]+]]: f64, %[[x:[a-z0-9_-]+]]: memref<10xf64>, %[[y:[a-z0-9_-]+]]: memref<10xf64>, %[[P:[a-z0-9_-]+]]: memref<4x6xf64>, %[[Q:[a-z0-9_-]+]]: memref<4x6xf64>)
// CHECK: call @polylift_host_gemm_f64(
// CHECK: call @polylift_host_jacobi1d_f64(
// CHECK-NEXT: "kernel.launch"(%[[y]], %[[x]]) {callee = @negate_f64, source_order_matches = true, template = "test.negate"}
// CHECK-NEXT: "kernel.launch"(%[[P]], %[[Q]], %[[a]]) {callee = @scale2d_f64, source_order_matches = true, template = "test.scale2d"}
// CHECK-NEXT: return

// The chain: cuBLAS takes gemm, host jacobi1d (no cuBLAS shim), ref the rest.
// CHAIN: func.func private @polylift_cublas_gemm_f64(
// CHAIN-NEXT: func.func private @polylift_host_jacobi1d_f64(
// CHAIN-NEXT: func.func private @polylift_ref_negate_f64(i64, !llvm.ptr, i64, !llvm.ptr, i64)
// CHAIN-NEXT: func.func private @polylift_ref_scale2d_f64(i64, i64, f64, !llvm.ptr, i64, !llvm.ptr, i64)
// CHAIN-LABEL: func.func @mixed
// CHAIN-NOT: kernel.launch
// CHAIN: call @polylift_cublas_gemm_f64(
// CHAIN: call @polylift_host_jacobi1d_f64(
// CHAIN: call @polylift_ref_negate_f64(
// CHAIN: call @polylift_ref_scale2d_f64(
// CHAIN-NEXT: return

// `ref` already last: not appended twice.
// NODUP-NOT: polylift_cublas
// NODUP: call @polylift_host_gemm_f64(
// NODUP: call @polylift_ref_negate_f64(

// ORDER: polylift-opt: error: backend 'ref' takes every launch left, so it must come last in 'ref,host'
// UNKNOWN: polylift-opt: error: unknown backend 'hots' (known: ref, host, cublas, cublaslt, cudnn, cusolver, npp, pva)
func.func @mixed(%A: memref<8x8xf64>, %B: memref<8x8xf64>, %C: memref<8x8xf64>, %a: f64,
                 %x: memref<10xf64>, %y: memref<10xf64>, %P: memref<4x6xf64>, %Q: memref<4x6xf64>) {
  "kernel.launch"(%C, %A, %B, %a, %a) {callee = @gemm_f64, source_order_matches = true, template = "blas.gemm"} : (memref<8x8xf64>, memref<8x8xf64>, memref<8x8xf64>, f64, f64) -> ()
  %sx = memref.subview %x[1] [8] [1] : memref<10xf64> to memref<8xf64, strided<[1], offset: 1>>
  %sy = memref.subview %y[1] [8] [1] : memref<10xf64> to memref<8xf64, strided<[1], offset: 1>>
  "kernel.launch"(%sy, %sx, %a) {callee = @jacobi1d_f64, source_order_matches = true, template = "stencil.jacobi1d"} : (memref<8xf64, strided<[1], offset: 1>>, memref<8xf64, strided<[1], offset: 1>>, f64) -> ()
  "kernel.launch"(%y, %x) {callee = @negate_f64, source_order_matches = true, template = "test.negate"} : (memref<10xf64>, memref<10xf64>) -> ()
  "kernel.launch"(%P, %Q, %a) {callee = @scale2d_f64, source_order_matches = true, template = "test.scale2d"} : (memref<4x6xf64>, memref<4x6xf64>, f64) -> ()
  return
}
