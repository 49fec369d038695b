// RUN: polylift-cc %s --function=kernel_window --assume-noalias | FileCheck %s --check-prefix=WINDOW
// RUN: polylift-cc %s --function=kernel_written --assume-noalias | FileCheck %s --check-prefix=WRITTEN
// RUN: polylift-cc %s --function=kernel_difference --assume-noalias | FileCheck %s --check-prefix=DIFF
// Window views (frontend/index/delinearize.py): a pointer that is only read, whose strides do
// not divide each other, is seen with one dimension per stride.

// Windows of size x size with a stride: `in` gets the view (i, j, n, m) with strides
// (stride*w, stride, w, 1); windows overlap when size > stride, which nothing sees as
// `in` is never written. `out` is an ordinary nested view.
void kernel_window(int oh, int ow, int w, int size, int stride, float *in, float *out)
{
  for (int i = 0; i < oh; ++i)
    for (int j = 0; j < ow; ++j)
      for (int n = 0; n < size; ++n)
        for (int m = 0; m < size; ++m)
          out[i * ow + j] += in[(i * stride + n) * w + j * stride + m];
}
// WINDOW-LABEL: func.func @kernel_window(
// WINDOW-SAME: %[[OH:[a-z0-9_-]+]]: index {{.*}}, %[[OW:[a-z0-9_-]+]]: index {{.*}}, %[[W:[a-z0-9_-]+]]: index {{.*}}, %[[SIZE:[a-z0-9_-]+]]: index {{.*}}, %[[STRIDE:[a-z0-9_-]+]]: index {{.*}}, %[[IN:[a-z0-9_-]+]]: memref<?xf32> {{.*}}, %[[OUT:[a-z0-9_-]+]]: memref<?xf32>
// WINDOW: %[[SW:[a-z0-9_]+]] = arith.muli %[[STRIDE]], %[[W]] : index
// WINDOW: %[[VIEW:[a-z0-9_]+]] = memref.reinterpret_cast %[[IN]] to offset: [0], sizes: [%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %[[SIZE_OK:[a-z0-9_]+]], %[[SIZE_OK]]], strides: [%[[SW]], %[[STRIDE]], %[[W]], 1] : memref<?xf32> to memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>
// WINDOW: call @kernel_window.delinearized(%[[OH]], %[[OW]], %[[W]], %[[SIZE]], %[[STRIDE]], %[[VIEW]], %{{[a-z0-9_]+}})
// WINDOW-LABEL: func.func private @kernel_window.delinearized(
// WINDOW: affine.for %[[I:arg[0-9]+]] {{.*}}= 0 to
// WINDOW-NEXT: affine.for %[[J:arg[0-9]+]] {{.*}}= 0 to
// WINDOW-NEXT: affine.for %[[N:arg[0-9]+]] {{.*}}= 0 to
// WINDOW-NEXT: affine.for %[[M:arg[0-9]+]] {{.*}}= 0 to
// WINDOW: affine.load %{{arg[0-9]+}}[%[[I]], %[[J]], %[[N]], %[[M]]] : memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>

// Near miss: the same windows written: a view whose elements repeat would hide a
// dependence, so `in` stays flat.
void kernel_written(int oh, int ow, int w, int size, int stride, float *in)
{
  for (int i = 0; i < oh; ++i)
    for (int j = 0; j < ow; ++j)
      for (int n = 0; n < size; ++n)
        for (int m = 0; m < size; ++m)
          in[(i * stride + n) * w + j * stride + m] = 0.0f;
}
// WRITTEN-LABEL: func.func @kernel_written(
// WRITTEN-NOT: reinterpret_cast
// WRITTEN: memref.store %{{.*}}, %arg5[%{{.*}}] : memref<?xf32>
// WRITTEN-NOT: delinearized

// A stride that is a difference (`j * (a - b)`) would split into a negative subscript,
// which no window takes; its factor a - b stands as an entry atom instead (factor-atoms.c),
// and the read is a 2-D view of stride a - b under the guard a - b >= a - b.
void kernel_difference(int rows, int a, int b, float *x, float *y)
{
  for (int j = 0; j < rows; ++j)
    for (int i = 0; i < a - b; ++i)
      y[i] += x[j * (a - b) + i];
}
// DIFF-LABEL: func.func @kernel_difference(
// DIFF: %[[S:.*]] = arith.index_cast %{{.*}} : i32 to index
// DIFF: memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [%{{.*}}, %{{.*}}], strides: [%[[S]], 1]
// DIFF-LABEL: func.func private @kernel_difference.delinearized(
// DIFF: affine.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<?x?xf32, strided<[?, 1]>>
// DIFF-LABEL: func.func private @kernel_difference.flat(
// DIFF: memref.load %{{.*}}[%{{.*}}] : memref<?xf32>
