// cudnn shim of launch `batchnorm` (cnn.batchnorm): y = scale[c] (x - mean[c]) /
// sqrt(var[c] + eps) + bias[c], cudnnBatchNormalizationForwardInference (spatial mode).

#include "polylift_cudnn.h"
#include "polylift_shims.h"

using namespace polylift_cuda;

extern "C" void polylift_cudnn_batchnorm_f32(int64_t N, int64_t C, int64_t H, int64_t W,
                                             float eps, const float *x, int64_t ldx0,
                                             int64_t ldx1, int64_t ldx2, const float *scale,
                                             int64_t incscale, const float *bias,
                                             int64_t incbias, const float *mean,
                                             int64_t incmean, const float *var, int64_t incvar,
                                             float *y, int64_t ldy0, int64_t ldy1,
                                             int64_t ldy2) {
  if (N <= 0 || C <= 0 || H <= 0 || W <= 0) return;
  Call call("polylift_cudnn_batchnorm_f32");
  if (double(eps) < CUDNN_BN_MIN_EPSILON) fail("checking eps", "below CUDNN_BN_MIN_EPSILON");
  const float *dx = call.in(x, ten<float>(N, C, H, W, ldx0, ldx1, ldx2), Layout::Packed)
                        .as<float>();
  const float *ds = call.in(scale, vec<float>(C, incscale), Layout::Packed).as<float>();
  const float *db = call.in(bias, vec<float>(C, incbias), Layout::Packed).as<float>();
  const float *dm = call.in(mean, vec<float>(C, incmean), Layout::Packed).as<float>();
  const float *dv = call.in(var, vec<float>(C, incvar), Layout::Packed).as<float>();
  float *dy = call.out(y, ten<float>(N, C, H, W, ldy0, ldy1, ldy2), Layout::Packed).as<float>();
  TensorDesc td(N, C, H, W), pd(1, C, 1, 1);
  const float one = 1.0f, zero = 0.0f;
  check(cudnnBatchNormalizationForwardInference(cudnn_handle(call), CUDNN_BATCHNORM_SPATIAL,
                                                &one, &zero, td.d, dx, td.d, dy, pd.d, ds, db,
                                                dm, dv, double(eps)),
        "cudnnBatchNormalizationForwardInference");
}
