// RUN: polylift-opt %s --lower-kernel-launch-to-npp | FileCheck %s
// RUN: polylift-opt %s --backend=npp,ref | FileCheck %s --check-prefix=CHAIN

// blend.darken lists npp: its launch becomes a call of the npp shim, with the pointer
// and increment of each vector (a, b, then o, the template's shim order) and o's size.
// blend.overlay lists no npp shim (no exact NPP composition): its launch stays for the
// next backend, and --backend=npp,ref hands it to ref.
// CHECK: func.func private @polylift_npp_blend_darken_u8(i64, !llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64)
// CHECK-LABEL: func.func @blends(
// CHECK-SAME: %[[O:[a-z0-9_]+]]: memref<?xi8>, %[[A:[a-z0-9_]+]]: memref<?xi8>, %[[B:[a-z0-9_]+]]: memref<?xi8>)
// CHECK: %{{.*}}, %{{.*}}, %{{.*}}, %[[INCA:[a-z0-9_]+]] = memref.extract_strided_metadata %[[A]]
// CHECK: %[[PA:[0-9]+]] = llvm.inttoptr
// CHECK: %{{.*}}, %{{.*}}, %{{.*}}, %[[INCB:[a-z0-9_]+]] = memref.extract_strided_metadata %[[B]]
// CHECK: %[[PB:[0-9]+]] = llvm.inttoptr
// CHECK: %{{.*}}, %{{.*}}, %[[SIZE:[a-z0-9_]+]], %[[INCO:[a-z0-9_]+]] = memref.extract_strided_metadata %[[O]]
// CHECK: %[[PO:[0-9]+]] = llvm.inttoptr
// CHECK-NEXT: %[[IO:[0-9]+]] = arith.index_cast %[[INCO]] : index to i64
// CHECK-NEXT: %[[N:[0-9]+]] = arith.index_cast %[[SIZE]] : index to i64
// CHECK-NEXT: call @polylift_npp_blend_darken_u8(%[[N]], %[[PA]], %{{[0-9]+}}, %[[PB]], %{{[0-9]+}}, %[[PO]], %[[IO]])
// CHECK-NEXT: "kernel.launch"(%[[O]], %[[A]], %[[B]]) {callee = @blend_overlay_u8, source_order_matches = true, template = "blend.overlay"}
// CHECK-NEXT: return

// CHAIN-DAG: func.func private @polylift_npp_blend_darken_u8(
// CHAIN-DAG: func.func private @polylift_ref_blend_overlay_u8(
// CHAIN-LABEL: func.func @blends(
// CHAIN: call @polylift_npp_blend_darken_u8(
// CHAIN: call @polylift_ref_blend_overlay_u8(
// CHAIN-NOT: kernel.launch
func.func @blends(%o: memref<?xi8>, %a: memref<?xi8>, %b: memref<?xi8>) {
  "kernel.launch"(%o, %a, %b) {callee = @blend_darken_u8, source_order_matches = true, template = "blend.darken"} : (memref<?xi8>, memref<?xi8>, memref<?xi8>) -> ()
  "kernel.launch"(%o, %a, %b) {callee = @blend_overlay_u8, source_order_matches = true, template = "blend.overlay"} : (memref<?xi8>, memref<?xi8>, memref<?xi8>) -> ()
  return
}
