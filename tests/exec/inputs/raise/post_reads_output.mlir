// EXPECT-GENERICS: 4
// `C[i][j] += dot(A[i,:], B[j,:])` through a scalar accumulator: the partial sums go to
// a temporary T[i][j] (keeping them in C[i][j] would lose the old value the post-op
// reads), then C[i][j] += T[i][j]; the elementwise nest beside it is raised as well.
func.func @post_reads_output(%n: index, %A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %n {
      %z = arith.constant 0.0 : f32
      %s = affine.for %k = 0 to %n iter_args(%acc = %z) -> (f32) {
        %a = affine.load %A[%i, %k] : memref<?x?xf32>
        %b = affine.load %B[%j, %k] : memref<?x?xf32>
        %p = arith.mulf %a, %b : f32
        %t = arith.addf %acc, %p : f32
        affine.yield %t : f32
      }
      %c = affine.load %C[%i, %j] : memref<?x?xf32>
      %r = arith.addf %c, %s : f32
      affine.store %r, %C[%i, %j] : memref<?x?xf32>
    }
  }
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %n {
      %a = affine.load %A[%i, %j] : memref<?x?xf32>
      %d = arith.addf %a, %a : f32
      affine.store %d, %A[%i, %j] : memref<?x?xf32>
    }
  }
  return
}
