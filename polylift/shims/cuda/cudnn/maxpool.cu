// cudnn shim of launch `maxpool` (cnn.maxpool): y[n,c,p,q] = the maximum of the 2x2
// window x[n,c,2p..2p+1,2q..2q+1], cudnnPoolingForward with a 2x2 window, stride 2, no
// padding, CUDNN_POOLING_MAX_DETERMINISTIC.
//
// NaN and signed zeros: the template (and ref, host) compute m = x[2p,2q] then
// m = v > m ? v : m over the window in order, so a NaN is the result only when it is the
// window's first element, a later NaN is skipped, and of +0 and -0 the earlier one is
// kept. cuDNN does not follow that order: with CUDNN_NOT_PROPAGATE_NAN (used here) it
// skips every NaN, including a first one, and it does not specify which zero it returns
// for a window holding both. So this shim equals the template bit for bit on windows
// without NaN and without both signed zeros; it could differ when the first element of a
// window is NaN (the template gives NaN, cuDNN the maximum of the other elements) and
// on the sign of a zero maximum. So the shim first scans the windows on the host (as
// cheap as the upload it precedes) and, where it finds a NaN or a -0, computes the
// result on the host in the template's order instead: the launch is never wrong.

#include <cmath>

#include "polylift_cudnn.h"
#include "polylift_shims.h"

using namespace polylift_cuda;

namespace {

struct PoolDesc {
  cudnnPoolingDescriptor_t d = nullptr;
  PoolDesc() {
    check(cudnnCreatePoolingDescriptor(&d), "cudnnCreatePoolingDescriptor");
    check(cudnnSetPooling2dDescriptor(d, CUDNN_POOLING_MAX_DETERMINISTIC,
                                      CUDNN_NOT_PROPAGATE_NAN, 2, 2, 0, 0, 2, 2),
          "cudnnSetPooling2dDescriptor");
  }
  ~PoolDesc() { cudnnDestroyPoolingDescriptor(d); }
  PoolDesc(const PoolDesc &) = delete;
  PoolDesc &operator=(const PoolDesc &) = delete;
};

// Whether the windows read a NaN or a -0, where cuDNN's order could change the bits.
bool needs_template_order(int64_t N, int64_t C, int64_t P, int64_t Q, const float *x,
                          int64_t ldx0, int64_t ldx1, int64_t ldx2) {
  for (int64_t n = 0; n < N; ++n)
    for (int64_t c = 0; c < C; ++c)
      for (int64_t h = 0; h < 2 * P; ++h)
        for (int64_t w = 0; w < 2 * Q; ++w) {
          float v = x[n * ldx0 + c * ldx1 + h * ldx2 + w];
          if (v != v || (v == 0.0f && std::signbit(v))) return true;
        }
  return false;
}

// The template's computation: m = the window's first element, then m = v > m ? v : m.
void maxpool_in_template_order(int64_t N, int64_t C, int64_t P, int64_t Q, const float *x,
                               int64_t ldx0, int64_t ldx1, int64_t ldx2, float *y,
                               int64_t ldy0, int64_t ldy1, int64_t ldy2) {
  for (int64_t n = 0; n < N; ++n)
    for (int64_t c = 0; c < C; ++c)
      for (int64_t p = 0; p < P; ++p)
        for (int64_t q = 0; q < Q; ++q) {
          const float *w = x + n * ldx0 + c * ldx1 + 2 * p * ldx2 + 2 * q;
          float m = w[0];
          for (int64_t r = 0; r < 2; ++r)
            for (int64_t s = 0; s < 2; ++s) {
              float v = w[r * ldx2 + s];
              m = v > m ? v : m;
            }
          y[n * ldy0 + c * ldy1 + p * ldy2 + q] = m;
        }
}

}  // namespace

extern "C" void polylift_cudnn_maxpool_f32(int64_t N, int64_t C, int64_t H, int64_t W,
                                           int64_t P, int64_t Q, const float *x, int64_t ldx0,
                                           int64_t ldx1, int64_t ldx2, float *y, int64_t ldy0,
                                           int64_t ldy1, int64_t ldy2) {
  if (N <= 0 || C <= 0 || P <= 0 || Q <= 0) return;
  Call call("polylift_cudnn_maxpool_f32");
  if (H < 2 * P || W < 2 * Q) fail("checking extents", "input view smaller than 2P x 2Q");
  if (needs_template_order(N, C, P, Q, x, ldx0, ldx1, ldx2)) {
    maxpool_in_template_order(N, C, P, Q, x, ldx0, ldx1, ldx2, y, ldy0, ldy1, ldy2);
    return;
  }
  // Only the rows and columns the windows read travel: an odd last row or column is left.
  const float *dx = call.in(x, ten<float>(N, C, 2 * P, 2 * Q, ldx0, ldx1, ldx2),
                            Layout::Packed).as<float>();
  float *dy = call.out(y, ten<float>(N, C, P, Q, ldy0, ldy1, ldy2), Layout::Packed).as<float>();
  TensorDesc xd(N, C, 2 * P, 2 * Q), yd(N, C, P, Q);
  PoolDesc pool;
  const float one = 1.0f, zero = 0.0f;
  check(cudnnPoolingForward(cudnn_handle(call), pool.d, &one, xd.d, dx, &zero, yd.d, dy),
        "cudnnPoolingForward");
}
