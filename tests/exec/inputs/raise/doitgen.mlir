// EXPECT-GENERICS: 3
// KEEPS-LOOPS: sum is reused for every (r, q), so only the inner nests are raised.
// A[r][q][p] := sum_s A[r][q][s] * C4[s][p], through a sum buffer.
func.func @kernel_doitgen(%nr: index, %nq: index, %np: index, %A: memref<?x?x?xf64>,
                          %C4: memref<?x?xf64>, %sum: memref<?xf64>) {
  %zero = arith.constant 0.0 : f64
  affine.for %r = 0 to %nr {
    affine.for %q = 0 to %nq {
      affine.for %p = 0 to %np {
        affine.store %zero, %sum[%p] : memref<?xf64>
        affine.for %s = 0 to %np {
          %a = affine.load %A[%r, %q, %s] : memref<?x?x?xf64>
          %c = affine.load %C4[%s, %p] : memref<?x?xf64>
          %m = arith.mulf %a, %c : f64
          %old = affine.load %sum[%p] : memref<?xf64>
          %n = arith.addf %old, %m : f64
          affine.store %n, %sum[%p] : memref<?xf64>
        }
      }
      affine.for %p = 0 to %np {
        %v = affine.load %sum[%p] : memref<?xf64>
        affine.store %v, %A[%r, %q, %p] : memref<?x?x?xf64>
      }
    }
  }
  return
}
