// IR written with --mlir-print-debuginfo keeps the C locations polylift-cc gave, so
// that a later run reports at the C line: a pipeline may stop in a file and go on.
// RUN: polylift-cc %s -o %t.affine.mlir
// RUN: polylift-opt %t.affine.mlir --raise-affine-to-linalg --mlir-print-debuginfo -o %t.mlir
// RUN: polylift-opt %t.mlir --match-kernels --remarks=all 2>&1 >/dev/null | FileCheck %s
// CHECK: debuginfo-remarks.c:[[@LINE+12]]:5: remark: matched blas.axpy (1 op) -> @axpy_f64

// Without the locations, the remark points into the IR file instead.
// RUN: polylift-opt %t.affine.mlir --raise-affine-to-linalg -o %t.bare.mlir
// RUN: polylift-opt %t.bare.mlir --match-kernels --remarks=all 2>&1 >/dev/null | FileCheck %s --check-prefix=BARE
// BARE: .bare.mlir:{{[0-9]+}}:5: remark: matched blas.axpy

// --verify-diagnostics reads the expectations of the file a remark points into.
// RUN: polylift-opt %t.mlir --match-kernels --verify-diagnostics -o /dev/null

void axpy(int n, double a, double *restrict x, double *restrict y) {
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i]; // expected-remark {{matched blas.axpy}}
}
