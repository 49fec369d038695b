// RUN: polylift-opt %s --split-input-file --raise-affine-to-linalg --verify-diagnostics | FileCheck %s
// Nests that must not be raised stay as loops, with a remark that says why.

// A loop-carried dependence (seidel-like in-place update along i).
// CHECK-LABEL: func.func @carried
// CHECK: affine.for
// CHECK-NOT: linalg.generic
func.func @carried(%n: index, %A: memref<?xf64>) {
  affine.for %i = 1 to %n {
    // expected-remark@+1 {{not raised: loop-carried dependence: the statement reads elements it writes in other iterations}}
    %a = affine.load %A[%i - 1] : memref<?xf64>
    %b = arith.addf %a, %a : f64
    affine.store %b, %A[%i] : memref<?xf64>
  }
  return
}

// -----

// A strictly triangular nest: row i = 0 of `j < i` is empty, so the box of the
// triangle would touch elements the loops never do (triangle.mlir has the nests that
// are raised whole). The inner nest alone is rectangular once i is fixed, so it is
// raised inside the i loop.
// CHECK-LABEL: func.func @triangular
// CHECK: affine.for
// CHECK-NEXT: affine.max
// CHECK: linalg.generic
func.func @triangular(%n: index, %beta: f64, %C: memref<?x?xf64>) {
  affine.for %i = 0 to %n {
    // expected-remark@+1 {{not raised: loop at 31:5 runs over a triangle with rows that may be empty (cannot prove loop at 29:3 always gives loop at 31:5 an iteration)}}
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      %c = affine.load %C[%i, %j] : memref<?x?xf64>
      %m = arith.mulf %c, %beta : f64
      // expected-remark@+1 {{raised to linalg.generic (parallel)}}
      affine.store %m, %C[%i, %j] : memref<?x?xf64>
    }
  }
  return
}

// -----

// A read at a computed subscript of a table the nest also writes (a histogram's
// `h[x[i]] += 1`): iterations would see each other's writes. table-read.mlir has the
// reads that are raised.
// CHECK-LABEL: func.func @gather_written
// CHECK: affine.for
// CHECK-NOT: linalg.generic
func.func @gather_written(%n: index, %x: memref<?xi8>, %h: memref<256xi32>) {
  %c1 = arith.constant 1 : i32
  affine.for %i = 0 to %n {
    %v = affine.load %x[%i] : memref<?xi8>
    %k = arith.index_castui %v : i8 to index
    // expected-remark@+1 {{not raised: the nest writes the table it reads at a computed subscript}}
    %c = memref.load %h[%k] : memref<256xi32>
    %d = arith.addi %c, %c1 : i32
    memref.store %d, %h[%k] : memref<256xi32>
  }
  return
}

// -----

// A write at a computed subscript (a scatter) is no generic's output.
// CHECK-LABEL: func.func @scatter
// CHECK: affine.for
// CHECK-NOT: linalg.generic
func.func @scatter(%n: index, %idx: memref<?xindex>, %x: memref<?xf64>, %y: memref<?xf64>) {
  affine.for %i = 0 to %n {
    %k = affine.load %idx[%i] : memref<?xindex>
    %v = affine.load %x[%i] : memref<?xf64>
    // expected-remark@+1 {{not raised: 'memref.store' has a subscript that is not affine}}
    memref.store %v, %y[%k] : memref<?xf64>
  }
  return
}

// -----

// The output is overwritten on every iteration of j: not a reduction.
// CHECK-LABEL: func.func @overwrite
// CHECK: affine.for
// CHECK-NOT: linalg.generic
func.func @overwrite(%n: index, %A: memref<?x?xf64>, %y: memref<?xf64>) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %n {
      %a = affine.load %A[%i, %j] : memref<?x?xf64>
      // expected-remark@+1 {{not raised: the store is overwritten on every iteration of loop at 86:5 (not a reduction)}}
      affine.store %a, %y[%i] : memref<?xf64>
    }
  }
  return
}

// -----

// Fission would run all of S2 before a later S1 that reads what S2 writes.
// CHECK-LABEL: func.func @no_fission
// CHECK: affine.for
// CHECK-NOT: linalg.generic
func.func @no_fission(%n: index, %A: memref<?xf64>, %B: memref<?xf64>) {
  affine.for %i = 1 to %n {
    %b = affine.load %B[%i - 1] : memref<?xf64>
    affine.store %b, %A[%i] : memref<?xf64>
    %a = affine.load %A[%i] : memref<?xf64>
    %a2 = arith.addf %a, %a : f64
    // expected-remark@+1 {{not raised: loop fission would reverse a dependence between two stores of this nest}}
    affine.store %a2, %B[%i] : memref<?xf64>
  }
  return
}

// -----

// A swap: S2 stores into b the a[i] loaded before S1's store overwrote it. Fission would
// run every S1 first, and S2 would read the new a[i]: the same iteration's order counts.
// CHECK-LABEL: func.func @swap
// CHECK: affine.for
// CHECK-NOT: linalg.generic
func.func @swap(%n: index, %a: memref<?xf32>, %b: memref<?xf32>) {
  affine.for %i = 0 to %n {
    // expected-remark@+1 {{not raised: loop fission would reverse a dependence between two stores of this nest}}
    %t = affine.load %a[%i] : memref<?xf32>
    %u = affine.load %b[%i] : memref<?xf32>
    affine.store %u, %a[%i] : memref<?xf32>
    affine.store %t, %b[%i] : memref<?xf32>
  }
  return
}

// -----

// A rotation of pairs in place (rope): both elements are loaded before either store.
// CHECK-LABEL: func.func @rotate_pairs
// CHECK: affine.for
// CHECK-NOT: linalg.generic
func.func @rotate_pairs(%n: index, %x: memref<?xf32>, %c: f32, %s: f32) {
  affine.for %i = 0 to %n step 2 {
    // expected-remark@+1 {{not raised: loop fission would reverse a dependence between two stores of this nest}}
    %v0 = affine.load %x[%i] : memref<?xf32>
    %v1 = affine.load %x[%i + 1] : memref<?xf32>
    %p = arith.mulf %v0, %c : f32
    %q = arith.mulf %v1, %s : f32
    %r0 = arith.subf %p, %q : f32
    affine.store %r0, %x[%i] : memref<?xf32>
    %p1 = arith.mulf %v0, %s : f32
    %q1 = arith.mulf %v1, %c : f32
    %r1 = arith.addf %p1, %q1 : f32
    affine.store %r1, %x[%i + 1] : memref<?xf32>
  }
  return
}

// -----

// A call has effects the pass cannot see through.
// CHECK-LABEL: func.func @call
// CHECK: affine.for
func.func private @effect(f64)
func.func @call(%n: index, %x: memref<?xf64>) {
  affine.for %i = 0 to %n {
    %v = affine.load %x[%i] : memref<?xf64>
    // expected-remark@+1 {{not raised: unsupported operation 'func.call' in the nest}}
    func.call @effect(%v) : (f64) -> ()
  }
  return
}

// -----

// `C[i][j] += sum` after a scalar reduction: the partial sums cannot live in C[i][j]
// (the old value the post-op reads would be gone), and a temporary T[i][j] cannot be
// sized ahead of the nest because j's range depends on i. The nest stays as loops; the
// reduction inside it, whose result the addition reads, is raised into a 0-d buffer of
// its own and read back (raising/statements/result_home.py).
// CHECK-LABEL: func.func @post_reads_output
// CHECK: %[[HOME:.*]] = memref.alloca() : memref<f32>
// CHECK: affine.for
// CHECK: affine.for
// CHECK: linalg.generic {{.*}}iterator_types = []} outs(%[[HOME]] : memref<f32>)
// CHECK: linalg.generic {{.*}}iterator_types = ["reduction"]} ins({{.*}}) outs(%[[HOME]] : memref<f32>)
// CHECK: %[[S:.*]] = affine.load %[[HOME]][] : memref<f32>
// CHECK: %[[C:.*]] = affine.load
// CHECK-NEXT: arith.addf %[[C]], %[[S]] : f32
func.func @post_reads_output(%n: index, %A: memref<?x?xf32>, %C: memref<?x?xf32>) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      %z = arith.constant 0.0 : f32
      // expected-remark@+2 {{raised to linalg.generic ()}}
      // expected-remark@+1 {{raised to linalg.generic (reduction)}}
      %s = affine.for %k = 0 to %n iter_args(%acc = %z) -> (f32) {
        %a = affine.load %A[%i, %k] : memref<?x?xf32>
        %t = arith.addf %acc, %a : f32
        affine.yield %t : f32
      }
      %c = affine.load %C[%i, %j] : memref<?x?xf32>
      %r = arith.addf %c, %s : f32
      // expected-remark@+1 {{not raised: the value stored after the reduction also reads the memref it is stored to}}
      affine.store %r, %C[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

// -----

// An i32 accumulator stored as i8, inside a loop that stays: a temporary for the partial
// sums would be allocated on every iteration of %t, so the nest over i is not raised.
// The reduction over k inside it is: its one partial value lives in an i32 buffer
// allocated once at the entry, and a third generic narrows it into O[i].
// CHECK-LABEL: func.func @narrowing_in_loop
// CHECK: %[[T:.*]] = memref.alloca() : memref<i32>
// CHECK: affine.for
// CHECK: affine.for
// CHECK: linalg.generic {{.*}}iterator_types = []} outs(%[[T]] : memref<i32>)
// CHECK: linalg.generic {{.*}}iterator_types = ["reduction"]} ins({{.*}}) outs(%[[T]] : memref<i32>)
// CHECK: linalg.generic {{.*}}iterator_types = []} ins(%[[T]] : memref<i32>) outs(%{{.*}} : memref<i8, strided<[], offset: ?>>)
// CHECK: arith.trunci %in : i32 to i8
func.func private @tick(index)
func.func @narrowing_in_loop(%n: index, %A: memref<?x?xi8>, %O: memref<?xi8>) {
  affine.for %t = 0 to %n {
    // expected-remark@+1 {{not raised: unsupported operation 'func.call' in the nest}}
    func.call @tick(%t) : (index) -> ()
    affine.for %i = 0 to %n {
      %z = arith.constant 0 : i32
      // expected-remark@+1 {{not raised: the reduction's accumulator type differs from the type it is stored as}}
      %s = affine.for %k = 0 to %n iter_args(%acc = %z) -> (i32) {
        %a = affine.load %A[%i, %k] : memref<?x?xi8>
        %a32 = arith.extsi %a : i8 to i32
        %u = arith.addi %acc, %a32 : i32
        affine.yield %u : i32
      }
      %v = arith.trunci %s : i32 to i8
      // The fill of the buffer, the reduction, and the narrowing store:
      // expected-remark@+3 {{raised to linalg.generic ()}}
      // expected-remark@+2 {{raised to linalg.generic (reduction)}}
      // expected-remark@+1 {{raised to linalg.generic ()}}
      affine.store %v, %O[%i] : memref<?xi8>
    }
  }
  return
}
