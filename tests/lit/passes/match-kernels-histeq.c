// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels | FileCheck %s
// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels --remarks=all 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// Histogram equalisation as one launch (pva.histeq): a fill, the histogram (a scatter),
// the running sum (a store and a recurrence), the smallest non-zero cdf value (a loop
// carrying it), the equalisation table (a loop whose stores sit under conditions) and
// the mapped image (a lookup), with the scalars between them (total, den).

// CHECK-LABEL: func.func @histeq(
// CHECK-SAME: %[[H:[^:]*]]: index, %[[W:[^:]*]]: index, %[[IN:[^:]*]]: memref<?x?xi8>{{.*}}, %[[HIST:[^:]*]]: memref<256xi32>{{.*}}, %[[CDF:[^:]*]]: memref<256xi32>{{.*}}, %[[LUT:[^:]*]]: memref<256xi8>{{.*}}, %[[OUT:[^:]*]]: memref<?x?xi8>
// CHECK-NOT: affine.for
// CHECK-NOT: affine.load
// CHECK: %[[SRC:.*]] = memref.subview %[[IN]][0, 0]
// CHECK-NEXT: %[[DST:.*]] = memref.subview %[[OUT]][0, 0]
// CHECK-NEXT: "kernel.launch"(%[[HIST]], %[[CDF]], %[[LUT]], %[[DST]], %[[SRC]]) {callee = @pva_histeq_i8, source_order_matches = true, template = "pva.histeq"}
// CHECK-NEXT: return
void histeq(int h, int w, unsigned char in[restrict h][w], int hist[restrict 256],
            int cdf[restrict 256], unsigned char lut[restrict 256],
            unsigned char out[restrict h][w])
{
  int total, cmin, den;
  for (int k = 0; k < 256; k++)
    hist[k] = 0;
  for (int i = 0; i < h; i++)
    for (int j = 0; j < w; j++)
      hist[in[i][j]] += 1;
  cdf[0] = hist[0];
  for (int k = 1; k < 256; k++)
    cdf[k] = cdf[k - 1] + hist[k];
  total = cdf[255];
  cmin = total;
  for (int k = 0; k < 256; k++)
    cmin = cdf[k] > 0 && cdf[k] < cmin ? cdf[k] : cmin;
  den = total - cmin;
  for (int k = 0; k < 256; k++) {
    if (den <= 0)
      lut[k] = (unsigned char)k;
    else if (cdf[k] < cmin)
      lut[k] = 0;
    else
      lut[k] = (unsigned char)(((long long)(cdf[k] - cmin) * 255 + den / 2) / den);
  }
  for (int i = 0; i < h; i++)
    for (int j = 0; j < w; j++)
      out[i][j] = lut[in[i][j]];
}

// Near miss: the table's product in 32 bits (it overflows where the template's 64-bit
// one does not): the pieces that match are launches, the table stays a loop.
// CHECK-LABEL: func.func @product_in_32_bits(
// CHECK-NOT: pva_histeq
// CHECK: @pva_histogram_i8
// CHECK: @cumsum_i32
// CHECK: affine.for
// CHECK: @pva_lut_i8
void product_in_32_bits(int h, int w, unsigned char in[restrict h][w],
                        int hist[restrict 256], int cdf[restrict 256],
                        unsigned char lut[restrict 256], unsigned char out[restrict h][w])
{
  int total, cmin, den;
  for (int k = 0; k < 256; k++)
    hist[k] = 0;
  for (int i = 0; i < h; i++)
    for (int j = 0; j < w; j++)
      hist[in[i][j]] += 1;
  cdf[0] = hist[0];
  for (int k = 1; k < 256; k++)
    cdf[k] = cdf[k - 1] + hist[k];
  total = cdf[255];
  cmin = total;
  for (int k = 0; k < 256; k++)
    cmin = cdf[k] > 0 && cdf[k] < cmin ? cdf[k] : cmin;
  den = total - cmin;
  for (int k = 0; k < 256; k++) {
    if (den <= 0)
      lut[k] = (unsigned char)k;
    else if (cdf[k] < cmin)
      lut[k] = 0;
    else
      lut[k] = (unsigned char)(((cdf[k] - cmin) * 255 + den / 2) / den);
  }
  for (int i = 0; i < h; i++)
    for (int j = 0; j < w; j++)
      out[i][j] = lut[in[i][j]];
}

// Near miss: the smallest cdf value counts zeros too (>= 0 where the template has > 0).
// CHECK-LABEL: func.func @zero_counts_too(
// CHECK-NOT: pva_histeq
// CHECK: @pva_lut_i8
void zero_counts_too(int h, int w, unsigned char in[restrict h][w],
                     int hist[restrict 256], int cdf[restrict 256],
                     unsigned char lut[restrict 256], unsigned char out[restrict h][w])
{
  int total, cmin, den;
  for (int k = 0; k < 256; k++)
    hist[k] = 0;
  for (int i = 0; i < h; i++)
    for (int j = 0; j < w; j++)
      hist[in[i][j]] += 1;
  cdf[0] = hist[0];
  for (int k = 1; k < 256; k++)
    cdf[k] = cdf[k - 1] + hist[k];
  total = cdf[255];
  cmin = total;
  for (int k = 0; k < 256; k++)
    cmin = cdf[k] >= 0 && cdf[k] < cmin ? cdf[k] : cmin;
  den = total - cmin;
  for (int k = 0; k < 256; k++) {
    if (den <= 0)
      lut[k] = (unsigned char)k;
    else if (cdf[k] < cmin)
      lut[k] = 0;
    else
      lut[k] = (unsigned char)(((long long)(cdf[k] - cmin) * 255 + den / 2) / den);
  }
  for (int i = 0; i < h; i++)
    for (int j = 0; j < w; j++)
      out[i][j] = lut[in[i][j]];
}

// REMARK: histeq.c:{{[0-9]+}}:7: remark: matched pva.histeq (6 ops) -> @pva_histeq_i8
// REMARK: remark: no template matches the loop nest; closest pva.histeq: step 9 {{.*}}: payload has '-' where the template has 'i64((cdf[k] - cmin))'
// REMARK: remark: no template matches the loop nest; closest pva.histeq: step 9 {{.*}}: the op compares otherwise than the template (cdf[k] > 0)
// REMARK: remark: match-kernels: @histeq: coverage FULL, 1 launch(es), 0 residual op(s)
// REMARK: remark: match-kernels: @product_in_32_bits: coverage PARTIAL, 3 launch(es), 2 residual op(s)
