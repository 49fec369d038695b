// EXPECT-GENERICS: 5
func.func @kernel_gesummv(%n: index, %alpha: f64, %beta: f64, %A: memref<?x?xf64>,
    %B: memref<?x?xf64>, %tmp: memref<?xf64>, %x: memref<?xf64>, %y: memref<?xf64>) {
  %zero = arith.constant 0.0 : f64
  affine.for %i = 0 to %n {
    affine.store %zero, %tmp[%i] : memref<?xf64>
    affine.store %zero, %y[%i] : memref<?xf64>
    affine.for %j = 0 to %n {
      %a = affine.load %A[%i, %j] : memref<?x?xf64>
      %xv = affine.load %x[%j] : memref<?xf64>
      %ax = arith.mulf %a, %xv : f64
      %t = affine.load %tmp[%i] : memref<?xf64>
      %t2 = arith.addf %ax, %t : f64
      affine.store %t2, %tmp[%i] : memref<?xf64>
      %b = affine.load %B[%i, %j] : memref<?x?xf64>
      %bx = arith.mulf %b, %xv : f64
      %yv = affine.load %y[%i] : memref<?xf64>
      %y2 = arith.addf %bx, %yv : f64
      affine.store %y2, %y[%i] : memref<?xf64>
    }
    %t = affine.load %tmp[%i] : memref<?xf64>
    %yv = affine.load %y[%i] : memref<?xf64>
    %at = arith.mulf %alpha, %t : f64
    %by = arith.mulf %beta, %yv : f64
    %r = arith.addf %at, %by : f64
    affine.store %r, %y[%i] : memref<?xf64>
  }
  return
}
