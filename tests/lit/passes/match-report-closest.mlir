// RUN: polylift-opt %s --split-input-file --match-kernels --expressions=false --remarks=missed 2>&1 >/dev/null | FileCheck %s
// RUN: polylift-opt %s --match-kernels=match-report=%t.json --expressions=false >/dev/null
// RUN: FileCheck %s --check-prefix=JSON < %t.json

// Near misses: each op is left as it is, and the report names the template that
// explains most of it and what differs, in words.

// A column sum is gemv_t without its vector: one factor short.
// CHECK: remark: no template matches linalg.generic; closest blas.gemv_t_acc1: payload has no factor x[i]
// JSON-LABEL: "function": "colsum"
// JSON: "closest": "blas.gemv_t_acc1"
// JSON-NEXT: "difference": "payload has no factor x[i]"
func.func @colsum(%A: memref<8x6xf64>, %s: memref<6xf64>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>], iterator_types = ["reduction", "parallel"]}
      ins(%A : memref<8x6xf64>) outs(%s : memref<6xf64>) {
  ^bb0(%a: f64, %o: f64):
    %0 = arith.addf %o, %a : f64
    linalg.yield %0 : f64
  }
  return
}

// -----

// A transposing copy: copy2d reads A[i, j].
// CHECK: remark: no template matches linalg.generic; closest blas.copy2d: A is read transposed: the op reads A[j, i] where the template has A[i, j]
func.func @transpose(%A: memref<5x4xf32>, %B: memref<4x5xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%A : memref<5x4xf32>) outs(%B : memref<4x5xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  }
  return
}

// -----

// A bias and ReLU epilogue alone: the last step of gemm_bias_relu, its gemm missing.
// CHECK: remark: no template matches linalg.generic; closest cnn.gemm_bias_relu: the op is step 3 of cnn.gemm_bias_relu; step 1 (C[i, j] = 0), step 2 (C[i, j] += (A[i, k] * B[k, j])) are missing before it
func.func @bias_relu(%bias: memref<4xf32>, %C: memref<3x4xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%bias : memref<4xf32>) outs(%C : memref<3x4xf32>) {
  ^bb0(%b: f32, %c: f32):
    %0 = arith.addf %c, %b : f32
    %1 = arith.cmpf ogt, %0, %zero : f32
    %2 = arith.select %1, %0, %zero : f32
    linalg.yield %2 : f32
  }
  return
}

// -----

// An axpy with one more vector added: a term too many.
// CHECK: remark: no template matches linalg.generic; closest blas.axpy: payload sums 3 terms, the template 2: 1 extra
func.func @axpy_extra_term(%a: f64, %x: memref<16xf64>, %z: memref<16xf64>, %y: memref<16xf64>) {
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%x, %z : memref<16xf64>, memref<16xf64>) outs(%y : memref<16xf64>) {
  ^bb0(%xi: f64, %zi: f64, %yi: f64):
    %0 = arith.mulf %a, %xi : f64
    %1 = arith.addf %yi, %0 : f64
    %2 = arith.addf %1, %zi : f64
    linalg.yield %2 : f64
  }
  return
}

// -----

// A dot product that keeps the last product only: no reduction runs into r.
// CHECK: remark: no template matches linalg.generic; closest blas.dot: the op overwrites r[], the template accumulates into it (+=)
func.func @dot_overwrites(%x: memref<16xf32>, %y: memref<16xf32>, %r: memref<f32>) {
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> ()>], iterator_types = ["reduction"]}
      ins(%x, %y : memref<16xf32>, memref<16xf32>) outs(%r : memref<f32>) {
  ^bb0(%xi: f32, %yi: f32, %o: f32):
    %0 = arith.mulf %xi, %yi : f32
    linalg.yield %0 : f32
  }
  return
}

// -----

// An integer axpy: the shape is axpy's, the element type is none it takes.
// CHECK: remark: no template matches linalg.generic; closest blas.axpy: element type i32, the template takes f32, f64
func.func @axpy_i32(%a: i32, %x: memref<16xi32>, %y: memref<16xi32>) {
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%x : memref<16xi32>) outs(%y : memref<16xi32>) {
  ^bb0(%xi: i32, %yi: i32):
    %0 = arith.muli %a, %xi : i32
    %1 = arith.addi %yi, %0 : i32
    linalg.yield %1 : i32
  }
  return
}

// -----

// A matrix-vector product that also sums over the rows: a reduction too many.
// CHECK: remark: no template matches linalg.generic; closest red.sumsq_acc: the op sums over 2 loops, the template over 1 (i)
func.func @sum_all(%A: memref<4x4xf64>, %x: memref<4xf64>, %r: memref<f64>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> ()>], iterator_types = ["reduction", "reduction"]}
      ins(%A, %x : memref<4x4xf64>, memref<4xf64>) outs(%r : memref<f64>) {
  ^bb0(%a: f64, %xj: f64, %o: f64):
    %0 = arith.mulf %a, %xj : f64
    %1 = arith.addf %o, %0 : f64
    linalg.yield %1 : f64
  }
  return
}

// -----

// A table lookup in place: pva.lut writes another image. The closest-template search
// also tries the last step of pva.histeq alone, with only the definitions that step
// reads (none: its locals feed the step before), so no parameter is left unbound.
// CHECK: remark: no template matches linalg.generic; closest pva.lut: the op reads its output, the template overwrites dst[i, j]
func.func @lut_in_place(%img: memref<?x?xi8>, %lut: memref<256xi8>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      outs(%img : memref<?x?xi8>) {
  ^bb0(%o: i8):
    %0 = arith.index_castui %o : i8 to index
    %1 = memref.load %lut[%0] : memref<256xi8>
    linalg.yield %1 : i8
  }
  return
}
