// cublas shim of launch `conv1x1` (cnn.conv1x1): y[n,k,i,j] = sum_c w[k,c] x[n,c,i,j].
// Each image is a gemm Y[n] (K x HW) = W (K x C) . X[n] (C x HW) when an image's rows
// follow each other (h stride = W); row-major swapped as usual, the images form one
// strided-batched gemm with W's batch stride 0. Other views are packed first.

#include "polylift_cublas.h"
#include "polylift_shims.h"

namespace {
using namespace polylift_cuda;

// Whether an NCHW view is a batch of (channels x H*W) BLAS matrices.
bool image_matrices(const View &v) {
  const int64_t hw = v.dims[2] * v.dims[3];
  return (v.dims[2] <= 1 || v.strides[2] == v.dims[3]) &&
         (v.dims[1] <= 1 || v.strides[1] >= hw) && (v.dims[0] <= 1 || v.strides[0] >= 0);
}

// The (batch stride, ld) of a mapped NCHW view seen as image matrices.
void image_lds(const Device &d, int64_t *batch, int64_t *ld) {
  const View &v = d.view;
  const int64_t hw = v.dims[2] * v.dims[3];
  *ld = v.dims[1] <= 1 ? (hw > 0 ? hw : 1) : v.strides[1];
  *batch = v.dims[0] <= 1 ? 0 : v.strides[0];
}

template <class T>
void conv1x1(const char *shim, int64_t N, int64_t C, int64_t H, int64_t W, int64_t K,
             const T *w, int64_t ldw, const T *x, int64_t ldx0, int64_t ldx1, int64_t ldx2,
             T *y, int64_t ldy0, int64_t ldy1, int64_t ldy2) {
  if (N <= 0 || K <= 0 || H <= 0 || W <= 0) return;
  Call call(shim);
  const View xv = ten<T>(N, C, H, W, ldx0, ldx1, ldx2), yv = ten<T>(N, K, H, W, ldy0, ldy1, ldy2);
  Device dw = call.in(w, mat<T>(K, C, ldw), Layout::Blas);
  Device dx = call.in(x, xv, image_matrices(xv) ? Layout::Any : Layout::Packed);
  Device dy = call.out(y, yv, image_matrices(yv) ? Layout::Any : Layout::Packed);
  int64_t xs, xld, ys, yld;
  image_lds(dx, &xs, &xld);
  image_lds(dy, &ys, &yld);
  const T one = 1, zero = 0;
  check(Blas<T>::gemm_batched(cublas_handle(call), CUBLAS_OP_N, CUBLAS_OP_N, H * W, K, C, &one,
                              dx.as<T>(), xld, xs, dw.as<T>(), dw.ld(), 0, &zero, dy.as<T>(),
                              yld, ys, N),
        Blas<T>::gemm_batched_name);
}
}  // namespace

extern "C" void polylift_cublas_conv1x1_f32(int64_t N, int64_t C, int64_t H, int64_t W,
                                            int64_t K, const float *w, int64_t ldw,
                                            const float *x, int64_t ldx0, int64_t ldx1,
                                            int64_t ldx2, float *y, int64_t ldy0, int64_t ldy1,
                                            int64_t ldy2) {
  conv1x1<float>("polylift_cublas_conv1x1_f32", N, C, H, W, K, w, ldw, x, ldx0, ldx1, ldx2, y,
                 ldy0, ldy1, ldy2);
}
