// RUN: polylift-opt %s --split-input-file --lower-kernel-launch-to-npp | FileCheck %s
// RUN: polylift-opt %s --split-input-file --backend=npp,ref | FileCheck %s --check-prefix=CHAIN
// RUN: not polylift-opt %s --lower-kernel-launch-to-npp --offload-policy=sometimes 2>&1 | FileCheck %s --check-prefix=BADPOLICY

// BADPOLICY: polylift-opt: error: --offload-policy must be always or profitable, not 'sometimes'

// blend.darken lists npp: its launch becomes a call of the npp shim, with the pointer
// and increment of each vector (a, b, then o, the template's shim order) and o's size.
// blend.overlay lists no npp shim (no exact NPP composition): its launch stays for the
// next backend, and --backend=npp,ref hands it to ref.
// CHECK: func.func private @polylift_npp_blend_darken_u8(i64, !llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64)
// CHECK-LABEL: func.func @blends(
// CHECK-SAME: %[[O:[a-z0-9_]+]]: memref<?xi8>, %[[A:[a-z0-9_]+]]: memref<?xi8>, %[[B:[a-z0-9_]+]]: memref<?xi8>)
// CHECK: %{{.*}}, %{{.*}}, %{{.*}}, %[[INCA:[a-z0-9_]+]] = memref.extract_strided_metadata %[[A]]
// CHECK: %[[PA:[0-9]+]] = llvm.inttoptr
// CHECK-NEXT: %[[IA:[0-9]+]] = arith.index_cast %[[INCA]] : index to i64
// CHECK: %{{.*}}, %{{.*}}, %{{.*}}, %[[INCB:[a-z0-9_]+]] = memref.extract_strided_metadata %[[B]]
// CHECK: %[[PB:[0-9]+]] = llvm.inttoptr
// CHECK-NEXT: %[[IB:[0-9]+]] = arith.index_cast %[[INCB]] : index to i64
// CHECK: %{{.*}}, %{{.*}}, %[[SIZE:[a-z0-9_]+]], %[[INCO:[a-z0-9_]+]] = memref.extract_strided_metadata %[[O]]
// CHECK: %[[PO:[0-9]+]] = llvm.inttoptr
// CHECK-NEXT: %[[IO:[0-9]+]] = arith.index_cast %[[INCO]] : index to i64
// CHECK-NEXT: %[[N:[0-9]+]] = arith.index_cast %[[SIZE]] : index to i64
// CHECK-NEXT: call @polylift_npp_blend_darken_u8(%[[N]], %[[PA]], %[[IA]], %[[PB]], %[[IB]], %[[PO]], %[[IO]])
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

// -----

// pva.lut lists npp (NPP's palette lookup): the image's sizes, the table's length, then
// lut, src and dst each with its stride. pva.gaussian3x3 lists none (NPP's rounding of
// its Gaussian is not stated) and stays.
// CHECK: func.func private @polylift_npp_pva_lut_i8(i64, i64, i64, !llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64)
// CHECK-LABEL: func.func @image(
// CHECK-SAME: %[[OUT:[a-z0-9_]+]]: memref<?x?xi8>, %[[LUT:[a-z0-9_]+]]: memref<256xi8>, %[[IN:[a-z0-9_]+]]: memref<?x?xi8>, %[[G:[a-z0-9_]+]]: memref<?x?xi8>)
// CHECK: %{{.*}}, %{{.*}}, %[[LEN:[a-z0-9_]+]], %[[INCL:[a-z0-9_]+]] = memref.extract_strided_metadata %[[LUT]]
// CHECK: %[[PL:[0-9]+]] = llvm.inttoptr
// CHECK-NEXT: %[[IL:[0-9]+]] = arith.index_cast %[[INCL]] : index to i64
// CHECK: %{{.*}}, %{{.*}}, %{{.*}}, %[[LDI:[a-z0-9_]+]]:2 = memref.extract_strided_metadata %[[IN]]
// CHECK: %[[PI:[0-9]+]] = llvm.inttoptr
// CHECK-NEXT: %[[LI:[0-9]+]] = arith.index_cast %[[LDI]]#0 : index to i64
// CHECK: %{{.*}}, %{{.*}}, %[[SZ:[a-z0-9_]+]]:2, %[[LDO:[a-z0-9_]+]]:2 = memref.extract_strided_metadata %[[OUT]]
// CHECK: %[[PO:[0-9]+]] = llvm.inttoptr
// CHECK-NEXT: %[[LO:[0-9]+]] = arith.index_cast %[[LDO]]#0 : index to i64
// CHECK-NEXT: %[[H:[0-9]+]] = arith.index_cast %[[SZ]]#0 : index to i64
// CHECK-NEXT: %[[W:[0-9]+]] = arith.index_cast %[[SZ]]#1 : index to i64
// CHECK-NEXT: %[[N:[0-9]+]] = arith.index_cast %[[LEN]] : index to i64
// CHECK-NEXT: call @polylift_npp_pva_lut_i8(%[[H]], %[[W]], %[[N]], %[[PL]], %[[IL]], %[[PI]], %[[LI]], %[[PO]], %[[LO]])
// CHECK-NEXT: "kernel.launch"(%[[G]], %[[IN]]) {callee = @pva_gaussian3x3_i8, source_order_matches = true, template = "pva.gaussian3x3"}
// CHECK-NEXT: return

// CHAIN-LABEL: func.func @image(
// CHAIN: call @polylift_npp_pva_lut_i8(
// CHAIN: call @polylift_ref_pva_gaussian3x3_i8(
// CHAIN-NOT: kernel.launch
func.func @image(%out: memref<?x?xi8>, %lut: memref<256xi8>, %in: memref<?x?xi8>, %g: memref<?x?xi8>) {
  "kernel.launch"(%out, %lut, %in) {callee = @pva_lut_i8, source_order_matches = true, template = "pva.lut"} : (memref<?x?xi8>, memref<256xi8>, memref<?x?xi8>) -> ()
  "kernel.launch"(%g, %in) {callee = @pva_gaussian3x3_i8, source_order_matches = true, template = "pva.gaussian3x3"} : (memref<?x?xi8>, memref<?x?xi8>) -> ()
  return
}
