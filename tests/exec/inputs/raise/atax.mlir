// EXPECT-GENERICS: 4
// y := A^T (A x), with tmp initialised inside the i loop (imperfect nest).
func.func @kernel_atax(%m: index, %n: index, %A: memref<?x?xf64>, %x: memref<?xf64>,
                       %y: memref<?xf64>, %tmp: memref<?xf64>) {
  %zero = arith.constant 0.0 : f64
  affine.for %i = 0 to %n {
    affine.store %zero, %y[%i] : memref<?xf64>
  }
  affine.for %i = 0 to %m {
    affine.store %zero, %tmp[%i] : memref<?xf64>
    affine.for %j = 0 to %n {
      %t = affine.load %tmp[%i] : memref<?xf64>
      %a = affine.load %A[%i, %j] : memref<?x?xf64>
      %xv = affine.load %x[%j] : memref<?xf64>
      %p = arith.mulf %a, %xv : f64
      %s = arith.addf %t, %p : f64
      affine.store %s, %tmp[%i] : memref<?xf64>
    }
    affine.for %j = 0 to %n {
      %yv = affine.load %y[%j] : memref<?xf64>
      %a = affine.load %A[%i, %j] : memref<?x?xf64>
      %t = affine.load %tmp[%i] : memref<?xf64>
      %p = arith.mulf %a, %t : f64
      %s = arith.addf %yv, %p : f64
      affine.store %s, %y[%j] : memref<?xf64>
    }
  }
  return
}
