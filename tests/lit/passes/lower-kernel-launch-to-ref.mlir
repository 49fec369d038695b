// RUN: polylift-opt %s --split-input-file --lower-kernel-launch-to-ref | FileCheck %s
// RUN: polylift-opt %s --split-input-file --lower-kernel-launch-to-ref --remarks=all 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: not polylift-opt %S/Inputs/lower-kernel-launch-unclaimed.mlir --backend=ref 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not polylift-opt %S/Inputs/lower-kernel-launch-unclaimed.mlir --lower-to-llvm 2>&1 | FileCheck %s --check-prefix=LLVM

// Every launch left is an error at its location, all of them listed, no traceback.
// ERR: lower-kernel-launch-unclaimed.mlir:3:3: error: no backend claimed kernel.launch 'blas.gemm'
// ERR-NEXT: {{^}}  "kernel.launch"(%C, %At, %B, %a, %a)
// ERR-NEXT: {{^}}  ^
// ERR-NOT: 'blas.fill'
// ERR: lower-kernel-launch-unclaimed.mlir:5:3: error: no backend claimed kernel.launch 'test.mystery'
// ERR-NOT: Traceback
// lower-to-llvm refuses a module with launches, the same way.
// LLVM: lower-kernel-launch-unclaimed.mlir:3:3: error: no backend claimed kernel.launch 'blas.gemm'
// LLVM: lower-kernel-launch-unclaimed.mlir:4:3: error: no backend claimed kernel.launch 'blas.fill'
// LLVM: lower-kernel-launch-unclaimed.mlir:5:3: error: no backend claimed kernel.launch 'test.mystery'

// gemm on subviews: each array is a pointer to the view's first element (aligned base +
// offset * 8 bytes) and its leading dimension, sizes come from the views, scalars pass
// by value. The declaration is added once, above the functions.
// CHECK: func.func private @polylift_ref_gemm_f64(i64, i64, i64, f64, !llvm.ptr, i64, !llvm.ptr, i64, f64, !llvm.ptr, i64)
// CHECK-LABEL: func.func @gemm_views
// CHECK: %[[VC:[a-z0-9_]+]] = memref.subview %arg2
// CHECK: %[[SB:[a-z0-9_]+]] = memref.subview %arg1
// The template reads C as beta * C even when beta is 0 (0 * NaN is NaN), the shim does
// not (BLAS convention), so when beta is 0 the lowering stores beta * C itself and the
// shim gets 1 in place of beta.
// CHECK-NEXT: %[[ZERO:[a-z0-9_]+]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[ISZ:[a-z0-9_]+]] = arith.cmpf oeq, %arg5, %[[ZERO]] : f64
// CHECK-NEXT: scf.if %[[ISZ]] {
// CHECK: scf.for %[[I:[a-z0-9_]+]] =
// CHECK-NEXT: scf.for %[[J:[a-z0-9_]+]] =
// CHECK-NEXT: %[[X:[a-z0-9_]+]] = memref.load %[[VC]][%[[I]], %[[J]]]
// CHECK-NEXT: %[[Y:[a-z0-9_]+]] = arith.mulf %arg5, %[[X]] : f64
// CHECK-NEXT: memref.store %[[Y]], %[[VC]][%[[I]], %[[J]]]
// CHECK: %[[ONE:[a-z0-9_]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[BETA:[a-z0-9_]+]] = arith.select %[[ISZ]], %[[ONE]], %arg5 : f64
// CHECK-NEXT: %[[BA:[a-z0-9_]+]], %[[OA:[a-z0-9_]+]], %[[SA:[a-z0-9_]+]]:2, %[[STA:[a-z0-9_]+]]:2 = memref.extract_strided_metadata %[[VA:[a-z0-9_]+]] : memref<?x4xf64, strided<[16, 1], offset: 32>>
// CHECK-NEXT: %[[PA:[a-z0-9_]+]] = memref.extract_aligned_pointer_as_index %[[VA]]
// CHECK-NEXT: %[[W:[a-z0-9_]+]] = arith.constant 8 : index
// CHECK-NEXT: %[[BYTES:[a-z0-9_]+]] = arith.muli %[[OA]], %[[W]] : index
// CHECK-NEXT: %[[ADDR:[a-z0-9_]+]] = arith.addi %[[PA]], %[[BYTES]] : index
// CHECK-NEXT: %[[I:[a-z0-9_]+]] = arith.index_cast %[[ADDR]] : index to i64
// CHECK-NEXT: %[[PTRA:[a-z0-9_]+]] = llvm.inttoptr %[[I]] : i64 to !llvm.ptr
// CHECK-NEXT: %[[LDA:[a-z0-9_]+]] = arith.index_cast %[[STA]]#0 : index to i64
// CHECK-NEXT: memref.extract_strided_metadata %[[SB]] : memref<4x8xf64, strided<[16, 1], offset: 3>>
// CHECK: %[[PTRB:[a-z0-9_]+]] = llvm.inttoptr
// CHECK-NEXT: %[[LDB:[a-z0-9_]+]] = arith.index_cast
// CHECK-NEXT: %{{.*}}, %{{.*}}, %[[SC:[a-z0-9_]+]]:2, %{{.*}}:2 = memref.extract_strided_metadata %{{.*}} : memref<?x8xf64, strided<[16, 1], offset: 35>>
// CHECK: %[[PTRC:[a-z0-9_]+]] = llvm.inttoptr
// CHECK-NEXT: %[[LDC:[a-z0-9_]+]] = arith.index_cast
// CHECK-NEXT: %[[M:[a-z0-9_]+]] = arith.index_cast %[[SC]]#0 : index to i64
// CHECK-NEXT: %[[N:[a-z0-9_]+]] = arith.index_cast %[[SC]]#1 : index to i64
// CHECK-NEXT: %[[K:[a-z0-9_]+]] = arith.index_cast %[[SA]]#1 : index to i64
// CHECK-NEXT: call @polylift_ref_gemm_f64(%[[M]], %[[N]], %[[K]], %arg4, %[[PTRA]], %[[LDA]], %[[PTRB]], %[[LDB]], %[[BETA]], %[[PTRC]], %[[LDC]])
// CHECK-NOT: kernel.launch
// CHECK-NEXT: return
// REMARK: remark: lower-kernel-launch-to-ref: blas.gemm -> @polylift_ref_gemm_f64
func.func @gemm_views(%A: memref<16x16xf64>, %B: memref<16x16xf64>, %C: memref<16x16xf64>, %m: index, %alpha: f64, %beta: f64) {
  %sC = memref.subview %C[2, 3] [%m, 8] [1, 1] : memref<16x16xf64> to memref<?x8xf64, strided<[16, 1], offset: 35>>
  %sA = memref.subview %A[2, 0] [%m, 4] [1, 1] : memref<16x16xf64> to memref<?x4xf64, strided<[16, 1], offset: 32>>
  %sB = memref.subview %B[0, 3] [4, 8] [1, 1] : memref<16x16xf64> to memref<4x8xf64, strided<[16, 1], offset: 3>>
  "kernel.launch"(%sC, %sA, %sB, %alpha, %beta) {callee = @gemm_f64, source_order_matches = false, template = "blas.gemm"} : (memref<?x8xf64, strided<[16, 1], offset: 35>>, memref<?x4xf64, strided<[16, 1], offset: 32>>, memref<4x8xf64, strided<[16, 1], offset: 3>>, f64, f64) -> ()
  return
}

// -----

// 1-D with a stride: its inc is the view's stride; a constant scalar passes as is; two
// launches of one symbol share one declaration.
// CHECK: func.func private @polylift_ref_scal_f32(i64, f32, !llvm.ptr, i64)
// CHECK-NOT: func.func private
// CHECK-LABEL: func.func @scal_strided
// CHECK: %[[C:[a-z0-9_]+]] = arith.constant 2.500000e+00 : f32
// CHECK-NEXT: %{{.*}}, %[[OFF:[a-z0-9_]+]], %[[SIZE:[a-z0-9_]+]], %[[STRIDE:[a-z0-9_]+]] = memref.extract_strided_metadata %{{.*}} : memref<?xf32, strided<[2], offset: 1>>
// CHECK-NEXT: memref.extract_aligned_pointer_as_index
// CHECK-NEXT: arith.constant 4 : index
// CHECK-NEXT: arith.muli %[[OFF]]
// CHECK-NEXT: arith.addi
// CHECK-NEXT: arith.index_cast
// CHECK-NEXT: %[[P:[a-z0-9_]+]] = llvm.inttoptr
// CHECK-NEXT: %[[INC:[a-z0-9_]+]] = arith.index_cast %[[STRIDE]] : index to i64
// CHECK-NEXT: %[[N:[a-z0-9_]+]] = arith.index_cast %[[SIZE]] : index to i64
// CHECK-NEXT: call @polylift_ref_scal_f32(%[[N]], %[[C]], %[[P]], %[[INC]]) : (i64, f32, !llvm.ptr, i64) -> ()
// CHECK: call @polylift_ref_scal_f32(
// CHECK-NEXT: return
func.func @scal_strided(%x: memref<?xf32>, %n: index) {
  %v = memref.subview %x[1] [%n] [2] : memref<?xf32> to memref<?xf32, strided<[2], offset: 1>>
  %c = arith.constant 2.5 : f32
  "kernel.launch"(%v, %c) {alpha = 2.5 : f32, callee = @scal_f32, source_order_matches = true, template = "blas.scal"} : (memref<?xf32, strided<[2], offset: 1>>, f32) -> ()
  "kernel.launch"(%x, %c) {alpha = 2.5 : f32, callee = @scal_f32, source_order_matches = true, template = "blas.scal"} : (memref<?xf32>, f32) -> ()
  return
}

// -----

// jacobi-1d: both views start at offset 1 (the centre tap), so the shim reads A[-1].
// CHECK-LABEL: func.func @jacobi
// CHECK: memref.extract_strided_metadata %{{.*}} : memref<8xf64, strided<[1], offset: 1>>
// CHECK: call @polylift_ref_jacobi1d_f64(%{{.*}}, %arg2, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (i64, f64, !llvm.ptr, i64, !llvm.ptr, i64) -> ()
func.func @jacobi(%A: memref<10xf64>, %B: memref<10xf64>, %c: f64) {
  %sA = memref.subview %A[1] [8] [1] : memref<10xf64> to memref<8xf64, strided<[1], offset: 1>>
  %sB = memref.subview %B[1] [8] [1] : memref<10xf64> to memref<8xf64, strided<[1], offset: 1>>
  "kernel.launch"(%sB, %sA, %c) {callee = @jacobi1d_f64, source_order_matches = true, template = "stencil.jacobi1d"} : (memref<8xf64, strided<[1], offset: 1>>, memref<8xf64, strided<[1], offset: 1>>, f64) -> ()
  return
}

// -----

// A transposed operand has a non-unit innermost stride: the ABI cannot pass it, so the
// launch stays, with a remark that says why.
// CHECK-LABEL: func.func @transposed(
// CHECK-SAME: %[[A:[a-z0-9_-]+]]: memref<8x8xf64>, %[[B:[a-z0-9_-]+]]: memref<8x8xf64>, %[[C:[a-z0-9_-]+]]: memref<8x8xf64>, %[[a:[a-z0-9_-]+]]: f64)
// CHECK-NOT: call
// CHECK-NEXT: %[[TA:[a-z0-9_-]+]] = memref.transpose %[[A]] (d0, d1) -> (d1, d0)
// CHECK: "kernel.launch"(%[[C]], %[[TA]], %[[B]], %[[a]], %[[a]])
// REMARK: remark: lower-kernel-launch-to-ref: launch left: array 'A' (memref<8x8xf64, strided<[1, 8]>>) has an innermost stride that is not statically 1; the shim ABI passes only leading dimensions
func.func @transposed(%A: memref<8x8xf64>, %B: memref<8x8xf64>, %C: memref<8x8xf64>, %a: f64) {
  %At = memref.transpose %A (i, j) -> (j, i) : memref<8x8xf64> to memref<8x8xf64, strided<[1, 8]>>
  "kernel.launch"(%C, %At, %B, %a, %a) {callee = @gemm_f64, source_order_matches = true, template = "blas.gemm"} : (memref<8x8xf64>, memref<8x8xf64, strided<[1, 8]>>, memref<8x8xf64>, f64, f64) -> ()
  return
}
