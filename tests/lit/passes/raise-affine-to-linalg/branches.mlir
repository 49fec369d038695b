// RUN: polylift-opt %s --split-input-file --raise-affine-to-linalg --verify-diagnostics | FileCheck %s
// If-conversion (raising/statements/branches.py): a branch whose arms store one element, or yield
// one value, becomes an arith.select in the generic's body when evaluating both arms
// cannot trap nor read out of bounds; otherwise the nest keeps its loops, with a remark.

// Both arms store o[i]; both read a[i] and b[i], which the condition reads too.
// CHECK-LABEL: func.func @overlay
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel"]} ins(%[[B:.*]], %[[A:.*]] : memref<?xi8, strided<[1]>>, memref<?xi8, strided<[1]>>)
// CHECK-NEXT: ^bb0(%[[IB:.*]]: i8, %[[IA:.*]]: i8, %out: i8):
// CHECK: %[[LOW:.*]] = arith.cmpi slt
// CHECK: %[[T:.*]] = arith.trunci %{{.*}} : i32 to i8
// CHECK: %[[E:.*]] = arith.trunci %{{.*}} : i32 to i8
// CHECK-NEXT: %[[S:.*]] = arith.select %[[LOW]], %[[T]], %[[E]] : i8
// CHECK-NEXT: linalg.yield %[[S]] : i8
// CHECK-NOT: scf.if
func.func @overlay(%n: index, %a: memref<?xi8>, %b: memref<?xi8>, %o: memref<?xi8>) {
  affine.for %i = 0 to %n {
    %bv = affine.load %b[%i] : memref<?xi8>
    %c128 = arith.constant 128 : i32
    %b32 = arith.extui %bv : i8 to i32
    %low = arith.cmpi slt, %b32, %c128 : i32
    scf.if %low {
      %av = affine.load %a[%i] : memref<?xi8>
      %a32 = arith.extui %av : i8 to i32
      %p = arith.muli %a32, %b32 : i32
      %c255 = arith.constant 255 : i32
      %q = arith.divsi %p, %c255 : i32
      %t = arith.trunci %q : i32 to i8
      // expected-remark@+1 {{raised to linalg.generic (parallel)}}
      affine.store %t, %o[%i] : memref<?xi8>
    } else {
      %av = affine.load %a[%i] : memref<?xi8>
      %a32 = arith.extui %av : i8 to i32
      %c255 = arith.constant 255 : i32
      %s = arith.addi %a32, %b32 : i32
      %d = arith.subi %s, %c255 : i32
      %t = arith.trunci %d : i32 to i8
      affine.store %t, %o[%i] : memref<?xi8>
    }
  }
  return
}

// -----

// One arm stores x[i], which the condition reads: the other arm keeps x[i] as read.
// CHECK-LABEL: func.func @relu_in_place
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel"]} outs(%{{.*}} : memref<?xf32, strided<[1]>>)
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32):
// CHECK: %[[NEG:.*]] = arith.cmpf olt, %[[X]], %[[Z:.*]] : f32
// CHECK-NEXT: %[[S:.*]] = arith.select %[[NEG]], %[[Z]], %[[X]] : f32
// CHECK-NEXT: linalg.yield %[[S]] : f32
func.func @relu_in_place(%n: index, %x: memref<?xf32>) {
  affine.for %i = 0 to %n {
    %v = affine.load %x[%i] : memref<?xf32>
    %z = arith.constant 0.0 : f32
    %neg = arith.cmpf olt, %v, %z : f32
    scf.if %neg {
      // expected-remark@+1 {{raised to linalg.generic (parallel)}}
      affine.store %z, %x[%i] : memref<?xf32>
    }
  }
  return
}

// -----

// A branch yielding the running maximum: a select that is a max reduction.
// CHECK-LABEL: func.func @running_max
// CHECK: linalg.generic {{.*}}iterator_types = []}
// CHECK: linalg.generic {{.*}}iterator_types = ["reduction"]}
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %[[OUT:.*]]: f32):
// CHECK-NEXT: %[[GT:.*]] = arith.cmpf ogt, %[[IN]], %[[OUT]] : f32
// CHECK-NEXT: %[[M:.*]] = arith.select %[[GT]], %[[IN]], %[[OUT]] : f32
// CHECK-NEXT: linalg.yield %[[M]] : f32
func.func @running_max(%n: index, %x: memref<?xf32>, %r: memref<1xf32>) {
  %x0 = affine.load %x[0] : memref<?xf32>
  %m = affine.for %i = 1 to %n iter_args(%acc = %x0) -> (f32) {
    %v = affine.load %x[%i] : memref<?xf32>
    %gt = arith.cmpf ogt, %v, %acc : f32
    %next = scf.if %gt -> (f32) {
      %w = affine.load %x[%i] : memref<?xf32>
      scf.yield %w : f32
    } else {
      scf.yield %acc : f32
    }
    affine.yield %next : f32
  }
  // expected-remark@+2 {{raised to linalg.generic ()}}
  // expected-remark@+1 {{raised to linalg.generic (reduction)}}
  affine.store %m, %r[0] : memref<1xf32>
  return
}

// -----

// A division by b[i] in the arm taken only where b[i] != 0: both arms cannot run.
// CHECK-LABEL: func.func @guarded_division
// CHECK: affine.for
// CHECK: scf.if
// CHECK-NOT: linalg.generic
func.func @guarded_division(%n: index, %a: memref<?xi32>, %b: memref<?xi32>, %o: memref<?xi32>) {
  affine.for %i = 0 to %n {
    %bv = affine.load %b[%i] : memref<?xi32>
    %z = arith.constant 0 : i32
    %nz = arith.cmpi ne, %bv, %z : i32
    scf.if %nz {
      %av = affine.load %a[%i] : memref<?xi32>
      // expected-remark@+1 {{not raised: evaluating both arms of the branch may trap: an integer division by a value that may be zero in the arm not taken}}
      %q = arith.divsi %av, %bv : i32
      affine.store %q, %o[%i] : memref<?xi32>
    } else {
      affine.store %z, %o[%i] : memref<?xi32>
    }
  }
  return
}

// -----

// Near miss: a division by the constant -1 may overflow (INT_MIN / -1).
// CHECK-LABEL: func.func @minus_one
// CHECK: scf.if
// CHECK-NOT: linalg.generic
func.func @minus_one(%n: index, %a: memref<?xi32>, %o: memref<?xi32>) {
  affine.for %i = 0 to %n {
    %av = affine.load %a[%i] : memref<?xi32>
    %z = arith.constant 0 : i32
    %m1 = arith.constant -1 : i32
    %pos = arith.cmpi sgt, %av, %z : i32
    scf.if %pos {
      // expected-remark@+1 {{not raised: evaluating both arms of the branch may trap: an integer division by a value that may be zero in the arm not taken}}
      %q = arith.divsi %av, %m1 : i32
      affine.store %q, %o[%i] : memref<?xi32>
    } else {
      affine.store %z, %o[%i] : memref<?xi32>
    }
  }
  return
}

// -----

// Near miss: the taken arm reads a[i + 1], which nothing else reads: at the last i it may
// be past the end, so evaluating it where the program does not is refused.
// CHECK-LABEL: func.func @conditional_read
// CHECK: scf.if
// CHECK-NOT: linalg.generic
func.func @conditional_read(%n: index, %c: memref<?xf32>, %a: memref<?xf32>, %o: memref<?xf32>) {
  affine.for %i = 0 to %n {
    %cv = affine.load %c[%i] : memref<?xf32>
    %z = arith.constant 0.0 : f32
    %pos = arith.cmpf ogt, %cv, %z : f32
    scf.if %pos {
      // expected-remark@+1 {{not raised: a branch reads an element that the body does not read whichever way it goes, so evaluating both arms may read out of bounds}}
      %av = affine.load %a[%i + 1] : memref<?xf32>
      affine.store %av, %o[%i] : memref<?xf32>
    } else {
      affine.store %z, %o[%i] : memref<?xf32>
    }
  }
  return
}

// -----

// Near miss: the arms store different elements.
// CHECK-LABEL: func.func @different_elements
// CHECK: scf.if
// CHECK-NOT: linalg.generic
func.func @different_elements(%n: index, %c: memref<?xf32>, %o: memref<?xf32>, %p: memref<?xf32>) {
  affine.for %i = 0 to %n {
    %cv = affine.load %c[%i] : memref<?xf32>
    %z = arith.constant 0.0 : f32
    %pos = arith.cmpf ogt, %cv, %z : f32
    scf.if %pos {
      affine.store %cv, %o[%i] : memref<?xf32>
    } else {
      // expected-remark@+1 {{not raised: the arms of a branch store different elements}}
      affine.store %cv, %p[%i] : memref<?xf32>
    }
  }
  return
}

// -----

// Near miss: an arm that stores twice has another effect than one element.
// CHECK-LABEL: func.func @two_stores
// CHECK: scf.if
// CHECK-NOT: linalg.generic
func.func @two_stores(%n: index, %c: memref<?xf32>, %o: memref<?xf32>, %p: memref<?xf32>) {
  affine.for %i = 0 to %n {
    %cv = affine.load %c[%i] : memref<?xf32>
    %z = arith.constant 0.0 : f32
    %pos = arith.cmpf ogt, %cv, %z : f32
    scf.if %pos {
      // expected-remark@+1 {{not raised: a branch of the body does more than compute one element or value ('affine.store')}}
      affine.store %cv, %p[%i] : memref<?xf32>
      affine.store %cv, %o[%i] : memref<?xf32>
    } else {
      affine.store %z, %o[%i] : memref<?xf32>
    }
  }
  return
}

// -----

// Near miss: an arm reads at a computed subscript (a padded window: `valid ? in[k] :
// -FLT_MAX`); nothing proves that read in bounds where the condition is false.
// CHECK-LABEL: func.func @guarded_computed_read
// CHECK: scf.if
// CHECK-NOT: linalg.generic
func.func @guarded_computed_read(%n: index, %s: index, %in: memref<?xf32>, %o: memref<?xf32>) {
  affine.for %i = 0 to %n {
    %k = arith.muli %i, %s : index
    %valid = arith.cmpi slt, %k, %n : index
    %v = scf.if %valid -> (f32) {
      // expected-remark@+1 {{not raised: a branch reads at a subscript that is not affine ('memref.load'), which cannot be proven in bounds where the branch does not run, so its arms cannot both be evaluated}}
      %x = memref.load %in[%k] : memref<?xf32>
      scf.yield %x : f32
    } else {
      %low = arith.constant -3.40282347E+38 : f32
      scf.yield %low : f32
    }
    affine.store %v, %o[%i] : memref<?xf32>
  }
  return
}
