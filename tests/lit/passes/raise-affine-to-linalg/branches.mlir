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

// A division by b[i] in the arm taken only where b[i] != 0: where that arm is not taken
// it divides by 1 instead, so evaluating both arms cannot trap; the select keeps 0 there.
// CHECK-LABEL: func.func @guarded_division
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel"]}
// CHECK-NEXT: ^bb0(%[[B:.*]]: i32, %[[A:.*]]: i32, %{{.*}}: i32):
// CHECK: %[[NZ:.*]] = arith.cmpi ne, %[[B]], %[[Z:.*]] : i32
// CHECK: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[D:.*]] = arith.select %[[NZ]], %[[B]], %[[ONE]] : i32
// CHECK-NEXT: %[[Q:.*]] = arith.divsi %[[A]], %[[D]] : i32
// CHECK-NEXT: %[[S:.*]] = arith.select %[[NZ]], %[[Q]], %[[Z]] : i32
// CHECK-NEXT: linalg.yield %[[S]] : i32
// CHECK-NOT: scf.if
func.func @guarded_division(%n: index, %a: memref<?xi32>, %b: memref<?xi32>, %o: memref<?xi32>) {
  affine.for %i = 0 to %n {
    %bv = affine.load %b[%i] : memref<?xi32>
    %av = affine.load %a[%i] : memref<?xi32>
    %z = arith.constant 0 : i32
    %nz = arith.cmpi ne, %bv, %z : i32
    scf.if %nz {
      %q = arith.divsi %av, %bv : i32
      // expected-remark@+1 {{raised to linalg.generic (parallel)}}
      affine.store %q, %o[%i] : memref<?xi32>
    } else {
      affine.store %z, %o[%i] : memref<?xi32>
    }
  }
  return
}

// -----

// A remainder in the else arm of a branch yielding a value: its divisor is 1 where the
// then arm is taken.
// CHECK-LABEL: func.func @guarded_remainder
// CHECK: linalg.generic
// CHECK: %[[Z:.*]] = arith.cmpi eq
// CHECK: %[[D:.*]] = arith.select %[[Z]], %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: %[[R:.*]] = arith.remui %{{.*}}, %[[D]] : i32
// CHECK-NEXT: arith.select %[[Z]], %{{.*}}, %[[R]] : i32
func.func @guarded_remainder(%n: index, %a: memref<?xi32>, %b: memref<?xi32>, %o: memref<?xi32>) {
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
    // expected-remark@+1 {{raised to linalg.generic (parallel)}}
    affine.store %v, %o[%i] : memref<?xi32>
  }
  return
}

// -----

// A division by the constant -1 may overflow (INT_MIN / -1) where the arm is not taken:
// it divides by 1 there.
// CHECK-LABEL: func.func @minus_one
// CHECK: linalg.generic
// CHECK: %[[M1:.*]] = arith.constant -1 : i32
// CHECK: %[[D:.*]] = arith.select %{{.*}}, %[[M1]], %{{.*}} : i32
// CHECK-NEXT: arith.divsi %{{.*}}, %[[D]] : i32
// CHECK-NOT: scf.if
func.func @minus_one(%n: index, %a: memref<?xi32>, %o: memref<?xi32>) {
  affine.for %i = 0 to %n {
    %av = affine.load %a[%i] : memref<?xi32>
    %z = arith.constant 0 : i32
    %m1 = arith.constant -1 : i32
    %pos = arith.cmpi sgt, %av, %z : i32
    scf.if %pos {
      %q = arith.divsi %av, %m1 : i32
      // expected-remark@+1 {{raised to linalg.generic (parallel)}}
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

// Each arm stores an element of both arrays: two selects, two stores (the then arm's
// order), which the raising then splits into two maps.
// CHECK-LABEL: func.func @two_outputs
// CHECK: linalg.generic {{.*}}outs(%{{.*}} : memref<?xf32, strided<[1]>>)
// CHECK-NEXT: ^bb0(%[[C1:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[P1:.*]] = arith.cmpf ogt, %[[C1]], %[[Z1:.*]] : f32
// CHECK-NEXT: %[[S1:.*]] = arith.select %[[P1]], %[[C1]], %[[Z1]] : f32
// CHECK-NEXT: linalg.yield %[[S1]] : f32
// CHECK: linalg.generic {{.*}}outs(%{{.*}} : memref<?xf32, strided<[1]>>)
// CHECK-NEXT: ^bb0(%[[C2:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[P2:.*]] = arith.cmpf ogt, %[[C2]], %[[Z2:.*]] : f32
// CHECK-NEXT: %[[S2:.*]] = arith.select %[[P2]], %[[Z2]], %[[C2]] : f32
// CHECK-NEXT: linalg.yield %[[S2]] : f32
// CHECK-NOT: scf.if
func.func @two_outputs(%n: index, %c: memref<?xf32>, %o: memref<?xf32>, %p: memref<?xf32>) {
  affine.for %i = 0 to %n {
    %cv = affine.load %c[%i] : memref<?xf32>
    %z = arith.constant 0.0 : f32
    %pos = arith.cmpf ogt, %cv, %z : f32
    scf.if %pos {
      // expected-remark@+1 {{raised to linalg.generic (parallel)}}
      affine.store %cv, %o[%i] : memref<?xf32>
      // expected-remark@+1 {{raised to linalg.generic (parallel)}}
      affine.store %z, %p[%i] : memref<?xf32>
    } else {
      affine.store %z, %o[%i] : memref<?xf32>
      %again = affine.load %c[%i] : memref<?xf32>
      affine.store %again, %p[%i] : memref<?xf32>
    }
  }
  return
}

// -----

// Near miss: the arms store different elements of one array.
// CHECK-LABEL: func.func @different_elements
// CHECK: scf.if
// CHECK-NOT: linalg.generic
func.func @different_elements(%n: index, %c: memref<?xf32>, %o: memref<?xf32>) {
  affine.for %i = 0 to %n {
    %cv = affine.load %c[%i] : memref<?xf32>
    %z = arith.constant 0.0 : f32
    %pos = arith.cmpf ogt, %cv, %z : f32
    scf.if %pos {
      affine.store %cv, %o[%i] : memref<?xf32>
    } else {
      // expected-remark@+1 {{not raised: the arms of a branch store different elements}}
      affine.store %cv, %o[%i + 1] : memref<?xf32>
    }
  }
  return
}

// -----

// Near miss: only the then arm stores p[i], which the body does not read: the else arm
// cannot keep it.
// CHECK-LABEL: func.func @one_arm_stores_more
// CHECK: scf.if
// CHECK-NOT: linalg.generic
func.func @one_arm_stores_more(%n: index, %c: memref<?xf32>, %o: memref<?xf32>, %p: memref<?xf32>) {
  affine.for %i = 0 to %n {
    %cv = affine.load %c[%i] : memref<?xf32>
    %z = arith.constant 0.0 : f32
    %pos = arith.cmpf ogt, %cv, %z : f32
    scf.if %pos {
      // expected-remark@+1 {{not raised: one arm of a branch stores an element that the body does not read, so the other arm cannot keep it}}
      affine.store %cv, %p[%i] : memref<?xf32>
      affine.store %cv, %o[%i] : memref<?xf32>
    } else {
      affine.store %z, %o[%i] : memref<?xf32>
    }
  }
  return
}

// -----

// Near miss: an arm stores into an array twice.
// CHECK-LABEL: func.func @stores_twice
// CHECK: scf.if
// CHECK-NOT: linalg.generic
func.func @stores_twice(%n: index, %c: memref<?xf32>, %o: memref<?xf32>) {
  affine.for %i = 0 to %n {
    %cv = affine.load %c[%i] : memref<?xf32>
    %z = arith.constant 0.0 : f32
    %pos = arith.cmpf ogt, %cv, %z : f32
    scf.if %pos {
      affine.store %cv, %o[%i] : memref<?xf32>
      // expected-remark@+1 {{not raised: an arm of a branch stores twice into one array}}
      affine.store %z, %o[%i] : memref<?xf32>
    } else {
      affine.store %z, %o[%i] : memref<?xf32>
    }
  }
  return
}

// -----

// Near miss: an arm reads an array after storing into it (the read would see the store).
// CHECK-LABEL: func.func @read_after_store
// CHECK: scf.if
// CHECK-NOT: linalg.generic
func.func @read_after_store(%n: index, %c: memref<?xf32>, %o: memref<?xf32>, %p: memref<?xf32>) {
  affine.for %i = 0 to %n {
    %cv = affine.load %c[%i] : memref<?xf32>
    %ov = affine.load %o[%i] : memref<?xf32>
    %z = arith.constant 0.0 : f32
    %pos = arith.cmpf ogt, %cv, %z : f32
    scf.if %pos {
      affine.store %cv, %o[%i] : memref<?xf32>
      // expected-remark@+1 {{not raised: an arm of a branch reads an array after it stores into it}}
      %again = affine.load %o[%i] : memref<?xf32>
      affine.store %again, %p[%i] : memref<?xf32>
    } else {
      affine.store %z, %p[%i] : memref<?xf32>
    }
  }
  return
}

// -----

// Both arms read at a flat subscript they compute again (`r*n + c`), the element the
// condition read: reading it where the arm is not taken reads nothing new.
// CHECK-LABEL: func.func @recomputed_subscript
// CHECK-NOT: scf.if
// CHECK: %[[V:.*]] = memref.load %[[IN:.*]][%[[K:.*]]] : memref<?xf32>
// CHECK: %[[K2:.*]] = arith.addi
// CHECK-NEXT: %[[W:.*]] = memref.load %[[IN]][%[[K2]]] : memref<?xf32>
// CHECK: arith.select %{{.*}}, %[[W]], %{{.*}} : f32
// CHECK-NOT: scf.if
func.func @recomputed_subscript(%n: index, %s: index, %in: memref<?xf32>, %o: memref<?xf32>) {
  affine.for %i = 0 to %n {
    %r = arith.muli %i, %s : index
    %k = arith.addi %r, %i : index
    %v = memref.load %in[%k] : memref<?xf32>
    %z = arith.constant 0.0 : f32
    %pos = arith.cmpf ogt, %v, %z : f32
    %w = scf.if %pos -> (f32) {
      %r2 = arith.muli %i, %s : index
      %k2 = arith.addi %r2, %i : index
      %x = memref.load %in[%k2] : memref<?xf32>
      scf.yield %x : f32
    } else {
      scf.yield %z : f32
    }
    // expected-remark@+1 {{raised to linalg.generic (parallel)}}
    affine.store %w, %o[%i] : memref<?xf32>
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
      // expected-remark@+1 {{not raised: a branch reads an element that the body does not read whichever way it goes, so evaluating both arms may read out of bounds}}
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

// -----

// Two branches in a row on one element (clamp below, then above): the second arm that
// stores nothing keeps d[i] as loaded after the first branch's store, not before it,
// so the second map reads the first one's result and fission keeps the order.
// CHECK-LABEL: func.func @clamp_twice
// CHECK: linalg.generic {{.*}}outs(%[[D1:.*]] : memref<?xf32, strided<[1]>>)
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32):
// CHECK: arith.select %{{.*}}, %{{.*}}, %[[X]] : f32
// CHECK: linalg.generic {{.*}}outs(%[[D1]] : memref<?xf32, strided<[1]>>)
// CHECK-NEXT: ^bb0(%[[Y:.*]]: f32):
// CHECK: arith.select %{{.*}}, %{{.*}}, %[[Y]] : f32
// CHECK-NOT: scf.if
func.func @clamp_twice(%n: index, %d: memref<?xf32>) {
  affine.for %i = 0 to %n {
    %v = affine.load %d[%i] : memref<?xf32>
    %z = arith.constant 0.0 : f32
    %neg = arith.cmpf olt, %v, %z : f32
    scf.if %neg {
      // expected-remark@+1 {{raised to linalg.generic (parallel)}}
      affine.store %z, %d[%i] : memref<?xf32>
    }
    %w = affine.load %d[%i] : memref<?xf32>
    %one = arith.constant 1.0 : f32
    %big = arith.cmpf ogt, %w, %one : f32
    scf.if %big {
      // expected-remark@+1 {{raised to linalg.generic (parallel)}}
      affine.store %one, %d[%i] : memref<?xf32>
    }
  }
  return
}
