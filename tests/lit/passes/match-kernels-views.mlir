// RUN: polylift-opt %s --split-input-file --match-kernels | FileCheck %s
// RUN: polylift-opt %s --split-input-file --match-kernels --remarks=all 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: polylift-opt %s --split-input-file --match-kernels --lower-kernel-launch-to-ref --remarks=missed 2>&1 >/dev/null | FileCheck %s --check-prefix=LOWER

// Binding through views: the matcher composes each operand's access through
// memref.subview, memref.cast and memref.transpose down to its root memref. A launch
// operand must be a view whose element [idx] is the root's element [origin + idx], so a
// transposed B binds the untransposed buffer to gemm_nt, never the transposed view to
// gemm; strided views that no template indexes stay linalg with a remark.

// C += A * B^T with B^T a memref.transpose: gemm_nt on B itself.
// CHECK-LABEL: func.func @gemm_transposed_b(
// CHECK-SAME: %[[A:[a-z0-9_-]+]]: memref<8x8xf64>, %[[B:[a-z0-9_-]+]]: memref<8x8xf64>, %[[C:[a-z0-9_-]+]]: memref<8x8xf64>)
// CHECK-NEXT: memref.transpose
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[ONE2:.*]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: "kernel.launch"(%[[C]], %[[A]], %[[B]], %[[ONE]], %[[ONE2]]) {alpha = 1.000000e+00 : f64, beta = 1.000000e+00 : f64, callee = @gemm_nt_f64, source_order_matches = true, template = "blas.gemm_nt_acc", trans_b = true} : (memref<8x8xf64>, memref<8x8xf64>, memref<8x8xf64>, f64, f64) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched blas.gemm_nt_acc (1 op) -> @gemm_nt_f64
func.func @gemm_transposed_b(%A: memref<8x8xf64>, %B: memref<8x8xf64>, %C: memref<8x8xf64>) {
  %T = memref.transpose %B (i, j) -> (j, i) : memref<8x8xf64> to memref<8x8xf64, strided<[1, 8]>>
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %T : memref<8x8xf64>, memref<8x8xf64, strided<[1, 8]>>) outs(%C : memref<8x8xf64>) {
  ^bb0(%a: f64, %b: f64, %c: f64):
    %0 = arith.mulf %a, %b : f64
    %1 = arith.addf %c, %0 : f64
    linalg.yield %1 : f64
  }
  return
}

// -----

// The transpose of a subview with dynamic sizes, f32: the launch takes the subview.
// CHECK-LABEL: func.func @gemm_transposed_subview(
// CHECK-SAME: %[[A:[a-z0-9_-]+]]: memref<?x?xf32>, %[[B:[a-z0-9_-]+]]: memref<?x?xf32>, %[[C:[a-z0-9_-]+]]: memref<?x?xf32>, %[[M:[a-z0-9_-]+]]: index, %[[N:[a-z0-9_-]+]]: index, %[[K:[a-z0-9_-]+]]: index)
// CHECK: %[[SA:.*]] = memref.subview %[[A]][0, 0] [%[[M]], %[[K]]] [1, 1]
// CHECK-NEXT: %[[SB:.*]] = memref.subview %[[B]][0, 0] [%[[N]], %[[K]]] [1, 1]
// CHECK-NEXT: memref.transpose %[[SB]]
// CHECK-NEXT: %[[SC:.*]] = memref.subview %[[C]][0, 0] [%[[M]], %[[N]]] [1, 1]
// CHECK-NEXT: %[[ONE:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[ONE_2:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f32
// CHECK: "kernel.launch"(%[[SC]], %[[SA]], %[[SB]], %[[ONE]], %[[ONE_2]]) {{{.*}}callee = @gemm_nt_f32, source_order_matches = true, template = "blas.gemm_nt_acc", trans_b = true}
// LOWER-NOT: launch left
func.func @gemm_transposed_subview(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %m: index, %n: index, %k: index) {
  %sA = memref.subview %A[0, 0] [%m, %k] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
  %sB = memref.subview %B[0, 0] [%n, %k] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
  %T = memref.transpose %sB (i, j) -> (j, i) : memref<?x?xf32, strided<[?, 1]>> to memref<?x?xf32, strided<[1, ?]>>
  %sC = memref.subview %C[0, 0] [%m, %n] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%sA, %T : memref<?x?xf32, strided<[?, 1]>>, memref<?x?xf32, strided<[1, ?]>>) outs(%sC : memref<?x?xf32, strided<[?, 1]>>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %0 = arith.mulf %a, %b : f32
    %1 = arith.addf %c, %0 : f32
    linalg.yield %1 : f32
  }
  return
}

// -----

// Near miss: C += A * C^T reads the output through a transpose; the aliasing check
// sees the one root and leaves it.
// CHECK-LABEL: func.func @gemm_output_aliases_transpose
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
// REMARK: remark: no template matches linalg.generic; closest blas.gemm_nt_acc: output C aliases B
func.func @gemm_output_aliases_transpose(%A: memref<8x8xf64>, %C: memref<8x8xf64>) {
  %T = memref.transpose %C (i, j) -> (j, i) : memref<8x8xf64> to memref<8x8xf64, strided<[1, 8]>>
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %T : memref<8x8xf64>, memref<8x8xf64, strided<[1, 8]>>) outs(%C : memref<8x8xf64>) {
  ^bb0(%a: f64, %b: f64, %c: f64):
    %0 = arith.mulf %a, %b : f64
    %1 = arith.addf %c, %0 : f64
    linalg.yield %1 : f64
  }
  return
}

// -----

// Near miss: B = A^T through a transpose is not copy2d (no transpose template).
// CHECK-LABEL: func.func @copy2d_of_transpose
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
// REMARK: remark: no template matches linalg.generic; closest
func.func @copy2d_of_transpose(%A: memref<8x6xf64>, %B: memref<6x8xf64>) {
  %T = memref.transpose %A (i, j) -> (j, i) : memref<8x6xf64> to memref<6x8xf64, strided<[1, 6]>>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%T : memref<6x8xf64, strided<[1, 6]>>) outs(%B : memref<6x8xf64>) {
  ^bb0(%a: f64, %b: f64):
    linalg.yield %a : f64
  }
  return
}

// -----

// memref.cast: the launch takes the cast view.
// CHECK-LABEL: func.func @copy_of_cast(
// CHECK-SAME: %[[X:[a-z0-9_-]+]]: memref<16xf32>, %[[Y:[a-z0-9_-]+]]: memref<?xf32>)
// CHECK-NEXT: %[[CAST:.*]] = memref.cast %[[X]] : memref<16xf32> to memref<?xf32>
// CHECK-NEXT: "kernel.launch"(%[[Y]], %[[CAST]]) {callee = @copy_f32, source_order_matches = true, template = "blas.copy"} : (memref<?xf32>, memref<?xf32>) -> ()
// CHECK-NEXT: return
func.func @copy_of_cast(%x: memref<16xf32>, %y: memref<?xf32>) {
  %c = memref.cast %x : memref<16xf32> to memref<?xf32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%c : memref<?xf32>) outs(%y : memref<?xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  return
}

// -----

// Subviews with static and symbolic offsets: y[3 + i] += a * x[%o + i].
// CHECK-LABEL: func.func @axpy_offsets(
// CHECK-SAME: %[[X:[a-z0-9_-]+]]: memref<?xf64>, %[[Y:[a-z0-9_-]+]]: memref<?xf64>, %[[N:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: f64, %[[O:[a-z0-9_-]+]]: index)
// CHECK-NEXT: %[[SX:.*]] = memref.subview %[[X]][%[[O]]] [%[[N]]] [1]
// CHECK-NEXT: %[[SY:.*]] = memref.subview %[[Y]][3] [%[[N]]] [1]
// CHECK-NEXT: "kernel.launch"(%[[SY]], %[[SX]], %[[A]]) {callee = @axpy_f64, source_order_matches = true, template = "blas.axpy"}
// CHECK-NEXT: return
// LOWER-NOT: launch left
func.func @axpy_offsets(%x: memref<?xf64>, %y: memref<?xf64>, %n: index, %a: f64, %o: index) {
  %s = memref.subview %x[%o] [%n] [1] : memref<?xf64> to memref<?xf64, strided<[1], offset: ?>>
  %d = memref.subview %y[3] [%n] [1] : memref<?xf64> to memref<?xf64, strided<[1], offset: 3>>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%s : memref<?xf64, strided<[1], offset: ?>>) outs(%d : memref<?xf64, strided<[1], offset: 3>>) {
  ^bb0(%xi: f64, %yi: f64):
    %0 = arith.mulf %a, %xi : f64
    %1 = arith.addf %yi, %0 : f64
    linalg.yield %1 : f64
  }
  return
}

// -----

// Non-unit strides. A column stride of 2 reads A[i, 2j]: a matrix's rows are contiguous
// in the shim ABI, so copy2d does not match (a near miss). A 1-D stride of 2 reads
// x[1 + 2i]: axpy's x with increment 2, from its second element; the launch takes the
// op's strided view.
// CHECK-LABEL: func.func @copy2d_column_stride
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
// CHECK-LABEL: func.func @axpy_stride
// CHECK-SAME: (%[[X:[a-z0-9_-]+]]: memref<?xf64>, %[[Y:[a-z0-9_-]+]]: memref<?xf64>, %[[N:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: f64)
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][1] [%[[N]]] [2]
// CHECK: %[[SY:[a-z0-9_-]+]] = memref.subview %[[Y]][3] [%[[N]]] [1]
// CHECK: "kernel.launch"(%[[SY]], %[[SX]], %[[A]]) {callee = @axpy_f64, source_order_matches = true, template = "blas.axpy"} : (memref<?xf64, strided<[1], offset: 3>>, memref<?xf64, strided<[2], offset: 1>>, f64) -> ()
// CHECK-NOT: linalg.generic
// REMARK: remark: no template matches linalg.generic; closest blas.copy2d: the op steps by 2 through the array where the template's 'j' steps by 1
// REMARK-NOT: closest blas.axpy
func.func @copy2d_column_stride(%A: memref<?x?xf64>, %B: memref<?x?xf64>, %m: index, %n: index) {
  %s = memref.subview %A[0, 0] [%m, %n] [1, 2] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 2]>>
  %d = memref.subview %B[0, 0] [%m, %n] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1]>>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%s : memref<?x?xf64, strided<[?, 2]>>) outs(%d : memref<?x?xf64, strided<[?, 1]>>) {
  ^bb0(%a: f64, %b: f64):
    linalg.yield %a : f64
  }
  return
}
func.func @axpy_stride(%x: memref<?xf64>, %y: memref<?xf64>, %n: index, %a: f64) {
  %s = memref.subview %x[1] [%n] [2] : memref<?xf64> to memref<?xf64, strided<[2], offset: 1>>
  %d = memref.subview %y[3] [%n] [1] : memref<?xf64> to memref<?xf64, strided<[1], offset: 3>>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%s : memref<?xf64, strided<[2], offset: 1>>) outs(%d : memref<?xf64, strided<[1], offset: 3>>) {
  ^bb0(%xi: f64, %yi: f64):
    %0 = arith.mulf %a, %xi : f64
    %1 = arith.addf %yi, %0 : f64
    linalg.yield %1 : f64
  }
  return
}

// -----

// Near misses: views inside a view of every other row. With static offsets the remark
// names the row step; a view at a dynamic offset inside the strided one is refused
// outright (its subscript would be 2 * %o, which the matcher cannot state), so the
// scale and the product into two different row blocks are never one gemm.
// CHECK-LABEL: func.func @scal2d_every_other_row
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
// CHECK-LABEL: func.func @gemm_blocks_of_every_other_row
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
// CHECK: linalg.generic
// REMARK: remark: no template matches linalg.generic; closest blas.scal2d: the op steps by 2 through the array where the template's 'i' steps by 1
// REMARK: remark: no template matches linalg.generic; closest none: a view with a dynamic offset inside a strided view
// REMARK: remark: no template matches linalg.generic; closest none: a view with a dynamic offset inside a strided view
func.func @scal2d_every_other_row(%X: memref<16x8xf64>, %beta: f64) {
  %S = memref.subview %X[1, 0] [8, 8] [2, 1] : memref<16x8xf64> to memref<8x8xf64, strided<[16, 1], offset: 8>>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      outs(%S : memref<8x8xf64, strided<[16, 1], offset: 8>>) {
  ^bb0(%c: f64):
    %0 = arith.mulf %beta, %c : f64
    linalg.yield %0 : f64
  }
  return
}
func.func @gemm_blocks_of_every_other_row(%X: memref<16x8xf64>, %A: memref<4x8xf64>, %B: memref<8x8xf64>, %o: index, %p: index, %alpha: f64, %beta: f64) {
  %S = memref.subview %X[0, 0] [8, 8] [2, 1] : memref<16x8xf64> to memref<8x8xf64, strided<[16, 1]>>
  %V1 = memref.subview %S[%o, 0] [4, 8] [1, 1] : memref<8x8xf64, strided<[16, 1]>> to memref<4x8xf64, strided<[16, 1], offset: ?>>
  %V2 = memref.subview %S[%p, 0] [4, 8] [1, 1] : memref<8x8xf64, strided<[16, 1]>> to memref<4x8xf64, strided<[16, 1], offset: ?>>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      outs(%V1 : memref<4x8xf64, strided<[16, 1], offset: ?>>) {
  ^bb0(%c: f64):
    %0 = arith.mulf %beta, %c : f64
    linalg.yield %0 : f64
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<4x8xf64>, memref<8x8xf64>) outs(%V2 : memref<4x8xf64, strided<[16, 1], offset: ?>>) {
  ^bb0(%a: f64, %b: f64, %c: f64):
    %0 = arith.mulf %alpha, %a : f64
    %1 = arith.mulf %0, %b : f64
    %2 = arith.addf %c, %1 : f64
    linalg.yield %2 : f64
  }
  return
}

// -----

// Column-major function arguments: the copy is a copy2d of the roots, but the shim ABI
// passes only leading dimensions, so no backend could lower the launch: match-kernels
// keeps the generic and says why (a launch it left to the lowering failed the build).
// CHECK-LABEL: func.func @copy2d_column_major(
// CHECK-SAME: %[[A:[a-z0-9_-]+]]: memref<?x?xf64, strided<[1, ?]>>, %[[B:[a-z0-9_-]+]]: memref<?x?xf64, strided<[1, ?]>>)
// CHECK-NEXT: linalg.generic
// CHECK-NOT: kernel.launch
// REMARK: remark: not matched: blas.copy2d: array 'B' (memref<?x?xf64, strided<[1, ?]>>) has an innermost stride that is not statically 1
func.func @copy2d_column_major(%A: memref<?x?xf64, strided<[1, ?]>>, %B: memref<?x?xf64, strided<[1, ?]>>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%A : memref<?x?xf64, strided<[1, ?]>>) outs(%B : memref<?x?xf64, strided<[1, ?]>>) {
  ^bb0(%a: f64, %b: f64):
    linalg.yield %a : f64
  }
  return
}
