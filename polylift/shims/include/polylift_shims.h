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

/* abs: ew.abs (z = abs(x) (fabs: the sign bit cleared)) */
void polylift_ref_abs_f32(int64_t n, const float *x, int64_t incx, float *z, int64_t incz);
void polylift_ref_abs_f64(int64_t n, const double *x, int64_t incx, double *z, int64_t incz);
void polylift_host_abs_f32(int64_t n, const float *x, int64_t incx, float *z, int64_t incz);
void polylift_host_abs_f64(int64_t n, const double *x, int64_t incx, double *z, int64_t incz);

/* add: ew.add (z = x + y) */
void polylift_ref_add_f32(int64_t n, const float *x, int64_t incx, const float *y, int64_t incy, float *z, int64_t incz);
void polylift_ref_add_f64(int64_t n, const double *x, int64_t incx, const double *y, int64_t incy, double *z, int64_t incz);
void polylift_host_add_f32(int64_t n, const float *x, int64_t incx, const float *y, int64_t incy, float *z, int64_t incz);
void polylift_host_add_f64(int64_t n, const double *x, int64_t incx, const double *y, int64_t incy, double *z, int64_t incz);
void polylift_cublas_add_f32(int64_t n, const float *x, int64_t incx, const float *y, int64_t incy, float *z, int64_t incz);
void polylift_cublas_add_f64(int64_t n, const double *x, int64_t incx, const double *y, int64_t incy, double *z, int64_t incz);
void polylift_cudnn_add_f32(int64_t n, const float *x, int64_t incx, const float *y, int64_t incy, float *z, int64_t incz);
void polylift_cudnn_add_f64(int64_t n, const double *x, int64_t incx, const double *y, int64_t incy, double *z, int64_t incz);

/* add2d: ew.add2d (C = A + B (matrices)) */
void polylift_ref_add2d_f32(int64_t m, int64_t n, const float *A, int64_t ldA, const float *B, int64_t ldB, float *C, int64_t ldC);
void polylift_ref_add2d_f64(int64_t m, int64_t n, const double *A, int64_t ldA, const double *B, int64_t ldB, double *C, int64_t ldC);
void polylift_host_add2d_f32(int64_t m, int64_t n, const float *A, int64_t ldA, const float *B, int64_t ldB, float *C, int64_t ldC);
void polylift_host_add2d_f64(int64_t m, int64_t n, const double *A, int64_t ldA, const double *B, int64_t ldB, double *C, int64_t ldC);
void polylift_cublas_add2d_f32(int64_t m, int64_t n, const float *A, int64_t ldA, const float *B, int64_t ldB, float *C, int64_t ldC);
void polylift_cublas_add2d_f64(int64_t m, int64_t n, const double *A, int64_t ldA, const double *B, int64_t ldB, double *C, int64_t ldC);
void polylift_cudnn_add2d_f32(int64_t m, int64_t n, const float *A, int64_t ldA, const float *B, int64_t ldB, float *C, int64_t ldC);
void polylift_cudnn_add2d_f64(int64_t m, int64_t n, const double *A, int64_t ldA, const double *B, int64_t ldB, double *C, int64_t ldC);

/* add_bias: ch.add_bias (x[b,c,s] = x[b,c,s] + bias[c]: a bias per channel) */
void polylift_ref_add_bias_f32(int64_t nb, int64_t nc, int64_t ns, const float *bias, int64_t incbias, float *x, int64_t ldx0, int64_t ldx1);
void polylift_ref_add_bias_f64(int64_t nb, int64_t nc, int64_t ns, const double *bias, int64_t incbias, double *x, int64_t ldx0, int64_t ldx1);
void polylift_host_add_bias_f32(int64_t nb, int64_t nc, int64_t ns, const float *bias, int64_t incbias, float *x, int64_t ldx0, int64_t ldx1);
void polylift_host_add_bias_f64(int64_t nb, int64_t nc, int64_t ns, const double *bias, int64_t incbias, double *x, int64_t ldx0, int64_t ldx1);

/* adds: ew.adds (z = x + a) */
void polylift_ref_adds_f32(int64_t n, float a, const float *x, int64_t incx, float *z, int64_t incz);
void polylift_ref_adds_f64(int64_t n, double a, const double *x, int64_t incx, double *z, int64_t incz);
void polylift_host_adds_f32(int64_t n, float a, const float *x, int64_t incx, float *z, int64_t incz);
void polylift_host_adds_f64(int64_t n, double a, const double *x, int64_t incx, double *z, int64_t incz);

/* adds_ip: ew.adds_ip (y = y + a) */
void polylift_ref_adds_ip_f32(int64_t n, float a, float *y, int64_t incy);
void polylift_ref_adds_ip_f64(int64_t n, double a, double *y, int64_t incy);
void polylift_host_adds_ip_f32(int64_t n, float a, float *y, int64_t incy);
void polylift_host_adds_ip_f64(int64_t n, double a, double *y, int64_t incy);

/* amaxval: red.amaxval (r = s, then r = |x[i]| > r ? |x[i]| : r for i = 0, 1, ... (the largest magnitude)) */
void polylift_ref_amaxval_f32(int64_t n, float s, const float *x, int64_t incx, float *r);
void polylift_ref_amaxval_f64(int64_t n, double s, const double *x, int64_t incx, double *r);
void polylift_host_amaxval_f32(int64_t n, float s, const float *x, int64_t incx, float *r);
void polylift_host_amaxval_f64(int64_t n, double s, const double *x, int64_t incx, double *r);
void polylift_cudnn_amaxval_f32(int64_t n, float s, const float *x, int64_t incx, float *r);
void polylift_cudnn_amaxval_f64(int64_t n, double s, const double *x, int64_t incx, double *r);

/* argmax: red.argmax (r = s, k = t; then for i = 0, 1, ...: if (x[i] > r) { r = x[i]; k = base + i; } (the first maximum; NaN elements skipped)), red.argmax0 (r = s, k = t; then for i = 0, 1, ...: if (x[i] > r) { r = x[i]; k = i; } (the first maximum; NaN elements skipped)) */
void polylift_ref_argmax_f32(int64_t n, float s, int32_t t, int32_t base, const float *x, int64_t incx, float *r, int32_t *k);
void polylift_ref_argmax_f64(int64_t n, double s, int32_t t, int32_t base, const double *x, int64_t incx, double *r, int32_t *k);
void polylift_host_argmax_f32(int64_t n, float s, int32_t t, int32_t base, const float *x, int64_t incx, float *r, int32_t *k);
void polylift_host_argmax_f64(int64_t n, double s, int32_t t, int32_t base, const double *x, int64_t incx, double *r, int32_t *k);

/* argmin: red.argmin (r = s, k = t; then for i = 0, 1, ...: if (x[i] < r) { r = x[i]; k = base + i; } (the first minimum; NaN elements skipped)), red.argmin0 (r = s, k = t; then for i = 0, 1, ...: if (x[i] < r) { r = x[i]; k = i; } (the first minimum; NaN elements skipped)) */
void polylift_ref_argmin_f32(int64_t n, float s, int32_t t, int32_t base, const float *x, int64_t incx, float *r, int32_t *k);
void polylift_ref_argmin_f64(int64_t n, double s, int32_t t, int32_t base, const double *x, int64_t incx, double *r, int32_t *k);
void polylift_host_argmin_f32(int64_t n, float s, int32_t t, int32_t base, const float *x, int64_t incx, float *r, int32_t *k);
void polylift_host_argmin_f64(int64_t n, double s, int32_t t, int32_t base, const double *x, int64_t incx, double *r, int32_t *k);

/* asum: red.asum (r = s + |x[0]| + |x[1]| + ... (in order; only where the source takes fabs)) */
void polylift_ref_asum_f32(int64_t n, float s, const float *x, int64_t incx, float *r);
void polylift_ref_asum_f64(int64_t n, double s, const double *x, int64_t incx, double *r);
void polylift_host_asum_f32(int64_t n, float s, const float *x, int64_t incx, float *r);
void polylift_host_asum_f64(int64_t n, double s, const double *x, int64_t incx, double *r);
void polylift_cublas_asum_f32(int64_t n, float s, const float *x, int64_t incx, float *r);
void polylift_cublas_asum_f64(int64_t n, double s, const double *x, int64_t incx, double *r);
void polylift_cudnn_asum_f32(int64_t n, float s, const float *x, int64_t incx, float *r);
void polylift_cudnn_asum_f64(int64_t n, double s, const double *x, int64_t incx, double *r);

/* avgpool: cnn.avgpool (y[n,c,p,q] = (sum of the window x[n,c,p,q,r,s] over r, s) / d: average pooling) */
void polylift_ref_avgpool_f32(int64_t N, int64_t C, int64_t P, int64_t Q, int64_t R, int64_t S, float d, const float *x, int64_t ldx0, int64_t ldx1, int64_t ldx2, int64_t ldx3, int64_t ldx4, float *y, int64_t ldy0, int64_t ldy1, int64_t ldy2);
void polylift_host_avgpool_f32(int64_t N, int64_t C, int64_t P, int64_t Q, int64_t R, int64_t S, float d, const float *x, int64_t ldx0, int64_t ldx1, int64_t ldx2, int64_t ldx3, int64_t ldx4, float *y, int64_t ldy0, int64_t ldy1, int64_t ldy2);

/* axpby: blas.axpby (y = alpha * x + beta * y) */
void polylift_ref_axpby_f32(int64_t n, float alpha, const float *x, int64_t incx, float beta, float *y, int64_t incy);
void polylift_ref_axpby_f64(int64_t n, double alpha, const double *x, int64_t incx, double beta, double *y, int64_t incy);
void polylift_host_axpby_f32(int64_t n, float alpha, const float *x, int64_t incx, float beta, float *y, int64_t incy);
void polylift_host_axpby_f64(int64_t n, double alpha, const double *x, int64_t incx, double beta, double *y, int64_t incy);
void polylift_cublas_axpby_f32(int64_t n, float alpha, const float *x, int64_t incx, float beta, float *y, int64_t incy);
void polylift_cublas_axpby_f64(int64_t n, double alpha, const double *x, int64_t incx, double beta, double *y, int64_t incy);

/* axpbyz: ew.axpbyz (z = a * x + b * y) */
void polylift_ref_axpbyz_f32(int64_t n, float a, const float *x, int64_t incx, float b, const float *y, int64_t incy, float *z, int64_t incz);
void polylift_ref_axpbyz_f64(int64_t n, double a, const double *x, int64_t incx, double b, const double *y, int64_t incy, double *z, int64_t incz);
void polylift_host_axpbyz_f32(int64_t n, float a, const float *x, int64_t incx, float b, const float *y, int64_t incy, float *z, int64_t incz);
void polylift_host_axpbyz_f64(int64_t n, double a, const double *x, int64_t incx, double b, const double *y, int64_t incy, double *z, int64_t incz);

/* axpbyz2d: ew.axpbyz2d (C = a * A + b * B (matrices)) */
void polylift_ref_axpbyz2d_f32(int64_t m, int64_t n, float a, const float *A, int64_t ldA, float b, const float *B, int64_t ldB, float *C, int64_t ldC);
void polylift_ref_axpbyz2d_f64(int64_t m, int64_t n, double a, const double *A, int64_t ldA, double b, const double *B, int64_t ldB, double *C, int64_t ldC);
void polylift_host_axpbyz2d_f32(int64_t m, int64_t n, float a, const float *A, int64_t ldA, float b, const float *B, int64_t ldB, float *C, int64_t ldC);
void polylift_host_axpbyz2d_f64(int64_t m, int64_t n, double a, const double *A, int64_t ldA, double b, const double *B, int64_t ldB, double *C, int64_t ldC);

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

/* axpyi: sparse.axpyi (y[idx[k]] += alpha * x[k] for k in order (a repeated position adds each value in turn)), sparse.scatter_add (y[idx[k]] += x[k] for k in order (axpyi with alpha = 1)) */
void polylift_ref_axpyi_f32(int64_t nz, int64_t n, float alpha, const float *x, int64_t incx, const int32_t *idx, int64_t incidx, float *y, int64_t incy);
void polylift_ref_axpyi_f64(int64_t nz, int64_t n, double alpha, const double *x, int64_t incx, const int32_t *idx, int64_t incidx, double *y, int64_t incy);
void polylift_host_axpyi_f32(int64_t nz, int64_t n, float alpha, const float *x, int64_t incx, const int32_t *idx, int64_t incidx, float *y, int64_t incy);
void polylift_host_axpyi_f64(int64_t nz, int64_t n, double alpha, const double *x, int64_t incx, const int32_t *idx, int64_t incidx, double *y, int64_t incy);

/* batchnorm: cnn.batchnorm (y = scale[c] * (x - mean[c]) / sqrt(var[c] + eps) + bias[c] (inference)) */
void polylift_ref_batchnorm_f32(int64_t N, int64_t C, int64_t H, int64_t W, float eps, const float *x, int64_t ldx0, int64_t ldx1, int64_t ldx2, const float *scale, int64_t incscale, const float *bias, int64_t incbias, const float *mean, int64_t incmean, const float *var, int64_t incvar, float *y, int64_t ldy0, int64_t ldy1, int64_t ldy2);
void polylift_host_batchnorm_f32(int64_t N, int64_t C, int64_t H, int64_t W, float eps, const float *x, int64_t ldx0, int64_t ldx1, int64_t ldx2, const float *scale, int64_t incscale, const float *bias, int64_t incbias, const float *mean, int64_t incmean, const float *var, int64_t incvar, float *y, int64_t ldy0, int64_t ldy1, int64_t ldy2);
void polylift_cudnn_batchnorm_f32(int64_t N, int64_t C, int64_t H, int64_t W, float eps, const float *x, int64_t ldx0, int64_t ldx1, int64_t ldx2, const float *scale, int64_t incscale, const float *bias, int64_t incbias, const float *mean, int64_t incmean, const float *var, int64_t incvar, float *y, int64_t ldy0, int64_t ldy1, int64_t ldy2);

/* bincount: sparse.bincount (h[v] += 1 for the value v of each element (int keys)) */
void polylift_ref_bincount_i32(int64_t n, int64_t nbins, const int32_t *x, int64_t incx, int32_t *h, int64_t inch);
void polylift_host_bincount_i32(int64_t n, int64_t nbins, const int32_t *x, int64_t incx, int32_t *h, int64_t inch);

/* blend_average: blend.average (o = (a + b) / 2) */
void polylift_ref_blend_average_u8(int64_t n, const uint8_t *a, int64_t inca, const uint8_t *b, int64_t incb, uint8_t *o, int64_t inco);
void polylift_host_blend_average_u8(int64_t n, const uint8_t *a, int64_t inca, const uint8_t *b, int64_t incb, uint8_t *o, int64_t inco);
void polylift_npp_blend_average_u8(int64_t n, const uint8_t *a, int64_t inca, const uint8_t *b, int64_t incb, uint8_t *o, int64_t inco);

/* blend_darken: blend.darken (o = min(a, b)) */
void polylift_ref_blend_darken_u8(int64_t n, const uint8_t *a, int64_t inca, const uint8_t *b, int64_t incb, uint8_t *o, int64_t inco);
void polylift_host_blend_darken_u8(int64_t n, const uint8_t *a, int64_t inca, const uint8_t *b, int64_t incb, uint8_t *o, int64_t inco);
void polylift_npp_blend_darken_u8(int64_t n, const uint8_t *a, int64_t inca, const uint8_t *b, int64_t incb, uint8_t *o, int64_t inco);

/* blend_difference: blend.difference (o = |a - b|, as a > b ? a - b : b - a) */
void polylift_ref_blend_difference_u8(int64_t n, const uint8_t *a, int64_t inca, const uint8_t *b, int64_t incb, uint8_t *o, int64_t inco);
void polylift_host_blend_difference_u8(int64_t n, const uint8_t *a, int64_t inca, const uint8_t *b, int64_t incb, uint8_t *o, int64_t inco);
void polylift_npp_blend_difference_u8(int64_t n, const uint8_t *a, int64_t inca, const uint8_t *b, int64_t incb, uint8_t *o, int64_t inco);

/* blend_lighten: blend.lighten (o = max(a, b)) */
void polylift_ref_blend_lighten_u8(int64_t n, const uint8_t *a, int64_t inca, const uint8_t *b, int64_t incb, uint8_t *o, int64_t inco);
void polylift_host_blend_lighten_u8(int64_t n, const uint8_t *a, int64_t inca, const uint8_t *b, int64_t incb, uint8_t *o, int64_t inco);
void polylift_npp_blend_lighten_u8(int64_t n, const uint8_t *a, int64_t inca, const uint8_t *b, int64_t incb, uint8_t *o, int64_t inco);

/* blend_linear_burn: blend.linear_burn (o = max(a + b - 255, 0)) */
void polylift_ref_blend_linear_burn_u8(int64_t n, const uint8_t *a, int64_t inca, const uint8_t *b, int64_t incb, uint8_t *o, int64_t inco);
void polylift_host_blend_linear_burn_u8(int64_t n, const uint8_t *a, int64_t inca, const uint8_t *b, int64_t incb, uint8_t *o, int64_t inco);
void polylift_npp_blend_linear_burn_u8(int64_t n, const uint8_t *a, int64_t inca, const uint8_t *b, int64_t incb, uint8_t *o, int64_t inco);

/* blend_linear_dodge: blend.linear_dodge (o = min(a + b, 255): an add that saturates) */
void polylift_ref_blend_linear_dodge_u8(int64_t n, const uint8_t *a, int64_t inca, const uint8_t *b, int64_t incb, uint8_t *o, int64_t inco);
void polylift_host_blend_linear_dodge_u8(int64_t n, const uint8_t *a, int64_t inca, const uint8_t *b, int64_t incb, uint8_t *o, int64_t inco);
void polylift_npp_blend_linear_dodge_u8(int64_t n, const uint8_t *a, int64_t inca, const uint8_t *b, int64_t incb, uint8_t *o, int64_t inco);

/* blend_multiply: blend.multiply (o = a * b / 255) */
void polylift_ref_blend_multiply_u8(int64_t n, const uint8_t *a, int64_t inca, const uint8_t *b, int64_t incb, uint8_t *o, int64_t inco);
void polylift_host_blend_multiply_u8(int64_t n, const uint8_t *a, int64_t inca, const uint8_t *b, int64_t incb, uint8_t *o, int64_t inco);
void polylift_npp_blend_multiply_u8(int64_t n, const uint8_t *a, int64_t inca, const uint8_t *b, int64_t incb, uint8_t *o, int64_t inco);

/* blend_overlay: blend.overlay (o = a < 128 ? 2ab / 255 : 255 - 2(255 - a)(255 - b) / 255) */
void polylift_ref_blend_overlay_u8(int64_t n, const uint8_t *a, int64_t inca, const uint8_t *b, int64_t incb, uint8_t *o, int64_t inco);
void polylift_host_blend_overlay_u8(int64_t n, const uint8_t *a, int64_t inca, const uint8_t *b, int64_t incb, uint8_t *o, int64_t inco);

/* blend_screen: blend.screen (o = 255 - (255 - a) * (255 - b) / 255) */
void polylift_ref_blend_screen_u8(int64_t n, const uint8_t *a, int64_t inca, const uint8_t *b, int64_t incb, uint8_t *o, int64_t inco);
void polylift_host_blend_screen_u8(int64_t n, const uint8_t *a, int64_t inca, const uint8_t *b, int64_t incb, uint8_t *o, int64_t inco);
void polylift_npp_blend_screen_u8(int64_t n, const uint8_t *a, int64_t inca, const uint8_t *b, int64_t incb, uint8_t *o, int64_t inco);

/* blend_subtract: blend.subtract (o = max(a - b, 0): a subtraction that saturates) */
void polylift_ref_blend_subtract_u8(int64_t n, const uint8_t *a, int64_t inca, const uint8_t *b, int64_t incb, uint8_t *o, int64_t inco);
void polylift_host_blend_subtract_u8(int64_t n, const uint8_t *a, int64_t inca, const uint8_t *b, int64_t incb, uint8_t *o, int64_t inco);
void polylift_npp_blend_subtract_u8(int64_t n, const uint8_t *a, int64_t inca, const uint8_t *b, int64_t incb, uint8_t *o, int64_t inco);

/* clamp: ew.clamp (z = x < lo ? lo : min(hi, x), C's `x < lo ? lo : (x > hi ? hi : x)`) */
void polylift_ref_clamp_f32(int64_t n, float lo, float hi, const float *x, int64_t incx, float *z, int64_t incz);
void polylift_ref_clamp_f64(int64_t n, double lo, double hi, const double *x, int64_t incx, double *z, int64_t incz);
void polylift_host_clamp_f32(int64_t n, float lo, float hi, const float *x, int64_t incx, float *z, int64_t incz);
void polylift_host_clamp_f64(int64_t n, double lo, double hi, const double *x, int64_t incx, double *z, int64_t incz);

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

/* coomv_acc: sparse.coomv_acc (y[row[k]] += val[k] * x[col[k]] for k in order: y = y + A x, A in COO) */
void polylift_ref_coomv_acc_f32(int64_t nnz, int64_t m, int64_t n, const int32_t *row, int64_t incrow, const int32_t *col, int64_t inccol, const float *val, int64_t incval, const float *x, int64_t incx, float *y, int64_t incy);
void polylift_ref_coomv_acc_f64(int64_t nnz, int64_t m, int64_t n, const int32_t *row, int64_t incrow, const int32_t *col, int64_t inccol, const double *val, int64_t incval, const double *x, int64_t incx, double *y, int64_t incy);
void polylift_host_coomv_acc_f32(int64_t nnz, int64_t m, int64_t n, const int32_t *row, int64_t incrow, const int32_t *col, int64_t inccol, const float *val, int64_t incval, const float *x, int64_t incx, float *y, int64_t incy);
void polylift_host_coomv_acc_f64(int64_t nnz, int64_t m, int64_t n, const int32_t *row, int64_t incrow, const int32_t *col, int64_t inccol, const double *val, int64_t incval, const double *x, int64_t incx, double *y, int64_t incy);

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

/* csrmv: sparse.csrmv (y[i] = sum over rowptr[i] <= k < rowptr[i+1] of val[k] * x[col[k]] (in order): y = A x, A in CSR) */
void polylift_ref_csrmv_f32(int64_t m, int64_t mp, int64_t nnz, int64_t n, const int32_t *rowptr, int64_t incrowptr, const int32_t *col, int64_t inccol, const float *val, int64_t incval, const float *x, int64_t incx, float *y, int64_t incy);
void polylift_ref_csrmv_f64(int64_t m, int64_t mp, int64_t nnz, int64_t n, const int32_t *rowptr, int64_t incrowptr, const int32_t *col, int64_t inccol, const double *val, int64_t incval, const double *x, int64_t incx, double *y, int64_t incy);
void polylift_host_csrmv_f32(int64_t m, int64_t mp, int64_t nnz, int64_t n, const int32_t *rowptr, int64_t incrowptr, const int32_t *col, int64_t inccol, const float *val, int64_t incval, const float *x, int64_t incx, float *y, int64_t incy);
void polylift_host_csrmv_f64(int64_t m, int64_t mp, int64_t nnz, int64_t n, const int32_t *rowptr, int64_t incrowptr, const int32_t *col, int64_t inccol, const double *val, int64_t incval, const double *x, int64_t incx, double *y, int64_t incy);

/* csrmv_acc: sparse.csrmv_acc (y[i] += val[k] * x[col[k]] for rowptr[i] <= k < rowptr[i+1], in order: y = y + A x, A in CSR) */
void polylift_ref_csrmv_acc_f32(int64_t m, int64_t mp, int64_t nnz, int64_t n, const int32_t *rowptr, int64_t incrowptr, const int32_t *col, int64_t inccol, const float *val, int64_t incval, const float *x, int64_t incx, float *y, int64_t incy);
void polylift_ref_csrmv_acc_f64(int64_t m, int64_t mp, int64_t nnz, int64_t n, const int32_t *rowptr, int64_t incrowptr, const int32_t *col, int64_t inccol, const double *val, int64_t incval, const double *x, int64_t incx, double *y, int64_t incy);
void polylift_host_csrmv_acc_f32(int64_t m, int64_t mp, int64_t nnz, int64_t n, const int32_t *rowptr, int64_t incrowptr, const int32_t *col, int64_t inccol, const float *val, int64_t incval, const float *x, int64_t incx, float *y, int64_t incy);
void polylift_host_csrmv_acc_f64(int64_t m, int64_t mp, int64_t nnz, int64_t n, const int32_t *rowptr, int64_t incrowptr, const int32_t *col, int64_t inccol, const double *val, int64_t incval, const double *x, int64_t incx, double *y, int64_t incy);

/* csrmv_axpby: sparse.csrmv_axpby (y[i] = alpha * (sum over rowptr[i] <= k < rowptr[i+1] of val[k] * x[col[k]]) + beta * y[i]: y = alpha A x + beta y, A in CSR) */
void polylift_ref_csrmv_axpby_f32(int64_t m, int64_t mp, int64_t nnz, int64_t n, float alpha, float beta, const int32_t *rowptr, int64_t incrowptr, const int32_t *col, int64_t inccol, const float *val, int64_t incval, const float *x, int64_t incx, float *y, int64_t incy);
void polylift_ref_csrmv_axpby_f64(int64_t m, int64_t mp, int64_t nnz, int64_t n, double alpha, double beta, const int32_t *rowptr, int64_t incrowptr, const int32_t *col, int64_t inccol, const double *val, int64_t incval, const double *x, int64_t incx, double *y, int64_t incy);
void polylift_host_csrmv_axpby_f32(int64_t m, int64_t mp, int64_t nnz, int64_t n, float alpha, float beta, const int32_t *rowptr, int64_t incrowptr, const int32_t *col, int64_t inccol, const float *val, int64_t incval, const float *x, int64_t incx, float *y, int64_t incy);
void polylift_host_csrmv_axpby_f64(int64_t m, int64_t mp, int64_t nnz, int64_t n, double alpha, double beta, const int32_t *rowptr, int64_t incrowptr, const int32_t *col, int64_t inccol, const double *val, int64_t incval, const double *x, int64_t incx, double *y, int64_t incy);

/* csrmv_one: sparse.csrmv_one (y[i] = sum over rowptr[i]-1 <= k < rowptr[i+1]-1 of val[k] * x[col[k]-1] (in order): y = A x, A in 1-based CSR) */
void polylift_ref_csrmv_one_f32(int64_t m, int64_t mp, int64_t nnz, int64_t n, const int32_t *rowptr, int64_t incrowptr, const int32_t *col, int64_t inccol, const float *val, int64_t incval, const float *x, int64_t incx, float *y, int64_t incy);
void polylift_ref_csrmv_one_f64(int64_t m, int64_t mp, int64_t nnz, int64_t n, const int32_t *rowptr, int64_t incrowptr, const int32_t *col, int64_t inccol, const double *val, int64_t incval, const double *x, int64_t incx, double *y, int64_t incy);
void polylift_host_csrmv_one_f32(int64_t m, int64_t mp, int64_t nnz, int64_t n, const int32_t *rowptr, int64_t incrowptr, const int32_t *col, int64_t inccol, const float *val, int64_t incval, const float *x, int64_t incx, float *y, int64_t incy);
void polylift_host_csrmv_one_f64(int64_t m, int64_t mp, int64_t nnz, int64_t n, const int32_t *rowptr, int64_t incrowptr, const int32_t *col, int64_t inccol, const double *val, int64_t incval, const double *x, int64_t incx, double *y, int64_t incy);

/* cube: ew.cube (z = (x * x) * x) */
void polylift_ref_cube_f32(int64_t n, const float *x, int64_t incx, float *z, int64_t incz);
void polylift_ref_cube_f64(int64_t n, const double *x, int64_t incx, double *z, int64_t incz);
void polylift_host_cube_f32(int64_t n, const float *x, int64_t incx, float *z, int64_t incz);
void polylift_host_cube_f64(int64_t n, const double *x, int64_t incx, double *z, int64_t incz);

/* cumsum: scan.cumsum (y[0] = x[0], then y[k] = y[k-1] + x[k]: the inclusive running sum) */
void polylift_ref_cumsum_f32(int64_t n, const float *x, int64_t incx, float *y, int64_t incy);
void polylift_ref_cumsum_f64(int64_t n, const double *x, int64_t incx, double *y, int64_t incy);
void polylift_ref_cumsum_i32(int64_t n, const int32_t *x, int64_t incx, int32_t *y, int64_t incy);
void polylift_ref_cumsum_i64(int64_t n, const int64_t *x, int64_t incx, int64_t *y, int64_t incy);
void polylift_host_cumsum_f32(int64_t n, const float *x, int64_t incx, float *y, int64_t incy);
void polylift_host_cumsum_f64(int64_t n, const double *x, int64_t incx, double *y, int64_t incy);
void polylift_host_cumsum_i32(int64_t n, const int32_t *x, int64_t incx, int32_t *y, int64_t incy);
void polylift_host_cumsum_i64(int64_t n, const int64_t *x, int64_t incx, int64_t *y, int64_t incy);

/* div: ew.div (z = x / y) */
void polylift_ref_div_f32(int64_t n, const float *x, int64_t incx, const float *y, int64_t incy, float *z, int64_t incz);
void polylift_ref_div_f64(int64_t n, const double *x, int64_t incx, const double *y, int64_t incy, double *z, int64_t incz);
void polylift_host_div_f32(int64_t n, const float *x, int64_t incx, const float *y, int64_t incy, float *z, int64_t incz);
void polylift_host_div_f64(int64_t n, const double *x, int64_t incx, const double *y, int64_t incy, double *z, int64_t incz);

/* div2d: ew.div2d (C = A / B elementwise (matrices)) */
void polylift_ref_div2d_f32(int64_t m, int64_t n, const float *A, int64_t ldA, const float *B, int64_t ldB, float *C, int64_t ldC);
void polylift_ref_div2d_f64(int64_t m, int64_t n, const double *A, int64_t ldA, const double *B, int64_t ldB, double *C, int64_t ldC);
void polylift_host_div2d_f32(int64_t m, int64_t n, const float *A, int64_t ldA, const float *B, int64_t ldB, float *C, int64_t ldC);
void polylift_host_div2d_f64(int64_t m, int64_t n, const double *A, int64_t ldA, const double *B, int64_t ldB, double *C, int64_t ldC);

/* div_ip: ew.div_ip (y = y / x) */
void polylift_ref_div_ip_f32(int64_t n, const float *x, int64_t incx, float *y, int64_t incy);
void polylift_ref_div_ip_f64(int64_t n, const double *x, int64_t incx, double *y, int64_t incy);
void polylift_host_div_ip_f32(int64_t n, const float *x, int64_t incx, float *y, int64_t incy);
void polylift_host_div_ip_f64(int64_t n, const double *x, int64_t incx, double *y, int64_t incy);

/* divs: ew.divs (z = x / a) */
void polylift_ref_divs_f32(int64_t n, float a, const float *x, int64_t incx, float *z, int64_t incz);
void polylift_ref_divs_f64(int64_t n, double a, const double *x, int64_t incx, double *z, int64_t incz);
void polylift_host_divs_f32(int64_t n, float a, const float *x, int64_t incx, float *z, int64_t incz);
void polylift_host_divs_f64(int64_t n, double a, const double *x, int64_t incx, double *z, int64_t incz);

/* divs_ip: ew.divs_ip (y = y / a) */
void polylift_ref_divs_ip_f32(int64_t n, float a, float *y, int64_t incy);
void polylift_ref_divs_ip_f64(int64_t n, double a, double *y, int64_t incy);
void polylift_host_divs_ip_f32(int64_t n, float a, float *y, int64_t incy);
void polylift_host_divs_ip_f64(int64_t n, double a, double *y, int64_t incy);

/* divs_rows_ip: ew.divs_rows_ip (y[b,g,i] = y[b,g,i] / d[b,g]) */
void polylift_ref_divs_rows_ip_f32(int64_t nb, int64_t ng, int64_t n, const float *d, int64_t ldd, float *y, int64_t ldy0, int64_t ldy1);
void polylift_ref_divs_rows_ip_f64(int64_t nb, int64_t ng, int64_t n, const double *d, int64_t ldd, double *y, int64_t ldy0, int64_t ldy1);
void polylift_host_divs_rows_ip_f32(int64_t nb, int64_t ng, int64_t n, const float *d, int64_t ldd, float *y, int64_t ldy0, int64_t ldy1);
void polylift_host_divs_rows_ip_f64(int64_t nb, int64_t ng, int64_t n, const double *d, int64_t ldd, double *y, int64_t ldy0, int64_t ldy1);

/* dot: blas.dot (r += x . y (r is a one-element array)) */
void polylift_ref_dot_f32(int64_t n, const float *x, int64_t incx, const float *y, int64_t incy, float *r);
void polylift_ref_dot_f64(int64_t n, const double *x, int64_t incx, const double *y, int64_t incy, double *r);
void polylift_host_dot_f32(int64_t n, const float *x, int64_t incx, const float *y, int64_t incy, float *r);
void polylift_host_dot_f64(int64_t n, const double *x, int64_t incx, const double *y, int64_t incy, double *r);
void polylift_cublas_dot_f32(int64_t n, const float *x, int64_t incx, const float *y, int64_t incy, float *r);
void polylift_cublas_dot_f64(int64_t n, const double *x, int64_t incx, const double *y, int64_t incy, double *r);

/* dot_init: red.dot (r = s + x[0]*y[0] + x[1]*y[1] + ... (in order)) */
void polylift_ref_dot_init_f32(int64_t n, float s, const float *x, int64_t incx, const float *y, int64_t incy, float *r);
void polylift_ref_dot_init_f64(int64_t n, double s, const double *x, int64_t incx, const double *y, int64_t incy, double *r);
void polylift_host_dot_init_f32(int64_t n, float s, const float *x, int64_t incx, const float *y, int64_t incy, float *r);
void polylift_host_dot_init_f64(int64_t n, double s, const double *x, int64_t incx, const double *y, int64_t incy, double *r);
void polylift_cublas_dot_init_f32(int64_t n, float s, const float *x, int64_t incx, const float *y, int64_t incy, float *r);
void polylift_cublas_dot_init_f64(int64_t n, double s, const double *x, int64_t incx, const double *y, int64_t incy, double *r);

/* doti: sparse.doti (r += x[0]*y[idx[0]] + x[1]*y[idx[1]] + ... (in order)) */
void polylift_ref_doti_f32(int64_t nz, int64_t n, const float *x, int64_t incx, const int32_t *idx, int64_t incidx, const float *y, int64_t incy, float *r);
void polylift_ref_doti_f64(int64_t nz, int64_t n, const double *x, int64_t incx, const int32_t *idx, int64_t incidx, const double *y, int64_t incy, double *r);
void polylift_host_doti_f32(int64_t nz, int64_t n, const float *x, int64_t incx, const int32_t *idx, int64_t incidx, const float *y, int64_t incy, float *r);
void polylift_host_doti_f64(int64_t nz, int64_t n, const double *x, int64_t incx, const int32_t *idx, int64_t incidx, const double *y, int64_t incy, double *r);

/* doti_init: sparse.doti_init (r = s + x[0]*y[idx[0]] + x[1]*y[idx[1]] + ... (in order)) */
void polylift_ref_doti_init_f32(int64_t nz, int64_t n, float s, const float *x, int64_t incx, const int32_t *idx, int64_t incidx, const float *y, int64_t incy, float *r);
void polylift_ref_doti_init_f64(int64_t nz, int64_t n, double s, const double *x, int64_t incx, const int32_t *idx, int64_t incidx, const double *y, int64_t incy, double *r);
void polylift_host_doti_init_f32(int64_t nz, int64_t n, float s, const float *x, int64_t incx, const int32_t *idx, int64_t incidx, const float *y, int64_t incy, float *r);
void polylift_host_doti_init_f64(int64_t nz, int64_t n, double s, const double *x, int64_t incx, const int32_t *idx, int64_t incidx, const double *y, int64_t incy, double *r);

/* expsub_ip: ew.expsub_ip (y = exp(y - a) (softmax's map after the maximum)) */
void polylift_ref_expsub_ip_f32(int64_t n, float a, float *y, int64_t incy);
void polylift_ref_expsub_ip_f64(int64_t n, double a, double *y, int64_t incy);
void polylift_host_expsub_ip_f32(int64_t n, float a, float *y, int64_t incy);
void polylift_host_expsub_ip_f64(int64_t n, double a, double *y, int64_t incy);

/* expsum_scaled: ew.expsum_scaled (y[i] = exp(x[i]/t - m/t); r = s + y[0] + y[1] + ... (in order)) */
void polylift_ref_expsum_scaled_f32(int64_t n, float t, float m, float s, const float *x, int64_t incx, float *y, int64_t incy, float *r);
void polylift_ref_expsum_scaled_f64(int64_t n, double t, double m, double s, const double *x, int64_t incx, double *y, int64_t incy, double *r);
void polylift_host_expsum_scaled_f32(int64_t n, float t, float m, float s, const float *x, int64_t incx, float *y, int64_t incy, float *r);
void polylift_host_expsum_scaled_f64(int64_t n, double t, double m, double s, const double *x, int64_t incx, double *y, int64_t incy, double *r);

/* expsum_scaled_rows: ew.expsum_scaled_rows (r[b,g] = s + sum over i, in order, of exp(x[b,g,i]/t - m[b,g]/t); y[b,g,i] = the same terms) */
void polylift_ref_expsum_scaled_rows_f32(int64_t nb, int64_t ng, int64_t n, float t, float s, const float *x, int64_t ldx0, int64_t ldx1, const float *m, int64_t ldm, float *y, int64_t ldy0, int64_t ldy1, float *r, int64_t ldr);
void polylift_ref_expsum_scaled_rows_f64(int64_t nb, int64_t ng, int64_t n, double t, double s, const double *x, int64_t ldx0, int64_t ldx1, const double *m, int64_t ldm, double *y, int64_t ldy0, int64_t ldy1, double *r, int64_t ldr);
void polylift_host_expsum_scaled_rows_f32(int64_t nb, int64_t ng, int64_t n, float t, float s, const float *x, int64_t ldx0, int64_t ldx1, const float *m, int64_t ldm, float *y, int64_t ldy0, int64_t ldy1, float *r, int64_t ldr);
void polylift_host_expsum_scaled_rows_f64(int64_t nb, int64_t ng, int64_t n, double t, double s, const double *x, int64_t ldx0, int64_t ldx1, const double *m, int64_t ldm, double *y, int64_t ldy0, int64_t ldy1, double *r, int64_t ldr);

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
void polylift_cudnn_fill_f32(int64_t n, float alpha, float *x, int64_t incx);
void polylift_cudnn_fill_f64(int64_t n, double alpha, double *x, int64_t incx);

/* fill2d: blas.fill2d (A = alpha (a zero-fill binds alpha to the constant 0)) */
void polylift_ref_fill2d_f32(int64_t m, int64_t n, float alpha, float *A, int64_t ldA);
void polylift_ref_fill2d_f64(int64_t m, int64_t n, double alpha, double *A, int64_t ldA);
void polylift_host_fill2d_f32(int64_t m, int64_t n, float alpha, float *A, int64_t ldA);
void polylift_host_fill2d_f64(int64_t m, int64_t n, double alpha, double *A, int64_t ldA);
void polylift_cublas_fill2d_f32(int64_t m, int64_t n, float alpha, float *A, int64_t ldA);
void polylift_cublas_fill2d_f64(int64_t m, int64_t n, double alpha, double *A, int64_t ldA);
void polylift_cudnn_fill2d_f32(int64_t m, int64_t n, float alpha, float *A, int64_t ldA);
void polylift_cudnn_fill2d_f64(int64_t m, int64_t n, double alpha, double *A, int64_t ldA);

/* gather: sparse.gather (y[k] = x[idx[k]]: the values of x at the positions idx) */
void polylift_ref_gather_f32(int64_t nz, int64_t n, const float *x, int64_t incx, const int32_t *idx, int64_t incidx, float *y, int64_t incy);
void polylift_ref_gather_f64(int64_t nz, int64_t n, const double *x, int64_t incx, const int32_t *idx, int64_t incidx, double *y, int64_t incy);
void polylift_ref_gather_i32(int64_t nz, int64_t n, const int32_t *x, int64_t incx, const int32_t *idx, int64_t incidx, int32_t *y, int64_t incy);
void polylift_host_gather_f32(int64_t nz, int64_t n, const float *x, int64_t incx, const int32_t *idx, int64_t incidx, float *y, int64_t incy);
void polylift_host_gather_f64(int64_t nz, int64_t n, const double *x, int64_t incx, const int32_t *idx, int64_t incidx, double *y, int64_t incy);
void polylift_host_gather_i32(int64_t nz, int64_t n, const int32_t *x, int64_t incx, const int32_t *idx, int64_t incidx, int32_t *y, int64_t incy);

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

/* getrf_nopivot: lapack.getrf_nopivot (A = L.U in place without pivoting: L unit lower below the diagonal, U upper) */
void polylift_ref_getrf_nopivot_f32(int64_t n, float *A, int64_t ldA);
void polylift_ref_getrf_nopivot_f64(int64_t n, double *A, int64_t ldA);
void polylift_host_getrf_nopivot_f32(int64_t n, float *A, int64_t ldA);
void polylift_host_getrf_nopivot_f64(int64_t n, double *A, int64_t ldA);
void polylift_cusolver_getrf_nopivot_f32(int64_t n, float *A, int64_t ldA);
void polylift_cusolver_getrf_nopivot_f64(int64_t n, double *A, int64_t ldA);
double polylift_backward_getrf_nopivot_f32(int64_t n, float *A, int64_t ldA, const float *A_in);
double polylift_backward_getrf_nopivot_f64(int64_t n, double *A, int64_t ldA, const double *A_in);

/* global_avgpool: cnn.global_avgpool (y[n,c] = (sum of x[n,c,i] over the pixels i) / d: global average pooling) */
void polylift_ref_global_avgpool_f32(int64_t N, int64_t C, int64_t I, float d, const float *x, int64_t ldx0, int64_t ldx1, float *y, int64_t ldy);
void polylift_host_global_avgpool_f32(int64_t N, int64_t C, int64_t I, float d, const float *x, int64_t ldx0, int64_t ldx1, float *y, int64_t ldy);

/* heat3d: stencil.heat3d (B = A + c * (second difference of A along each axis), PolyBench's heat-3d order) */
void polylift_ref_heat3d_f32(int64_t l, int64_t m, int64_t n, float c, const float *A, int64_t ldA0, int64_t ldA1, float *B, int64_t ldB0, int64_t ldB1);
void polylift_ref_heat3d_f64(int64_t l, int64_t m, int64_t n, double c, const double *A, int64_t ldA0, int64_t ldA1, double *B, int64_t ldB0, int64_t ldB1);
void polylift_host_heat3d_f32(int64_t l, int64_t m, int64_t n, float c, const float *A, int64_t ldA0, int64_t ldA1, float *B, int64_t ldB0, int64_t ldB1);
void polylift_host_heat3d_f64(int64_t l, int64_t m, int64_t n, double c, const double *A, int64_t ldA0, int64_t ldA1, double *B, int64_t ldB0, int64_t ldB1);

/* histogram: sparse.histogram (h[v] += 1 for the value v of each element, read as unsigned (8- or 16-bit data)) */
void polylift_ref_histogram_i8(int64_t n, int64_t nbins, const int8_t *x, int64_t incx, int32_t *h, int64_t inch);
void polylift_ref_histogram_i16(int64_t n, int64_t nbins, const int16_t *x, int64_t incx, int32_t *h, int64_t inch);
void polylift_host_histogram_i8(int64_t n, int64_t nbins, const int8_t *x, int64_t incx, int32_t *h, int64_t inch);
void polylift_host_histogram_i16(int64_t n, int64_t nbins, const int16_t *x, int64_t incx, int32_t *h, int64_t inch);

/* iamax: red.iamax (r = s, k = t; then for i = 0, 1, ...: if (abs(x[i]) > r) { r = abs(x[i]); k = base + i; } (the first largest magnitude; NaN elements skipped)), red.iamax0 (r = s, k = t; then for i = 0, 1, ...: if (abs(x[i]) > r) { r = abs(x[i]); k = i; } (the first largest magnitude; NaN elements skipped)) */
void polylift_ref_iamax_f32(int64_t n, float s, int32_t t, int32_t base, const float *x, int64_t incx, float *r, int32_t *k);
void polylift_ref_iamax_f64(int64_t n, double s, int32_t t, int32_t base, const double *x, int64_t incx, double *r, int32_t *k);
void polylift_host_iamax_f32(int64_t n, float s, int32_t t, int32_t base, const float *x, int64_t incx, float *r, int32_t *k);
void polylift_host_iamax_f64(int64_t n, double s, int32_t t, int32_t base, const double *x, int64_t incx, double *r, int32_t *k);
void polylift_cublas_iamax_f32(int64_t n, float s, int32_t t, int32_t base, const float *x, int64_t incx, float *r, int32_t *k);
void polylift_cublas_iamax_f64(int64_t n, double s, int32_t t, int32_t base, const double *x, int64_t incx, double *r, int32_t *k);

/* iamin: red.iamin (r = s, k = t; then for i = 0, 1, ...: if (abs(x[i]) < r) { r = abs(x[i]); k = base + i; } (the first smallest magnitude; NaN elements skipped)), red.iamin0 (r = s, k = t; then for i = 0, 1, ...: if (abs(x[i]) < r) { r = abs(x[i]); k = i; } (the first smallest magnitude; NaN elements skipped)) */
void polylift_ref_iamin_f32(int64_t n, float s, int32_t t, int32_t base, const float *x, int64_t incx, float *r, int32_t *k);
void polylift_ref_iamin_f64(int64_t n, double s, int32_t t, int32_t base, const double *x, int64_t incx, double *r, int32_t *k);
void polylift_host_iamin_f32(int64_t n, float s, int32_t t, int32_t base, const float *x, int64_t incx, float *r, int32_t *k);
void polylift_host_iamin_f64(int64_t n, double s, int32_t t, int32_t base, const double *x, int64_t incx, double *r, int32_t *k);
void polylift_cublas_iamin_f32(int64_t n, float s, int32_t t, int32_t base, const float *x, int64_t incx, float *r, int32_t *k);
void polylift_cublas_iamin_f64(int64_t n, double s, int32_t t, int32_t base, const double *x, int64_t incx, double *r, int32_t *k);

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

/* l2norm_channels: ch.l2norm (s[b,j] = sum over c of x[b,c,j]^2; x = x / sqrt(s); dx = (1 - x) / sqrt(s)) */
void polylift_ref_l2norm_channels_f32(int64_t nb, int64_t nc, int64_t ns, float *s, int64_t lds, float *x, int64_t ldx0, int64_t ldx1, float *dx, int64_t lddx0, int64_t lddx1);
void polylift_ref_l2norm_channels_f64(int64_t nb, int64_t nc, int64_t ns, double *s, int64_t lds, double *x, int64_t ldx0, int64_t ldx1, double *dx, int64_t lddx0, int64_t lddx1);
void polylift_host_l2norm_channels_f32(int64_t nb, int64_t nc, int64_t ns, float *s, int64_t lds, float *x, int64_t ldx0, int64_t ldx1, float *dx, int64_t lddx0, int64_t lddx1);
void polylift_host_l2norm_channels_f64(int64_t nb, int64_t nc, int64_t ns, double *s, int64_t lds, double *x, int64_t ldx0, int64_t ldx1, double *dx, int64_t lddx0, int64_t lddx1);

/* leaky_ip: act.leaky (y = y > 0 ? y : a * y: leaky ReLU of slope a) */
void polylift_ref_leaky_ip_f32(int64_t n, float a, float *y, int64_t incy);
void polylift_ref_leaky_ip_f64(int64_t n, double a, double *y, int64_t incy);
void polylift_host_leaky_ip_f32(int64_t n, float a, float *y, int64_t incy);
void polylift_host_leaky_ip_f64(int64_t n, double a, double *y, int64_t incy);

/* lerp: ew.lerp (z = x + t * (y - x)) */
void polylift_ref_lerp_f32(int64_t n, float t, const float *x, int64_t incx, const float *y, int64_t incy, float *z, int64_t incz);
void polylift_ref_lerp_f64(int64_t n, double t, const double *x, int64_t incx, const double *y, int64_t incy, double *z, int64_t incz);
void polylift_host_lerp_f32(int64_t n, float t, const float *x, int64_t incx, const float *y, int64_t incy, float *z, int64_t incz);
void polylift_host_lerp_f64(int64_t n, double t, const double *x, int64_t incx, const double *y, int64_t incy, double *z, int64_t incz);

/* logistic_ip: act.logistic (y = 1 / (1 + exp(-y)): the logistic sigmoid) */
void polylift_ref_logistic_ip_f32(int64_t n, float *y, int64_t incy);
void polylift_ref_logistic_ip_f64(int64_t n, double *y, int64_t incy);
void polylift_host_logistic_ip_f32(int64_t n, float *y, int64_t incy);
void polylift_host_logistic_ip_f64(int64_t n, double *y, int64_t incy);

/* max: ew.max (z = max(x, y): x > y ? x : y) */
void polylift_ref_max_f32(int64_t n, const float *x, int64_t incx, const float *y, int64_t incy, float *z, int64_t incz);
void polylift_ref_max_f64(int64_t n, const double *x, int64_t incx, const double *y, int64_t incy, double *z, int64_t incz);
void polylift_host_max_f32(int64_t n, const float *x, int64_t incx, const float *y, int64_t incy, float *z, int64_t incz);
void polylift_host_max_f64(int64_t n, const double *x, int64_t incx, const double *y, int64_t incy, double *z, int64_t incz);
void polylift_cudnn_max_f32(int64_t n, const float *x, int64_t incx, const float *y, int64_t incy, float *z, int64_t incz);
void polylift_cudnn_max_f64(int64_t n, const double *x, int64_t incx, const double *y, int64_t incy, double *z, int64_t incz);

/* maxpool: cnn.maxpool (y = the maximum of each 2x2 window of x (stride 2), starting from its first element) */
void polylift_ref_maxpool_f32(int64_t N, int64_t C, int64_t H, int64_t W, int64_t P, int64_t Q, const float *x, int64_t ldx0, int64_t ldx1, int64_t ldx2, float *y, int64_t ldy0, int64_t ldy1, int64_t ldy2);
void polylift_host_maxpool_f32(int64_t N, int64_t C, int64_t H, int64_t W, int64_t P, int64_t Q, const float *x, int64_t ldx0, int64_t ldx1, int64_t ldx2, float *y, int64_t ldy0, int64_t ldy1, int64_t ldy2);
void polylift_cudnn_maxpool_f32(int64_t N, int64_t C, int64_t H, int64_t W, int64_t P, int64_t Q, const float *x, int64_t ldx0, int64_t ldx1, int64_t ldx2, float *y, int64_t ldy0, int64_t ldy1, int64_t ldy2);

/* maxpool_index: cnn.maxpool_index (y = s0, k = t0; then for r, s: if (x[n,c,p,q,r,s] > y) { y = x[..]; k = base + n*sn + c*sc + p*sp + q*sq + r*sr + s*ss; } (the first maximum of each window, and where it is)), cnn.maxpool_index0 (y = s0, k = t0; then for r, s: if (x[n,c,p,q,r,s] > y) { y = x[..]; k = n*sn + c*sc + p*sp + q*sq + r*sr + s*ss; } (the first maximum of each window, and where it is)) */
void polylift_ref_maxpool_index_f32(int64_t N, int64_t C, int64_t P, int64_t Q, int64_t R, int64_t S, float s0, int32_t t0, int32_t base, int32_t sn, int32_t sc, int32_t sp, int32_t sq, int32_t sr, int32_t ss, const float *x, int64_t ldx0, int64_t ldx1, int64_t ldx2, int64_t ldx3, int64_t ldx4, float *y, int64_t ldy0, int64_t ldy1, int64_t ldy2, int32_t *k, int64_t ldk0, int64_t ldk1, int64_t ldk2);
void polylift_ref_maxpool_index_f64(int64_t N, int64_t C, int64_t P, int64_t Q, int64_t R, int64_t S, double s0, int32_t t0, int32_t base, int32_t sn, int32_t sc, int32_t sp, int32_t sq, int32_t sr, int32_t ss, const double *x, int64_t ldx0, int64_t ldx1, int64_t ldx2, int64_t ldx3, int64_t ldx4, double *y, int64_t ldy0, int64_t ldy1, int64_t ldy2, int32_t *k, int64_t ldk0, int64_t ldk1, int64_t ldk2);
void polylift_host_maxpool_index_f32(int64_t N, int64_t C, int64_t P, int64_t Q, int64_t R, int64_t S, float s0, int32_t t0, int32_t base, int32_t sn, int32_t sc, int32_t sp, int32_t sq, int32_t sr, int32_t ss, const float *x, int64_t ldx0, int64_t ldx1, int64_t ldx2, int64_t ldx3, int64_t ldx4, float *y, int64_t ldy0, int64_t ldy1, int64_t ldy2, int32_t *k, int64_t ldk0, int64_t ldk1, int64_t ldk2);
void polylift_host_maxpool_index_f64(int64_t N, int64_t C, int64_t P, int64_t Q, int64_t R, int64_t S, double s0, int32_t t0, int32_t base, int32_t sn, int32_t sc, int32_t sp, int32_t sq, int32_t sr, int32_t ss, const double *x, int64_t ldx0, int64_t ldx1, int64_t ldx2, int64_t ldx3, int64_t ldx4, double *y, int64_t ldy0, int64_t ldy1, int64_t ldy2, int32_t *k, int64_t ldk0, int64_t ldk1, int64_t ldk2);

/* maxs_ip: ew.maxs_ip (y = max(a, y): a > y ? a : y (a ReLU with a = 0)) */
void polylift_ref_maxs_ip_f32(int64_t n, float a, float *y, int64_t incy);
void polylift_ref_maxs_ip_f64(int64_t n, double a, double *y, int64_t incy);
void polylift_host_maxs_ip_f32(int64_t n, float a, float *y, int64_t incy);
void polylift_host_maxs_ip_f64(int64_t n, double a, double *y, int64_t incy);

/* maxval: red.maxval (r = s, then r = x[i] > r ? x[i] : r for i = 0, 1, ...) */
void polylift_ref_maxval_f32(int64_t n, float s, const float *x, int64_t incx, float *r);
void polylift_ref_maxval_f64(int64_t n, double s, const double *x, int64_t incx, double *r);
void polylift_host_maxval_f32(int64_t n, float s, const float *x, int64_t incx, float *r);
void polylift_host_maxval_f64(int64_t n, double s, const double *x, int64_t incx, double *r);
void polylift_cudnn_maxval_f32(int64_t n, float s, const float *x, int64_t incx, float *r);
void polylift_cudnn_maxval_f64(int64_t n, double s, const double *x, int64_t incx, double *r);

/* maxval_acc: red.maxval_acc (r = x[i] > r ? x[i] : r for i = 0, 1, ..., from r as it is) */
void polylift_ref_maxval_acc_f32(int64_t n, const float *x, int64_t incx, float *r);
void polylift_ref_maxval_acc_f64(int64_t n, const double *x, int64_t incx, double *r);
void polylift_host_maxval_acc_f32(int64_t n, const float *x, int64_t incx, float *r);
void polylift_host_maxval_acc_f64(int64_t n, const double *x, int64_t incx, double *r);
void polylift_cudnn_maxval_acc_f32(int64_t n, const float *x, int64_t incx, float *r);
void polylift_cudnn_maxval_acc_f64(int64_t n, const double *x, int64_t incx, double *r);

/* maxval_rows: red.maxval_rows (r[b,g] = s, then r[b,g] = x[b,g,i] > r[b,g] ? x[b,g,i] : r[b,g] for i = 0, 1, ...) */
void polylift_ref_maxval_rows_f32(int64_t nb, int64_t ng, int64_t n, float s, const float *x, int64_t ldx0, int64_t ldx1, float *r, int64_t ldr);
void polylift_ref_maxval_rows_f64(int64_t nb, int64_t ng, int64_t n, double s, const double *x, int64_t ldx0, int64_t ldx1, double *r, int64_t ldr);
void polylift_host_maxval_rows_f32(int64_t nb, int64_t ng, int64_t n, float s, const float *x, int64_t ldx0, int64_t ldx1, float *r, int64_t ldr);
void polylift_host_maxval_rows_f64(int64_t nb, int64_t ng, int64_t n, double s, const double *x, int64_t ldx0, int64_t ldx1, double *r, int64_t ldr);

/* mean: red.mean (r = (s + x[0] + x[1] + ...) / c: a sum in order, divided by c (the count, converted)) */
void polylift_ref_mean_f32(int64_t n, float s, float c, const float *x, int64_t incx, float *r);
void polylift_ref_mean_f64(int64_t n, double s, double c, const double *x, int64_t incx, double *r);

/* mean_channels: ch.mean (mean[c] = (sum over b, s of x[b,c,s]) * scale) */
void polylift_ref_mean_channels_f32(int64_t nb, int64_t nc, int64_t ns, const float *x, int64_t ldx0, int64_t ldx1, float scale, float *mean, int64_t incmean);
void polylift_ref_mean_channels_f64(int64_t nb, int64_t nc, int64_t ns, const double *x, int64_t ldx0, int64_t ldx1, double scale, double *mean, int64_t incmean);
void polylift_host_mean_channels_f32(int64_t nb, int64_t nc, int64_t ns, const float *x, int64_t ldx0, int64_t ldx1, float scale, float *mean, int64_t incmean);
void polylift_host_mean_channels_f64(int64_t nb, int64_t nc, int64_t ns, const double *x, int64_t ldx0, int64_t ldx1, double scale, double *mean, int64_t incmean);

/* min: ew.min (z = min(x, y): x < y ? x : y) */
void polylift_ref_min_f32(int64_t n, const float *x, int64_t incx, const float *y, int64_t incy, float *z, int64_t incz);
void polylift_ref_min_f64(int64_t n, const double *x, int64_t incx, const double *y, int64_t incy, double *z, int64_t incz);
void polylift_host_min_f32(int64_t n, const float *x, int64_t incx, const float *y, int64_t incy, float *z, int64_t incz);
void polylift_host_min_f64(int64_t n, const double *x, int64_t incx, const double *y, int64_t incy, double *z, int64_t incz);
void polylift_cudnn_min_f32(int64_t n, const float *x, int64_t incx, const float *y, int64_t incy, float *z, int64_t incz);
void polylift_cudnn_min_f64(int64_t n, const double *x, int64_t incx, const double *y, int64_t incy, double *z, int64_t incz);

/* minval: red.minval (r = s, then r = x[i] < r ? x[i] : r for i = 0, 1, ...) */
void polylift_ref_minval_f32(int64_t n, float s, const float *x, int64_t incx, float *r);
void polylift_ref_minval_f64(int64_t n, double s, const double *x, int64_t incx, double *r);
void polylift_host_minval_f32(int64_t n, float s, const float *x, int64_t incx, float *r);
void polylift_host_minval_f64(int64_t n, double s, const double *x, int64_t incx, double *r);
void polylift_cudnn_minval_f32(int64_t n, float s, const float *x, int64_t incx, float *r);
void polylift_cudnn_minval_f64(int64_t n, double s, const double *x, int64_t incx, double *r);

/* minval_acc: red.minval_acc (r = x[i] < r ? x[i] : r for i = 0, 1, ..., from r as it is) */
void polylift_ref_minval_acc_f32(int64_t n, const float *x, int64_t incx, float *r);
void polylift_ref_minval_acc_f64(int64_t n, const double *x, int64_t incx, double *r);
void polylift_host_minval_acc_f32(int64_t n, const float *x, int64_t incx, float *r);
void polylift_host_minval_acc_f64(int64_t n, const double *x, int64_t incx, double *r);
void polylift_cudnn_minval_acc_f32(int64_t n, const float *x, int64_t incx, float *r);
void polylift_cudnn_minval_acc_f64(int64_t n, const double *x, int64_t incx, double *r);

/* mul: ew.mul (z = x * y) */
void polylift_ref_mul_f32(int64_t n, const float *x, int64_t incx, const float *y, int64_t incy, float *z, int64_t incz);
void polylift_ref_mul_f64(int64_t n, const double *x, int64_t incx, const double *y, int64_t incy, double *z, int64_t incz);
void polylift_host_mul_f32(int64_t n, const float *x, int64_t incx, const float *y, int64_t incy, float *z, int64_t incz);
void polylift_host_mul_f64(int64_t n, const double *x, int64_t incx, const double *y, int64_t incy, double *z, int64_t incz);
void polylift_cublas_mul_f32(int64_t n, const float *x, int64_t incx, const float *y, int64_t incy, float *z, int64_t incz);
void polylift_cublas_mul_f64(int64_t n, const double *x, int64_t incx, const double *y, int64_t incy, double *z, int64_t incz);
void polylift_cudnn_mul_f32(int64_t n, const float *x, int64_t incx, const float *y, int64_t incy, float *z, int64_t incz);
void polylift_cudnn_mul_f64(int64_t n, const double *x, int64_t incx, const double *y, int64_t incy, double *z, int64_t incz);

/* mul2d: ew.mul2d (C = A * B elementwise (matrices)) */
void polylift_ref_mul2d_f32(int64_t m, int64_t n, const float *A, int64_t ldA, const float *B, int64_t ldB, float *C, int64_t ldC);
void polylift_ref_mul2d_f64(int64_t m, int64_t n, const double *A, int64_t ldA, const double *B, int64_t ldB, double *C, int64_t ldC);
void polylift_host_mul2d_f32(int64_t m, int64_t n, const float *A, int64_t ldA, const float *B, int64_t ldB, float *C, int64_t ldC);
void polylift_host_mul2d_f64(int64_t m, int64_t n, const double *A, int64_t ldA, const double *B, int64_t ldB, double *C, int64_t ldC);
void polylift_cublas_mul2d_f32(int64_t m, int64_t n, const float *A, int64_t ldA, const float *B, int64_t ldB, float *C, int64_t ldC);
void polylift_cublas_mul2d_f64(int64_t m, int64_t n, const double *A, int64_t ldA, const double *B, int64_t ldB, double *C, int64_t ldC);
void polylift_cudnn_mul2d_f32(int64_t m, int64_t n, const float *A, int64_t ldA, const float *B, int64_t ldB, float *C, int64_t ldC);
void polylift_cudnn_mul2d_f64(int64_t m, int64_t n, const double *A, int64_t ldA, const double *B, int64_t ldB, double *C, int64_t ldC);

/* mul2d_ip: ew.mul2d_ip (B = B * A elementwise (matrices)) */
void polylift_ref_mul2d_ip_f32(int64_t m, int64_t n, const float *A, int64_t ldA, float *B, int64_t ldB);
void polylift_ref_mul2d_ip_f64(int64_t m, int64_t n, const double *A, int64_t ldA, double *B, int64_t ldB);
void polylift_host_mul2d_ip_f32(int64_t m, int64_t n, const float *A, int64_t ldA, float *B, int64_t ldB);
void polylift_host_mul2d_ip_f64(int64_t m, int64_t n, const double *A, int64_t ldA, double *B, int64_t ldB);

/* mul_ip: ew.mul_ip (y = y * x) */
void polylift_ref_mul_ip_f32(int64_t n, const float *x, int64_t incx, float *y, int64_t incy);
void polylift_ref_mul_ip_f64(int64_t n, const double *x, int64_t incx, double *y, int64_t incy);
void polylift_host_mul_ip_f32(int64_t n, const float *x, int64_t incx, float *y, int64_t incy);
void polylift_host_mul_ip_f64(int64_t n, const double *x, int64_t incx, double *y, int64_t incy);

/* mul_scaled: ew.mul_scaled (z = w * (a * x) (rmsnorm's last map)) */
void polylift_ref_mul_scaled_f32(int64_t n, float a, const float *w, int64_t incw, const float *x, int64_t incx, float *z, int64_t incz);
void polylift_ref_mul_scaled_f64(int64_t n, double a, const double *w, int64_t incw, const double *x, int64_t incx, double *z, int64_t incz);
void polylift_host_mul_scaled_f32(int64_t n, float a, const float *w, int64_t incw, const float *x, int64_t incx, float *z, int64_t incz);
void polylift_host_mul_scaled_f64(int64_t n, double a, const double *w, int64_t incw, const double *x, int64_t incx, double *z, int64_t incz);

/* muls: ew.muls (z = a * x) */
void polylift_ref_muls_f32(int64_t n, float a, const float *x, int64_t incx, float *z, int64_t incz);
void polylift_ref_muls_f64(int64_t n, double a, const double *x, int64_t incx, double *z, int64_t incz);
void polylift_host_muls_f32(int64_t n, float a, const float *x, int64_t incx, float *z, int64_t incz);
void polylift_host_muls_f64(int64_t n, double a, const double *x, int64_t incx, double *z, int64_t incz);

/* muls2d: ew.muls2d (B = a * A (matrices)) */
void polylift_ref_muls2d_f32(int64_t m, int64_t n, float a, const float *A, int64_t ldA, float *B, int64_t ldB);
void polylift_ref_muls2d_f64(int64_t m, int64_t n, double a, const double *A, int64_t ldA, double *B, int64_t ldB);
void polylift_host_muls2d_f32(int64_t m, int64_t n, float a, const float *A, int64_t ldA, float *B, int64_t ldB);
void polylift_host_muls2d_f64(int64_t m, int64_t n, double a, const double *A, int64_t ldA, double *B, int64_t ldB);

/* neg: ew.neg (z = -x) */
void polylift_ref_neg_f32(int64_t n, const float *x, int64_t incx, float *z, int64_t incz);
void polylift_ref_neg_f64(int64_t n, const double *x, int64_t incx, double *z, int64_t incz);
void polylift_host_neg_f32(int64_t n, const float *x, int64_t incx, float *z, int64_t incz);
void polylift_host_neg_f64(int64_t n, const double *x, int64_t incx, double *z, int64_t incz);

/* neg_ip: ew.neg_ip (y = -y) */
void polylift_ref_neg_ip_f32(int64_t n, float *y, int64_t incy);
void polylift_ref_neg_ip_f64(int64_t n, double *y, int64_t incy);
void polylift_host_neg_ip_f32(int64_t n, float *y, int64_t incy);
void polylift_host_neg_ip_f64(int64_t n, double *y, int64_t incy);

/* normalize_channels: ch.normalize (x[b,c,s] = (x[b,c,s] - mean[c]) / (sqrt(variance[c]) + 1e-6f), in double) */
void polylift_ref_normalize_channels_f32(int64_t nb, int64_t nc, int64_t ns, const float *mean, int64_t incmean, const float *variance, int64_t incvariance, float *x, int64_t ldx0, int64_t ldx1);
void polylift_host_normalize_channels_f32(int64_t nb, int64_t nc, int64_t ns, const float *mean, int64_t incmean, const float *variance, int64_t incvariance, float *x, int64_t ldx0, int64_t ldx1);

/* nrm2: red.nrm2 (r = sqrt(s + x[0]*x[0] + x[1]*x[1] + ...) (the sum in order, then the root)) */
void polylift_ref_nrm2_f32(int64_t n, float s, const float *x, int64_t incx, float *r);
void polylift_ref_nrm2_f64(int64_t n, double s, const double *x, int64_t incx, double *r);
void polylift_host_nrm2_f32(int64_t n, float s, const float *x, int64_t incx, float *r);
void polylift_host_nrm2_f64(int64_t n, double s, const double *x, int64_t incx, double *r);
void polylift_cublas_nrm2_f32(int64_t n, float s, const float *x, int64_t incx, float *r);
void polylift_cublas_nrm2_f64(int64_t n, double s, const double *x, int64_t incx, double *r);
void polylift_cudnn_nrm2_f32(int64_t n, float s, const float *x, int64_t incx, float *r);
void polylift_cudnn_nrm2_f64(int64_t n, double s, const double *x, int64_t incx, double *r);

/* potrf_lower: lapack.potrf_lower (A = L.L^T in place: L over the lower triangle of A; the upper one is left alone) */
void polylift_ref_potrf_lower_f32(int64_t n, float *A, int64_t ldA);
void polylift_ref_potrf_lower_f64(int64_t n, double *A, int64_t ldA);
void polylift_host_potrf_lower_f32(int64_t n, float *A, int64_t ldA);
void polylift_host_potrf_lower_f64(int64_t n, double *A, int64_t ldA);
void polylift_cusolver_potrf_lower_f32(int64_t n, float *A, int64_t ldA);
void polylift_cusolver_potrf_lower_f64(int64_t n, double *A, int64_t ldA);
double polylift_backward_potrf_lower_f32(int64_t n, float *A, int64_t ldA, const float *A_in);
double polylift_backward_potrf_lower_f64(int64_t n, double *A, int64_t ldA, const double *A_in);

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
void polylift_npp_pva_histeq_i8(int64_t h, int64_t w, int64_t nbins, const int8_t *src, int64_t ldsrc, int32_t *hist, int64_t inchist, int32_t *cdf, int64_t inccdf, int8_t *lut, int64_t inclut, int8_t *dst, int64_t lddst);
void polylift_pva_pva_histeq_i8(int64_t h, int64_t w, int64_t nbins, const int8_t *src, int64_t ldsrc, int32_t *hist, int64_t inchist, int32_t *cdf, int64_t inccdf, int8_t *lut, int64_t inclut, int8_t *dst, int64_t lddst);

/* pva_histogram: pva.histogram (hist = 0, then hist[v] += 1 for the value v of every pixel (its bits read as unsigned)) */
void polylift_ref_pva_histogram_i8(int64_t h, int64_t w, int64_t nbins, const int8_t *src, int64_t ldsrc, int32_t *hist, int64_t inchist);
void polylift_ref_pva_histogram_i16(int64_t h, int64_t w, int64_t nbins, const int16_t *src, int64_t ldsrc, int32_t *hist, int64_t inchist);
void polylift_host_pva_histogram_i8(int64_t h, int64_t w, int64_t nbins, const int8_t *src, int64_t ldsrc, int32_t *hist, int64_t inchist);
void polylift_host_pva_histogram_i16(int64_t h, int64_t w, int64_t nbins, const int16_t *src, int64_t ldsrc, int32_t *hist, int64_t inchist);
void polylift_npp_pva_histogram_i8(int64_t h, int64_t w, int64_t nbins, const int8_t *src, int64_t ldsrc, int32_t *hist, int64_t inchist);
void polylift_npp_pva_histogram_i16(int64_t h, int64_t w, int64_t nbins, const int16_t *src, int64_t ldsrc, int32_t *hist, int64_t inchist);
void polylift_pva_pva_histogram_i8(int64_t h, int64_t w, int64_t nbins, const int8_t *src, int64_t ldsrc, int32_t *hist, int64_t inchist);
void polylift_pva_pva_histogram_i16(int64_t h, int64_t w, int64_t nbins, const int16_t *src, int64_t ldsrc, int32_t *hist, int64_t inchist);

/* pva_lut: pva.lut (dst = lut[src], the pixel's bits read as an unsigned number: a table lookup per pixel) */
void polylift_ref_pva_lut_i8(int64_t h, int64_t w, int64_t n, const int8_t *lut, int64_t inclut, const int8_t *src, int64_t ldsrc, int8_t *dst, int64_t lddst);
void polylift_ref_pva_lut_i16(int64_t h, int64_t w, int64_t n, const int16_t *lut, int64_t inclut, const int16_t *src, int64_t ldsrc, int16_t *dst, int64_t lddst);
void polylift_host_pva_lut_i8(int64_t h, int64_t w, int64_t n, const int8_t *lut, int64_t inclut, const int8_t *src, int64_t ldsrc, int8_t *dst, int64_t lddst);
void polylift_host_pva_lut_i16(int64_t h, int64_t w, int64_t n, const int16_t *lut, int64_t inclut, const int16_t *src, int64_t ldsrc, int16_t *dst, int64_t lddst);
void polylift_npp_pva_lut_i8(int64_t h, int64_t w, int64_t n, const int8_t *lut, int64_t inclut, const int8_t *src, int64_t ldsrc, int8_t *dst, int64_t lddst);
void polylift_npp_pva_lut_i16(int64_t h, int64_t w, int64_t n, const int16_t *lut, int64_t inclut, const int16_t *src, int64_t ldsrc, int16_t *dst, int64_t lddst);
void polylift_pva_pva_lut_i8(int64_t h, int64_t w, int64_t n, const int8_t *lut, int64_t inclut, const int8_t *src, int64_t ldsrc, int8_t *dst, int64_t lddst);
void polylift_pva_pva_lut_i16(int64_t h, int64_t w, int64_t n, const int16_t *lut, int64_t inclut, const int16_t *src, int64_t ldsrc, int16_t *dst, int64_t lddst);

/* rdivs: ew.rdivs (z = a / x), ew.recip (z = 1 / x (rdivs with a = 1)) */
void polylift_ref_rdivs_f32(int64_t n, float a, const float *x, int64_t incx, float *z, int64_t incz);
void polylift_ref_rdivs_f64(int64_t n, double a, const double *x, int64_t incx, double *z, int64_t incz);
void polylift_host_rdivs_f32(int64_t n, float a, const float *x, int64_t incx, float *z, int64_t incz);
void polylift_host_rdivs_f64(int64_t n, double a, const double *x, int64_t incx, double *z, int64_t incz);

/* relu_ip: act.relu (y = y * (y > 0): ReLU as a product (-0 for a negative y; NaN stays NaN)) */
void polylift_ref_relu_ip_f32(int64_t n, float *y, int64_t incy);
void polylift_ref_relu_ip_f64(int64_t n, double *y, int64_t incy);
void polylift_host_relu_ip_f32(int64_t n, float *y, int64_t incy);
void polylift_host_relu_ip_f64(int64_t n, double *y, int64_t incy);

/* rsubs: ew.rsubs (z = a - x) */
void polylift_ref_rsubs_f32(int64_t n, float a, const float *x, int64_t incx, float *z, int64_t incz);
void polylift_ref_rsubs_f64(int64_t n, double a, const double *x, int64_t incx, double *z, int64_t incz);
void polylift_host_rsubs_f32(int64_t n, float a, const float *x, int64_t incx, float *z, int64_t incz);
void polylift_host_rsubs_f64(int64_t n, double a, const double *x, int64_t incx, double *z, int64_t incz);

/* scal: blas.scal (x = alpha * x) */
void polylift_ref_scal_f32(int64_t n, float alpha, float *x, int64_t incx);
void polylift_ref_scal_f64(int64_t n, double alpha, double *x, int64_t incx);
void polylift_host_scal_f32(int64_t n, float alpha, float *x, int64_t incx);
void polylift_host_scal_f64(int64_t n, double alpha, double *x, int64_t incx);
void polylift_cublas_scal_f32(int64_t n, float alpha, float *x, int64_t incx);
void polylift_cublas_scal_f64(int64_t n, double alpha, double *x, int64_t incx);
void polylift_cudnn_scal_f32(int64_t n, float alpha, float *x, int64_t incx);
void polylift_cudnn_scal_f64(int64_t n, double alpha, double *x, int64_t incx);

/* scal2d: blas.scal2d (A = alpha * A) */
void polylift_ref_scal2d_f32(int64_t m, int64_t n, float alpha, float *A, int64_t ldA);
void polylift_ref_scal2d_f64(int64_t m, int64_t n, double alpha, double *A, int64_t ldA);
void polylift_host_scal2d_f32(int64_t m, int64_t n, float alpha, float *A, int64_t ldA);
void polylift_host_scal2d_f64(int64_t m, int64_t n, double alpha, double *A, int64_t ldA);
void polylift_cublas_scal2d_f32(int64_t m, int64_t n, float alpha, float *A, int64_t ldA);
void polylift_cublas_scal2d_f64(int64_t m, int64_t n, double alpha, double *A, int64_t ldA);
void polylift_cudnn_scal2d_f32(int64_t m, int64_t n, float alpha, float *A, int64_t ldA);
void polylift_cudnn_scal2d_f64(int64_t m, int64_t n, double alpha, double *A, int64_t ldA);

/* scale_bias: ch.scale_bias (x[b,c,s] = x[b,c,s] * scale[c]: a scale per channel) */
void polylift_ref_scale_bias_f32(int64_t nb, int64_t nc, int64_t ns, const float *scale, int64_t incscale, float *x, int64_t ldx0, int64_t ldx1);
void polylift_ref_scale_bias_f64(int64_t nb, int64_t nc, int64_t ns, const double *scale, int64_t incscale, double *x, int64_t ldx0, int64_t ldx1);
void polylift_host_scale_bias_f32(int64_t nb, int64_t nc, int64_t ns, const float *scale, int64_t incscale, float *x, int64_t ldx0, int64_t ldx1);
void polylift_host_scale_bias_f64(int64_t nb, int64_t nc, int64_t ns, const double *scale, int64_t incscale, double *x, int64_t ldx0, int64_t ldx1);

/* shortcut: cnn.shortcut (y = y + x: the residual (shortcut) add of two activations) */
void polylift_ref_shortcut_f32(int64_t N, int64_t C, int64_t H, int64_t W, const float *x, int64_t ldx0, int64_t ldx1, int64_t ldx2, float *y, int64_t ldy0, int64_t ldy1, int64_t ldy2);
void polylift_host_shortcut_f32(int64_t N, int64_t C, int64_t H, int64_t W, const float *x, int64_t ldx0, int64_t ldx1, int64_t ldx2, float *y, int64_t ldy0, int64_t ldy1, int64_t ldy2);
void polylift_cudnn_shortcut_f32(int64_t N, int64_t C, int64_t H, int64_t W, const float *x, int64_t ldx0, int64_t ldx1, int64_t ldx2, float *y, int64_t ldy0, int64_t ldy1, int64_t ldy2);

/* sqr: ew.sqr (z = x * x) */
void polylift_ref_sqr_f32(int64_t n, const float *x, int64_t incx, float *z, int64_t incz);
void polylift_ref_sqr_f64(int64_t n, const double *x, int64_t incx, double *z, int64_t incz);
void polylift_host_sqr_f32(int64_t n, const float *x, int64_t incx, float *z, int64_t incz);
void polylift_host_sqr_f64(int64_t n, const double *x, int64_t incx, double *z, int64_t incz);

/* sqrt: ew.sqrt (z = sqrt(x) (correctly rounded)) */
void polylift_ref_sqrt_f32(int64_t n, const float *x, int64_t incx, float *z, int64_t incz);
void polylift_ref_sqrt_f64(int64_t n, const double *x, int64_t incx, double *z, int64_t incz);
void polylift_host_sqrt_f32(int64_t n, const float *x, int64_t incx, float *z, int64_t incz);
void polylift_host_sqrt_f64(int64_t n, const double *x, int64_t incx, double *z, int64_t incz);

/* sub: ew.sub (z = x - y) */
void polylift_ref_sub_f32(int64_t n, const float *x, int64_t incx, const float *y, int64_t incy, float *z, int64_t incz);
void polylift_ref_sub_f64(int64_t n, const double *x, int64_t incx, const double *y, int64_t incy, double *z, int64_t incz);
void polylift_host_sub_f32(int64_t n, const float *x, int64_t incx, const float *y, int64_t incy, float *z, int64_t incz);
void polylift_host_sub_f64(int64_t n, const double *x, int64_t incx, const double *y, int64_t incy, double *z, int64_t incz);
void polylift_cublas_sub_f32(int64_t n, const float *x, int64_t incx, const float *y, int64_t incy, float *z, int64_t incz);
void polylift_cublas_sub_f64(int64_t n, const double *x, int64_t incx, const double *y, int64_t incy, double *z, int64_t incz);

/* sub2d: ew.sub2d (C = A - B (matrices)) */
void polylift_ref_sub2d_f32(int64_t m, int64_t n, const float *A, int64_t ldA, const float *B, int64_t ldB, float *C, int64_t ldC);
void polylift_ref_sub2d_f64(int64_t m, int64_t n, const double *A, int64_t ldA, const double *B, int64_t ldB, double *C, int64_t ldC);
void polylift_host_sub2d_f32(int64_t m, int64_t n, const float *A, int64_t ldA, const float *B, int64_t ldB, float *C, int64_t ldC);
void polylift_host_sub2d_f64(int64_t m, int64_t n, const double *A, int64_t ldA, const double *B, int64_t ldB, double *C, int64_t ldC);
void polylift_cublas_sub2d_f32(int64_t m, int64_t n, const float *A, int64_t ldA, const float *B, int64_t ldB, float *C, int64_t ldC);
void polylift_cublas_sub2d_f64(int64_t m, int64_t n, const double *A, int64_t ldA, const double *B, int64_t ldB, double *C, int64_t ldC);

/* sub2d_ip: ew.sub2d_ip (B = B - A (matrices)) */
void polylift_ref_sub2d_ip_f32(int64_t m, int64_t n, const float *A, int64_t ldA, float *B, int64_t ldB);
void polylift_ref_sub2d_ip_f64(int64_t m, int64_t n, const double *A, int64_t ldA, double *B, int64_t ldB);
void polylift_host_sub2d_ip_f32(int64_t m, int64_t n, const float *A, int64_t ldA, float *B, int64_t ldB);
void polylift_host_sub2d_ip_f64(int64_t m, int64_t n, const double *A, int64_t ldA, double *B, int64_t ldB);
void polylift_cudnn_sub2d_ip_f32(int64_t m, int64_t n, const float *A, int64_t ldA, float *B, int64_t ldB);
void polylift_cudnn_sub2d_ip_f64(int64_t m, int64_t n, const double *A, int64_t ldA, double *B, int64_t ldB);

/* sub_ip: ew.sub_ip (y = y - x) */
void polylift_ref_sub_ip_f32(int64_t n, const float *x, int64_t incx, float *y, int64_t incy);
void polylift_ref_sub_ip_f64(int64_t n, const double *x, int64_t incx, double *y, int64_t incy);
void polylift_host_sub_ip_f32(int64_t n, const float *x, int64_t incx, float *y, int64_t incy);
void polylift_host_sub_ip_f64(int64_t n, const double *x, int64_t incx, double *y, int64_t incy);
void polylift_cudnn_sub_ip_f32(int64_t n, const float *x, int64_t incx, float *y, int64_t incy);
void polylift_cudnn_sub_ip_f64(int64_t n, const double *x, int64_t incx, double *y, int64_t incy);

/* subs: ew.subs (z = x - a) */
void polylift_ref_subs_f32(int64_t n, float a, const float *x, int64_t incx, float *z, int64_t incz);
void polylift_ref_subs_f64(int64_t n, double a, const double *x, int64_t incx, double *z, int64_t incz);
void polylift_host_subs_f32(int64_t n, float a, const float *x, int64_t incx, float *z, int64_t incz);
void polylift_host_subs_f64(int64_t n, double a, const double *x, int64_t incx, double *z, int64_t incz);

/* subs_ip: ew.subs_ip (y = y - a) */
void polylift_ref_subs_ip_f32(int64_t n, float a, float *y, int64_t incy);
void polylift_ref_subs_ip_f64(int64_t n, double a, double *y, int64_t incy);
void polylift_host_subs_ip_f32(int64_t n, float a, float *y, int64_t incy);
void polylift_host_subs_ip_f64(int64_t n, double a, double *y, int64_t incy);

/* sum: red.sum (r = s + x[0] + x[1] + ... (in order)) */
void polylift_ref_sum_f32(int64_t n, float s, const float *x, int64_t incx, float *r);
void polylift_ref_sum_f64(int64_t n, double s, const double *x, int64_t incx, double *r);
void polylift_host_sum_f32(int64_t n, float s, const float *x, int64_t incx, float *r);
void polylift_host_sum_f64(int64_t n, double s, const double *x, int64_t incx, double *r);
void polylift_cudnn_sum_f32(int64_t n, float s, const float *x, int64_t incx, float *r);
void polylift_cudnn_sum_f64(int64_t n, double s, const double *x, int64_t incx, double *r);

/* sum_acc: red.sum_acc (r = r + x[0] + x[1] + ... (in order)) */
void polylift_ref_sum_acc_f32(int64_t n, const float *x, int64_t incx, float *r);
void polylift_ref_sum_acc_f64(int64_t n, const double *x, int64_t incx, double *r);
void polylift_host_sum_acc_f32(int64_t n, const float *x, int64_t incx, float *r);
void polylift_host_sum_acc_f64(int64_t n, const double *x, int64_t incx, double *r);

/* sumsq: red.sumsq (r = s + x[0]*x[0] + x[1]*x[1] + ... (in order)) */
void polylift_ref_sumsq_f32(int64_t n, float s, const float *x, int64_t incx, float *r);
void polylift_ref_sumsq_f64(int64_t n, double s, const double *x, int64_t incx, double *r);
void polylift_host_sumsq_f32(int64_t n, float s, const float *x, int64_t incx, float *r);
void polylift_host_sumsq_f64(int64_t n, double s, const double *x, int64_t incx, double *r);

/* sumsq_acc: red.sumsq_acc (r = r + x[0]*x[0] + x[1]*x[1] + ... (in order)) */
void polylift_ref_sumsq_acc_f32(int64_t n, const float *x, int64_t incx, float *r);
void polylift_ref_sumsq_acc_f64(int64_t n, const double *x, int64_t incx, double *r);
void polylift_host_sumsq_acc_f32(int64_t n, const float *x, int64_t incx, float *r);
void polylift_host_sumsq_acc_f64(int64_t n, const double *x, int64_t incx, double *r);

/* symm_lower: blas.symm_lower (C = beta * C, then C += alpha * A.B over k <= i from A[i,k], then over k > i from A[k,i]) */
void polylift_ref_symm_lower_f32(int64_t m, int64_t n, float alpha, const float *A, int64_t ldA, const float *B, int64_t ldB, float beta, float *C, int64_t ldC);
void polylift_ref_symm_lower_f64(int64_t m, int64_t n, double alpha, const double *A, int64_t ldA, const double *B, int64_t ldB, double beta, double *C, int64_t ldC);
void polylift_host_symm_lower_f32(int64_t m, int64_t n, float alpha, const float *A, int64_t ldA, const float *B, int64_t ldB, float beta, float *C, int64_t ldC);
void polylift_host_symm_lower_f64(int64_t m, int64_t n, double alpha, const double *A, int64_t ldA, const double *B, int64_t ldB, double beta, double *C, int64_t ldC);

/* symm_lower_rows: blas.symm_lower_rows (C = alpha * A.B + beta * C, A symmetric in its lower triangle, row by row) */
void polylift_ref_symm_lower_rows_f32(int64_t m, int64_t n, float alpha, const float *A, int64_t ldA, const float *B, int64_t ldB, float beta, float *C, int64_t ldC);
void polylift_ref_symm_lower_rows_f64(int64_t m, int64_t n, double alpha, const double *A, int64_t ldA, const double *B, int64_t ldB, double beta, double *C, int64_t ldC);
void polylift_host_symm_lower_rows_f32(int64_t m, int64_t n, float alpha, const float *A, int64_t ldA, const float *B, int64_t ldB, float beta, float *C, int64_t ldC);
void polylift_host_symm_lower_rows_f64(int64_t m, int64_t n, double alpha, const double *A, int64_t ldA, const double *B, int64_t ldB, double beta, double *C, int64_t ldC);
void polylift_cublas_symm_lower_rows_f32(int64_t m, int64_t n, float alpha, const float *A, int64_t ldA, const float *B, int64_t ldB, float beta, float *C, int64_t ldC);
void polylift_cublas_symm_lower_rows_f64(int64_t m, int64_t n, double alpha, const double *A, int64_t ldA, const double *B, int64_t ldB, double beta, double *C, int64_t ldC);

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

/* syrk_t_upper: blas.syrk_t_upper (upper triangle (j >= i): C = 0, then C += A^T.A) */
void polylift_ref_syrk_t_upper_f32(int64_t n, int64_t k, const float *A, int64_t ldA, float *C, int64_t ldC);
void polylift_ref_syrk_t_upper_f64(int64_t n, int64_t k, const double *A, int64_t ldA, double *C, int64_t ldC);
void polylift_host_syrk_t_upper_f32(int64_t n, int64_t k, const float *A, int64_t ldA, float *C, int64_t ldC);
void polylift_host_syrk_t_upper_f64(int64_t n, int64_t k, const double *A, int64_t ldA, double *C, int64_t ldC);
void polylift_cublas_syrk_t_upper_f32(int64_t n, int64_t k, const float *A, int64_t ldA, float *C, int64_t ldC);
void polylift_cublas_syrk_t_upper_f64(int64_t n, int64_t k, const double *A, int64_t ldA, double *C, int64_t ldC);

/* tanh_ip: act.tanh (y = tanh(y)) */
void polylift_ref_tanh_ip_f32(int64_t n, float *y, int64_t incy);
void polylift_ref_tanh_ip_f64(int64_t n, double *y, int64_t incy);
void polylift_host_tanh_ip_f32(int64_t n, float *y, int64_t incy);
void polylift_host_tanh_ip_f64(int64_t n, double *y, int64_t incy);

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

/* trsv_lower: lapack.trsv_lower (x = L^-1 b, L lower triangular (diagonal included), b kept) */
void polylift_ref_trsv_lower_f32(int64_t n, const float *L, int64_t ldL, const float *b, int64_t incb, float *x, int64_t incx);
void polylift_ref_trsv_lower_f64(int64_t n, const double *L, int64_t ldL, const double *b, int64_t incb, double *x, int64_t incx);
void polylift_host_trsv_lower_f32(int64_t n, const float *L, int64_t ldL, const float *b, int64_t incb, float *x, int64_t incx);
void polylift_host_trsv_lower_f64(int64_t n, const double *L, int64_t ldL, const double *b, int64_t incb, double *x, int64_t incx);
void polylift_cublas_trsv_lower_f32(int64_t n, const float *L, int64_t ldL, const float *b, int64_t incb, float *x, int64_t incx);
void polylift_cublas_trsv_lower_f64(int64_t n, const double *L, int64_t ldL, const double *b, int64_t incb, double *x, int64_t incx);
double polylift_backward_trsv_lower_f32(int64_t n, const float *L, int64_t ldL, const float *b, int64_t incb, float *x, int64_t incx);
double polylift_backward_trsv_lower_f64(int64_t n, const double *L, int64_t ldL, const double *b, int64_t incb, double *x, int64_t incx);

/* trsv_lower_inplace: lapack.trsv_lower_inplace (x = L^-1 x in place, L lower triangular (diagonal included)) */
void polylift_ref_trsv_lower_inplace_f32(int64_t n, const float *L, int64_t ldL, float *x, int64_t incx);
void polylift_ref_trsv_lower_inplace_f64(int64_t n, const double *L, int64_t ldL, double *x, int64_t incx);
void polylift_host_trsv_lower_inplace_f32(int64_t n, const float *L, int64_t ldL, float *x, int64_t incx);
void polylift_host_trsv_lower_inplace_f64(int64_t n, const double *L, int64_t ldL, double *x, int64_t incx);
void polylift_cublas_trsv_lower_inplace_f32(int64_t n, const float *L, int64_t ldL, float *x, int64_t incx);
void polylift_cublas_trsv_lower_inplace_f64(int64_t n, const double *L, int64_t ldL, double *x, int64_t incx);
double polylift_backward_trsv_lower_inplace_f32(int64_t n, const float *L, int64_t ldL, float *x, int64_t incx, const float *x_in);
double polylift_backward_trsv_lower_inplace_f64(int64_t n, const double *L, int64_t ldL, double *x, int64_t incx, const double *x_in);

/* trsv_lower_unit: lapack.trsv_lower_unit (x = L^-1 b, L unit lower triangular (its diagonal is not read), b kept) */
void polylift_ref_trsv_lower_unit_f32(int64_t n, const float *L, int64_t ldL, const float *b, int64_t incb, float *x, int64_t incx);
void polylift_ref_trsv_lower_unit_f64(int64_t n, const double *L, int64_t ldL, const double *b, int64_t incb, double *x, int64_t incx);
void polylift_host_trsv_lower_unit_f32(int64_t n, const float *L, int64_t ldL, const float *b, int64_t incb, float *x, int64_t incx);
void polylift_host_trsv_lower_unit_f64(int64_t n, const double *L, int64_t ldL, const double *b, int64_t incb, double *x, int64_t incx);
void polylift_cublas_trsv_lower_unit_f32(int64_t n, const float *L, int64_t ldL, const float *b, int64_t incb, float *x, int64_t incx);
void polylift_cublas_trsv_lower_unit_f64(int64_t n, const double *L, int64_t ldL, const double *b, int64_t incb, double *x, int64_t incx);
double polylift_backward_trsv_lower_unit_f32(int64_t n, const float *L, int64_t ldL, const float *b, int64_t incb, float *x, int64_t incx);
double polylift_backward_trsv_lower_unit_f64(int64_t n, const double *L, int64_t ldL, const double *b, int64_t incb, double *x, int64_t incx);

/* trsv_lower_unit_inplace: lapack.trsv_lower_unit_inplace (x = L^-1 x in place, L unit lower triangular (its diagonal is not read)) */
void polylift_ref_trsv_lower_unit_inplace_f32(int64_t n, const float *L, int64_t ldL, float *x, int64_t incx);
void polylift_ref_trsv_lower_unit_inplace_f64(int64_t n, const double *L, int64_t ldL, double *x, int64_t incx);
void polylift_host_trsv_lower_unit_inplace_f32(int64_t n, const float *L, int64_t ldL, float *x, int64_t incx);
void polylift_host_trsv_lower_unit_inplace_f64(int64_t n, const double *L, int64_t ldL, double *x, int64_t incx);
void polylift_cublas_trsv_lower_unit_inplace_f32(int64_t n, const float *L, int64_t ldL, float *x, int64_t incx);
void polylift_cublas_trsv_lower_unit_inplace_f64(int64_t n, const double *L, int64_t ldL, double *x, int64_t incx);
double polylift_backward_trsv_lower_unit_inplace_f32(int64_t n, const float *L, int64_t ldL, float *x, int64_t incx, const float *x_in);
double polylift_backward_trsv_lower_unit_inplace_f64(int64_t n, const double *L, int64_t ldL, double *x, int64_t incx, const double *x_in);

/* trsv_upper: lapack.trsv_upper (x = U^-1 b, U upper triangular (diagonal included), b kept) */
void polylift_ref_trsv_upper_f32(int64_t n, const float *U, int64_t ldU, const float *b, int64_t incb, float *x, int64_t incx);
void polylift_ref_trsv_upper_f64(int64_t n, const double *U, int64_t ldU, const double *b, int64_t incb, double *x, int64_t incx);
void polylift_host_trsv_upper_f32(int64_t n, const float *U, int64_t ldU, const float *b, int64_t incb, float *x, int64_t incx);
void polylift_host_trsv_upper_f64(int64_t n, const double *U, int64_t ldU, const double *b, int64_t incb, double *x, int64_t incx);
void polylift_cublas_trsv_upper_f32(int64_t n, const float *U, int64_t ldU, const float *b, int64_t incb, float *x, int64_t incx);
void polylift_cublas_trsv_upper_f64(int64_t n, const double *U, int64_t ldU, const double *b, int64_t incb, double *x, int64_t incx);
double polylift_backward_trsv_upper_f32(int64_t n, const float *U, int64_t ldU, const float *b, int64_t incb, float *x, int64_t incx);
double polylift_backward_trsv_upper_f64(int64_t n, const double *U, int64_t ldU, const double *b, int64_t incb, double *x, int64_t incx);

/* trsv_upper_inplace: lapack.trsv_upper_inplace (x = U^-1 x in place, U upper triangular (diagonal included)) */
void polylift_ref_trsv_upper_inplace_f32(int64_t n, const float *U, int64_t ldU, float *x, int64_t incx);
void polylift_ref_trsv_upper_inplace_f64(int64_t n, const double *U, int64_t ldU, double *x, int64_t incx);
void polylift_host_trsv_upper_inplace_f32(int64_t n, const float *U, int64_t ldU, float *x, int64_t incx);
void polylift_host_trsv_upper_inplace_f64(int64_t n, const double *U, int64_t ldU, double *x, int64_t incx);
void polylift_cublas_trsv_upper_inplace_f32(int64_t n, const float *U, int64_t ldU, float *x, int64_t incx);
void polylift_cublas_trsv_upper_inplace_f64(int64_t n, const double *U, int64_t ldU, double *x, int64_t incx);
double polylift_backward_trsv_upper_inplace_f32(int64_t n, const float *U, int64_t ldU, float *x, int64_t incx, const float *x_in);
double polylift_backward_trsv_upper_inplace_f64(int64_t n, const double *U, int64_t ldU, double *x, int64_t incx, const double *x_in);

/* trsv_upper_unit: lapack.trsv_upper_unit (x = U^-1 b, U unit upper triangular (its diagonal is not read), b kept) */
void polylift_ref_trsv_upper_unit_f32(int64_t n, const float *U, int64_t ldU, const float *b, int64_t incb, float *x, int64_t incx);
void polylift_ref_trsv_upper_unit_f64(int64_t n, const double *U, int64_t ldU, const double *b, int64_t incb, double *x, int64_t incx);
void polylift_host_trsv_upper_unit_f32(int64_t n, const float *U, int64_t ldU, const float *b, int64_t incb, float *x, int64_t incx);
void polylift_host_trsv_upper_unit_f64(int64_t n, const double *U, int64_t ldU, const double *b, int64_t incb, double *x, int64_t incx);
void polylift_cublas_trsv_upper_unit_f32(int64_t n, const float *U, int64_t ldU, const float *b, int64_t incb, float *x, int64_t incx);
void polylift_cublas_trsv_upper_unit_f64(int64_t n, const double *U, int64_t ldU, const double *b, int64_t incb, double *x, int64_t incx);
double polylift_backward_trsv_upper_unit_f32(int64_t n, const float *U, int64_t ldU, const float *b, int64_t incb, float *x, int64_t incx);
double polylift_backward_trsv_upper_unit_f64(int64_t n, const double *U, int64_t ldU, const double *b, int64_t incb, double *x, int64_t incx);

/* trsv_upper_unit_inplace: lapack.trsv_upper_unit_inplace (x = U^-1 x in place, U unit upper triangular (its diagonal is not read)) */
void polylift_ref_trsv_upper_unit_inplace_f32(int64_t n, const float *U, int64_t ldU, float *x, int64_t incx);
void polylift_ref_trsv_upper_unit_inplace_f64(int64_t n, const double *U, int64_t ldU, double *x, int64_t incx);
void polylift_host_trsv_upper_unit_inplace_f32(int64_t n, const float *U, int64_t ldU, float *x, int64_t incx);
void polylift_host_trsv_upper_unit_inplace_f64(int64_t n, const double *U, int64_t ldU, double *x, int64_t incx);
void polylift_cublas_trsv_upper_unit_inplace_f32(int64_t n, const float *U, int64_t ldU, float *x, int64_t incx);
void polylift_cublas_trsv_upper_unit_inplace_f64(int64_t n, const double *U, int64_t ldU, double *x, int64_t incx);
double polylift_backward_trsv_upper_unit_inplace_f32(int64_t n, const float *U, int64_t ldU, float *x, int64_t incx, const float *x_in);
double polylift_backward_trsv_upper_unit_inplace_f64(int64_t n, const double *U, int64_t ldU, double *x, int64_t incx, const double *x_in);

/* upsample: cnn.upsample (y[n,c,h,r,w,s] = alpha * x[n,c,h,w]: nearest-neighbour upsampling by R x S, scaled) */
void polylift_ref_upsample_f32(int64_t N, int64_t C, int64_t H, int64_t W, int64_t R, int64_t S, float alpha, const float *x, int64_t ldx0, int64_t ldx1, int64_t ldx2, float *y, int64_t ldy0, int64_t ldy1, int64_t ldy2, int64_t ldy3, int64_t ldy4);
void polylift_host_upsample_f32(int64_t N, int64_t C, int64_t H, int64_t W, int64_t R, int64_t S, float alpha, const float *x, int64_t ldx0, int64_t ldx1, int64_t ldx2, float *y, int64_t ldy0, int64_t ldy1, int64_t ldy2, int64_t ldy3, int64_t ldy4);

/* variance_channels: ch.variance (variance[c] = (sum over b, s of (x[b,c,s] - mean[c])^2) * scale) */
void polylift_ref_variance_channels_f32(int64_t nb, int64_t nc, int64_t ns, const float *x, int64_t ldx0, int64_t ldx1, const float *mean, int64_t incmean, float scale, float *variance, int64_t incvariance);
void polylift_ref_variance_channels_f64(int64_t nb, int64_t nc, int64_t ns, const double *x, int64_t ldx0, int64_t ldx1, const double *mean, int64_t incmean, double scale, double *variance, int64_t incvariance);
void polylift_host_variance_channels_f32(int64_t nb, int64_t nc, int64_t ns, const float *x, int64_t ldx0, int64_t ldx1, const float *mean, int64_t incmean, float scale, float *variance, int64_t incvariance);
void polylift_host_variance_channels_f64(int64_t nb, int64_t nc, int64_t ns, const double *x, int64_t ldx0, int64_t ldx1, const double *mean, int64_t incmean, double scale, double *variance, int64_t incvariance);

#ifdef __cplusplus
}
#endif

#endif /* POLYLIFT_SHIMS_H */
