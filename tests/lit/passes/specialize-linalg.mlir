// RUN: polylift-opt %s --split-input-file --specialize-linalg | FileCheck %s
// RUN: polylift-opt %s --split-input-file --specialize-linalg --remarks=all 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// Raised generics and the named linalg ops they become: upstream's specialization
// (element-wise add, matmul in any loop order, fill, transpose), then polylift's
// (dot, matvec, vecmat, reduce, map, fill of a loaded value). A generic that no named
// op states (a broadcast) stays, with a remark.

// CHECK-LABEL: func.func @add(
// CHECK-SAME: %[[X:[a-z0-9_-]+]]: memref<?xf32>, %[[Y:[a-z0-9_-]+]]: memref<?xf32>, %[[Z:[a-z0-9_-]+]]: memref<?xf32>)
// CHECK-NEXT: linalg.add ins(%[[X]], %[[Y]] : memref<?xf32>, memref<?xf32>) outs(%[[Z]] : memref<?xf32>)
// CHECK-NEXT: return
func.func @add(%x: memref<?xf32>, %y: memref<?xf32>, %z: memref<?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x, %y : memref<?xf32>, memref<?xf32>) outs(%z : memref<?xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A matmul raised from the i-k-j loop order: each C element still sums over k in order.
// CHECK-LABEL: func.func @matmul_ikj(
// CHECK-SAME: %[[A:[a-z0-9_-]+]]: memref<?x?xf64>, %[[B:[a-z0-9_-]+]]: memref<?x?xf64>, %[[C:[a-z0-9_-]+]]: memref<?x?xf64>)
// CHECK-NEXT: linalg.matmul ins(%[[A]], %[[B]] : memref<?x?xf64>, memref<?x?xf64>) outs(%[[C]] : memref<?x?xf64>)
func.func @matmul_ikj(%A: memref<?x?xf64>, %B: memref<?x?xf64>, %C: memref<?x?xf64>) {
  linalg.generic {indexing_maps = [affine_map<(i, k, j) -> (i, k)>, affine_map<(i, k, j) -> (k, j)>, affine_map<(i, k, j) -> (i, j)>], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%A, %B : memref<?x?xf64>, memref<?x?xf64>) outs(%C : memref<?x?xf64>) {
  ^bb0(%a: f64, %b: f64, %c: f64):
    %p = arith.mulf %a, %b : f64
    %s = arith.addf %c, %p : f64
    linalg.yield %s : f64
  }
  return
}

// -----

// CHECK-LABEL: func.func @dot(
// CHECK-SAME: %[[X:[a-z0-9_-]+]]: memref<?xf32>, %[[Y:[a-z0-9_-]+]]: memref<?xf32>, %[[R:[a-z0-9_-]+]]: memref<f32>)
// CHECK-NEXT: linalg.dot ins(%[[X]], %[[Y]] : memref<?xf32>, memref<?xf32>) outs(%[[R]] : memref<f32>)
// CHECK-NEXT: return
// REMARK: remark: specialized linalg.generic to linalg.dot
func.func @dot(%x: memref<?xf32>, %y: memref<?xf32>, %r: memref<f32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]}
      ins(%x, %y : memref<?xf32>, memref<?xf32>) outs(%r : memref<f32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// y[i] += A[i][j] * x[j], with x the first input: the matrix goes first in matvec.
// CHECK-LABEL: func.func @matvec(
// CHECK-SAME: %[[A:[a-z0-9_-]+]]: memref<?x?xf64>, %[[X:[a-z0-9_-]+]]: memref<?xf64>, %[[Y:[a-z0-9_-]+]]: memref<?xf64>)
// CHECK-NEXT: linalg.matvec ins(%[[A]], %[[X]] : memref<?x?xf64>, memref<?xf64>) outs(%[[Y]] : memref<?xf64>)
// REMARK: remark: specialized linalg.generic to linalg.matvec
func.func @matvec(%A: memref<?x?xf64>, %x: memref<?xf64>, %y: memref<?xf64>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%x, %A : memref<?xf64>, memref<?x?xf64>) outs(%y : memref<?xf64>) {
  ^bb0(%b: f64, %a: f64, %o: f64):
    %p = arith.mulf %a, %b : f64
    %s = arith.addf %o, %p : f64
    linalg.yield %s : f64
  }
  return
}

// -----

// y[j] += A[i][j] * x[i] (the loop over i outside): vecmat(x, A).
// CHECK-LABEL: func.func @vecmat(
// CHECK-SAME: %[[A:[a-z0-9_-]+]]: memref<?x?xf64>, %[[X:[a-z0-9_-]+]]: memref<?xf64>, %[[Y:[a-z0-9_-]+]]: memref<?xf64>)
// CHECK-NEXT: linalg.vecmat ins(%[[X]], %[[A]] : memref<?xf64>, memref<?x?xf64>) outs(%[[Y]] : memref<?xf64>)
// REMARK: remark: specialized linalg.generic to linalg.vecmat
func.func @vecmat(%A: memref<?x?xf64>, %x: memref<?xf64>, %y: memref<?xf64>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (j)>], iterator_types = ["reduction", "parallel"]}
      ins(%A, %x : memref<?x?xf64>, memref<?xf64>) outs(%y : memref<?xf64>) {
  ^bb0(%a: f64, %b: f64, %o: f64):
    %p = arith.mulf %a, %b : f64
    %s = arith.addf %o, %p : f64
    linalg.yield %s : f64
  }
  return
}

// -----

// A maximum by a select: the reduce op's combiner is the payload as it is.
// CHECK-LABEL: func.func @row_max(
// CHECK-SAME: %[[A:[a-z0-9_-]+]]: memref<?x?xf32>, %[[R:[a-z0-9_-]+]]: memref<?xf32>)
// CHECK-NEXT: linalg.reduce ins(%[[A]] : memref<?x?xf32>) outs(%[[R]] : memref<?xf32>) dimensions = [1]
// CHECK-NEXT: (%[[IN:.*]]: f32, %[[INIT:.*]]: f32) {
// CHECK-NEXT: %[[GT:.*]] = arith.cmpf ogt, %[[IN]], %[[INIT]] : f32
// CHECK-NEXT: %[[M:.*]] = arith.select %[[GT]], %[[IN]], %[[INIT]] : f32
// CHECK-NEXT: linalg.yield %[[M]] : f32
// REMARK: remark: specialized linalg.generic to linalg.reduce
func.func @row_max(%A: memref<?x?xf32>, %r: memref<?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%A : memref<?x?xf32>) outs(%r : memref<?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %gt = arith.cmpf ogt, %a, %o : f32
    %m = arith.select %gt, %a, %o : f32
    linalg.yield %m : f32
  }
  return
}

// -----

// An element-wise map with a scalar from outside, and one in place (the output is the
// mapper's last argument).
// CHECK-LABEL: func.func @maps(
// CHECK-SAME: %[[X:[a-z0-9_-]+]]: memref<?xf32>, %[[Z:[a-z0-9_-]+]]: memref<?xf32>, %[[S:[a-z0-9_-]+]]: f32)
// CHECK-NEXT: linalg.map ins(%[[X]] : memref<?xf32>) outs(%[[Z]] : memref<?xf32>)
// CHECK-NEXT: (%[[IN:.*]]: f32, %{{.*}}: f32) {
// CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[IN]], %[[S]] : f32
// CHECK-NEXT: linalg.yield %[[SUM]] : f32
// CHECK: linalg.map outs(%[[Z]] : memref<?xf32>)
// CHECK-NEXT: (%[[OUT:.*]]: f32) {
// CHECK-NEXT: %[[NEG:.*]] = arith.negf %[[OUT]] : f32
// CHECK-NEXT: linalg.yield %[[NEG]] : f32
func.func @maps(%x: memref<?xf32>, %z: memref<?xf32>, %s: f32) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : memref<?xf32>) outs(%z : memref<?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %a, %s : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      outs(%z : memref<?xf32>) {
  ^bb0(%o: f32):
    %r = arith.negf %o : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// The initial value of a reduction loaded before it: a fill of the loaded value.
// CHECK-LABEL: func.func @fill_loaded(
// CHECK-SAME: %[[X:[a-z0-9_-]+]]: memref<?xf64>, %[[R:[a-z0-9_-]+]]: memref<f64>)
// CHECK: %[[V:.*]] = memref.load %[[X]]
// CHECK-NEXT: linalg.fill ins(%[[V]] : f64) outs(%[[R]] : memref<f64>)
// REMARK: remark: specialized linalg.generic to linalg.fill
func.func @fill_loaded(%x: memref<?xf64>, %r: memref<f64>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %x[%c0] : memref<?xf64>
  linalg.generic {indexing_maps = [affine_map<() -> ()>], iterator_types = []} outs(%r : memref<f64>) {
  ^bb0(%o: f64):
    linalg.yield %v : f64
  }
  return
}

// -----

// Near miss: a broadcast of a row vector (B[i][j] -= m[j]) is no map of identity views.
// CHECK-LABEL: func.func @broadcast(
// CHECK: linalg.generic
// REMARK: remark: kept linalg.generic: no named linalg op states it
func.func @broadcast(%m: memref<?xf64>, %B: memref<?x?xf64>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%m : memref<?xf64>) outs(%B : memref<?x?xf64>) {
  ^bb0(%a: f64, %o: f64):
    %r = arith.subf %o, %a : f64
    linalg.yield %r : f64
  }
  return
}

// -----

// Near miss: the product of three factors (alpha * A * B) is no named contraction.
// CHECK-LABEL: func.func @scaled_dot(
// CHECK: linalg.generic
// REMARK: remark: kept linalg.generic: no named linalg op states it
func.func @scaled_dot(%x: memref<?xf32>, %y: memref<?xf32>, %r: memref<f32>, %alpha: f32) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]}
      ins(%x, %y : memref<?xf32>, memref<?xf32>) outs(%r : memref<f32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b : f32
    %q = arith.mulf %alpha, %p : f32
    %s = arith.addf %o, %q : f32
    linalg.yield %s : f32
  }
  return
}
