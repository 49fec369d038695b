// RUN: polylift-opt %s --templates=%S/Inputs/launch-templates --lower-kernel-launch-to-cudnn | FileCheck %s
// RUN: polylift-opt %s --templates=%S/Inputs/launch-templates --backend=cudnn,pva --offload-policy=profitable --remarks=all 2>&1 | FileCheck %s --check-prefix=PROF

// A template that declares cudnn is lowered; gemm (no cuDNN shim) is left alone.
// CHECK: func.func private @polylift_cudnn_scale2d_f32(i64, i64, f32, !llvm.ptr, i64, !llvm.ptr, i64)
// CHECK-LABEL: func.func @image(
// CHECK-SAME: %[[IMG:[a-z0-9_-]+]]: memref<1024x1600xf32>, %[[OUT:[a-z0-9_-]+]]: memref<1024x1600xf32>, %[[C:[a-z0-9_-]+]]: memref<4x4xf32>, %[[M:[a-z0-9_-]+]]: memref<4x4xf32>, %[[S:[a-z0-9_-]+]]: f32)
// CHECK: call @polylift_cudnn_scale2d_f32(
// CHECK-NEXT: "kernel.launch"(%[[C]], %[[M]], %[[M]], %[[S]], %[[S]]) {callee = @gemm_f32
// CHECK-NEXT: return

// At 0.125 flop per byte cuDNN keeps it on the host, and the PVA lowering (also a device
// behind a copy) respects that: ref takes it.
// PROF: remark: lower-kernel-launch-to-cudnn: kept on the host (1.6384e+06 flops, 1.31072e+07 bytes;
// PROF-NOT: polylift_pva
// PROF: call @polylift_ref_scale2d_f32(
func.func @image(%img: memref<1024x1600xf32>, %out: memref<1024x1600xf32>, %C: memref<4x4xf32>, %M: memref<4x4xf32>, %s: f32) {
  "kernel.launch"(%out, %img, %s) {callee = @scale2d_f32, source_order_matches = true, template = "test.scale2d"} : (memref<1024x1600xf32>, memref<1024x1600xf32>, f32) -> ()
  "kernel.launch"(%C, %M, %M, %s, %s) {callee = @gemm_f32, source_order_matches = true, template = "blas.gemm"} : (memref<4x4xf32>, memref<4x4xf32>, memref<4x4xf32>, f32, f32) -> ()
  return
}
