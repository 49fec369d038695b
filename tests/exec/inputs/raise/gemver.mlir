// EXPECT-GENERICS: 4
func.func @kernel_gemver(%n: index, %alpha: f64, %beta: f64, %A: memref<?x?xf64>,
    %u1: memref<?xf64>, %v1: memref<?xf64>, %u2: memref<?xf64>, %v2: memref<?xf64>,
    %w: memref<?xf64>, %x: memref<?xf64>, %y: memref<?xf64>, %z: memref<?xf64>) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %n {
      %a = affine.load %A[%i, %j] : memref<?x?xf64>
      %p = affine.load %u1[%i] : memref<?xf64>
      %q = affine.load %v1[%j] : memref<?xf64>
      %r = affine.load %u2[%i] : memref<?xf64>
      %t = affine.load %v2[%j] : memref<?xf64>
      %pq = arith.mulf %p, %q : f64
      %rt = arith.mulf %r, %t : f64
      %s1 = arith.addf %a, %pq : f64
      %s2 = arith.addf %s1, %rt : f64
      affine.store %s2, %A[%i, %j] : memref<?x?xf64>
    }
  }
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %n {
      %xv = affine.load %x[%i] : memref<?xf64>
      %a = affine.load %A[%j, %i] : memref<?x?xf64>
      %ba = arith.mulf %beta, %a : f64
      %yv = affine.load %y[%j] : memref<?xf64>
      %p = arith.mulf %ba, %yv : f64
      %s = arith.addf %xv, %p : f64
      affine.store %s, %x[%i] : memref<?xf64>
    }
  }
  affine.for %i = 0 to %n {
    %xv = affine.load %x[%i] : memref<?xf64>
    %zv = affine.load %z[%i] : memref<?xf64>
    %s = arith.addf %xv, %zv : f64
    affine.store %s, %x[%i] : memref<?xf64>
  }
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %n {
      %wv = affine.load %w[%i] : memref<?xf64>
      %a = affine.load %A[%i, %j] : memref<?x?xf64>
      %aa = arith.mulf %alpha, %a : f64
      %xv = affine.load %x[%j] : memref<?xf64>
      %p = arith.mulf %aa, %xv : f64
      %s = arith.addf %wv, %p : f64
      affine.store %s, %w[%i] : memref<?xf64>
    }
  }
  return
}
