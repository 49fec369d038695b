// EXPECT-GENERICS: 2
// One time step of jacobi-2d: two 5-point stencils with constant offsets.
func.func @kernel_jacobi_2d_step(%n: index, %A: memref<?x?xf64>, %B: memref<?x?xf64>) {
  %c = arith.constant 0.2 : f64
  affine.for %i = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
    affine.for %j = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
      %a0 = affine.load %A[%i, %j] : memref<?x?xf64>
      %a1 = affine.load %A[%i, %j - 1] : memref<?x?xf64>
      %a2 = affine.load %A[%i, %j + 1] : memref<?x?xf64>
      %a3 = affine.load %A[%i + 1, %j] : memref<?x?xf64>
      %a4 = affine.load %A[%i - 1, %j] : memref<?x?xf64>
      %s1 = arith.addf %a0, %a1 : f64
      %s2 = arith.addf %s1, %a2 : f64
      %s3 = arith.addf %s2, %a3 : f64
      %s4 = arith.addf %s3, %a4 : f64
      %r = arith.mulf %c, %s4 : f64
      affine.store %r, %B[%i, %j] : memref<?x?xf64>
    }
  }
  affine.for %i = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
    affine.for %j = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
      %a0 = affine.load %B[%i, %j] : memref<?x?xf64>
      %a1 = affine.load %B[%i, %j - 1] : memref<?x?xf64>
      %a2 = affine.load %B[%i, %j + 1] : memref<?x?xf64>
      %a3 = affine.load %B[%i + 1, %j] : memref<?x?xf64>
      %a4 = affine.load %B[%i - 1, %j] : memref<?x?xf64>
      %s1 = arith.addf %a0, %a1 : f64
      %s2 = arith.addf %s1, %a2 : f64
      %s3 = arith.addf %s2, %a3 : f64
      %s4 = arith.addf %s3, %a4 : f64
      %r = arith.mulf %c, %s4 : f64
      affine.store %r, %A[%i, %j] : memref<?x?xf64>
    }
  }
  return
}
