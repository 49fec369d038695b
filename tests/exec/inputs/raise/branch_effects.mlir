// EXPECT-GENERICS: 7
// If-conversion of what a branch may do beyond one element: divide by a value that is 0
// (or -1 beside the most negative dividend) where its arm is not taken, store into two
// arrays, and read at a flat subscript it computes again; two branches in a row on one
// element, the second keeping what the first stored. The inputs hold zeros and -1s.
func.func @guarded_division(%n: index, %a: memref<?xi32>, %b: memref<?xi32>, %o: memref<?xi32>) {
  affine.for %i = 0 to %n {
    %bv = affine.load %b[%i] : memref<?xi32>
    %av = affine.load %a[%i] : memref<?xi32>
    %z = arith.constant 0 : i32
    %m1 = arith.constant -1 : i32
    %nz = arith.cmpi ne, %bv, %z : i32
    %nm = arith.cmpi ne, %bv, %m1 : i32
    %safe = arith.andi %nz, %nm : i1
    scf.if %safe {
      %q = arith.divsi %av, %bv : i32
      %r = arith.remsi %av, %bv : i32
      %s = arith.addi %q, %r : i32
      affine.store %s, %o[%i] : memref<?xi32>
    } else {
      affine.store %av, %o[%i] : memref<?xi32>
    }
  }
  return
}
func.func @two_outputs(%n: index, %c: memref<?xf32>, %o: memref<?xf32>, %p: memref<?xf32>) {
  affine.for %i = 0 to %n {
    %cv = affine.load %c[%i] : memref<?xf32>
    %z = arith.constant 0.0 : f32
    %pos = arith.cmpf ogt, %cv, %z : f32
    scf.if %pos {
      affine.store %cv, %o[%i] : memref<?xf32>
      affine.store %z, %p[%i] : memref<?xf32>
    } else {
      affine.store %z, %o[%i] : memref<?xf32>
      %again = affine.load %c[%i] : memref<?xf32>
      %twice = arith.addf %again, %again : f32
      affine.store %twice, %p[%i] : memref<?xf32>
    }
  }
  return
}
func.func @recomputed_subscript(%n: index, %in: memref<?xf32>, %o: memref<?xf32>) {
  affine.for %i = 0 to 2 {
    %r = arith.muli %i, %n : index
    %k = arith.addi %r, %i : index
    %v = memref.load %in[%k] : memref<?xf32>
    %z = arith.constant 0.0 : f32
    %pos = arith.cmpf ogt, %v, %z : f32
    %w = scf.if %pos -> (f32) {
      %r2 = arith.muli %i, %n : index
      %k2 = arith.addi %r2, %i : index
      %x = memref.load %in[%k2] : memref<?xf32>
      %sq = arith.mulf %x, %x : f32
      scf.yield %sq : f32
    } else {
      scf.yield %z : f32
    }
    affine.store %w, %o[%i] : memref<?xf32>
  }
  return
}
func.func @remainder_yield(%n: index, %a: memref<?xi32>, %b: memref<?xi32>, %o: memref<?xi32>) {
  affine.for %i = 0 to %n {
    %bv = affine.load %b[%i] : memref<?xi32>
    %av = affine.load %a[%i] : memref<?xi32>
    %z = arith.constant 0 : i32
    %zero = arith.cmpi eq, %bv, %z : i32
    %v = scf.if %zero -> (i32) {
      scf.yield %av : i32
    } else {
      %r = arith.remui %av, %bv : i32
      scf.yield %r : i32
    }
    affine.store %v, %o[%i] : memref<?xi32>
  }
  return
}
func.func @clamp_twice(%n: index, %d: memref<?xf32>) {
  affine.for %i = 0 to %n {
    %v = affine.load %d[%i] : memref<?xf32>
    %z = arith.constant 0.0 : f32
    %neg = arith.cmpf olt, %v, %z : f32
    scf.if %neg {
      affine.store %z, %d[%i] : memref<?xf32>
    }
    %w = affine.load %d[%i] : memref<?xf32>
    %one = arith.constant 0.5 : f32
    %big = arith.cmpf ogt, %w, %one : f32
    scf.if %big {
      affine.store %one, %d[%i] : memref<?xf32>
    }
  }
  return
}
