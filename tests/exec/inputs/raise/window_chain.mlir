// EXPECT-GENERICS: 5
// Reductions carried through a chain of window loops: a 2x2 max pool with stride 2
// whose running max starts from the window's first element (and a dead scalar
// threaded through the loops, as the C front end emits), and a 3x3 box sum from 0
// squared after the loops (the post-op reads the result twice).
func.func @maxpool(%n: index, %c: index, %in: memref<?x?x?x?xf32>, %out: memref<?x?x?x?xf32>) {
  %z = arith.constant 0.0 : f32
  affine.for %i = 0 to %n {
    affine.for %k = 0 to %c {
      affine.for %y = 0 to 7 {
        %d = affine.for %x = 0 to 7 iter_args(%dead = %z) -> (f32) {
          %first = affine.load %in[%i, %k, %y * 2, %x * 2] : memref<?x?x?x?xf32>
          %m:2 = affine.for %dy = 0 to 2 iter_args(%acc = %first, %pass = %dead) -> (f32, f32) {
            %r = affine.for %dx = 0 to 2 iter_args(%a = %acc) -> (f32) {
              %v = affine.load %in[%i, %k, %y * 2 + %dy, %x * 2 + %dx] : memref<?x?x?x?xf32>
              %gt = arith.cmpf ogt, %v, %a : f32
              %s = arith.select %gt, %v, %a : f32
              affine.yield %s : f32
            }
            affine.yield %r, %pass : f32, f32
          }
          affine.store %m#0, %out[%i, %k, %y, %x] : memref<?x?x?x?xf32>
          affine.yield %m#1 : f32
        }
      }
    }
  }
  return
}
func.func @box3x3(%h: index, %w: index, %in: memref<?x?xf64>, %out: memref<?x?xf64>) {
  affine.for %y = 0 to 13 {
    affine.for %x = 0 to 12 {
      %z = arith.constant 0.0 : f64
      %s = affine.for %dy = 0 to 3 iter_args(%acc = %z) -> (f64) {
        %t = affine.for %dx = 0 to 3 iter_args(%a = %acc) -> (f64) {
          %v = affine.load %in[%y + %dy, %x + %dx] : memref<?x?xf64>
          %u = arith.addf %a, %v : f64
          affine.yield %u : f64
        }
        affine.yield %t : f64
      }
      %h2 = arith.mulf %s, %s : f64
      affine.store %h2, %out[%y, %x] : memref<?x?xf64>
    }
  }
  return
}
