// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels | FileCheck %s
// RUN: polylift-cc %S/../../exec/inputs/reduced/stalectx.c --function=kernel_stalectx | polylift-opt --raise-affine-to-linalg --match-kernels | FileCheck %s --check-prefix=STALE

// Programs that once crashed match-kernels: a later step failed, the match resumed an
// earlier step's alternatives, and those read the later op's operands (an IndexError
// where the later op had fewer). Each op now matches on its own.

// A gemm then an unrelated fill (exec/inputs/reduced/stalectx.c): the three ops look
// like cnn.gemm_bias_relu (fill, gemm, epilogue) until its third step fails on the fill.
// STALE-LABEL: func.func @kernel_stalectx(
// STALE-SAME: %{{[^:]*}}: index, %{{[^:]*}}: index, %{{[^:]*}}: index, %[[BETA:[^:]*]]: f32, %[[C:[^:]*]]: memref<?x?xf32>{{[^,]*}}, %[[A:[^:]*]]: memref<?x?xf32>{{[^,]*}}, %[[B:[^:]*]]: memref<?x?xf32>{{[^,]*}}, %[[R:[^:]*]]: memref<?x?xf32>
// STALE-DAG: %[[CV:.*]] = memref.subview %[[C]][0, 0]
// STALE-DAG: %[[AV:.*]] = memref.subview %[[A]][0, 0]
// STALE-DAG: %[[BV:.*]] = memref.subview %[[B]][0, 0]
// STALE: %[[ALPHA:.*]] = arith.constant 1.000000e+00 : f32
// STALE-NEXT: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// STALE-NEXT: "kernel.launch"(%[[CV]], %[[AV]], %[[BV]], %[[ALPHA]], %[[ZERO]]) {{{.*}}template = "blas.gemm_zero1"}
// STALE: %[[RV:.*]] = memref.subview %[[R]][0, 0]
// STALE-NEXT: "kernel.launch"(%[[RV]], %[[BETA]]) {callee = @fill2d_f32, source_order_matches = true, template = "blas.fill2d"}
// STALE-NEXT: return

// Two chained products where the second writes the first's input: t = x.q, x = p.t,
// written with flattened subscripts (the delinearized version holds the launches).
// CHECK-LABEL: func.func private @twice.delinearized(
// CHECK-SAME: %[[N:[^:]*]]: index, %[[X:[^:]*]]: memref<?x?xf32, strided<[?, 1]>>, %[[P:[^:]*]]: memref<?x?xf32, strided<[?, 1]>>, %[[Q:[^:]*]]: memref<?x?xf32, strided<[?, 1]>>, %[[T:[^:]*]]: memref<?x?xf32, strided<[?, 1]>>)
// CHECK: %[[T1:.*]] = memref.subview %[[T]][0, 0]
// CHECK-NEXT: %[[X1:.*]] = memref.subview %[[X]][0, 0]
// CHECK-NEXT: %[[Q1:.*]] = memref.subview %[[Q]][0, 0]
// CHECK: %[[ONE1:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[ZERO1:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: "kernel.launch"(%[[T1]], %[[X1]], %[[Q1]], %[[ONE1]], %[[ZERO1]]) {{{.*}}template = "blas.gemm_zero1"}
// CHECK: %[[X2:.*]] = memref.subview %[[X]][0, 0]
// CHECK-NEXT: %[[P2:.*]] = memref.subview %[[P]][0, 0]
// CHECK-NEXT: %[[T2:.*]] = memref.subview %[[T]][0, 0]
// CHECK: %[[ONE2:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[ZERO2:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: "kernel.launch"(%[[X2]], %[[P2]], %[[T2]], %[[ONE2]], %[[ZERO2]]) {{{.*}}template = "blas.gemm_zero1"}
// CHECK-NEXT: return
void twice(int n, float *x, float *p, float *q, float *t)
{
  for (int a = 0; a < n; a++)
    for (int b = 0; b < n; b++) {
      float s = 0.0f;
      for (int c = 0; c < n; c++) s += x[a * n + c] * q[c * n + b];
      t[a * n + b] = s;
    }
  for (int a = 0; a < n; a++)
    for (int b = 0; b < n; b++) {
      float s = 0.0f;
      for (int c = 0; c < n; c++) s += p[a * n + c] * t[c * n + b];
      x[a * n + b] = s;
    }
}
