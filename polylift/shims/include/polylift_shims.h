/*
 * polylift_shims.h: the shim ABI of polylift's kernel template library.
 *
 * GENERATED from the template library by polylift/shims/header.py; do not edit.
 * Regenerate the checked-in copy with:  python -m polylift.cli.shim_header --write
 *
 * A shim is `polylift_<backend>_<launch>_<dtype>`. Arrays are row-major: each is passed
 * as a pointer to its first element, followed by the strides (in elements) of all but
 * its last dimension (`ld<X>`), or by its stride `inc<X>` when it is 1-D. Sizes and
 * strides are int64_t; scalars are passed by value.
 */
#ifndef POLYLIFT_SHIMS_H
#define POLYLIFT_SHIMS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* axpby: blas.axpby (y = alpha * x + beta * y) */
void polylift_ref_axpby_f32(int64_t n, float alpha, const float *x, int64_t incx, float beta, float *y, int64_t incy);
void polylift_ref_axpby_f64(int64_t n, double alpha, const double *x, int64_t incx, double beta, double *y, int64_t incy);
void polylift_host_axpby_f32(int64_t n, float alpha, const float *x, int64_t incx, float beta, float *y, int64_t incy);
void polylift_host_axpby_f64(int64_t n, double alpha, const double *x, int64_t incx, double beta, double *y, int64_t incy);
void polylift_cublas_axpby_f32(int64_t n, float alpha, const float *x, int64_t incx, float beta, float *y, int64_t incy);
void polylift_cublas_axpby_f64(int64_t n, double alpha, const double *x, int64_t incx, double beta, double *y, int64_t incy);

/* axpy: blas.axpy (y = alpha * x + y), blas.axpy1 (y = y + x (axpy with alpha = 1)) */
void polylift_ref_axpy_f32(int64_t n, float alpha, const float *x, int64_t incx, float *y, int64_t incy);
void polylift_ref_axpy_f64(int64_t n, double alpha, const double *x, int64_t incx, double *y, int64_t incy);
void polylift_host_axpy_f32(int64_t n, float alpha, const float *x, int64_t incx, float *y, int64_t incy);
void polylift_host_axpy_f64(int64_t n, double alpha, const double *x, int64_t incx, double *y, int64_t incy);
void polylift_cublas_axpy_f32(int64_t n, float alpha, const float *x, int64_t incx, float *y, int64_t incy);
void polylift_cublas_axpy_f64(int64_t n, double alpha, const double *x, int64_t incx, double *y, int64_t incy);

/* axpy2d: blas.axpy2d (B = B + alpha * A (matrices)), blas.axpy2d1 (B = B + A (axpy2d with alpha = 1): a matrix added into another) */
void polylift_ref_axpy2d_f32(int64_t m, int64_t n, float alpha, const float *A, int64_t ldA, float *B, int64_t ldB);
void polylift_ref_axpy2d_f64(int64_t m, int64_t n, double alpha, const double *A, int64_t ldA, double *B, int64_t ldB);
void polylift_host_axpy2d_f32(int64_t m, int64_t n, float alpha, const float *A, int64_t ldA, float *B, int64_t ldB);
void polylift_host_axpy2d_f64(int64_t m, int64_t n, double alpha, const double *A, int64_t ldA, double *B, int64_t ldB);

/* batchnorm: cnn.batchnorm (y = scale[c] * (x - mean[c]) / sqrt(var[c] + eps) + bias[c] (inference)) */
void polylift_ref_batchnorm_f32(int64_t N, int64_t C, int64_t H, int64_t W, float eps, const float *x, int64_t ldx0, int64_t ldx1, int64_t ldx2, const float *scale, int64_t incscale, const float *bias, int64_t incbias, const float *mean, int64_t incmean, const float *var, int64_t incvar, float *y, int64_t ldy0, int64_t ldy1, int64_t ldy2);
void polylift_host_batchnorm_f32(int64_t N, int64_t C, int64_t H, int64_t W, float eps, const float *x, int64_t ldx0, int64_t ldx1, int64_t ldx2, const float *scale, int64_t incscale, const float *bias, int64_t incbias, const float *mean, int64_t incmean, const float *var, int64_t incvar, float *y, int64_t ldy0, int64_t ldy1, int64_t ldy2);
void polylift_cudnn_batchnorm_f32(int64_t N, int64_t C, int64_t H, int64_t W, float eps, const float *x, int64_t ldx0, int64_t ldx1, int64_t ldx2, const float *scale, int64_t incscale, const float *bias, int64_t incbias, const float *mean, int64_t incmean, const float *var, int64_t incvar, float *y, int64_t ldy0, int64_t ldy1, int64_t ldy2);

/* conv1x1: cnn.conv1x1 (y[n] = w . x[n]: a 1x1 convolution, one gemm per image with w shared (strided-batched gemm)) */
void polylift_ref_conv1x1_f32(int64_t N, int64_t C, int64_t H, int64_t W, int64_t K, const float *w, int64_t ldw, const float *x, int64_t ldx0, int64_t ldx1, int64_t ldx2, float *y, int64_t ldy0, int64_t ldy1, int64_t ldy2);
void polylift_host_conv1x1_f32(int64_t N, int64_t C, int64_t H, int64_t W, int64_t K, const float *w, int64_t ldw, const float *x, int64_t ldx0, int64_t ldx1, int64_t ldx2, float *y, int64_t ldy0, int64_t ldy1, int64_t ldy2);
void polylift_cublas_conv1x1_f32(int64_t N, int64_t C, int64_t H, int64_t W, int64_t K, const float *w, int64_t ldw, const float *x, int64_t ldx0, int64_t ldx1, int64_t ldx2, float *y, int64_t ldy0, int64_t ldy1, int64_t ldy2);

/* conv2d: cnn.conv2d (y = conv(x, w): zero, then accumulate over input channels and the filter window) */
void polylift_ref_conv2d_f32(int64_t N, int64_t C, int64_t H, int64_t W, int64_t K, int64_t R, int64_t S, int64_t P, int64_t Q, const float *x, int64_t ldx0, int64_t ldx1, int64_t ldx2, const float *w, int64_t ldw0, int64_t ldw1, int64_t ldw2, float *y, int64_t ldy0, int64_t ldy1, int64_t ldy2);
void polylift_host_conv2d_f32(int64_t N, int64_t C, int64_t H, int64_t W, int64_t K, int64_t R, int64_t S, int64_t P, int64_t Q, const float *x, int64_t ldx0, int64_t ldx1, int64_t ldx2, const float *w, int64_t ldw0, int64_t ldw1, int64_t ldw2, float *y, int64_t ldy0, int64_t ldy1, int64_t ldy2);
void polylift_cudnn_conv2d_f32(int64_t N, int64_t C, int64_t H, int64_t W, int64_t K, int64_t R, int64_t S, int64_t P, int64_t Q, const float *x, int64_t ldx0, int64_t ldx1, int64_t ldx2, const float *w, int64_t ldw0, int64_t ldw1, int64_t ldw2, float *y, int64_t ldy0, int64_t ldy1, int64_t ldy2);

/* conv3x3: stencil.conv3x3 (B = sum of c_rs * A[i+r-2, j+s-2] over the 3x3 window) */
void polylift_ref_conv3x3_f32(int64_t m, int64_t n, float c11, float c12, float c13, float c21, float c22, float c23, float c31, float c32, float c33, const float *A, int64_t ldA, float *B, int64_t ldB);
void polylift_ref_conv3x3_f64(int64_t m, int64_t n, double c11, double c12, double c13, double c21, double c22, double c23, double c31, double c32, double c33, const double *A, int64_t ldA, double *B, int64_t ldB);
void polylift_host_conv3x3_f32(int64_t m, int64_t n, float c11, float c12, float c13, float c21, float c22, float c23, float c31, float c32, float c33, const float *A, int64_t ldA, float *B, int64_t ldB);
void polylift_host_conv3x3_f64(int64_t m, int64_t n, double c11, double c12, double c13, double c21, double c22, double c23, double c31, double c32, double c33, const double *A, int64_t ldA, double *B, int64_t ldB);

/* conv3x3_shift: stencil.conv3x3_shift (B = (sum of c_rs * A[i+r-2, j+s-2]) >> shift, in 32-bit integers, truncated to B) */
void polylift_ref_conv3x3_shift_i8(int64_t m, int64_t n, int32_t c11, int32_t c12, int32_t c13, int32_t c21, int32_t c22, int32_t c23, int32_t c31, int32_t c32, int32_t c33, int32_t shift, const int8_t *A, int64_t ldA, int8_t *B, int64_t ldB);
void polylift_ref_conv3x3_shift_i16(int64_t m, int64_t n, int32_t c11, int32_t c12, int32_t c13, int32_t c21, int32_t c22, int32_t c23, int32_t c31, int32_t c32, int32_t c33, int32_t shift, const int16_t *A, int64_t ldA, int16_t *B, int64_t ldB);
void polylift_ref_conv3x3_shift_i32(int64_t m, int64_t n, int32_t c11, int32_t c12, int32_t c13, int32_t c21, int32_t c22, int32_t c23, int32_t c31, int32_t c32, int32_t c33, int32_t shift, const int32_t *A, int64_t ldA, int32_t *B, int64_t ldB);
void polylift_host_conv3x3_shift_i8(int64_t m, int64_t n, int32_t c11, int32_t c12, int32_t c13, int32_t c21, int32_t c22, int32_t c23, int32_t c31, int32_t c32, int32_t c33, int32_t shift, const int8_t *A, int64_t ldA, int8_t *B, int64_t ldB);
void polylift_host_conv3x3_shift_i16(int64_t m, int64_t n, int32_t c11, int32_t c12, int32_t c13, int32_t c21, int32_t c22, int32_t c23, int32_t c31, int32_t c32, int32_t c33, int32_t shift, const int16_t *A, int64_t ldA, int16_t *B, int64_t ldB);
void polylift_host_conv3x3_shift_i32(int64_t m, int64_t n, int32_t c11, int32_t c12, int32_t c13, int32_t c21, int32_t c22, int32_t c23, int32_t c31, int32_t c32, int32_t c33, int32_t shift, const int32_t *A, int64_t ldA, int32_t *B, int64_t ldB);

/* conv_bias_relu: cnn.conv_bias_relu (y = relu(conv(x, w) + b[k])) */
void polylift_ref_conv_bias_relu_f32(int64_t N, int64_t C, int64_t H, int64_t W, int64_t K, int64_t R, int64_t S, int64_t P, int64_t Q, const float *x, int64_t ldx0, int64_t ldx1, int64_t ldx2, const float *w, int64_t ldw0, int64_t ldw1, int64_t ldw2, const float *b, int64_t incb, float *y, int64_t ldy0, int64_t ldy1, int64_t ldy2);
void polylift_host_conv_bias_relu_f32(int64_t N, int64_t C, int64_t H, int64_t W, int64_t K, int64_t R, int64_t S, int64_t P, int64_t Q, const float *x, int64_t ldx0, int64_t ldx1, int64_t ldx2, const float *w, int64_t ldw0, int64_t ldw1, int64_t ldw2, const float *b, int64_t incb, float *y, int64_t ldy0, int64_t ldy1, int64_t ldy2);
void polylift_cudnn_conv_bias_relu_f32(int64_t N, int64_t C, int64_t H, int64_t W, int64_t K, int64_t R, int64_t S, int64_t P, int64_t Q, const float *x, int64_t ldx0, int64_t ldx1, int64_t ldx2, const float *w, int64_t ldw0, int64_t ldw1, int64_t ldw2, const float *b, int64_t incb, float *y, int64_t ldy0, int64_t ldy1, int64_t ldy2);

/* conv_bias_relu_add: cnn.conv_bias_relu_add (y = relu(conv(x, w) + b[k]) + z: the residual is added after the activation) */
void polylift_ref_conv_bias_relu_add_f32(int64_t N, int64_t C, int64_t H, int64_t W, int64_t K, int64_t R, int64_t S, int64_t P, int64_t Q, const float *x, int64_t ldx0, int64_t ldx1, int64_t ldx2, const float *w, int64_t ldw0, int64_t ldw1, int64_t ldw2, const float *b, int64_t incb, const float *z, int64_t ldz0, int64_t ldz1, int64_t ldz2, float *y, int64_t ldy0, int64_t ldy1, int64_t ldy2);
void polylift_host_conv_bias_relu_add_f32(int64_t N, int64_t C, int64_t H, int64_t W, int64_t K, int64_t R, int64_t S, int64_t P, int64_t Q, const float *x, int64_t ldx0, int64_t ldx1, int64_t ldx2, const float *w, int64_t ldw0, int64_t ldw1, int64_t ldw2, const float *b, int64_t incb, const float *z, int64_t ldz0, int64_t ldz1, int64_t ldz2, float *y, int64_t ldy0, int64_t ldy1, int64_t ldy2);
void polylift_cudnn_conv_bias_relu_add_f32(int64_t N, int64_t C, int64_t H, int64_t W, int64_t K, int64_t R, int64_t S, int64_t P, int64_t Q, const float *x, int64_t ldx0, int64_t ldx1, int64_t ldx2, const float *w, int64_t ldw0, int64_t ldw1, int64_t ldw2, const float *b, int64_t incb, const float *z, int64_t ldz0, int64_t ldz1, int64_t ldz2, float *y, int64_t ldy0, int64_t ldy1, int64_t ldy2);

/* conv_bn_relu: cnn.conv_bn_relu (y = relu(batchnorm(conv(x, w))); a backend may fold the normalisation into w and a bias) */
void polylift_ref_conv_bn_relu_f32(int64_t N, int64_t C, int64_t H, int64_t W, int64_t K, int64_t R, int64_t S, int64_t P, int64_t Q, float eps, const float *x, int64_t ldx0, int64_t ldx1, int64_t ldx2, const float *w, int64_t ldw0, int64_t ldw1, int64_t ldw2, const float *scale, int64_t incscale, const float *bias, int64_t incbias, const float *mean, int64_t incmean, const float *var, int64_t incvar, float *y, int64_t ldy0, int64_t ldy1, int64_t ldy2);
void polylift_host_conv_bn_relu_f32(int64_t N, int64_t C, int64_t H, int64_t W, int64_t K, int64_t R, int64_t S, int64_t P, int64_t Q, float eps, const float *x, int64_t ldx0, int64_t ldx1, int64_t ldx2, const float *w, int64_t ldw0, int64_t ldw1, int64_t ldw2, const float *scale, int64_t incscale, const float *bias, int64_t incbias, const float *mean, int64_t incmean, const float *var, int64_t incvar, float *y, int64_t ldy0, int64_t ldy1, int64_t ldy2);
void polylift_cudnn_conv_bn_relu_f32(int64_t N, int64_t C, int64_t H, int64_t W, int64_t K, int64_t R, int64_t S, int64_t P, int64_t Q, float eps, const float *x, int64_t ldx0, int64_t ldx1, int64_t ldx2, const float *w, int64_t ldw0, int64_t ldw1, int64_t ldw2, const float *scale, int64_t incscale, const float *bias, int64_t incbias, const float *mean, int64_t incmean, const float *var, int64_t incvar, float *y, int64_t ldy0, int64_t ldy1, int64_t ldy2);

/* copy: blas.copy (y = x) */
void polylift_ref_copy_f32(int64_t n, const float *x, int64_t incx, float *y, int64_t incy);
void polylift_ref_copy_f64(int64_t n, const double *x, int64_t incx, double *y, int64_t incy);
void polylift_host_copy_f32(int64_t n, const float *x, int64_t incx, float *y, int64_t incy);
void polylift_host_copy_f64(int64_t n, const double *x, int64_t incx, double *y, int64_t incy);
void polylift_cublas_copy_f32(int64_t n, const float *x, int64_t incx, float *y, int64_t incy);
void polylift_cublas_copy_f64(int64_t n, const double *x, int64_t incx, double *y, int64_t incy);

/* copy2d: blas.copy2d (B = A (matrices)) */
void polylift_ref_copy2d_f32(int64_t m, int64_t n, const float *A, int64_t ldA, float *B, int64_t ldB);
void polylift_ref_copy2d_f64(int64_t m, int64_t n, const double *A, int64_t ldA, double *B, int64_t ldB);
void polylift_host_copy2d_f32(int64_t m, int64_t n, const float *A, int64_t ldA, float *B, int64_t ldB);
void polylift_host_copy2d_f64(int64_t m, int64_t n, const double *A, int64_t ldA, double *B, int64_t ldB);
void polylift_cublas_copy2d_f32(int64_t m, int64_t n, const float *A, int64_t ldA, float *B, int64_t ldB);
void polylift_cublas_copy2d_f64(int64_t m, int64_t n, const double *A, int64_t ldA, double *B, int64_t ldB);

/* cumsum: scan.cumsum (y[0] = x[0], then y[k] = y[k-1] + x[k]: the inclusive running sum) */
void polylift_ref_cumsum_f32(int64_t n, const float *x, int64_t incx, float *y, int64_t incy);
void polylift_ref_cumsum_f64(int64_t n, const double *x, int64_t incx, double *y, int64_t incy);
void polylift_ref_cumsum_i32(int64_t n, const int32_t *x, int64_t incx, int32_t *y, int64_t incy);
void polylift_ref_cumsum_i64(int64_t n, const int64_t *x, int64_t incx, int64_t *y, int64_t incy);
void polylift_host_cumsum_f32(int64_t n, const float *x, int64_t incx, float *y, int64_t incy);
void polylift_host_cumsum_f64(int64_t n, const double *x, int64_t incx, double *y, int64_t incy);
void polylift_host_cumsum_i32(int64_t n, const int32_t *x, int64_t incx, int32_t *y, int64_t incy);
void polylift_host_cumsum_i64(int64_t n, const int64_t *x, int64_t incx, int64_t *y, int64_t incy);

/* dot: blas.dot (r += x . y (r is a one-element array)) */
void polylift_ref_dot_f32(int64_t n, const float *x, int64_t incx, const float *y, int64_t incy, float *r);
void polylift_ref_dot_f64(int64_t n, const double *x, int64_t incx, const double *y, int64_t incy, double *r);
void polylift_host_dot_f32(int64_t n, const float *x, int64_t incx, const float *y, int64_t incy, float *r);
void polylift_host_dot_f64(int64_t n, const double *x, int64_t incx, const double *y, int64_t incy, double *r);
void polylift_cublas_dot_f32(int64_t n, const float *x, int64_t incx, const float *y, int64_t incy, float *r);
void polylift_cublas_dot_f64(int64_t n, const double *x, int64_t incx, const double *y, int64_t incy, double *r);

/* fdtd2d_ex: stencil.fdtd2d_ex (ex = ex - c * (hz[i,j] - hz[i,j-1])) */
void polylift_ref_fdtd2d_ex_f32(int64_t m, int64_t n, float c, const float *hz, int64_t ldhz, float *ex, int64_t ldex);
void polylift_ref_fdtd2d_ex_f64(int64_t m, int64_t n, double c, const double *hz, int64_t ldhz, double *ex, int64_t ldex);
void polylift_host_fdtd2d_ex_f32(int64_t m, int64_t n, float c, const float *hz, int64_t ldhz, float *ex, int64_t ldex);
void polylift_host_fdtd2d_ex_f64(int64_t m, int64_t n, double c, const double *hz, int64_t ldhz, double *ex, int64_t ldex);

/* fdtd2d_ey: stencil.fdtd2d_ey (ey = ey - c * (hz[i,j] - hz[i-1,j])) */
void polylift_ref_fdtd2d_ey_f32(int64_t m, int64_t n, float c, const float *hz, int64_t ldhz, float *ey, int64_t ldey);
void polylift_ref_fdtd2d_ey_f64(int64_t m, int64_t n, double c, const double *hz, int64_t ldhz, double *ey, int64_t ldey);
void polylift_host_fdtd2d_ey_f32(int64_t m, int64_t n, float c, const float *hz, int64_t ldhz, float *ey, int64_t ldey);
void polylift_host_fdtd2d_ey_f64(int64_t m, int64_t n, double c, const double *hz, int64_t ldhz, double *ey, int64_t ldey);

/* fdtd2d_hz: stencil.fdtd2d_hz (hz = hz - c * (ex[i,j+1] - ex[i,j] + ey[i+1,j] - ey[i,j])) */
void polylift_ref_fdtd2d_hz_f32(int64_t m, int64_t n, float c, const float *ex, int64_t ldex, const float *ey, int64_t ldey, float *hz, int64_t ldhz);
void polylift_ref_fdtd2d_hz_f64(int64_t m, int64_t n, double c, const double *ex, int64_t ldex, const double *ey, int64_t ldey, double *hz, int64_t ldhz);
void polylift_host_fdtd2d_hz_f32(int64_t m, int64_t n, float c, const float *ex, int64_t ldex, const float *ey, int64_t ldey, float *hz, int64_t ldhz);
void polylift_host_fdtd2d_hz_f64(int64_t m, int64_t n, double c, const double *ex, int64_t ldex, const double *ey, int64_t ldey, double *hz, int64_t ldhz);

/* fill: blas.fill (x = alpha) */
void polylift_ref_fill_f32(int64_t n, float alpha, float *x, int64_t incx);
void polylift_ref_fill_f64(int64_t n, double alpha, double *x, int64_t incx);
void polylift_host_fill_f32(int64_t n, float alpha, float *x, int64_t incx);
void polylift_host_fill_f64(int64_t n, double alpha, double *x, int64_t incx);
void polylift_cublas_fill_f32(int64_t n, float alpha, float *x, int64_t incx);
void polylift_cublas_fill_f64(int64_t n, double alpha, double *x, int64_t incx);

/* fill2d: blas.fill2d (A = alpha (a zero-fill binds alpha to the constant 0)) */
void polylift_ref_fill2d_f32(int64_t m, int64_t n, float alpha, float *A, int64_t ldA);
void polylift_ref_fill2d_f64(int64_t m, int64_t n, double alpha, double *A, int64_t ldA);
void polylift_host_fill2d_f32(int64_t m, int64_t n, float alpha, float *A, int64_t ldA);
void polylift_host_fill2d_f64(int64_t m, int64_t n, double alpha, double *A, int64_t ldA);
void polylift_cublas_fill2d_f32(int64_t m, int64_t n, float alpha, float *A, int64_t ldA);
void polylift_cublas_fill2d_f64(int64_t m, int64_t n, double alpha, double *A, int64_t ldA);

/* gemm: blas.gemm (C = alpha * A.B + beta * C), blas.gemm_zero (C = 0 then C += alpha * A.B: the fill is beta = 0, no separate fill), blas.gemm_acc (C += A.B (alpha = beta = 1)), blas.gemm_alpha (C += alpha * A.B (beta = 1): the CNN-framework gemm_nn loop, C scaled beforehand if at all), blas.gemm_zero1 (C = 0 then C += A.B (alpha = 1, beta = 0)) */
void polylift_ref_gemm_f32(int64_t m, int64_t n, int64_t k, float alpha, const float *A, int64_t ldA, const float *B, int64_t ldB, float beta, float *C, int64_t ldC);
void polylift_ref_gemm_f64(int64_t m, int64_t n, int64_t k, double alpha, const double *A, int64_t ldA, const double *B, int64_t ldB, double beta, double *C, int64_t ldC);
void polylift_host_gemm_f32(int64_t m, int64_t n, int64_t k, float alpha, const float *A, int64_t ldA, const float *B, int64_t ldB, float beta, float *C, int64_t ldC);
void polylift_host_gemm_f64(int64_t m, int64_t n, int64_t k, double alpha, const double *A, int64_t ldA, const double *B, int64_t ldB, double beta, double *C, int64_t ldC);
void polylift_cublas_gemm_f32(int64_t m, int64_t n, int64_t k, float alpha, const float *A, int64_t ldA, const float *B, int64_t ldB, float beta, float *C, int64_t ldC);
void polylift_cublas_gemm_f64(int64_t m, int64_t n, int64_t k, double alpha, const double *A, int64_t ldA, const double *B, int64_t ldB, double beta, double *C, int64_t ldC);
void polylift_cublaslt_gemm_f32(int64_t m, int64_t n, int64_t k, float alpha, const float *A, int64_t ldA, const float *B, int64_t ldB, float beta, float *C, int64_t ldC);
void polylift_cublaslt_gemm_f64(int64_t m, int64_t n, int64_t k, double alpha, const double *A, int64_t ldA, const double *B, int64_t ldB, double beta, double *C, int64_t ldC);

/* gemm_batched: blas.gemm_batched (C[b] = beta * C[b], then C[b] += alpha * A[b].B[b]), blas.gemm_batched_zero1 (C[b] = 0, then C[b] += A[b].B[b] (alpha = 1, beta = 0)), blas.gemm_batched_acc (C[b] += A[b].B[b] (alpha = beta = 1)) */
void polylift_ref_gemm_batched_f32(int64_t nb, int64_t m, int64_t n, int64_t k, float alpha, const float *A, int64_t ldA0, int64_t ldA1, const float *B, int64_t ldB0, int64_t ldB1, float beta, float *C, int64_t ldC0, int64_t ldC1);
void polylift_ref_gemm_batched_f64(int64_t nb, int64_t m, int64_t n, int64_t k, double alpha, const double *A, int64_t ldA0, int64_t ldA1, const double *B, int64_t ldB0, int64_t ldB1, double beta, double *C, int64_t ldC0, int64_t ldC1);
void polylift_host_gemm_batched_f32(int64_t nb, int64_t m, int64_t n, int64_t k, float alpha, const float *A, int64_t ldA0, int64_t ldA1, const float *B, int64_t ldB0, int64_t ldB1, float beta, float *C, int64_t ldC0, int64_t ldC1);
void polylift_host_gemm_batched_f64(int64_t nb, int64_t m, int64_t n, int64_t k, double alpha, const double *A, int64_t ldA0, int64_t ldA1, const double *B, int64_t ldB0, int64_t ldB1, double beta, double *C, int64_t ldC0, int64_t ldC1);
void polylift_cublas_gemm_batched_f32(int64_t nb, int64_t m, int64_t n, int64_t k, float alpha, const float *A, int64_t ldA0, int64_t ldA1, const float *B, int64_t ldB0, int64_t ldB1, float beta, float *C, int64_t ldC0, int64_t ldC1);
void polylift_cublas_gemm_batched_f64(int64_t nb, int64_t m, int64_t n, int64_t k, double alpha, const double *A, int64_t ldA0, int64_t ldA1, const double *B, int64_t ldB0, int64_t ldB1, double beta, double *C, int64_t ldC0, int64_t ldC1);

/* gemm_batched_a: blas.gemm_batched_a_zero1 (C[b] = 0, then C[b] += A.B[b]: one A shared by every batch (alpha = 1, beta = 0)), blas.gemm_batched_a_acc (C[b] += A.B[b]: one A shared by every batch (alpha = beta = 1)) */
void polylift_ref_gemm_batched_a_f32(int64_t nb, int64_t m, int64_t n, int64_t k, float alpha, const float *A, int64_t ldA, const float *B, int64_t ldB0, int64_t ldB1, float beta, float *C, int64_t ldC0, int64_t ldC1);
void polylift_ref_gemm_batched_a_f64(int64_t nb, int64_t m, int64_t n, int64_t k, double alpha, const double *A, int64_t ldA, const double *B, int64_t ldB0, int64_t ldB1, double beta, double *C, int64_t ldC0, int64_t ldC1);
void polylift_host_gemm_batched_a_f32(int64_t nb, int64_t m, int64_t n, int64_t k, float alpha, const float *A, int64_t ldA, const float *B, int64_t ldB0, int64_t ldB1, float beta, float *C, int64_t ldC0, int64_t ldC1);
void polylift_host_gemm_batched_a_f64(int64_t nb, int64_t m, int64_t n, int64_t k, double alpha, const double *A, int64_t ldA, const double *B, int64_t ldB0, int64_t ldB1, double beta, double *C, int64_t ldC0, int64_t ldC1);
void polylift_cublas_gemm_batched_a_f32(int64_t nb, int64_t m, int64_t n, int64_t k, float alpha, const float *A, int64_t ldA, const float *B, int64_t ldB0, int64_t ldB1, float beta, float *C, int64_t ldC0, int64_t ldC1);
void polylift_cublas_gemm_batched_a_f64(int64_t nb, int64_t m, int64_t n, int64_t k, double alpha, const double *A, int64_t ldA, const double *B, int64_t ldB0, int64_t ldB1, double beta, double *C, int64_t ldC0, int64_t ldC1);

/* gemm_bias_relu: cnn.gemm_bias_relu (C = relu(A.B + bias[j]): a gemm with a bias and ReLU epilogue) */
void polylift_ref_gemm_bias_relu_f32(int64_t m, int64_t n, int64_t k, const float *A, int64_t ldA, const float *B, int64_t ldB, const float *bias, int64_t incbias, float *C, int64_t ldC);
void polylift_host_gemm_bias_relu_f32(int64_t m, int64_t n, int64_t k, const float *A, int64_t ldA, const float *B, int64_t ldB, const float *bias, int64_t incbias, float *C, int64_t ldC);
void polylift_cublaslt_gemm_bias_relu_f32(int64_t m, int64_t n, int64_t k, const float *A, int64_t ldA, const float *B, int64_t ldB, const float *bias, int64_t incbias, float *C, int64_t ldC);

/* gemm_nt: blas.gemm_nt (C = alpha * A.B^T + beta * C), blas.gemm_nt_zero (C = 0 then C += alpha * A.B^T (beta = 0)), blas.gemm_nt_zero1 (C = 0 then C += A.B^T (alpha = 1, beta = 0)), blas.gemm_nt_acc (C += A.B^T (alpha = beta = 1)), blas.gemm_nt_alpha (C += alpha * op(A).op(B) (beta = 1)) */
void polylift_ref_gemm_nt_f32(int64_t m, int64_t n, int64_t k, float alpha, const float *A, int64_t ldA, const float *B, int64_t ldB, float beta, float *C, int64_t ldC);
void polylift_ref_gemm_nt_f64(int64_t m, int64_t n, int64_t k, double alpha, const double *A, int64_t ldA, const double *B, int64_t ldB, double beta, double *C, int64_t ldC);
void polylift_host_gemm_nt_f32(int64_t m, int64_t n, int64_t k, float alpha, const float *A, int64_t ldA, const float *B, int64_t ldB, float beta, float *C, int64_t ldC);
void polylift_host_gemm_nt_f64(int64_t m, int64_t n, int64_t k, double alpha, const double *A, int64_t ldA, const double *B, int64_t ldB, double beta, double *C, int64_t ldC);
void polylift_cublas_gemm_nt_f32(int64_t m, int64_t n, int64_t k, float alpha, const float *A, int64_t ldA, const float *B, int64_t ldB, float beta, float *C, int64_t ldC);
void polylift_cublas_gemm_nt_f64(int64_t m, int64_t n, int64_t k, double alpha, const double *A, int64_t ldA, const double *B, int64_t ldB, double beta, double *C, int64_t ldC);
void polylift_cublaslt_gemm_nt_f32(int64_t m, int64_t n, int64_t k, float alpha, const float *A, int64_t ldA, const float *B, int64_t ldB, float beta, float *C, int64_t ldC);
void polylift_cublaslt_gemm_nt_f64(int64_t m, int64_t n, int64_t k, double alpha, const double *A, int64_t ldA, const double *B, int64_t ldB, double beta, double *C, int64_t ldC);

/* gemm_tn: blas.gemm_tn (C = alpha * A^T.B + beta * C), blas.gemm_tn_zero (C = 0 then C += alpha * A^T.B (beta = 0)), blas.gemm_tn_zero1 (C = 0 then C += A^T.B (alpha = 1, beta = 0)), blas.gemm_tn_acc (C += A^T.B (alpha = beta = 1)), blas.gemm_tn_alpha (C += alpha * op(A).op(B) (beta = 1)) */
void polylift_ref_gemm_tn_f32(int64_t m, int64_t n, int64_t k, float alpha, const float *A, int64_t ldA, const float *B, int64_t ldB, float beta, float *C, int64_t ldC);
void polylift_ref_gemm_tn_f64(int64_t m, int64_t n, int64_t k, double alpha, const double *A, int64_t ldA, const double *B, int64_t ldB, double beta, double *C, int64_t ldC);
void polylift_host_gemm_tn_f32(int64_t m, int64_t n, int64_t k, float alpha, const float *A, int64_t ldA, const float *B, int64_t ldB, float beta, float *C, int64_t ldC);
void polylift_host_gemm_tn_f64(int64_t m, int64_t n, int64_t k, double alpha, const double *A, int64_t ldA, const double *B, int64_t ldB, double beta, double *C, int64_t ldC);
void polylift_cublas_gemm_tn_f32(int64_t m, int64_t n, int64_t k, float alpha, const float *A, int64_t ldA, const float *B, int64_t ldB, float beta, float *C, int64_t ldC);
void polylift_cublas_gemm_tn_f64(int64_t m, int64_t n, int64_t k, double alpha, const double *A, int64_t ldA, const double *B, int64_t ldB, double beta, double *C, int64_t ldC);
void polylift_cublaslt_gemm_tn_f32(int64_t m, int64_t n, int64_t k, float alpha, const float *A, int64_t ldA, const float *B, int64_t ldB, float beta, float *C, int64_t ldC);
void polylift_cublaslt_gemm_tn_f64(int64_t m, int64_t n, int64_t k, double alpha, const double *A, int64_t ldA, const double *B, int64_t ldB, double beta, double *C, int64_t ldC);

/* gemm_tt: blas.gemm_tt (C = alpha * A^T.B^T + beta * C), blas.gemm_tt_zero (C = 0 then C += alpha * A^T.B^T (beta = 0)), blas.gemm_tt_zero1 (C = 0 then C += A^T.B^T (alpha = 1, beta = 0)), blas.gemm_tt_acc (C += A^T.B^T (alpha = beta = 1)), blas.gemm_tt_alpha (C += alpha * op(A).op(B) (beta = 1)) */
void polylift_ref_gemm_tt_f32(int64_t m, int64_t n, int64_t k, float alpha, const float *A, int64_t ldA, const float *B, int64_t ldB, float beta, float *C, int64_t ldC);
void polylift_ref_gemm_tt_f64(int64_t m, int64_t n, int64_t k, double alpha, const double *A, int64_t ldA, const double *B, int64_t ldB, double beta, double *C, int64_t ldC);
void polylift_host_gemm_tt_f32(int64_t m, int64_t n, int64_t k, float alpha, const float *A, int64_t ldA, const float *B, int64_t ldB, float beta, float *C, int64_t ldC);
void polylift_host_gemm_tt_f64(int64_t m, int64_t n, int64_t k, double alpha, const double *A, int64_t ldA, const double *B, int64_t ldB, double beta, double *C, int64_t ldC);
void polylift_cublas_gemm_tt_f32(int64_t m, int64_t n, int64_t k, float alpha, const float *A, int64_t ldA, const float *B, int64_t ldB, float beta, float *C, int64_t ldC);
void polylift_cublas_gemm_tt_f64(int64_t m, int64_t n, int64_t k, double alpha, const double *A, int64_t ldA, const double *B, int64_t ldB, double beta, double *C, int64_t ldC);
void polylift_cublaslt_gemm_tt_f32(int64_t m, int64_t n, int64_t k, float alpha, const float *A, int64_t ldA, const float *B, int64_t ldB, float beta, float *C, int64_t ldC);
void polylift_cublaslt_gemm_tt_f64(int64_t m, int64_t n, int64_t k, double alpha, const double *A, int64_t ldA, const double *B, int64_t ldB, double beta, double *C, int64_t ldC);

/* gemv: blas.gemv (y = beta * y, then y += alpha * A.x), blas.gemv_zero (y = 0, then y += alpha * A.x (beta = 0)), blas.gemv_zero1 (y = 0, then y += A.x (alpha = 1, beta = 0)) */
void polylift_ref_gemv_f32(int64_t m, int64_t n, float alpha, const float *A, int64_t ldA, const float *x, int64_t incx, float beta, float *y, int64_t incy);
void polylift_ref_gemv_f64(int64_t m, int64_t n, double alpha, const double *A, int64_t ldA, const double *x, int64_t incx, double beta, double *y, int64_t incy);
void polylift_host_gemv_f32(int64_t m, int64_t n, float alpha, const float *A, int64_t ldA, const float *x, int64_t incx, float beta, float *y, int64_t incy);
void polylift_host_gemv_f64(int64_t m, int64_t n, double alpha, const double *A, int64_t ldA, const double *x, int64_t incx, double beta, double *y, int64_t incy);
void polylift_cublas_gemv_f32(int64_t m, int64_t n, float alpha, const float *A, int64_t ldA, const float *x, int64_t incx, float beta, float *y, int64_t incy);
void polylift_cublas_gemv_f64(int64_t m, int64_t n, double alpha, const double *A, int64_t ldA, const double *x, int64_t incx, double beta, double *y, int64_t incy);

/* gemv_acc: blas.gemv_acc (y += alpha * A.x), blas.gemv_acc1 (y += A.x (alpha = 1)) */
void polylift_ref_gemv_acc_f32(int64_t m, int64_t n, float alpha, const float *A, int64_t ldA, const float *x, int64_t incx, float *y, int64_t incy);
void polylift_ref_gemv_acc_f64(int64_t m, int64_t n, double alpha, const double *A, int64_t ldA, const double *x, int64_t incx, double *y, int64_t incy);
void polylift_host_gemv_acc_f32(int64_t m, int64_t n, float alpha, const float *A, int64_t ldA, const float *x, int64_t incx, float *y, int64_t incy);
void polylift_host_gemv_acc_f64(int64_t m, int64_t n, double alpha, const double *A, int64_t ldA, const double *x, int64_t incx, double *y, int64_t incy);
void polylift_cublas_gemv_acc_f32(int64_t m, int64_t n, float alpha, const float *A, int64_t ldA, const float *x, int64_t incx, float *y, int64_t incy);
void polylift_cublas_gemv_acc_f64(int64_t m, int64_t n, double alpha, const double *A, int64_t ldA, const double *x, int64_t incx, double *y, int64_t incy);

/* gemv_t: blas.gemv_t (y = beta * y, then y += alpha * A^T.x), blas.gemv_t_zero (y = 0, then y += alpha * A^T.x (beta = 0)), blas.gemv_t_zero1 (y = 0, then y += A^T.x (alpha = 1, beta = 0)) */
void polylift_ref_gemv_t_f32(int64_t m, int64_t n, float alpha, const float *A, int64_t ldA, const float *x, int64_t incx, float beta, float *y, int64_t incy);
void polylift_ref_gemv_t_f64(int64_t m, int64_t n, double alpha, const double *A, int64_t ldA, const double *x, int64_t incx, double beta, double *y, int64_t incy);
void polylift_host_gemv_t_f32(int64_t m, int64_t n, float alpha, const float *A, int64_t ldA, const float *x, int64_t incx, float beta, float *y, int64_t incy);
void polylift_host_gemv_t_f64(int64_t m, int64_t n, double alpha, const double *A, int64_t ldA, const double *x, int64_t incx, double beta, double *y, int64_t incy);
void polylift_cublas_gemv_t_f32(int64_t m, int64_t n, float alpha, const float *A, int64_t ldA, const float *x, int64_t incx, float beta, float *y, int64_t incy);
void polylift_cublas_gemv_t_f64(int64_t m, int64_t n, double alpha, const double *A, int64_t ldA, const double *x, int64_t incx, double beta, double *y, int64_t incy);

/* gemv_t_acc: blas.gemv_t_acc (y += alpha * A^T.x), blas.gemv_t_acc1 (y += A^T.x (alpha = 1)) */
void polylift_ref_gemv_t_acc_f32(int64_t m, int64_t n, float alpha, const float *A, int64_t ldA, const float *x, int64_t incx, float *y, int64_t incy);
void polylift_ref_gemv_t_acc_f64(int64_t m, int64_t n, double alpha, const double *A, int64_t ldA, const double *x, int64_t incx, double *y, int64_t incy);
void polylift_host_gemv_t_acc_f32(int64_t m, int64_t n, float alpha, const float *A, int64_t ldA, const float *x, int64_t incx, float *y, int64_t incy);
void polylift_host_gemv_t_acc_f64(int64_t m, int64_t n, double alpha, const double *A, int64_t ldA, const double *x, int64_t incx, double *y, int64_t incy);
void polylift_cublas_gemv_t_acc_f32(int64_t m, int64_t n, float alpha, const float *A, int64_t ldA, const float *x, int64_t incx, float *y, int64_t incy);
void polylift_cublas_gemv_t_acc_f64(int64_t m, int64_t n, double alpha, const double *A, int64_t ldA, const double *x, int64_t incx, double *y, int64_t incy);

/* ger: blas.ger (A += alpha * x.y^T), blas.ger1 (A += x.y^T (alpha = 1)) */
void polylift_ref_ger_f32(int64_t m, int64_t n, float alpha, const float *x, int64_t incx, const float *y, int64_t incy, float *A, int64_t ldA);
void polylift_ref_ger_f64(int64_t m, int64_t n, double alpha, const double *x, int64_t incx, const double *y, int64_t incy, double *A, int64_t ldA);
void polylift_host_ger_f32(int64_t m, int64_t n, float alpha, const float *x, int64_t incx, const float *y, int64_t incy, float *A, int64_t ldA);
void polylift_host_ger_f64(int64_t m, int64_t n, double alpha, const double *x, int64_t incx, const double *y, int64_t incy, double *A, int64_t ldA);
void polylift_cublas_ger_f32(int64_t m, int64_t n, float alpha, const float *x, int64_t incx, const float *y, int64_t incy, float *A, int64_t ldA);
void polylift_cublas_ger_f64(int64_t m, int64_t n, double alpha, const double *x, int64_t incx, const double *y, int64_t incy, double *A, int64_t ldA);

/* ger2: blas.ger2 (A += u1.v1^T + u2.v2^T (the rank-2 update of gemver)) */
void polylift_ref_ger2_f32(int64_t m, int64_t n, const float *u1, int64_t incu1, const float *v1, int64_t incv1, const float *u2, int64_t incu2, const float *v2, int64_t incv2, float *A, int64_t ldA);
void polylift_ref_ger2_f64(int64_t m, int64_t n, const double *u1, int64_t incu1, const double *v1, int64_t incv1, const double *u2, int64_t incu2, const double *v2, int64_t incv2, double *A, int64_t ldA);
void polylift_host_ger2_f32(int64_t m, int64_t n, const float *u1, int64_t incu1, const float *v1, int64_t incv1, const float *u2, int64_t incu2, const float *v2, int64_t incv2, float *A, int64_t ldA);
void polylift_host_ger2_f64(int64_t m, int64_t n, const double *u1, int64_t incu1, const double *v1, int64_t incv1, const double *u2, int64_t incu2, const double *v2, int64_t incv2, double *A, int64_t ldA);
void polylift_cublas_ger2_f32(int64_t m, int64_t n, const float *u1, int64_t incu1, const float *v1, int64_t incv1, const float *u2, int64_t incu2, const float *v2, int64_t incv2, float *A, int64_t ldA);
void polylift_cublas_ger2_f64(int64_t m, int64_t n, const double *u1, int64_t incu1, const double *v1, int64_t incv1, const double *u2, int64_t incu2, const double *v2, int64_t incv2, double *A, int64_t ldA);

/* heat3d: stencil.heat3d (B = A + c * (second difference of A along each axis), PolyBench's heat-3d order) */
void polylift_ref_heat3d_f32(int64_t l, int64_t m, int64_t n, float c, const float *A, int64_t ldA0, int64_t ldA1, float *B, int64_t ldB0, int64_t ldB1);
void polylift_ref_heat3d_f64(int64_t l, int64_t m, int64_t n, double c, const double *A, int64_t ldA0, int64_t ldA1, double *B, int64_t ldB0, int64_t ldB1);
void polylift_host_heat3d_f32(int64_t l, int64_t m, int64_t n, float c, const float *A, int64_t ldA0, int64_t ldA1, float *B, int64_t ldB0, int64_t ldB1);
void polylift_host_heat3d_f64(int64_t l, int64_t m, int64_t n, double c, const double *A, int64_t ldA0, int64_t ldA1, double *B, int64_t ldB0, int64_t ldB1);

/* jacobi1d: stencil.jacobi1d (B[i] = c * (A[i-1] + A[i] + A[i+1])) */
void polylift_ref_jacobi1d_f32(int64_t n, float c, const float *A, int64_t incA, float *B, int64_t incB);
void polylift_ref_jacobi1d_f64(int64_t n, double c, const double *A, int64_t incA, double *B, int64_t incB);
void polylift_host_jacobi1d_f32(int64_t n, float c, const float *A, int64_t incA, float *B, int64_t incB);
void polylift_host_jacobi1d_f64(int64_t n, double c, const double *A, int64_t incA, double *B, int64_t incB);

/* jacobi2d: stencil.jacobi2d (B = c * (A[i,j] + A[i,j-1] + A[i,j+1] + A[i+1,j] + A[i-1,j]), summed in that order) */
void polylift_ref_jacobi2d_f32(int64_t m, int64_t n, float c, const float *A, int64_t ldA, float *B, int64_t ldB);
void polylift_ref_jacobi2d_f64(int64_t m, int64_t n, double c, const double *A, int64_t ldA, double *B, int64_t ldB);
void polylift_host_jacobi2d_f32(int64_t m, int64_t n, float c, const float *A, int64_t ldA, float *B, int64_t ldB);
void polylift_host_jacobi2d_f64(int64_t m, int64_t n, double c, const double *A, int64_t ldA, double *B, int64_t ldB);

/* maxpool: cnn.maxpool (y = the maximum of each 2x2 window of x (stride 2), starting from its first element) */
void polylift_ref_maxpool_f32(int64_t N, int64_t C, int64_t H, int64_t W, int64_t P, int64_t Q, const float *x, int64_t ldx0, int64_t ldx1, int64_t ldx2, float *y, int64_t ldy0, int64_t ldy1, int64_t ldy2);
void polylift_host_maxpool_f32(int64_t N, int64_t C, int64_t H, int64_t W, int64_t P, int64_t Q, const float *x, int64_t ldx0, int64_t ldx1, int64_t ldx2, float *y, int64_t ldy0, int64_t ldy1, int64_t ldy2);
void polylift_cudnn_maxpool_f32(int64_t N, int64_t C, int64_t H, int64_t W, int64_t P, int64_t Q, const float *x, int64_t ldx0, int64_t ldx1, int64_t ldx2, float *y, int64_t ldy0, int64_t ldy1, int64_t ldy2);

/* pva_bilateral3x3: pva.bilateral3x3 (dst = rdiv(sum g*q, sum g) over the 3x3 window, g = ws[a,b] * wr[|q - p| >> rshift] for neighbour q of pixel p, whole image, replicate border) */
void polylift_ref_pva_bilateral3x3_i8(int64_t h, int64_t w, int64_t kh, int64_t kw, int64_t n, int32_t rshift, const int32_t *ws, int64_t ldws, const int32_t *wr, int64_t incwr, const int8_t *src, int64_t ldsrc, int8_t *dst, int64_t lddst);
void polylift_ref_pva_bilateral3x3_i16(int64_t h, int64_t w, int64_t kh, int64_t kw, int64_t n, int32_t rshift, const int32_t *ws, int64_t ldws, const int32_t *wr, int64_t incwr, const int16_t *src, int64_t ldsrc, int16_t *dst, int64_t lddst);
void polylift_host_pva_bilateral3x3_i8(int64_t h, int64_t w, int64_t kh, int64_t kw, int64_t n, int32_t rshift, const int32_t *ws, int64_t ldws, const int32_t *wr, int64_t incwr, const int8_t *src, int64_t ldsrc, int8_t *dst, int64_t lddst);
void polylift_host_pva_bilateral3x3_i16(int64_t h, int64_t w, int64_t kh, int64_t kw, int64_t n, int32_t rshift, const int32_t *ws, int64_t ldws, const int32_t *wr, int64_t incwr, const int16_t *src, int64_t ldsrc, int16_t *dst, int64_t lddst);
void polylift_pva_pva_bilateral3x3_i8(int64_t h, int64_t w, int64_t kh, int64_t kw, int64_t n, int32_t rshift, const int32_t *ws, int64_t ldws, const int32_t *wr, int64_t incwr, const int8_t *src, int64_t ldsrc, int8_t *dst, int64_t lddst);
void polylift_pva_pva_bilateral3x3_i16(int64_t h, int64_t w, int64_t kh, int64_t kw, int64_t n, int32_t rshift, const int32_t *ws, int64_t ldws, const int32_t *wr, int64_t incwr, const int16_t *src, int64_t ldsrc, int16_t *dst, int64_t lddst);

/* pva_bilateral3x3_roi: pva.bilateral3x3_roi (dst = rdiv(sum g*q, sum g) over the 3x3 window, g = ws[a,b] * wr[|q - p| >> rshift] for neighbour q of pixel p, over a region with a one-pixel halo) */
void polylift_ref_pva_bilateral3x3_roi_i8(int64_t h, int64_t w, int64_t kh, int64_t kw, int64_t n, int32_t rshift, const int32_t *ws, int64_t ldws, const int32_t *wr, int64_t incwr, const int8_t *src, int64_t ldsrc, int8_t *dst, int64_t lddst);
void polylift_ref_pva_bilateral3x3_roi_i16(int64_t h, int64_t w, int64_t kh, int64_t kw, int64_t n, int32_t rshift, const int32_t *ws, int64_t ldws, const int32_t *wr, int64_t incwr, const int16_t *src, int64_t ldsrc, int16_t *dst, int64_t lddst);
void polylift_host_pva_bilateral3x3_roi_i8(int64_t h, int64_t w, int64_t kh, int64_t kw, int64_t n, int32_t rshift, const int32_t *ws, int64_t ldws, const int32_t *wr, int64_t incwr, const int8_t *src, int64_t ldsrc, int8_t *dst, int64_t lddst);
void polylift_host_pva_bilateral3x3_roi_i16(int64_t h, int64_t w, int64_t kh, int64_t kw, int64_t n, int32_t rshift, const int32_t *ws, int64_t ldws, const int32_t *wr, int64_t incwr, const int16_t *src, int64_t ldsrc, int16_t *dst, int64_t lddst);
void polylift_pva_pva_bilateral3x3_roi_i8(int64_t h, int64_t w, int64_t kh, int64_t kw, int64_t n, int32_t rshift, const int32_t *ws, int64_t ldws, const int32_t *wr, int64_t incwr, const int8_t *src, int64_t ldsrc, int8_t *dst, int64_t lddst);
void polylift_pva_pva_bilateral3x3_roi_i16(int64_t h, int64_t w, int64_t kh, int64_t kw, int64_t n, int32_t rshift, const int32_t *ws, int64_t ldws, const int32_t *wr, int64_t incwr, const int16_t *src, int64_t ldsrc, int16_t *dst, int64_t lddst);

/* pva_box3x3: pva.box3x3 (dst = mean of the 3x3 window, rounded to nearest (halves away from zero)) */
void polylift_ref_pva_box3x3_i8(int64_t h, int64_t w, const int8_t *src, int64_t ldsrc, int8_t *dst, int64_t lddst);
void polylift_ref_pva_box3x3_i16(int64_t h, int64_t w, const int16_t *src, int64_t ldsrc, int16_t *dst, int64_t lddst);
void polylift_host_pva_box3x3_i8(int64_t h, int64_t w, const int8_t *src, int64_t ldsrc, int8_t *dst, int64_t lddst);
void polylift_host_pva_box3x3_i16(int64_t h, int64_t w, const int16_t *src, int64_t ldsrc, int16_t *dst, int64_t lddst);
void polylift_pva_pva_box3x3_i8(int64_t h, int64_t w, const int8_t *src, int64_t ldsrc, int8_t *dst, int64_t lddst);
void polylift_pva_pva_box3x3_i16(int64_t h, int64_t w, const int16_t *src, int64_t ldsrc, int16_t *dst, int64_t lddst);

/* pva_box3x3_roi: pva.box3x3_roi (dst = mean of the 3x3 window, rounded to nearest (halves away from zero), over a region with a one-pixel halo) */
void polylift_ref_pva_box3x3_roi_i8(int64_t h, int64_t w, const int8_t *src, int64_t ldsrc, int8_t *dst, int64_t lddst);
void polylift_ref_pva_box3x3_roi_i16(int64_t h, int64_t w, const int16_t *src, int64_t ldsrc, int16_t *dst, int64_t lddst);
void polylift_host_pva_box3x3_roi_i8(int64_t h, int64_t w, const int8_t *src, int64_t ldsrc, int8_t *dst, int64_t lddst);
void polylift_host_pva_box3x3_roi_i16(int64_t h, int64_t w, const int16_t *src, int64_t ldsrc, int16_t *dst, int64_t lddst);
void polylift_pva_pva_box3x3_roi_i8(int64_t h, int64_t w, const int8_t *src, int64_t ldsrc, int8_t *dst, int64_t lddst);
void polylift_pva_pva_box3x3_roi_i16(int64_t h, int64_t w, const int16_t *src, int64_t ldsrc, int16_t *dst, int64_t lddst);

/* pva_conv3x3_q: pva.conv3x3_q_i8 (dst = saturate((sum coef[a,b] * src[i+a-1,j+b-1] + 2^(shift-1)) >> shift): Q-format taps), pva.conv3x3_q_i16 (dst = saturate((sum coef[a,b] * src[i+a-1,j+b-1] + 2^(shift-1)) >> shift): Q-format taps) */
void polylift_ref_pva_conv3x3_q_i8(int64_t h, int64_t w, int64_t kh, int64_t kw, int32_t shift, const int8_t *coef, int64_t ldcoef, const int8_t *src, int64_t ldsrc, int8_t *dst, int64_t lddst);
void polylift_ref_pva_conv3x3_q_i16(int64_t h, int64_t w, int64_t kh, int64_t kw, int32_t shift, const int16_t *coef, int64_t ldcoef, const int16_t *src, int64_t ldsrc, int16_t *dst, int64_t lddst);
void polylift_host_pva_conv3x3_q_i8(int64_t h, int64_t w, int64_t kh, int64_t kw, int32_t shift, const int8_t *coef, int64_t ldcoef, const int8_t *src, int64_t ldsrc, int8_t *dst, int64_t lddst);
void polylift_host_pva_conv3x3_q_i16(int64_t h, int64_t w, int64_t kh, int64_t kw, int32_t shift, const int16_t *coef, int64_t ldcoef, const int16_t *src, int64_t ldsrc, int16_t *dst, int64_t lddst);
void polylift_pva_pva_conv3x3_q_i8(int64_t h, int64_t w, int64_t kh, int64_t kw, int32_t shift, const int8_t *coef, int64_t ldcoef, const int8_t *src, int64_t ldsrc, int8_t *dst, int64_t lddst);
void polylift_pva_pva_conv3x3_q_i16(int64_t h, int64_t w, int64_t kh, int64_t kw, int32_t shift, const int16_t *coef, int64_t ldcoef, const int16_t *src, int64_t ldsrc, int16_t *dst, int64_t lddst);

/* pva_conv3x3_q_roi: pva.conv3x3_q_roi_i8 (dst = saturate((sum coef[a,b] * src[i+a-1,j+b-1] + 2^(shift-1)) >> shift) over a region with a one-pixel halo), pva.conv3x3_q_roi_i16 (dst = saturate((sum coef[a,b] * src[i+a-1,j+b-1] + 2^(shift-1)) >> shift) over a region with a one-pixel halo) */
void polylift_ref_pva_conv3x3_q_roi_i8(int64_t h, int64_t w, int64_t kh, int64_t kw, int32_t shift, const int8_t *coef, int64_t ldcoef, const int8_t *src, int64_t ldsrc, int8_t *dst, int64_t lddst);
void polylift_ref_pva_conv3x3_q_roi_i16(int64_t h, int64_t w, int64_t kh, int64_t kw, int32_t shift, const int16_t *coef, int64_t ldcoef, const int16_t *src, int64_t ldsrc, int16_t *dst, int64_t lddst);
void polylift_host_pva_conv3x3_q_roi_i8(int64_t h, int64_t w, int64_t kh, int64_t kw, int32_t shift, const int8_t *coef, int64_t ldcoef, const int8_t *src, int64_t ldsrc, int8_t *dst, int64_t lddst);
void polylift_host_pva_conv3x3_q_roi_i16(int64_t h, int64_t w, int64_t kh, int64_t kw, int32_t shift, const int16_t *coef, int64_t ldcoef, const int16_t *src, int64_t ldsrc, int16_t *dst, int64_t lddst);
void polylift_pva_pva_conv3x3_q_roi_i8(int64_t h, int64_t w, int64_t kh, int64_t kw, int32_t shift, const int8_t *coef, int64_t ldcoef, const int8_t *src, int64_t ldsrc, int8_t *dst, int64_t lddst);
void polylift_pva_pva_conv3x3_q_roi_i16(int64_t h, int64_t w, int64_t kh, int64_t kw, int32_t shift, const int16_t *coef, int64_t ldcoef, const int16_t *src, int64_t ldsrc, int16_t *dst, int64_t lddst);

/* pva_gaussian3x3: pva.gaussian3x3 (dst = (1-2-1 x 1-2-1 weighted sum + 8) >> 4) */
void polylift_ref_pva_gaussian3x3_i8(int64_t h, int64_t w, const int8_t *src, int64_t ldsrc, int8_t *dst, int64_t lddst);
void polylift_ref_pva_gaussian3x3_i16(int64_t h, int64_t w, const int16_t *src, int64_t ldsrc, int16_t *dst, int64_t lddst);
void polylift_host_pva_gaussian3x3_i8(int64_t h, int64_t w, const int8_t *src, int64_t ldsrc, int8_t *dst, int64_t lddst);
void polylift_host_pva_gaussian3x3_i16(int64_t h, int64_t w, const int16_t *src, int64_t ldsrc, int16_t *dst, int64_t lddst);
void polylift_pva_pva_gaussian3x3_i8(int64_t h, int64_t w, const int8_t *src, int64_t ldsrc, int8_t *dst, int64_t lddst);
void polylift_pva_pva_gaussian3x3_i16(int64_t h, int64_t w, const int16_t *src, int64_t ldsrc, int16_t *dst, int64_t lddst);

/* pva_gaussian3x3_roi: pva.gaussian3x3_roi (dst = (1-2-1 x 1-2-1 weighted sum + 8) >> 4 over a region with a one-pixel halo) */
void polylift_ref_pva_gaussian3x3_roi_i8(int64_t h, int64_t w, const int8_t *src, int64_t ldsrc, int8_t *dst, int64_t lddst);
void polylift_ref_pva_gaussian3x3_roi_i16(int64_t h, int64_t w, const int16_t *src, int64_t ldsrc, int16_t *dst, int64_t lddst);
void polylift_host_pva_gaussian3x3_roi_i8(int64_t h, int64_t w, const int8_t *src, int64_t ldsrc, int8_t *dst, int64_t lddst);
void polylift_host_pva_gaussian3x3_roi_i16(int64_t h, int64_t w, const int16_t *src, int64_t ldsrc, int16_t *dst, int64_t lddst);
void polylift_pva_pva_gaussian3x3_roi_i8(int64_t h, int64_t w, const int8_t *src, int64_t ldsrc, int8_t *dst, int64_t lddst);
void polylift_pva_pva_gaussian3x3_roi_i16(int64_t h, int64_t w, const int16_t *src, int64_t ldsrc, int16_t *dst, int64_t lddst);

/* pva_histeq: pva.histeq (hist, cdf = its running sum, lut = the equalisation table of cdf, dst = lut[src]) */
void polylift_ref_pva_histeq_i8(int64_t h, int64_t w, int64_t nbins, const int8_t *src, int64_t ldsrc, int32_t *hist, int64_t inchist, int32_t *cdf, int64_t inccdf, int8_t *lut, int64_t inclut, int8_t *dst, int64_t lddst);
void polylift_host_pva_histeq_i8(int64_t h, int64_t w, int64_t nbins, const int8_t *src, int64_t ldsrc, int32_t *hist, int64_t inchist, int32_t *cdf, int64_t inccdf, int8_t *lut, int64_t inclut, int8_t *dst, int64_t lddst);
void polylift_pva_pva_histeq_i8(int64_t h, int64_t w, int64_t nbins, const int8_t *src, int64_t ldsrc, int32_t *hist, int64_t inchist, int32_t *cdf, int64_t inccdf, int8_t *lut, int64_t inclut, int8_t *dst, int64_t lddst);

/* pva_histogram: pva.histogram (hist = 0, then hist[v] += 1 for the value v of every pixel (its bits read as unsigned)) */
void polylift_ref_pva_histogram_i8(int64_t h, int64_t w, int64_t nbins, const int8_t *src, int64_t ldsrc, int32_t *hist, int64_t inchist);
void polylift_ref_pva_histogram_i16(int64_t h, int64_t w, int64_t nbins, const int16_t *src, int64_t ldsrc, int32_t *hist, int64_t inchist);
void polylift_host_pva_histogram_i8(int64_t h, int64_t w, int64_t nbins, const int8_t *src, int64_t ldsrc, int32_t *hist, int64_t inchist);
void polylift_host_pva_histogram_i16(int64_t h, int64_t w, int64_t nbins, const int16_t *src, int64_t ldsrc, int32_t *hist, int64_t inchist);
void polylift_pva_pva_histogram_i8(int64_t h, int64_t w, int64_t nbins, const int8_t *src, int64_t ldsrc, int32_t *hist, int64_t inchist);
void polylift_pva_pva_histogram_i16(int64_t h, int64_t w, int64_t nbins, const int16_t *src, int64_t ldsrc, int32_t *hist, int64_t inchist);

/* pva_lut: pva.lut (dst = lut[src], the pixel's bits read as an unsigned number: a table lookup per pixel) */
void polylift_ref_pva_lut_i8(int64_t h, int64_t w, int64_t n, const int8_t *lut, int64_t inclut, const int8_t *src, int64_t ldsrc, int8_t *dst, int64_t lddst);
void polylift_ref_pva_lut_i16(int64_t h, int64_t w, int64_t n, const int16_t *lut, int64_t inclut, const int16_t *src, int64_t ldsrc, int16_t *dst, int64_t lddst);
void polylift_host_pva_lut_i8(int64_t h, int64_t w, int64_t n, const int8_t *lut, int64_t inclut, const int8_t *src, int64_t ldsrc, int8_t *dst, int64_t lddst);
void polylift_host_pva_lut_i16(int64_t h, int64_t w, int64_t n, const int16_t *lut, int64_t inclut, const int16_t *src, int64_t ldsrc, int16_t *dst, int64_t lddst);
void polylift_pva_pva_lut_i8(int64_t h, int64_t w, int64_t n, const int8_t *lut, int64_t inclut, const int8_t *src, int64_t ldsrc, int8_t *dst, int64_t lddst);
void polylift_pva_pva_lut_i16(int64_t h, int64_t w, int64_t n, const int16_t *lut, int64_t inclut, const int16_t *src, int64_t ldsrc, int16_t *dst, int64_t lddst);

/* scal: blas.scal (x = alpha * x) */
void polylift_ref_scal_f32(int64_t n, float alpha, float *x, int64_t incx);
void polylift_ref_scal_f64(int64_t n, double alpha, double *x, int64_t incx);
void polylift_host_scal_f32(int64_t n, float alpha, float *x, int64_t incx);
void polylift_host_scal_f64(int64_t n, double alpha, double *x, int64_t incx);
void polylift_cublas_scal_f32(int64_t n, float alpha, float *x, int64_t incx);
void polylift_cublas_scal_f64(int64_t n, double alpha, double *x, int64_t incx);

/* scal2d: blas.scal2d (A = alpha * A) */
void polylift_ref_scal2d_f32(int64_t m, int64_t n, float alpha, float *A, int64_t ldA);
void polylift_ref_scal2d_f64(int64_t m, int64_t n, double alpha, double *A, int64_t ldA);
void polylift_host_scal2d_f32(int64_t m, int64_t n, float alpha, float *A, int64_t ldA);
void polylift_host_scal2d_f64(int64_t m, int64_t n, double alpha, double *A, int64_t ldA);
void polylift_cublas_scal2d_f32(int64_t m, int64_t n, float alpha, float *A, int64_t ldA);
void polylift_cublas_scal2d_f64(int64_t m, int64_t n, double alpha, double *A, int64_t ldA);

/* shortcut: cnn.shortcut (y = y + x: the residual (shortcut) add of two activations) */
void polylift_ref_shortcut_f32(int64_t N, int64_t C, int64_t H, int64_t W, const float *x, int64_t ldx0, int64_t ldx1, int64_t ldx2, float *y, int64_t ldy0, int64_t ldy1, int64_t ldy2);
void polylift_host_shortcut_f32(int64_t N, int64_t C, int64_t H, int64_t W, const float *x, int64_t ldx0, int64_t ldx1, int64_t ldx2, float *y, int64_t ldy0, int64_t ldy1, int64_t ldy2);
void polylift_cudnn_shortcut_f32(int64_t N, int64_t C, int64_t H, int64_t W, const float *x, int64_t ldx0, int64_t ldx1, int64_t ldx2, float *y, int64_t ldy0, int64_t ldy1, int64_t ldy2);

/* symm_lower: blas.symm_lower (C = beta * C, then C += alpha * A.B over k <= i from A[i,k], then over k > i from A[k,i]) */
void polylift_ref_symm_lower_f32(int64_t m, int64_t n, float alpha, const float *A, int64_t ldA, const float *B, int64_t ldB, float beta, float *C, int64_t ldC);
void polylift_ref_symm_lower_f64(int64_t m, int64_t n, double alpha, const double *A, int64_t ldA, const double *B, int64_t ldB, double beta, double *C, int64_t ldC);
void polylift_host_symm_lower_f32(int64_t m, int64_t n, float alpha, const float *A, int64_t ldA, const float *B, int64_t ldB, float beta, float *C, int64_t ldC);
void polylift_host_symm_lower_f64(int64_t m, int64_t n, double alpha, const double *A, int64_t ldA, const double *B, int64_t ldB, double beta, double *C, int64_t ldC);

/* syr2k_lower: blas.syr2k_lower (lower triangle (j <= i): C = beta * C, then C += alpha * (A.B^T + B.A^T)) */
void polylift_ref_syr2k_lower_f32(int64_t n, int64_t k, float alpha, const float *A, int64_t ldA, const float *B, int64_t ldB, float beta, float *C, int64_t ldC);
void polylift_ref_syr2k_lower_f64(int64_t n, int64_t k, double alpha, const double *A, int64_t ldA, const double *B, int64_t ldB, double beta, double *C, int64_t ldC);
void polylift_host_syr2k_lower_f32(int64_t n, int64_t k, float alpha, const float *A, int64_t ldA, const float *B, int64_t ldB, float beta, float *C, int64_t ldC);
void polylift_host_syr2k_lower_f64(int64_t n, int64_t k, double alpha, const double *A, int64_t ldA, const double *B, int64_t ldB, double beta, double *C, int64_t ldC);

/* syrk: blas.syrk_acc (C += A.A^T with both operands the same buffer), blas.syrk_zero1 (C = 0 then C += A.A^T (both operands the same buffer; beta = 0)) */
void polylift_ref_syrk_f32(int64_t n, int64_t k, float alpha, const float *A, int64_t ldA, float beta, float *C, int64_t ldC);
void polylift_ref_syrk_f64(int64_t n, int64_t k, double alpha, const double *A, int64_t ldA, double beta, double *C, int64_t ldC);
void polylift_host_syrk_f32(int64_t n, int64_t k, float alpha, const float *A, int64_t ldA, float beta, float *C, int64_t ldC);
void polylift_host_syrk_f64(int64_t n, int64_t k, double alpha, const double *A, int64_t ldA, double beta, double *C, int64_t ldC);
void polylift_cublas_syrk_f32(int64_t n, int64_t k, float alpha, const float *A, int64_t ldA, float beta, float *C, int64_t ldC);
void polylift_cublas_syrk_f64(int64_t n, int64_t k, double alpha, const double *A, int64_t ldA, double beta, double *C, int64_t ldC);

/* syrk_lower: blas.syrk_lower (lower triangle (j <= i): C = beta * C, then C += alpha * A.A^T) */
void polylift_ref_syrk_lower_f32(int64_t n, int64_t k, float alpha, const float *A, int64_t ldA, float beta, float *C, int64_t ldC);
void polylift_ref_syrk_lower_f64(int64_t n, int64_t k, double alpha, const double *A, int64_t ldA, double beta, double *C, int64_t ldC);
void polylift_host_syrk_lower_f32(int64_t n, int64_t k, float alpha, const float *A, int64_t ldA, float beta, float *C, int64_t ldC);
void polylift_host_syrk_lower_f64(int64_t n, int64_t k, double alpha, const double *A, int64_t ldA, double beta, double *C, int64_t ldC);

/* syrk_t: blas.syrk_t (C = beta * C, then C += alpha * A^T.A), blas.syrk_t_zero1 (C = 0 then C += A^T.A (alpha = 1, beta = 0)), blas.syrk_t_acc (C += A^T.A (alpha = beta = 1)) */
void polylift_ref_syrk_t_f32(int64_t n, int64_t k, float alpha, const float *A, int64_t ldA, float beta, float *C, int64_t ldC);
void polylift_ref_syrk_t_f64(int64_t n, int64_t k, double alpha, const double *A, int64_t ldA, double beta, double *C, int64_t ldC);
void polylift_host_syrk_t_f32(int64_t n, int64_t k, float alpha, const float *A, int64_t ldA, float beta, float *C, int64_t ldC);
void polylift_host_syrk_t_f64(int64_t n, int64_t k, double alpha, const double *A, int64_t ldA, double beta, double *C, int64_t ldC);
void polylift_cublas_syrk_t_f32(int64_t n, int64_t k, float alpha, const float *A, int64_t ldA, float beta, float *C, int64_t ldC);
void polylift_cublas_syrk_t_f64(int64_t n, int64_t k, double alpha, const double *A, int64_t ldA, double beta, double *C, int64_t ldC);

/* trmm_lower: blas.trmm_lower (C = 0, then C += alpha * A.B over k <= i (A lower triangular)), blas.trmm_lower1 (C = 0, then C += A.B over k <= i (A lower triangular, alpha = 1)) */
void polylift_ref_trmm_lower_f32(int64_t m, int64_t n, float alpha, const float *A, int64_t ldA, const float *B, int64_t ldB, float *C, int64_t ldC);
void polylift_ref_trmm_lower_f64(int64_t m, int64_t n, double alpha, const double *A, int64_t ldA, const double *B, int64_t ldB, double *C, int64_t ldC);
void polylift_host_trmm_lower_f32(int64_t m, int64_t n, float alpha, const float *A, int64_t ldA, const float *B, int64_t ldB, float *C, int64_t ldC);
void polylift_host_trmm_lower_f64(int64_t m, int64_t n, double alpha, const double *A, int64_t ldA, const double *B, int64_t ldB, double *C, int64_t ldC);

/* trmm_upper: blas.trmm_upper (C = 0, then C += alpha * A.B over k >= i (A upper triangular)), blas.trmm_upper1 (C = 0, then C += A.B over k >= i (A upper triangular, alpha = 1)) */
void polylift_ref_trmm_upper_f32(int64_t m, int64_t n, float alpha, const float *A, int64_t ldA, const float *B, int64_t ldB, float *C, int64_t ldC);
void polylift_ref_trmm_upper_f64(int64_t m, int64_t n, double alpha, const double *A, int64_t ldA, const double *B, int64_t ldB, double *C, int64_t ldC);
void polylift_host_trmm_upper_f32(int64_t m, int64_t n, float alpha, const float *A, int64_t ldA, const float *B, int64_t ldB, float *C, int64_t ldC);
void polylift_host_trmm_upper_f64(int64_t m, int64_t n, double alpha, const double *A, int64_t ldA, const double *B, int64_t ldB, double *C, int64_t ldC);

#ifdef __cplusplus
}
#endif

#endif /* POLYLIFT_SHIMS_H */
