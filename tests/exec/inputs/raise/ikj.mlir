// EXPECT-GENERICS: 1
// C += A*B in ikj order, with static shapes (no subviews needed).
func.func @matmul_ikj(%A: memref<12x10xf32>, %B: memref<10x11xf32>, %C: memref<12x11xf32>) {
  affine.for %i = 0 to 12 {
    affine.for %k = 0 to 10 {
      affine.for %j = 0 to 11 {
        %a = affine.load %A[%i, %k] : memref<12x10xf32>
        %b = affine.load %B[%k, %j] : memref<10x11xf32>
        %c = affine.load %C[%i, %j] : memref<12x11xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<12x11xf32>
      }
    }
  }
  return
}
