// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels | FileCheck %s

// The interior of a 3x3 filter alone (no border rows, columns or corners after it) reads
// its one-pixel halo as it is: the region (ROI) templates, border = halo.

// Q-format convolution of a 16-bit image: rounding by 2^(shift-1), saturated to 16 bits.
// CHECK-LABEL: func.func @conv_q16_interior(
// CHECK-SAME: %[[H:[a-z0-9_-]+]]: index, %[[W:[a-z0-9_-]+]]: index, %[[SHIFT:[a-z0-9_-]+]]: index, %[[COEF:[a-z0-9_-]+]]: memref<3x3xi16> {llvm.noalias}, %[[IN:[a-z0-9_-]+]]: memref<?x?xi16> {llvm.noalias}, %[[OUT:[a-z0-9_-]+]]: memref<?x?xi16> {llvm.noalias})
// CHECK-NOT: linalg.generic
// CHECK-NEXT: %[[SHIFT_I32:[a-z0-9_-]+]] = arith.index_cast %[[SHIFT]] : index to i32
// CHECK: %[[SIN:[a-z0-9_-]+]] = memref.subview %[[IN]][1, 1] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK: %[[SOUT:[a-z0-9_-]+]] = memref.subview %[[OUT]][1, 1] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK: "kernel.launch"(%[[SOUT]], %[[COEF]], %[[SIN]], %[[SHIFT_I32]]) {anchor = "center", border = "halo", callee = @pva_conv3x3_q_roi_i16, source_order_matches = true, template = "pva.conv3x3_q_roi_i16"}
void conv_q16_interior(int h, int w, int shift, short coef[restrict 3][3],
                       short in[restrict h][w], short out[restrict h][w])
{
  int rnd = 1 << (shift - 1);
  for (int i = 1; i < h - 1; i++)
    for (int j = 1; j < w - 1; j++) {
      int acc = coef[0][0] * in[i - 1][j - 1] + coef[0][1] * in[i - 1][j] +
                coef[0][2] * in[i - 1][j + 1] + coef[1][0] * in[i][j - 1] +
                coef[1][1] * in[i][j] + coef[1][2] * in[i][j + 1] +
                coef[2][0] * in[i + 1][j - 1] + coef[2][1] * in[i + 1][j] +
                coef[2][2] * in[i + 1][j + 1];
      acc = (acc + rnd) >> shift;
      out[i][j] = (short)(acc > 32767 ? 32767 : (acc < -32768 ? -32768 : acc));
    }
}

// The bilateral filter of a 16-bit image: spatial weights times range weights of the
// difference to the centre (table index d >> 8), normalised by their sum, rounded.
// CHECK-LABEL: func.func @bilateral16_interior(
// CHECK-SAME: %[[H:[a-z0-9_-]+]]: index, %[[W:[a-z0-9_-]+]]: index, %[[WS:[a-z0-9_-]+]]: memref<3x3xi32> {llvm.noalias}, %[[WR:[a-z0-9_-]+]]: memref<256xi32> {llvm.noalias}, %[[IN:[a-z0-9_-]+]]: memref<?x?xi16> {llvm.noalias}, %[[OUT:[a-z0-9_-]+]]: memref<?x?xi16> {llvm.noalias})
// CHECK-NOT: linalg.generic
// CHECK: %[[SIN:[a-z0-9_-]+]] = memref.subview %[[IN]][1, 1] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK: %[[SOUT:[a-z0-9_-]+]] = memref.subview %[[OUT]][1, 1] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK-NEXT: %[[C8:[a-z0-9_-]+]] = arith.constant 8 : i32
// CHECK: "kernel.launch"(%[[SOUT]], %[[WS]], %[[WR]], %[[SIN]], %[[C8]]) {anchor = "center", border = "halo", callee = @pva_bilateral3x3_roi_i16, rshift = 8 : i32, source_order_matches = true, template = "pva.bilateral3x3_roi"}
#define NEIGHBOUR(a, b)                                                                      \
  d = in[i + a - 1][j + b - 1] - ctr;                                                        \
  d = d < 0 ? -d : d;                                                                        \
  wgt = ws[a][b] * wr[d >> 8];                                                               \
  num += wgt * in[i + a - 1][j + b - 1];                                                     \
  den += wgt
void bilateral16_interior(int h, int w, int ws[restrict 3][3], int wr[restrict 256],
                          short in[restrict h][w], short out[restrict h][w])
{
  int ctr, d, wgt, num, den;
  for (int i = 1; i < h - 1; i++)
    for (int j = 1; j < w - 1; j++) {
      ctr = in[i][j];
      num = 0;
      den = 0;
      NEIGHBOUR(0, 0);
      NEIGHBOUR(0, 1);
      NEIGHBOUR(0, 2);
      NEIGHBOUR(1, 0);
      NEIGHBOUR(1, 1);
      NEIGHBOUR(1, 2);
      NEIGHBOUR(2, 0);
      NEIGHBOUR(2, 1);
      NEIGHBOUR(2, 2);
      out[i][j] = (short)(num >= 0 ? (num + den / 2) / den : -((den / 2 - num) / den));
    }
}
