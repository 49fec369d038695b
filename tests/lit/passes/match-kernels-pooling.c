// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels --expressions=false | FileCheck %s
// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels --expressions=false --remarks=missed 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// Global average pooling and nearest-neighbour upsampling (cnn.tpl), and their near misses.

// The sum of each channel divided by its pixel count: zero, sum and division are one
// launch; the count, converted to float in the loop, is computed once ahead of it.
// CHECK-LABEL: func.func @gap(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[C:[a-z0-9_-]+]]: index, %[[P:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?x?x?xf32> {llvm.noalias}, %[[Y:[a-z0-9_-]+]]: memref<?x?xf32> {llvm.noalias}
// CHECK: %[[PI:[a-z0-9_-]+]] = arith.index_cast %[[P]] : index to i32
// CHECK: %[[SY:[a-z0-9_-]+]] = memref.subview %[[Y]][0, 0]
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0, 0, 0]
// CHECK: %[[D:[a-z0-9_-]+]] = arith.sitofp %[[PI]] : i32 to f32
// CHECK-NEXT: "kernel.launch"(%[[SY]], %[[SX]], %[[D]]) {callee = @global_avgpool_f32, source_order_matches = true, template = "cnn.global_avgpool"}
// CHECK-NOT: linalg.generic
// CHECK: return
void gap(int n, int c, int p, float x[restrict n][c][p], float y[restrict n][c])
{
  for (int b = 0; b < n; b++)
    for (int k = 0; k < c; k++) {
      y[b][k] = 0;
      for (int i = 0; i < p; i++)
        y[b][k] += x[b][k][i];
      y[b][k] /= p;
    }
}

// Near miss, `-` for `+`: a running difference is no recognised reduction.
// CHECK-LABEL: func.func @gap_minus(
// CHECK-NOT: kernel.launch
// CHECK: affine.for
// REMARK: match-kernels-pooling.c:[[@LINE+7]]:9: remark: not raised: loop over loop at [[@LINE+6]]:7 updates the output with 'arith.subf', not a recognised reduction
void gap_minus(int n, int c, int p, float x[restrict n][c][p], float y[restrict n][c])
{
  for (int b = 0; b < n; b++)
    for (int k = 0; k < c; k++) {
      y[b][k] = 0;
      for (int i = 0; i < p; i++)
        y[b][k] -= x[b][k][i];
      y[b][k] /= p;
    }
}

// Near miss, off-by-one bound: the division skips the last channel, so the three steps
// do not cover the same channels and stay apart.
// CHECK-LABEL: func.func @gap_bound(
// CHECK-NOT: global_avgpool
// CHECK: return
// REMARK: match-kernels-pooling.c:[[@LINE+8]]:9: remark: no template matches linalg.generic; closest cnn.global_avgpool: the op is step 2 of cnn.global_avgpool; step 1 (y[n, c] = 0) is missing before it; step 3 (y[n, c] = (y[n, c] / d)) is missing after it
// REMARK: match-kernels-pooling.c:[[@LINE+11]]:7: remark: no template matches linalg.generic; closest cnn.global_avgpool: the op is step 3 of cnn.global_avgpool; step 1 (y[n, c] = 0), step 2 (y[n, c] += x[n, c, i]) are missing before it
void gap_bound(int n, int c, int p, float x[restrict n][c][p], float y[restrict n][c])
{
  for (int b = 0; b < n; b++)
    for (int k = 0; k < c; k++) {
      y[b][k] = 0;
      for (int i = 0; i < p; i++)
        y[b][k] += x[b][k][i];
    }
  for (int b = 0; b < n; b++)
    for (int k = 0; k < c - 1; k++)
      y[b][k] /= p;
}

// Near miss, wrong operand: the divisor is the channel number, which changes with the
// loop, so its conversion stays in the loop body and no scalar stands for it.
// CHECK-LABEL: func.func @gap_channel(
// CHECK-NOT: global_avgpool
// CHECK: linalg.index 1
// CHECK: arith.sitofp
// CHECK: arith.divf
// REMARK: match-kernels-pooling.c:[[@LINE+8]]:7: remark: no template matches linalg.generic; closest cnn.global_avgpool: step 3 (y[n, c] = (y[n, c] / d)): payload converts types ('arith.sitofp')
void gap_channel(int n, int c, int p, float x[restrict n][c][p], float y[restrict n][c])
{
  for (int b = 0; b < n; b++)
    for (int k = 0; k < c; k++) {
      y[b][k] = 0;
      for (int i = 0; i < p; i++)
        y[b][k] += x[b][k][i];
      y[b][k] /= k + 1;
    }
}

// A quotient of parameters is not computed ahead of the loops (it would divide by zero
// where the loops never run), so its conversion stays in the body.
// CHECK-LABEL: func.func @gap_quotient(
// CHECK-NOT: global_avgpool
// CHECK: arith.divsi
// CHECK-NEXT: arith.sitofp
// CHECK-NEXT: arith.divf
// REMARK: match-kernels-pooling.c:[[@LINE+8]]:7: remark: no template matches linalg.generic; closest cnn.global_avgpool: step 3 (y[n, c] = (y[n, c] / d)): payload converts types ('arith.sitofp')
void gap_quotient(int n, int c, int p, int q, float x[restrict n][c][p], float y[restrict n][c])
{
  for (int b = 0; b < n; b++)
    for (int k = 0; k < c; k++) {
      y[b][k] = 0;
      for (int i = 0; i < p; i++)
        y[b][k] += x[b][k][i];
      y[b][k] /= p / q;
    }
}

// Nearest-neighbour upsampling as the framework writes it: flat subscripts with the
// stride a parameter; the output is seen as (n, c, row, row in block, column, column in
// block) and the copy, scaled, is one launch.
// CHECK-LABEL: func.func private @upsample_cpu.delinearized(
// CHECK-SAME: %[[IN:[a-z0-9_-]+]]: memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>> {llvm.noalias}, %{{[a-z0-9_-]+}}: index, %{{[a-z0-9_-]+}}: index, %{{[a-z0-9_-]+}}: index, %{{[a-z0-9_-]+}}: index, %{{[a-z0-9_-]+}}: index, %[[SCALE:[a-z0-9_-]+]]: f32, %[[OUT:[a-z0-9_-]+]]: memref<?x?x?x?x?x?xf32, strided<[?, ?, ?, ?, ?, 1]>> {llvm.noalias}
// CHECK: %[[SIN:[a-z0-9_-]+]] = memref.subview %[[IN]][0, 0, 0, 0]
// CHECK: %[[SOUT:[a-z0-9_-]+]] = memref.subview %[[OUT]][0, 0, 0, 0, 0, 0]
// CHECK: "kernel.launch"(%[[SOUT]], %[[SIN]], %[[SCALE]]) {callee = @upsample_f32, source_order_matches = true, template = "cnn.upsample"}
// CHECK-NOT: linalg.generic
// CHECK: return
void upsample_cpu(float *restrict in, int w, int h, int c, int batch, int stride, float scale,
                  float *restrict out)
{
  int b, k, y, x, dy, dx;
  for (b = 0; b < batch; ++b)
    for (k = 0; k < c; ++k)
      for (y = 0; y < h; ++y)
        for (dy = 0; dy < stride; ++dy)
          for (x = 0; x < w; ++x)
            for (dx = 0; dx < stride; ++dx) {
              int in_index = ((b * c + k) * h + y) * w + x;
              int out_index = (((b * c + k) * h + y) * stride + dy) * w * stride + x * stride + dx;
              out[out_index] = scale * in[in_index];
            }
}

// Near miss, `+` for `*`.
// CHECK-LABEL: func.func @up_plus(
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
// REMARK: match-kernels-pooling.c:[[@LINE+10]]:15: remark: no template matches linalg.generic; closest cnn.upsample: payload sums 2 terms, the template 1: 1 extra
void up_plus(int n, int c, int h, int w, int s, float a, float x[restrict n][c][h][w],
             float y[restrict n][c][h][s][w][s])
{
  for (int b = 0; b < n; b++)
    for (int k = 0; k < c; k++)
      for (int i = 0; i < h; i++)
        for (int r = 0; r < s; r++)
          for (int j = 0; j < w; j++)
            for (int t = 0; t < s; t++)
              y[b][k][i][r][j][t] = a + x[b][k][i][j];
}

// Near miss, wrong subscript: the input row is the row within the block.
// CHECK-LABEL: func.func @up_row(
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
// REMARK: match-kernels-pooling.c:[[@LINE+10]]:15: remark: no template matches linalg.generic; closest cnn.upsample: subscript 'h' does not match the loop dims read
void up_row(int n, int c, int h, int w, int s, float a, float x[restrict n][c][h][w],
            float y[restrict n][c][h][s][w][s])
{
  for (int b = 0; b < n; b++)
    for (int k = 0; k < c; k++)
      for (int i = 0; i < h; i++)
        for (int r = 0; r < s; r++)
          for (int j = 0; j < w; j++)
            for (int t = 0; t < s; t++)
              y[b][k][i][r][j][t] = a * x[b][k][r][j];
}

// Average pooling as the framework writes it: the input is read through a window view
// (frontend/index/delinearize.py) of (b, k, i, j, n, m); the window sum, kept in a scalar,
// and its division by the window's area are one launch.
// CHECK-LABEL: func.func private @avgpool.delinearized(
// CHECK-SAME: %[[OUT:[a-z0-9_-]+]]: memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>> {llvm.noalias}, %[[IN:[a-z0-9_-]+]]: memref<?x?x?x?x?x?xf32, strided<[?, ?, ?, ?, ?, 1]>> {llvm.noalias}
// CHECK: %[[SOUT:[a-z0-9_-]+]] = memref.subview %[[OUT]][0, 0, 0, 0]
// CHECK: %[[SIN:[a-z0-9_-]+]] = memref.subview %[[IN]][0, 0, 0, 0, 0, 0]
// CHECK: %[[AREA:[a-z0-9_-]+]] = arith.sitofp %{{[a-z0-9_-]+}} : i32 to f32
// CHECK-NEXT: "kernel.launch"(%[[SOUT]], %[[SIN]], %[[AREA]]) {callee = @avgpool_f32, source_order_matches = true, template = "cnn.avgpool"}
// CHECK-NOT: linalg.generic
// CHECK: return
void avgpool(float *restrict out, float *restrict in, int batch, int c, int h, int w,
             int out_h, int out_w, int size, int stride)
{
  for (int b = 0; b < batch; ++b)
    for (int k = 0; k < c; ++k)
      for (int i = 0; i < out_h; ++i)
        for (int j = 0; j < out_w; ++j) {
          int out_index = j + out_w * (i + out_h * (k + c * b));
          float sum = 0;
          for (int n = 0; n < size; ++n)
            for (int m = 0; m < size; ++m)
              sum += in[(j * stride + m) + w * ((i * stride + n) + h * (k + c * b))];
          out[out_index] = sum / (size * size);
        }
}

// Near miss, `*` for `/`: the sum times the area is no average.
// CHECK-LABEL: func.func private @avgpool_times.delinearized(
// CHECK-NOT: kernel.launch
// CHECK: return
// REMARK: match-kernels-pooling.c:[[@LINE+13]]:11: remark: no template matches linalg.generic; closest cnn.avgpool: the op is step 2 of cnn.avgpool; step 1 (y[n, c, p, q] = 0) is missing before it; step 3 (y[n, c, p, q] = (y[n, c, p, q] / d)) is missing after it
void avgpool_times(float *restrict out, float *restrict in, int batch, int c, int h, int w,
                   int out_h, int out_w, int size, int stride)
{
  for (int b = 0; b < batch; ++b)
    for (int k = 0; k < c; ++k)
      for (int i = 0; i < out_h; ++i)
        for (int j = 0; j < out_w; ++j) {
          int out_index = j + out_w * (i + out_h * (k + c * b));
          float sum = 0;
          for (int n = 0; n < size; ++n)
            for (int m = 0; m < size; ++m)
              sum += in[(j * stride + m) + w * ((i * stride + n) + h * (k + c * b))];
          out[out_index] = sum * (size * size);
        }
}
