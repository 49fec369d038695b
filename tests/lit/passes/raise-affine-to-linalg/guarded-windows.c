// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg | FileCheck %s
// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --remarks=applied 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// A max pooling that keeps its argmax, its window padded by a guarded read: the nest is
// versioned at its entry on the guard holding at every point, and that version, which
// reads without the guard, is raised to two fills and one generic over the parallel
// dims then the window's, which selects the value and the index under one comparison.
// The other version keeps the loops. Near misses below: no version, no generic.

#include <float.h>

// CHECK-LABEL: func.func private @pool.delinearized(
// CHECK-SAME: %[[X:[a-z0-9_]+]]: memref<?x?x?x?x?x?xf32, strided<[?, ?, ?, ?, ?, 1]>> {llvm.noalias}, %[[Y:[a-z0-9_]+]]: memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>> {llvm.noalias}, %[[K:[a-z0-9_]+]]: memref<?x?x?x?xi32, strided<[?, ?, ?, 1]>> {llvm.noalias}
// CHECK: scf.if %{{[0-9]+}} {
// CHECK-COUNT-5: affine.max
// CHECK-NEXT: %[[XW:[a-z0-9_]+]] = memref.subview %[[X]]
// CHECK-NEXT: %[[YW:[a-z0-9_]+]] = memref.subview %[[Y]]
// CHECK-NEXT: %[[KW:[a-z0-9_]+]] = memref.subview %[[K]]
// CHECK-NEXT: %[[LEAST:[a-z0-9_]+]] = arith.constant -3.40282347E+38 : f32
// CHECK-NEXT: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%[[YW]]
// CHECK: linalg.yield %[[LEAST]] : f32
// CHECK: %[[NONE:[a-z0-9_-]+]] = arith.constant -1 : i32
// CHECK-NEXT: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%[[KW]]
// CHECK: linalg.yield %[[NONE]] : i32
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%[[XW]] {{.*}} outs(%[[YW]], %[[KW]]
// CHECK-NEXT: ^bb0(%[[E:[a-z0-9_]+]]: f32, %[[BEST:[a-z0-9_]+]]: f32, %[[AT:[a-z0-9_]+]]: i32):
// CHECK-NEXT: %[[WINS:[0-9]+]] = arith.cmpf ogt, %[[E]], %[[BEST]] : f32
// CHECK-COUNT-6: linalg.index
// CHECK: %[[V:[0-9]+]] = arith.select %[[WINS]], %[[E]], %[[BEST]] : f32
// CHECK-NEXT: %[[I:[0-9]+]] = arith.select %[[WINS]], %{{[0-9]+}}, %[[AT]] : i32
// CHECK-NEXT: linalg.yield %[[V]], %[[I]] : f32, i32
// CHECK: } else {
// CHECK-NEXT: affine.for
// CHECK: scf.if {{.*}} -> (f32)
// CHECK-LABEL: func.func private @pool.flat(
// CHECK-NOT: linalg.generic
void pool(int batch, int c, int h, int w, int out_h, int out_w, int size, int stride, int pad,
          const float *restrict in, float *restrict out, int *restrict idx)
{
  int w_offset = -pad / 2, h_offset = -pad / 2;
  for (int b = 0; b < batch; ++b)
    for (int k = 0; k < c; ++k)
      for (int i = 0; i < out_h; ++i)
        for (int j = 0; j < out_w; ++j) {
          int out_index = j + out_w * (i + out_h * (k + c * b));
          float max = -FLT_MAX;
          int max_i = -1;
          for (int n = 0; n < size; ++n)
            for (int m = 0; m < size; ++m) {
              int cur_h = h_offset + i * stride + n;
              int cur_w = w_offset + j * stride + m;
              int index = cur_w + w * (cur_h + h * (k + b * c));
              int valid = (cur_h >= 0 && cur_h < h && cur_w >= 0 && cur_w < w);
              float val = (valid != 0) ? in[index] : -FLT_MAX;
              max_i = (val > max) ? index : max_i;
              max = (val > max) ? val : max;
            }
          out[out_index] = max;
          idx[out_index] = max_i;
        }
}

// `>=` keeps the last maximum: no index-of-extremum form, so no version either.
// CHECK-LABEL: func.func private @pool_last.delinearized(
// CHECK-NOT: linalg.generic
// CHECK: scf.if {{.*}} -> (f32)
// CHECK: arith.cmpf oge
void pool_last(int batch, int c, int h, int w, int out_h, int out_w, int size, int stride, int pad,
          const float *restrict in, float *restrict out, int *restrict idx)
{
  int w_offset = -pad / 2, h_offset = -pad / 2;
  for (int b = 0; b < batch; ++b)
    for (int k = 0; k < c; ++k)
      for (int i = 0; i < out_h; ++i)
        for (int j = 0; j < out_w; ++j) {
          int out_index = j + out_w * (i + out_h * (k + c * b));
          float max = -FLT_MAX;
          int max_i = -1;
          for (int n = 0; n < size; ++n)
            for (int m = 0; m < size; ++m) {
              int cur_h = h_offset + i * stride + n;
              int cur_w = w_offset + j * stride + m;
              int index = cur_w + w * (cur_h + h * (k + b * c));
              int valid = (cur_h >= 0 && cur_h < h && cur_w >= 0 && cur_w < w);
              float val = (valid != 0) ? in[index] : -FLT_MAX;
              max_i = (val >= max) ? index : max_i;
              max = (val >= max) ? val : max;
            }
          out[out_index] = max;
          idx[out_index] = max_i;
        }
}

// A test with `!=`: no corner bounds it, so no version.
// CHECK-LABEL: func.func private @pool_not_ordered.delinearized(
// CHECK-NOT: linalg.generic
// CHECK: scf.if {{.*}} -> (f32)
void pool_not_ordered(int batch, int c, int h, int w, int out_h, int out_w, int size, int stride, int pad,
          const float *restrict in, float *restrict out, int *restrict idx)
{
  int w_offset = -pad / 2, h_offset = -pad / 2;
  for (int b = 0; b < batch; ++b)
    for (int k = 0; k < c; ++k)
      for (int i = 0; i < out_h; ++i)
        for (int j = 0; j < out_w; ++j) {
          int out_index = j + out_w * (i + out_h * (k + c * b));
          float max = -FLT_MAX;
          int max_i = -1;
          for (int n = 0; n < size; ++n)
            for (int m = 0; m < size; ++m) {
              int cur_h = h_offset + i * stride + n;
              int cur_w = w_offset + j * stride + m;
              int index = cur_w + w * (cur_h + h * (k + b * c));
              int valid = (cur_h >= 0 && cur_h < h && cur_w != -1 && cur_w < w);
              float val = (valid != 0) ? in[index] : -FLT_MAX;
              max_i = (val > max) ? index : max_i;
              max = (val > max) ? val : max;
            }
          out[out_index] = max;
          idx[out_index] = max_i;
        }
}

// The index multiplies two counters: not linear in them, so no version.
// CHECK-LABEL: func.func @pool_product(
// CHECK-NOT: linalg.generic
void pool_product(int batch, int c, int h, int w, int out_h, int out_w, int size, int stride, int pad,
          const float *restrict in, float *restrict out, int *restrict idx)
{
  int w_offset = -pad / 2, h_offset = -pad / 2;
  for (int b = 0; b < batch; ++b)
    for (int k = 0; k < c; ++k)
      for (int i = 0; i < out_h; ++i)
        for (int j = 0; j < out_w; ++j) {
          int out_index = j + out_w * (i + out_h * (k + c * b));
          float max = -FLT_MAX;
          int max_i = -1;
          for (int n = 0; n < size; ++n)
            for (int m = 0; m < size; ++m) {
              int cur_h = h_offset + i * stride + n;
              int cur_w = w_offset + j * stride + m;
              int index = cur_w * cur_h + w * (cur_h + h * (k + b * c));
              int valid = (cur_h >= 0 && cur_h < h && cur_w >= 0 && cur_w < w);
              float val = (valid != 0) ? in[index] : -FLT_MAX;
              max_i = (val > max) ? index : max_i;
              max = (val > max) ? val : max;
            }
          out[out_index] = max;
          idx[out_index] = max_i;
        }
}

// The window's inner bound reads the outer counter (a triangle, not a box): no version.
// CHECK-LABEL: func.func @pool_triangle(
// CHECK-NOT: linalg.generic
// CHECK: return

// Only the first function is versioned and raised.
// REMARK: guarded-windows.c:41:3: remark: versioned: the bounds test of a read holds at every point when this condition holds; that version reads without it
// REMARK-NEXT: guarded-windows.c:41:3: remark: raised to linalg.generic (the extremum of each window and its index, under one comparison)
// REMARK-NOT: versioned
// REMARK-NOT: raised
void pool_triangle(int batch, int c, int h, int w, int out_h, int out_w, int size, int stride, int pad,
          const float *restrict in, float *restrict out, int *restrict idx)
{
  int w_offset = -pad / 2, h_offset = -pad / 2;
  for (int b = 0; b < batch; ++b)
    for (int k = 0; k < c; ++k)
      for (int i = 0; i < out_h; ++i)
        for (int j = 0; j < out_w; ++j) {
          int out_index = j + out_w * (i + out_h * (k + c * b));
          float max = -FLT_MAX;
          int max_i = -1;
          for (int n = 0; n < size; ++n)
            for (int m = 0; m <= n; ++m) {
              int cur_h = h_offset + i * stride + n;
              int cur_w = w_offset + j * stride + m;
              int index = cur_w + w * (cur_h + h * (k + b * c));
              int valid = (cur_h >= 0 && cur_h < h && cur_w >= 0 && cur_w < w);
              float val = (valid != 0) ? in[index] : -FLT_MAX;
              max_i = (val > max) ? index : max_i;
              max = (val > max) ? val : max;
            }
          out[out_index] = max;
          idx[out_index] = max_i;
        }
}
