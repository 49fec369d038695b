// The nests of symm.c as masked generics, each on its own views of the same roots; the
// sum beyond the diagonal runs over the same box as the one up to it, masked to
// k >= i + 1 (raising leaves that strict triangle as a loop today: its last row is
// empty). Same arguments as kernel_symm in symm.c.
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#ik = affine_map<(d0, d1, d2) -> (d0, d2)>
#ki = affine_map<(d0, d1, d2) -> (d2, d0)>
#kj = affine_map<(d0, d1, d2) -> (d2, d1)>
#ij = affine_map<(d0, d1, d2) -> (d0, d1)>
#next = affine_map<(d0) -> (d0 + 1)>
func.func @kernel_symm(%m: index, %n: index, %alpha: f64, %beta: f64, %A: memref<?x?xf64>,
                       %B: memref<?x?xf64>, %C: memref<?x?xf64>) {
  %c0 = memref.subview %C[0, 0] [%m, %n] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1]>>
  linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
      outs(%c0 : memref<?x?xf64, strided<[?, 1]>>) {
  ^bb0(%out: f64):
    %0 = arith.mulf %beta, %out : f64
    linalg.yield %0 : f64
  }
  %a1 = memref.subview %A[0, 0] [%m, %m] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1]>>
  %b1 = memref.subview %B[0, 0] [%m, %n] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1]>>
  %c1 = memref.subview %C[0, 0] [%m, %n] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1]>>
  linalg.generic {indexing_maps = [#ik, #kj, #ij], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a1, %b1 : memref<?x?xf64, strided<[?, 1]>>, memref<?x?xf64, strided<[?, 1]>>)
      outs(%c1 : memref<?x?xf64, strided<[?, 1]>>) {
  ^bb0(%a: f64, %b: f64, %out: f64):
    %0 = arith.mulf %alpha, %a : f64
    %1 = arith.mulf %0, %b : f64
    %2 = arith.addf %out, %1 : f64
    %k = linalg.index 2 : index
    %i = linalg.index 0 : index
    %i1 = affine.apply #next(%i)
    %in = arith.cmpi slt, %k, %i1 : index
    %r = arith.select %in, %2, %out : f64
    linalg.yield %r : f64
  }
  %a2 = memref.subview %A[0, 0] [%m, %m] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1]>>
  %b2 = memref.subview %B[0, 0] [%m, %n] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1]>>
  %c2 = memref.subview %C[0, 0] [%m, %n] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1]>>
  linalg.generic {indexing_maps = [#ki, #kj, #ij], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a2, %b2 : memref<?x?xf64, strided<[?, 1]>>, memref<?x?xf64, strided<[?, 1]>>)
      outs(%c2 : memref<?x?xf64, strided<[?, 1]>>) {
  ^bb0(%a: f64, %b: f64, %out: f64):
    %0 = arith.mulf %alpha, %a : f64
    %1 = arith.mulf %0, %b : f64
    %2 = arith.addf %out, %1 : f64
    %k = linalg.index 2 : index
    %i = linalg.index 0 : index
    %i1 = affine.apply #next(%i)
    %in = arith.cmpi sge, %k, %i1 : index
    %r = arith.select %in, %2, %out : f64
    linalg.yield %r : f64
  }
  return
}
