// RUN: polylift-cc %s --function=kernel_twin | FileCheck %s
// RUN: polylift-cc %s --function=kernel_twin | polylift-opt --raise-affine-to-linalg --lower-to-llvm | FileCheck %s --check-prefix=LLVM

// A `restrict` argument is `{llvm.noalias}` on its memref, so the residual loops that
// LLVM compiles know what C said. x is read whole (x[i]) and by rows (x[k*n + i]): the
// delinearised version takes it as a view and as its flat memref, one array under two
// arguments, and neither of them is noalias there (LLVM would take them apart).
void kernel_twin(int b, int n, double *restrict x, double *restrict s)
{
  for (int i = 0; i < n; i++)
    s[0] += x[i];
  for (int k = 0; k < b; k++)
    for (int i = 0; i < n; i++)
      x[k * n + i] = x[k * n + i] * 2.0;
}

// CHECK-LABEL: func.func @kernel_twin(
// CHECK-SAME: %arg2: memref<?xf64> {llvm.noalias} loc({{.*}}), %arg3: memref<?xf64> {llvm.noalias} loc(
// CHECK-LABEL: func.func private @kernel_twin.delinearized(
// CHECK-SAME: %arg2: memref<?x?xf64, strided<[?, 1]>> loc({{.*}}), %arg3: memref<?xf64> loc({{.*}}), %arg4: memref<?xf64> {llvm.noalias} loc(
// CHECK-SAME: polylift.arg_names = ["b", "n", "x", "x.flat", "s"], polylift.may_alias = {{\[\["x", "x.flat"\]\]}}
// LLVM-LABEL: llvm.func @kernel_twin(
// LLVM-SAME: !llvm.ptr {llvm.noalias}, %{{.*}}: !llvm.ptr {llvm.noalias}
// LLVM-LABEL: llvm.func @kernel_twin.delinearized(
// LLVM-NOT: noalias
// LLVM-SAME: !llvm.ptr {llvm.noalias}
// LLVM-NOT: noalias
// LLVM: llvm.return
