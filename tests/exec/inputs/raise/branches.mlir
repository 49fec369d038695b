// EXPECT-GENERICS: 7
// If-conversion and result homes: a blend whose arms store one pixel, a ReLU in place,
// a running maximum through a branch yielding it, and a sum that a later map divides by.
func.func @overlay(%n: index, %a: memref<?xi8>, %b: memref<?xi8>, %o: memref<?xi8>) {
  affine.for %i = 0 to %n {
    %bv = affine.load %b[%i] : memref<?xi8>
    %c0 = arith.constant 0 : i32
    %b32 = arith.extsi %bv : i8 to i32
    %low = arith.cmpi slt, %b32, %c0 : i32
    scf.if %low {
      %av = affine.load %a[%i] : memref<?xi8>
      %a32 = arith.extsi %av : i8 to i32
      %p = arith.muli %a32, %b32 : i32
      %c7 = arith.constant 7 : i32
      %q = arith.divsi %p, %c7 : i32
      %t = arith.trunci %q : i32 to i8
      affine.store %t, %o[%i] : memref<?xi8>
    } else {
      %av = affine.load %a[%i] : memref<?xi8>
      %a32 = arith.extsi %av : i8 to i32
      %s = arith.subi %a32, %b32 : i32
      %t = arith.trunci %s : i32 to i8
      affine.store %t, %o[%i] : memref<?xi8>
    }
  }
  return
}
func.func @relu_in_place(%n: index, %x: memref<?xf32>) {
  affine.for %i = 0 to %n {
    %v = affine.load %x[%i] : memref<?xf32>
    %z = arith.constant 0.0 : f32
    %neg = arith.cmpf olt, %v, %z : f32
    scf.if %neg {
      affine.store %z, %x[%i] : memref<?xf32>
    }
  }
  return
}
func.func @running_max(%n: index, %x: memref<?xf64>, %r: memref<?xf64>) {
  %x0 = affine.load %x[0] : memref<?xf64>
  %m = affine.for %i = 1 to %n iter_args(%acc = %x0) -> (f64) {
    %v = affine.load %x[%i] : memref<?xf64>
    %gt = arith.cmpf ogt, %v, %acc : f64
    %next = scf.if %gt -> (f64) {
      %w = affine.load %x[%i] : memref<?xf64>
      scf.yield %w : f64
    } else {
      scf.yield %acc : f64
    }
    affine.yield %next : f64
  }
  affine.store %m, %r[3] : memref<?xf64>
  return
}
func.func @normalise(%n: index, %x: memref<?xf32>, %y: memref<?xf32>) {
  %zero = arith.constant 0.0 : f32
  %r = affine.for %i = 0 to %n iter_args(%s = %zero) -> f32 {
    %v = affine.load %x[%i] : memref<?xf32>
    %t = arith.addf %s, %v : f32
    affine.yield %t : f32
  }
  affine.for %i = 0 to %n {
    %v = affine.load %x[%i] : memref<?xf32>
    %q = arith.divf %v, %r : f32
    affine.store %q, %y[%i] : memref<?xf32>
  }
  return
}
