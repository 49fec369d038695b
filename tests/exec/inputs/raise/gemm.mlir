// EXPECT-GENERICS: 2
func.func @kernel_gemm(%ni: index, %nj: index, %nk: index, %alpha: f64, %beta: f64,
                       %C: memref<?x?xf64>, %A: memref<?x?xf64>, %B: memref<?x?xf64>) {
  affine.for %i = 0 to %ni {
    affine.for %j = 0 to %nj {
      %c = affine.load %C[%i, %j] : memref<?x?xf64>
      %m = arith.mulf %c, %beta : f64
      affine.store %m, %C[%i, %j] : memref<?x?xf64>
    }
    affine.for %k = 0 to %nk {
      affine.for %j = 0 to %nj {
        %a = affine.load %A[%i, %k] : memref<?x?xf64>
        %t = arith.mulf %alpha, %a : f64
        %b = affine.load %B[%k, %j] : memref<?x?xf64>
        %p = arith.mulf %t, %b : f64
        %c = affine.load %C[%i, %j] : memref<?x?xf64>
        %s = arith.addf %c, %p : f64
        affine.store %s, %C[%i, %j] : memref<?x?xf64>
      }
    }
  }
  return
}
