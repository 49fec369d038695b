// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels | FileCheck %s
// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels --remarks=missed 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// Per-channel operations of batch normalisation (channels.tpl) on x[b][c][s] written
// through one flattened subscript: a bias and a scale broadcast per channel, and each
// channel's mean and variance over the batch and the positions (the zero, the sum and
// the scaling, three ops, one launch). The near misses at the end stay generics.

// CHECK-LABEL: func.func private @add_bias.delinearized(
// CHECK-SAME: %[[X:[a-z0-9_-]+]]: memref<?x?x?xf32, strided<[?, ?, 1]>> {llvm.noalias}, %[[B:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}
// CHECK: %[[SB:[a-z0-9_-]+]] = memref.subview %[[B]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0, 0, 0]
// CHECK: "kernel.launch"(%[[SX]], %[[SB]]) {callee = @add_bias_f32, source_order_matches = true, template = "ch.add_bias"}
// CHECK-NOT: linalg.generic
// CHECK: return
void add_bias(float *restrict output, float *restrict biases, int batch, int n, int size)
{
  for (int b = 0; b < batch; ++b)
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < size; ++j)
        output[(b * n + i) * size + j] += biases[i];
}

// CHECK-LABEL: func.func private @scale_bias.delinearized(
// CHECK-SAME: %[[X:[a-z0-9_-]+]]: memref<?x?x?xf64, strided<[?, ?, 1]>> {llvm.noalias}, %[[S:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias}
// CHECK: %[[SS:[a-z0-9_-]+]] = memref.subview %[[S]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0, 0, 0]
// CHECK: "kernel.launch"(%[[SX]], %[[SS]]) {callee = @scale_bias_f64, source_order_matches = true, template = "ch.scale_bias"}
// CHECK-NOT: linalg.generic
// CHECK: return
void scale_bias(double *restrict output, double *restrict scales, int batch, int n, int size)
{
  for (int b = 0; b < batch; ++b)
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < size; ++j)
        output[(b * n + i) * size + j] *= scales[i];
}

// CHECK-LABEL: func.func private @mean_cpu.delinearized(
// CHECK-SAME: %[[X:[a-z0-9_-]+]]: memref<?x?x?xf32, strided<[?, ?, 1]>> {llvm.noalias}, %{{[a-z0-9_-]+}}: index, %{{[a-z0-9_-]+}}: index, %{{[a-z0-9_-]+}}: index, %[[M:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}
// CHECK: %[[SCALE:[a-z0-9_-]+]] = arith.truncf
// CHECK: %[[SM:[a-z0-9_-]+]] = memref.subview %[[M]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0, 0, 0]
// CHECK: "kernel.launch"(%[[SM]], %[[SX]], %[[SCALE]]) {callee = @mean_channels_f32, source_order_matches = true, template = "ch.mean"}
// CHECK-NOT: linalg.generic
// CHECK: return
void mean_cpu(float *restrict x, int batch, int filters, int spatial, float *restrict mean)
{
  float scale = 1. / (batch * spatial);
  for (int i = 0; i < filters; ++i) {
    mean[i] = 0;
    for (int j = 0; j < batch; ++j)
      for (int k = 0; k < spatial; ++k)
        mean[i] += x[j * filters * spatial + i * spatial + k];
    mean[i] *= scale;
  }
}

// CHECK-LABEL: func.func private @variance_cpu.delinearized(
// CHECK-SAME: %[[X:[a-z0-9_-]+]]: memref<?x?x?xf32, strided<[?, ?, 1]>> {llvm.noalias}, %[[M:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %{{[a-z0-9_-]+}}: index, %{{[a-z0-9_-]+}}: index, %{{[a-z0-9_-]+}}: index, %[[V:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}
// CHECK: %[[SCALE:[a-z0-9_-]+]] = arith.truncf
// CHECK: %[[SV:[a-z0-9_-]+]] = memref.subview %[[V]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0, 0, 0]
// CHECK: %[[SM:[a-z0-9_-]+]] = memref.subview %[[M]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SV]], %[[SX]], %[[SM]], %[[SCALE]]) {callee = @variance_channels_f32, source_order_matches = true, template = "ch.variance"}
// CHECK-NOT: linalg.generic
// CHECK: return
void variance_cpu(float *restrict x, float *restrict mean, int batch, int filters,
                  int spatial, float *restrict variance)
{
  float scale = 1. / (batch * spatial - 1);
  for (int i = 0; i < filters; ++i) {
    variance[i] = 0;
    for (int j = 0; j < batch; ++j)
      for (int k = 0; k < spatial; ++k) {
        int index = j * filters * spatial + i * spatial + k;
        variance[i] += (x[index] - mean[i]) * (x[index] - mean[i]);
      }
    variance[i] *= scale;
  }
}

// Near miss: `+` for `-` in the variance's term; its zero and scaling match alone.
// REMARK: [[@LINE+13]]:9: remark: no template matches linalg.generic; closest ch.variance: step 2 (variance[f] += ((x[b, f, j] - mean[f]) * (x[b, f, j] - mean[f]))): payload has 2 '+', the template 1
// CHECK-LABEL: func.func private @variance_plus.delinearized(
// CHECK-NOT: ch.variance
// CHECK: return
void variance_plus(float *restrict x, float *restrict mean, int batch, int filters,
                   int spatial, float *restrict variance)
{
  float scale = 1. / (batch * spatial - 1);
  for (int i = 0; i < filters; ++i) {
    variance[i] = 0;
    for (int j = 0; j < batch; ++j)
      for (int k = 0; k < spatial; ++k) {
        int index = j * filters * spatial + i * spatial + k;
        variance[i] += (x[index] + mean[i]) * (x[index] - mean[i]);
      }
    variance[i] *= scale;
  }
}

// A sum from the second position is the mean of the view that starts there (one
// position fewer): the launch takes x from [0, 0, 1].
// CHECK-LABEL: func.func private @mean_from_one.delinearized(
// CHECK-SAME: %[[X:[a-z0-9_-]+]]: memref<?x?x?xf32, strided<[?, ?, 1]>> {llvm.noalias}, %{{[a-z0-9_-]+}}: index, %{{[a-z0-9_-]+}}: index, %{{[a-z0-9_-]+}}: index, %[[M:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}
// CHECK: %[[SCALE:[a-z0-9_-]+]] = arith.truncf
// CHECK: %[[SM:[a-z0-9_-]+]] = memref.subview %[[M]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0, 0, 1]
// CHECK: "kernel.launch"(%[[SM]], %[[SX]], %[[SCALE]]) {callee = @mean_channels_f32, source_order_matches = true, template = "ch.mean"}
void mean_from_one(float *restrict x, int batch, int filters, int spatial,
                   float *restrict mean)
{
  float scale = 1. / (batch * spatial);
  for (int i = 0; i < filters; ++i) {
    mean[i] = 0;
    for (int j = 0; j < batch; ++j)
      for (int k = 1; k < spatial; ++k)
        mean[i] += x[j * filters * spatial + i * spatial + k];
    mean[i] *= scale;
  }
}

// Near miss: the sum over the positions runs to the image's index (`k <= j`, one past
// a triangle), no size of the template.
// REMARK: [[@LINE+12]]:9: remark: no template matches linalg.generic; closest ch.mean: step 2 (mean[f] += x[b, f, j]): the op is masked to d1 - d2 >= 0, the template has no 'where'
// CHECK-LABEL: func.func private @mean_triangle.delinearized(
// CHECK-NOT: ch.mean
// CHECK: return
void mean_triangle(float *restrict x, int batch, int filters, int spatial,
                   float *restrict mean)
{
  float scale = 1. / (batch * spatial);
  for (int i = 0; i < filters; ++i) {
    mean[i] = 0;
    for (int j = 0; j < batch; ++j)
      for (int k = 0; k <= j; ++k)
        mean[i] += x[j * filters * spatial + i * spatial + k];
    mean[i] *= scale;
  }
}

// Near miss: the bias of the image (biases[b]) where the template has the channel's.
// REMARK: [[@LINE+10]]:9: remark: no template matches linalg.generic; closest ch.add_bias: subscript 'f' does not match the loop dims read
// CHECK-LABEL: func.func private @add_bias_of_image.delinearized(
// CHECK-NOT: kernel.launch
// CHECK: return
void add_bias_of_image(float *restrict output, float *restrict biases, int batch, int n,
                       int size)
{
  for (int b = 0; b < batch; ++b)
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < size; ++j)
        output[(b * n + i) * size + j] += biases[b];
}

// Normalising as batch normalisation's C writes it: sqrt of the float variance is C's
// double sqrt, and the division runs in double (f64/f32 conversions in the template).
// CHECK-LABEL: func.func private @normalize_cpu.delinearized(
// CHECK-SAME: %[[X:[a-z0-9_-]+]]: memref<?x?x?xf32, strided<[?, ?, 1]>> {llvm.noalias}, %[[M:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[V:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}
// CHECK: %[[SM:[a-z0-9_-]+]] = memref.subview %[[M]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SV:[a-z0-9_-]+]] = memref.subview %[[V]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0, 0, 0]
// CHECK: "kernel.launch"(%[[SX]], %[[SM]], %[[SV]]) {callee = @normalize_channels_f32, source_order_matches = true, template = "ch.normalize"}
// CHECK-NOT: linalg.generic
// CHECK: return
void normalize_cpu(float *restrict x, float *restrict mean, float *restrict variance,
                   int batch, int filters, int spatial)
{
  for (int b = 0; b < batch; ++b)
    for (int f = 0; f < filters; ++f)
      for (int i = 0; i < spatial; ++i) {
        int index = b * filters * spatial + f * spatial + i;
        x[index] = (x[index] - mean[f]) / (sqrt(variance[f]) + .000001f);
      }
}

// Near miss: sqrtf, the float root: the sum and the division then run in float.
// REMARK: [[@LINE+11]]:9: remark: no template matches linalg.generic; closest ch.normalize: payload has 0 'f32', the template 1
// CHECK-LABEL: func.func private @normalize_sqrtf.delinearized(
// CHECK-NOT: kernel.launch
// CHECK: return
void normalize_sqrtf(float *restrict x, float *restrict mean, float *restrict variance,
                     int batch, int filters, int spatial)
{
  for (int b = 0; b < batch; ++b)
    for (int f = 0; f < filters; ++f)
      for (int i = 0; i < spatial; ++i) {
        int index = b * filters * spatial + f * spatial + i;
        x[index] = (x[index] - mean[f]) / (sqrtf(variance[f]) + .000001f);
      }
}

// Near miss: 1e-5f for 1e-6f.
// REMARK: [[@LINE+11]]:9: remark: no template matches linalg.generic; closest ch.normalize: payload has constant 1e-05 where the template has 1e-06
// CHECK-LABEL: func.func private @normalize_eps.delinearized(
// CHECK-NOT: kernel.launch
// CHECK: return
void normalize_eps(float *restrict x, float *restrict mean, float *restrict variance,
                   int batch, int filters, int spatial)
{
  for (int b = 0; b < batch; ++b)
    for (int f = 0; f < filters; ++f)
      for (int i = 0; i < spatial; ++i) {
        int index = b * filters * spatial + f * spatial + i;
        x[index] = (x[index] - mean[f]) / (sqrt(variance[f]) + .00001f);
      }
}

// L2 normalisation across the channels: the raising gives the sum a temporary s[b][i]
// (four ops: its zero, the sum, the division, the derivative), one launch.
// CHECK-LABEL: func.func private @l2normalize_cpu.delinearized(
// CHECK-SAME: %[[X:[a-z0-9_-]+]]: memref<?x?x?xf32, strided<[?, ?, 1]>> {llvm.noalias}, %[[DX:[a-z0-9_-]+]]: memref<?x?x?xf32, strided<[?, ?, 1]>> {llvm.noalias}
// CHECK: %[[T:[a-z0-9_-]+]] = memref.alloc
// CHECK: %[[ST:[a-z0-9_-]+]] = memref.subview %[[T]][0, 0]
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0, 0, 0]
// CHECK: %[[SDX:[a-z0-9_-]+]] = memref.subview %[[DX]][0, 0, 0]
// CHECK: "kernel.launch"(%[[ST]], %[[SX]], %[[SDX]]) {callee = @l2norm_channels_f32, source_order_matches = true, template = "ch.l2norm"}
// CHECK-NOT: linalg.generic
// CHECK: memref.dealloc %[[T]]
void l2normalize_cpu(float *restrict x, float *restrict dx, int batch, int filters,
                     int spatial)
{
  for (int b = 0; b < batch; ++b)
    for (int i = 0; i < spatial; ++i) {
      float sum = 0;
      for (int f = 0; f < filters; ++f) {
        int index = b * filters * spatial + f * spatial + i;
        sum += x[index] * x[index];
      }
      sum = sqrtf(sum);
      for (int f = 0; f < filters; ++f) {
        int index = b * filters * spatial + f * spatial + i;
        x[index] /= sum;
        dx[index] = (1 - x[index]) / sum;
      }
    }
}

// Near miss: `+` for `-` in the derivative; the sum's zero still matches alone.
// REMARK: [[@LINE+18]]:9: remark: no template matches linalg.generic; closest ch.l2norm: step 4 (dx[b, f, j] = ((1 - x[b, f, j]) / sqrt(s[b, j]))): payload has 1 '+', the template 0
// CHECK-LABEL: func.func private @l2normalize_plus.delinearized(
// CHECK-NOT: ch.l2norm
// CHECK: return
void l2normalize_plus(float *restrict x, float *restrict dx, int batch, int filters,
                      int spatial)
{
  for (int b = 0; b < batch; ++b)
    for (int i = 0; i < spatial; ++i) {
      float sum = 0;
      for (int f = 0; f < filters; ++f) {
        int index = b * filters * spatial + f * spatial + i;
        sum += x[index] * x[index];
      }
      sum = sqrtf(sum);
      for (int f = 0; f < filters; ++f) {
        int index = b * filters * spatial + f * spatial + i;
        x[index] /= sum;
        dx[index] = (1 + x[index]) / sum;
      }
    }
}
