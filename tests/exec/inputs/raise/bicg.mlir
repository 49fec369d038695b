// EXPECT-GENERICS: 4
// s := A^T r and q := A p in one nest.
func.func @kernel_bicg(%m: index, %n: index, %A: memref<?x?xf64>, %s: memref<?xf64>,
    %q: memref<?xf64>, %p: memref<?xf64>, %r: memref<?xf64>) {
  %zero = arith.constant 0.0 : f64
  affine.for %i = 0 to %m {
    affine.store %zero, %s[%i] : memref<?xf64>
  }
  affine.for %i = 0 to %n {
    affine.store %zero, %q[%i] : memref<?xf64>
    affine.for %j = 0 to %m {
      %sv = affine.load %s[%j] : memref<?xf64>
      %rv = affine.load %r[%i] : memref<?xf64>
      %a = affine.load %A[%i, %j] : memref<?x?xf64>
      %t = arith.mulf %rv, %a : f64
      %s2 = arith.addf %sv, %t : f64
      affine.store %s2, %s[%j] : memref<?xf64>
      %qv = affine.load %q[%i] : memref<?xf64>
      %pv = affine.load %p[%j] : memref<?xf64>
      %t2 = arith.mulf %a, %pv : f64
      %q2 = arith.addf %qv, %t2 : f64
      affine.store %q2, %q[%i] : memref<?xf64>
    }
  }
  return
}
