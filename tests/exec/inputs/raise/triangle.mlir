// EXPECT-GENERICS: 5
// Triangular loops raised as boxes with a masked payload: a lower triangle with a
// scaling and a reduction (syrk), an upper triangle that starts at the diagonal, and a
// triangle whose bound runs down as the outer counter grows.
func.func @syrk_lower(%n: index, %m: index, %alpha: f64, %beta: f64, %C: memref<?x?xf64>,
                      %A: memref<?x?xf64>) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
      %0 = affine.load %C[%i, %j] : memref<?x?xf64>
      %1 = arith.mulf %0, %beta : f64
      affine.store %1, %C[%i, %j] : memref<?x?xf64>
    }
    affine.for %k = 0 to %m {
      affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
        %0 = affine.load %A[%i, %k] : memref<?x?xf64>
        %1 = arith.mulf %alpha, %0 : f64
        %2 = affine.load %A[%j, %k] : memref<?x?xf64>
        %3 = arith.mulf %1, %2 : f64
        %4 = affine.load %C[%i, %j] : memref<?x?xf64>
        %5 = arith.addf %4, %3 : f64
        affine.store %5, %C[%i, %j] : memref<?x?xf64>
      }
    }
  }
  return
}
func.func @upper_from_diagonal(%n: index, %m: index, %A: memref<?x?xf32>, %C: memref<?x?xf32>) {
  affine.for %i = 0 to %n {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to %n {
      %zero = arith.constant 0.0 : f32
      affine.store %zero, %C[%i, %j] : memref<?x?xf32>
      affine.for %k = 0 to %m {
        %0 = affine.load %A[%k, %i] : memref<?x?xf32>
        %1 = affine.load %A[%k, %j] : memref<?x?xf32>
        %2 = arith.mulf %0, %1 : f32
        %3 = affine.load %C[%i, %j] : memref<?x?xf32>
        %4 = arith.addf %3, %2 : f32
        affine.store %4, %C[%i, %j] : memref<?x?xf32>
      }
    }
  }
  return
}
func.func @shrinking_rows(%n: index, %x: memref<?xf64>, %C: memref<?x?xf64>) {
  affine.for %i = 1 to 9 {
    affine.for %j = 2 to affine_map<(d0) -> (-d0 + 12)>(%i) {
      %0 = affine.load %x[%j] : memref<?xf64>
      %1 = affine.load %C[%i, %j] : memref<?x?xf64>
      %2 = arith.subf %1, %0 : f64
      affine.store %2, %C[%i, %j] : memref<?x?xf64>
    }
  }
  return
}
