// EXPECT-GENERICS: 6
// G := (A*B)*(C*D), accumulating through iter_args for E and directly for F and G.
func.func @kernel_3mm(%ni: index, %nj: index, %nk: index, %nl: index, %nm: index,
    %E: memref<?x?xf64>, %A: memref<?x?xf64>, %B: memref<?x?xf64>, %F: memref<?x?xf64>,
    %C: memref<?x?xf64>, %D: memref<?x?xf64>, %G: memref<?x?xf64>) {
  %zero = arith.constant 0.0 : f64
  affine.for %i = 0 to %ni {
    affine.for %j = 0 to %nj {
      %r = affine.for %k = 0 to %nk iter_args(%acc = %zero) -> (f64) {
        %a = affine.load %A[%i, %k] : memref<?x?xf64>
        %b = affine.load %B[%k, %j] : memref<?x?xf64>
        %p = arith.mulf %a, %b : f64
        %s = arith.addf %acc, %p : f64
        affine.yield %s : f64
      }
      affine.store %r, %E[%i, %j] : memref<?x?xf64>
    }
  }
  affine.for %i = 0 to %nj {
    affine.for %j = 0 to %nl {
      affine.store %zero, %F[%i, %j] : memref<?x?xf64>
      affine.for %k = 0 to %nm {
        %c = affine.load %C[%i, %k] : memref<?x?xf64>
        %d = affine.load %D[%k, %j] : memref<?x?xf64>
        %p = arith.mulf %c, %d : f64
        %f = affine.load %F[%i, %j] : memref<?x?xf64>
        %s = arith.addf %f, %p : f64
        affine.store %s, %F[%i, %j] : memref<?x?xf64>
      }
    }
  }
  affine.for %i = 0 to %ni {
    affine.for %j = 0 to %nl {
      affine.store %zero, %G[%i, %j] : memref<?x?xf64>
      affine.for %k = 0 to %nj {
        %e = affine.load %E[%i, %k] : memref<?x?xf64>
        %f = affine.load %F[%k, %j] : memref<?x?xf64>
        %p = arith.mulf %e, %f : f64
        %g = affine.load %G[%i, %j] : memref<?x?xf64>
        %s = arith.addf %g, %p : f64
        affine.store %s, %G[%i, %j] : memref<?x?xf64>
      }
    }
  }
  return
}
