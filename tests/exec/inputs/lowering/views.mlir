// Launches on views with offsets and strides, written by hand (@launches), and the same
// computations as linalg.generic on the same views (@loops). Every ABI argument differs
// from the whole array's: first-element pointers, leading dimensions, 1-D incs, a 0-d
// view inside a vector, stencil views starting at offset 1.
#mk = affine_map<(d0, d1, d2) -> (d0, d2)>
#kn = affine_map<(d0, d1, d2) -> (d2, d1)>
#mn = affine_map<(d0, d1, d2) -> (d0, d1)>
#id = affine_map<(d0) -> (d0)>
#sc = affine_map<(d0) -> ()>
!A2 = memref<7x5xf64, strided<[10, 1], offset: 12>>
!B2 = memref<5x6xf64, strided<[11, 1], offset: 34>>
!C2 = memref<7x6xf64, strided<[14, 1], offset: 32>>
!X1 = memref<12xf32, strided<[3], offset: 1>>
!Y1 = memref<12xf32, strided<[2], offset: 5>>
!U1 = memref<10xf64, strided<[2], offset: 3>>
!V1 = memref<10xf64, strided<[3]>>
!R0 = memref<f64, strided<[], offset: 3>>
!J1 = memref<18xf64, strided<[1], offset: 1>>

func.func @launches(%A: memref<12x10xf64>, %B: memref<9x11xf64>, %C: memref<13x14xf64>,
                    %x: memref<40xf32>, %y: memref<40xf32>, %a: f32, %u: memref<30xf64>,
                    %v: memref<30xf64>, %r: memref<8xf64>, %J: memref<20xf64>,
                    %K: memref<20xf64>, %c: f64) {
  %sA = memref.subview %A[1, 2] [7, 5] [1, 1] : memref<12x10xf64> to !A2
  %sB = memref.subview %B[3, 1] [5, 6] [1, 1] : memref<9x11xf64> to !B2
  %sC = memref.subview %C[2, 4] [7, 6] [1, 1] : memref<13x14xf64> to !C2
  %one = arith.constant 1.0 : f64
  "kernel.launch"(%sC, %sA, %sB, %one, %one) {callee = @gemm_f64, source_order_matches = true, template = "blas.gemm_acc"} : (!C2, !A2, !B2, f64, f64) -> ()
  %sx = memref.subview %x[1] [12] [3] : memref<40xf32> to !X1
  %sy = memref.subview %y[5] [12] [2] : memref<40xf32> to !Y1
  "kernel.launch"(%sy, %sx, %a) {callee = @axpy_f32, source_order_matches = true, template = "blas.axpy"} : (!Y1, !X1, f32) -> ()
  %su = memref.subview %u[3] [10] [2] : memref<30xf64> to !U1
  %sv = memref.subview %v[0] [10] [3] : memref<30xf64> to !V1
  %sr = memref.subview %r[3] [1] [1] : memref<8xf64> to !R0
  "kernel.launch"(%sr, %su, %sv) {callee = @dot_f64, source_order_matches = true, template = "blas.dot"} : (!R0, !U1, !V1) -> ()
  %sJ = memref.subview %J[1] [18] [1] : memref<20xf64> to !J1
  %sK = memref.subview %K[1] [18] [1] : memref<20xf64> to !J1
  "kernel.launch"(%sK, %sJ, %c) {callee = @jacobi1d_f64, source_order_matches = true, template = "stencil.jacobi1d"} : (!J1, !J1, f64) -> ()
  return
}

func.func @loops(%A: memref<12x10xf64>, %B: memref<9x11xf64>, %C: memref<13x14xf64>,
                 %x: memref<40xf32>, %y: memref<40xf32>, %a: f32, %u: memref<30xf64>,
                 %v: memref<30xf64>, %r: memref<8xf64>, %J: memref<20xf64>,
                 %K: memref<20xf64>, %c: f64) {
  %sA = memref.subview %A[1, 2] [7, 5] [1, 1] : memref<12x10xf64> to !A2
  %sB = memref.subview %B[3, 1] [5, 6] [1, 1] : memref<9x11xf64> to !B2
  %sC = memref.subview %C[2, 4] [7, 6] [1, 1] : memref<13x14xf64> to !C2
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%sA, %sB : !A2, !B2) outs(%sC : !C2) {
  ^bb0(%p: f64, %q: f64, %o: f64):
    %0 = arith.mulf %p, %q : f64
    %1 = arith.addf %o, %0 : f64
    linalg.yield %1 : f64
  }
  %sx = memref.subview %x[1] [12] [3] : memref<40xf32> to !X1
  %sy = memref.subview %y[5] [12] [2] : memref<40xf32> to !Y1
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%sx : !X1) outs(%sy : !Y1) {
  ^bb0(%xi: f32, %yi: f32):
    %0 = arith.mulf %a, %xi : f32
    %1 = arith.addf %yi, %0 : f32
    linalg.yield %1 : f32
  }
  %su = memref.subview %u[3] [10] [2] : memref<30xf64> to !U1
  %sv = memref.subview %v[0] [10] [3] : memref<30xf64> to !V1
  %sr = memref.subview %r[3] [1] [1] : memref<8xf64> to !R0
  linalg.generic {indexing_maps = [#id, #id, #sc], iterator_types = ["reduction"]}
      ins(%su, %sv : !U1, !V1) outs(%sr : !R0) {
  ^bb0(%ui: f64, %vi: f64, %acc: f64):
    %0 = arith.mulf %ui, %vi : f64
    %1 = arith.addf %acc, %0 : f64
    linalg.yield %1 : f64
  }
  %w0 = memref.subview %J[0] [18] [1] : memref<20xf64> to memref<18xf64, strided<[1]>>
  %w1 = memref.subview %J[1] [18] [1] : memref<20xf64> to !J1
  %w2 = memref.subview %J[2] [18] [1] : memref<20xf64> to memref<18xf64, strided<[1], offset: 2>>
  %sK = memref.subview %K[1] [18] [1] : memref<20xf64> to !J1
  linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel"]}
      ins(%w0, %w1, %w2 : memref<18xf64, strided<[1]>>, !J1, memref<18xf64, strided<[1], offset: 2>>)
      outs(%sK : !J1) {
  ^bb0(%l: f64, %m: f64, %h: f64, %o: f64):
    %0 = arith.addf %l, %m : f64
    %1 = arith.addf %0, %h : f64
    %2 = arith.mulf %c, %1 : f64
    linalg.yield %2 : f64
  }
  return
}
