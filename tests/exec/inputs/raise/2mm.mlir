// EXPECT-GENERICS: 4
// D := alpha*A*B*C + beta*D, in PolyBench's loop structure.
func.func @kernel_2mm(%ni: index, %nj: index, %nk: index, %nl: index, %alpha: f64, %beta: f64,
    %tmp: memref<?x?xf64>, %A: memref<?x?xf64>, %B: memref<?x?xf64>, %C: memref<?x?xf64>, %D: memref<?x?xf64>) {
  %zero = arith.constant 0.0 : f64
  affine.for %i = 0 to %ni {
    affine.for %j = 0 to %nj {
      affine.store %zero, %tmp[%i, %j] : memref<?x?xf64>
      affine.for %k = 0 to %nk {
        %a = affine.load %A[%i, %k] : memref<?x?xf64>
        %aa = arith.mulf %alpha, %a : f64
        %b = affine.load %B[%k, %j] : memref<?x?xf64>
        %p = arith.mulf %aa, %b : f64
        %t = affine.load %tmp[%i, %j] : memref<?x?xf64>
        %s = arith.addf %t, %p : f64
        affine.store %s, %tmp[%i, %j] : memref<?x?xf64>
      }
    }
  }
  affine.for %i = 0 to %ni {
    affine.for %j = 0 to %nl {
      %d = affine.load %D[%i, %j] : memref<?x?xf64>
      %db = arith.mulf %d, %beta : f64
      affine.store %db, %D[%i, %j] : memref<?x?xf64>
      affine.for %k = 0 to %nj {
        %t = affine.load %tmp[%i, %k] : memref<?x?xf64>
        %c = affine.load %C[%k, %j] : memref<?x?xf64>
        %p = arith.mulf %t, %c : f64
        %d2 = affine.load %D[%i, %j] : memref<?x?xf64>
        %s = arith.addf %d2, %p : f64
        affine.store %s, %D[%i, %j] : memref<?x?xf64>
      }
    }
  }
  return
}
