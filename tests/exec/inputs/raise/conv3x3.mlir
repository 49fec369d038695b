// EXPECT-GENERICS: 2
// A 3x3 convolution written with its kernel loops (ki, kj) and with constant weights.
func.func @conv_loops(%h: index, %w: index, %in: memref<?x?xf32>, %k: memref<3x3xf32>,
                      %out: memref<?x?xf32>) {
  affine.for %i = 0 to %h {
    affine.for %j = 0 to %w {
      affine.for %ki = 0 to 3 {
        affine.for %kj = 0 to 3 {
          %x = affine.load %in[%i + %ki, %j + %kj] : memref<?x?xf32>
          %c = affine.load %k[%ki, %kj] : memref<3x3xf32>
          %p = arith.mulf %x, %c : f32
          %o = affine.load %out[%i, %j] : memref<?x?xf32>
          %s = arith.addf %o, %p : f32
          affine.store %s, %out[%i, %j] : memref<?x?xf32>
        }
      }
    }
  }
  return
}
func.func @conv_taps(%h: index, %w: index, %in: memref<?x?xi32>, %out: memref<?x?xi32>) {
  %c2 = arith.constant 2 : i32
  %c4 = arith.constant 4 : i32
  %sh = arith.constant 4 : i32
  affine.for %i = 1 to affine_map<()[s0] -> (s0 - 1)>()[%h] {
    affine.for %j = 1 to affine_map<()[s0] -> (s0 - 1)>()[%w] {
      %x00 = affine.load %in[%i - 1, %j - 1] : memref<?x?xi32>
      %x01 = affine.load %in[%i - 1, %j] : memref<?x?xi32>
      %x02 = affine.load %in[%i - 1, %j + 1] : memref<?x?xi32>
      %x10 = affine.load %in[%i, %j - 1] : memref<?x?xi32>
      %x11 = affine.load %in[%i, %j] : memref<?x?xi32>
      %x12 = affine.load %in[%i, %j + 1] : memref<?x?xi32>
      %x20 = affine.load %in[%i + 1, %j - 1] : memref<?x?xi32>
      %x21 = affine.load %in[%i + 1, %j] : memref<?x?xi32>
      %x22 = affine.load %in[%i + 1, %j + 1] : memref<?x?xi32>
      %t01 = arith.muli %x01, %c2 : i32
      %t10 = arith.muli %x10, %c2 : i32
      %t11 = arith.muli %x11, %c4 : i32
      %t12 = arith.muli %x12, %c2 : i32
      %t21 = arith.muli %x21, %c2 : i32
      %s1 = arith.addi %x00, %t01 : i32
      %s2 = arith.addi %s1, %x02 : i32
      %s3 = arith.addi %s2, %t10 : i32
      %s4 = arith.addi %s3, %t11 : i32
      %s5 = arith.addi %s4, %t12 : i32
      %s6 = arith.addi %s5, %x20 : i32
      %s7 = arith.addi %s6, %t21 : i32
      %s8 = arith.addi %s7, %x22 : i32
      %r = arith.shrsi %s8, %sh : i32
      affine.store %r, %out[%i, %j] : memref<?x?xi32>
    }
  }
  return
}
