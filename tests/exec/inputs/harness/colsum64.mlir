func.func @kernel_colsum64(%n: index, %A: memref<?x8xi32>, %s: memref<8xi64>) {
  %zero = arith.constant 0 : i64
  affine.for %j = 0 to 8 {
    affine.store %zero, %s[%j] : memref<8xi64>
  }
  affine.for %i = 0 to %n {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<?x8xi32>
      %e = arith.extsi %a : i32 to i64
      %o = affine.load %s[%j] : memref<8xi64>
      %t = arith.addi %o, %e : i64
      affine.store %t, %s[%j] : memref<8xi64>
    }
  }
  return
}
