// EXPECT-GENERICS: 6
// Reductions whose accumulator is wider than the stored element: `int acc` summed over
// products of int8 values and stored as `(int8_t)(acc >> shift)`. The partial sums go to
// an i32 temporary with one element per (i, j) (per row in @row_sum_shift), then the
// narrowing post-op stores them.
func.func @matmul_i8(%n: index, %A: memref<?x?xi8>, %W: memref<?x?xi8>, %O: memref<?x?xi8>) {
  affine.for %i = 1 to %n {
    affine.for %j = 0 to %n step 2 {
      %z = arith.constant 0 : i32
      %s = affine.for %k = 0 to %n iter_args(%acc = %z) -> (i32) {
        %a = affine.load %A[%i, %k] : memref<?x?xi8>
        %w = affine.load %W[%k, %j] : memref<?x?xi8>
        %a32 = arith.extsi %a : i8 to i32
        %w32 = arith.extsi %w : i8 to i32
        %p = arith.muli %a32, %w32 : i32
        %t = arith.addi %acc, %p : i32
        affine.yield %t : i32
      }
      %c3 = arith.constant 3 : i32
      %sh = arith.shrsi %s, %c3 : i32
      %r = arith.trunci %sh : i32 to i8
      affine.store %r, %O[%i, %j] : memref<?x?xi8>
    }
  }
  return
}
func.func @row_sum_shift(%A: memref<10x12xi8>, %O: memref<10xi16>) {
  affine.for %i = 0 to 10 {
    %z = arith.constant 7 : i32
    %s = affine.for %k = 0 to 12 iter_args(%acc = %z) -> (i32) {
      %a = affine.load %A[%i, %k] : memref<10x12xi8>
      %a32 = arith.extsi %a : i8 to i32
      %t = arith.addi %acc, %a32 : i32
      affine.yield %t : i32
    }
    %c1 = arith.constant 1 : i32
    %sh = arith.shrsi %s, %c1 : i32
    %old = affine.load %O[%i] : memref<10xi16>
    %old32 = arith.extsi %old : i16 to i32
    %sum = arith.addi %sh, %old32 : i32
    %r = arith.trunci %sum : i32 to i16
    affine.store %r, %O[%i] : memref<10xi16>
  }
  return
}
