// RUN: polylift-opt %s --templates=%S/Inputs/launch-templates --lower-kernel-launch-to-pva | FileCheck %s
// RUN: polylift-opt %s --templates=%S/Inputs/launch-templates --lower-kernel-launch-to-pva --lower-kernel-launch-to-ref --remarks=missed 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// The PVA lowering passes an image view by its first pixel and row stride.
// CHECK: func.func private @polylift_pva_scale2d_f64(i64, i64, f64, !llvm.ptr, i64, !llvm.ptr, i64)
// CHECK-LABEL: func.func @window
// CHECK: memref.extract_strided_metadata %{{.*}} : memref<4x6xf64, strided<[32, 1], offset: 66>>
// CHECK: call @polylift_pva_scale2d_f64(
// CHECK-NEXT: return
// A launch whose template is not in the library is left, with one remark (from the ref
// lowering, which every chain ends with).
// CHECK-LABEL: func.func @unknown(
// CHECK-SAME: %[[X:[a-z0-9_-]+]]: memref<4xf64>)
// CHECK-NEXT: "kernel.launch"(%[[X]])
// REMARK-NOT: lower-kernel-launch-to-pva: template
// REMARK: remark: lower-kernel-launch-to-ref: template 'test.unknown' is not in the template library
func.func @window(%img: memref<16x32xf64>, %out: memref<4x6xf64>, %s: f64) {
  %win = memref.subview %img[2, 2] [4, 6] [1, 1] : memref<16x32xf64> to memref<4x6xf64, strided<[32, 1], offset: 66>>
  "kernel.launch"(%out, %win, %s) {callee = @scale2d_f64, source_order_matches = true, template = "test.scale2d"} : (memref<4x6xf64>, memref<4x6xf64, strided<[32, 1], offset: 66>>, f64) -> ()
  return
}

func.func @unknown(%x: memref<4xf64>) {
  "kernel.launch"(%x) {callee = @unknown_f64, source_order_matches = true, template = "test.unknown"} : (memref<4xf64>) -> ()
  return
}
