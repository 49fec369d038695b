// RUN: polylift-opt %S/../../../exec/inputs/raise/gemm.mlir --raise-affine-to-linalg --canonicalize | FileCheck %s --check-prefix=GEMM
// RUN: polylift-opt %S/../../../exec/inputs/raise/atax.mlir --raise-affine-to-linalg --cse | FileCheck %s --check-prefix=ATAX
// RUN: polylift-opt %S/../../../exec/inputs/raise/mvt.mlir --raise-affine-to-linalg | FileCheck %s --check-prefix=MVT
// Imperfect nests are split by loop fission; accumulations stay accumulations.

// PolyBench gemm: C *= beta inside the i loop before the k loop becomes two generics,
// the second with dims in source order (i, k, j).
// GEMM-DAG: #[[IJ:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// GEMM-DAG: #[[IK:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// GEMM-DAG: #[[KJ:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// GEMM-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// GEMM-LABEL: func.func @kernel_gemm
// GEMM: linalg.generic {indexing_maps = [#[[IJ]]], iterator_types = ["parallel", "parallel"]}
// GEMM-NEXT: ^bb0(%[[C:.*]]: f64):
// GEMM-NEXT: %[[M:.*]] = arith.mulf %[[C]], %arg4 : f64
// GEMM-NEXT: linalg.yield %[[M]]
// GEMM: linalg.generic {indexing_maps = [#[[IK]], #[[KJ]], #[[OUT]]], iterator_types = ["parallel", "reduction", "parallel"]}
// GEMM-NEXT: ^bb0(%[[A:.*]]: f64, %[[B:.*]]: f64, %[[O:.*]]: f64):
// GEMM-NEXT: %[[T:.*]] = arith.mulf %arg3, %[[A]] : f64
// GEMM-NEXT: %[[P:.*]] = arith.mulf %[[T]], %[[B]] : f64
// GEMM-NEXT: %[[S:.*]] = arith.addf %[[O]], %[[P]] : f64
// GEMM-NEXT: linalg.yield %[[S]]
// GEMM-NOT: affine.for

// atax: y = 0; then per i: tmp[i] = 0, tmp[i] += A[i][j]*x[j], y[j] += A[i][j]*tmp[i].
// ATAX-LABEL: func.func @kernel_atax
// ATAX: linalg.generic {{.*}}iterator_types = ["parallel"]
// ATAX: linalg.generic {{.*}}iterator_types = ["parallel"]
// ATAX: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
// ATAX: arith.addf %out
// ATAX: linalg.generic {{.*}}iterator_types = ["reduction", "parallel"]
// ATAX: %[[P:.*]] = arith.mulf
// ATAX-NEXT: arith.addf %out, %[[P]]
// ATAX-NOT: affine.for

// mvt: x1 += A y1 must read x1 (an accumulation, never an overwrite).
// MVT-LABEL: func.func @kernel_mvt
// MVT: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
// MVT: arith.addf %out,
// MVT: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
// MVT: arith.addf %out,
