// EXPECT-GENERICS: 5
// Max into an output element, min through select, product, and a dot into a 0-d memref.
func.func @row_max(%n: index, %m: index, %A: memref<?x?xf64>, %r: memref<?xf64>) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %m {
      %a = affine.load %A[%i, %j] : memref<?x?xf64>
      %o = affine.load %r[%i] : memref<?xf64>
      %x = arith.maximumf %o, %a : f64
      affine.store %x, %r[%i] : memref<?xf64>
    }
  }
  return
}
func.func @col_min(%n: index, %m: index, %A: memref<?x?xf32>, %r: memref<?xf32>) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %m {
      %a = affine.load %A[%i, %j] : memref<?x?xf32>
      %o = affine.load %r[%j] : memref<?xf32>
      %lt = arith.cmpf olt, %a, %o : f32
      %x = arith.select %lt, %a, %o : f32
      affine.store %x, %r[%j] : memref<?xf32>
    }
  }
  return
}
func.func @prod(%n: index, %x: memref<?xf64>, %r: memref<f64>) {
  affine.for %i = 0 to %n {
    %a = affine.load %x[%i] : memref<?xf64>
    %o = affine.load %r[] : memref<f64>
    %p = arith.mulf %o, %a : f64
    affine.store %p, %r[] : memref<f64>
  }
  return
}
func.func @dot(%n: index, %x: memref<?xf64>, %y: memref<?xf64>, %r: memref<f64>) {
  %zero = arith.constant 0.0 : f64
  %s = affine.for %i = 0 to %n iter_args(%acc = %zero) -> (f64) {
    %a = affine.load %x[%i] : memref<?xf64>
    %b = affine.load %y[%i] : memref<?xf64>
    %p = arith.mulf %a, %b : f64
    %t = arith.addf %acc, %p : f64
    affine.yield %t : f64
  }
  affine.store %s, %r[] : memref<f64>
  return
}
