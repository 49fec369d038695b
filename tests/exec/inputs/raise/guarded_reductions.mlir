// EXPECT-GENERICS: 4
// KEEPS-LOOPS
// Guarded reductions: `if (x[i] > 0) s += x[i]` (the branch converted to a select that
// keeps the sum where the guard is false), a count of the rows' elements above a bound
// (the guard on the else side), and near misses that keep their loops: a guard that
// reads the sum itself, and a difference (no reduction).
func.func @sum_positive(%n: index, %x: memref<?xf32>, %r: memref<f32>) {
  %z = arith.constant 0.0 : f32
  %s = affine.for %i = 0 to %n iter_args(%acc = %z) -> (f32) {
    %v = affine.load %x[%i] : memref<?xf32>
    %pos = arith.cmpf ogt, %v, %z : f32
    %next = scf.if %pos -> (f32) {
      %sum = arith.addf %acc, %v : f32
      scf.yield %sum : f32
    } else {
      scf.yield %acc : f32
    }
    affine.yield %next : f32
  }
  affine.store %s, %r[] : memref<f32>
  return
}
func.func @count_rows(%m: index, %n: index, %x: memref<?x?xi32>, %c: memref<?xi32>) {
  %t = arith.constant 3 : i32
  affine.for %i = 0 to %m {
    %zero = arith.constant 0 : i32
    affine.store %zero, %c[%i] : memref<?xi32>
    affine.for %j = 0 to %n {
      %v = affine.load %x[%i, %j] : memref<?x?xi32>
      %low = arith.cmpi sle, %v, %t : i32
      %old = affine.load %c[%i] : memref<?xi32>
      %one = arith.constant 1 : i32
      %more = arith.addi %old, %one : i32
      %new = arith.select %low, %old, %more : i32
      affine.store %new, %c[%i] : memref<?xi32>
    }
  }
  return
}
func.func @sum_capped(%n: index, %x: memref<?xf32>, %r: memref<f32>) {
  %z = arith.constant 0.0 : f32
  %cap = arith.constant 4.0 : f32
  %s = affine.for %i = 0 to %n iter_args(%acc = %z) -> (f32) {
    %v = affine.load %x[%i] : memref<?xf32>
    %room = arith.cmpf olt, %acc, %cap : f32
    %sum = arith.addf %acc, %v : f32
    %next = arith.select %room, %sum, %acc : f32
    affine.yield %next : f32
  }
  affine.store %s, %r[] : memref<f32>
  return
}
func.func @diff_positive(%n: index, %x: memref<?xf32>, %r: memref<f32>) {
  %z = arith.constant 0.0 : f32
  %s = affine.for %i = 0 to %n iter_args(%acc = %z) -> (f32) {
    %v = affine.load %x[%i] : memref<?xf32>
    %pos = arith.cmpf ogt, %v, %z : f32
    %d = arith.subf %acc, %v : f32
    %next = arith.select %pos, %d, %acc : f32
    affine.yield %next : f32
  }
  affine.store %s, %r[] : memref<f32>
  return
}
