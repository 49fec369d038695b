// EXPECT-GENERICS: 5
// Non-zero lower bounds, steps, a decreasing loop, transposes, broadcasts and fills.
func.func @strided_copy(%n: index, %x: memref<?xf64>, %y: memref<?xf64>) {
  affine.for %i = 2 to %n step 3 {
    %v = affine.load %x[%i - 1] : memref<?xf64>
    affine.store %v, %y[%i] : memref<?xf64>
  }
  return
}
func.func @reverse(%n: index, %x: memref<?xf64>, %y: memref<?xf64>) {
  affine.for %t = 0 to %n {
    %v = affine.load %x[-%t + %n - 1] : memref<?xf64>
    %w = arith.negf %v : f64
    affine.store %w, %y[-%t + %n - 1] : memref<?xf64>
  }
  return
}
func.func @transpose(%n: index, %m: index, %A: memref<?x?xf64>, %B: memref<?x?xf64>) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %m {
      %v = affine.load %A[%j, %i] : memref<?x?xf64>
      affine.store %v, %B[%i, %j] : memref<?x?xf64>
    }
  }
  return
}
func.func @broadcast_index(%n: index, %m: index, %x: memref<?xf64>, %B: memref<?x?xf64>) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %m {
      %v = affine.load %x[%j] : memref<?xf64>
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f64
      %s = arith.addf %v, %f : f64
      affine.store %s, %B[%i, %j] : memref<?x?xf64>
    }
  }
  return
}
func.func @fill(%n: index, %B: memref<?xf32>) {
  %c = arith.constant 1.5 : f32
  affine.for %i = 1 to %n {
    affine.store %c, %B[%i] : memref<?xf32>
  }
  return
}
