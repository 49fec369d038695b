/*
 * helpers.h - the helpers the framework's layers call across files: activations chosen
 * by an enum, BLAS-1 with strides, bias and scale per channel, gemm. They are `static`
 * (and marked unused, as a program uses some of them), so each program that includes
 * this header has its own copy and polylift inlines the calls; no `inline`, because the
 * harness compiles programs with -Dstatic=__attribute__((noipa)).
 */
#ifndef FRAMEWORK_HELPERS_H
#define FRAMEWORK_HELPERS_H

#include "framework.h"

#define HELPER static __attribute__((unused))

HELPER float linear_activate(float x) { return x; }
HELPER float relu_activate(float x) { return x * (x > 0); }
HELPER float leaky_activate(float x) { return (x > 0) ? x : .1f * x; }
HELPER float logistic_activate(float x) { return 1.f / (1.f + expf(-x)); }
HELPER float tanh_activate(float x) { return tanhf(x); }

HELPER float activate(float x, ACTIVATION a)
{
  switch (a) {
  case LINEAR:
    return linear_activate(x);
  case RELU:
    return relu_activate(x);
  case LEAKY:
    return leaky_activate(x);
  case LOGISTIC:
    return logistic_activate(x);
  case TANH:
    return tanh_activate(x);
  }
  return 0;
}

HELPER void activate_array(float *x, const int n, const ACTIVATION a)
{
  int i;
  for (i = 0; i < n; ++i)
    x[i] = activate(x[i], a);
}

/* Y[i*INCY] = X[i*INCX] */
HELPER void copy_cpu(int N, float *X, int INCX, float *Y, int INCY)
{
  int i;
  for (i = 0; i < N; ++i)
    Y[i * INCY] = X[i * INCX];
}

/* output[b][i][j] += biases[i] */
HELPER void add_bias(float *output, float *biases, int batch, int n, int size)
{
  int i, j, b;
  for (b = 0; b < batch; ++b)
    for (i = 0; i < n; ++i)
      for (j = 0; j < size; ++j)
        output[(b * n + i) * size + j] += biases[i];
}

/* output[b][i][j] *= scales[i] */
HELPER void scale_bias(float *output, float *scales, int batch, int n, int size)
{
  int i, j, b;
  for (b = 0; b < batch; ++b)
    for (i = 0; i < n; ++i)
      for (j = 0; j < size; ++j)
        output[(b * n + i) * size + j] *= scales[i];
}

/* C += ALPHA * A * B (row-major, leading dimensions lda, ldb, ldc) */
HELPER void gemm_nn(int M, int N, int K, float ALPHA, const float *A, int lda,
                    const float *B, int ldb, float *C, int ldc)
{
  int i, j, k;
  for (i = 0; i < M; ++i) {
    for (k = 0; k < K; ++k) {
      float A_PART = ALPHA * A[i * lda + k];
      for (j = 0; j < N; ++j)
        C[i * ldc + j] += A_PART * B[k * ldb + j];
    }
  }
}

/* C += ALPHA * A * B^T */
HELPER void gemm_nt(int M, int N, int K, float ALPHA, const float *A, int lda,
                    const float *B, int ldb, float *C, int ldc)
{
  int i, j, k;
  for (i = 0; i < M; ++i) {
    for (j = 0; j < N; ++j) {
      float sum = 0;
      for (k = 0; k < K; ++k)
        sum += ALPHA * A[i * lda + k] * B[j * ldb + k];
      C[i * ldc + j] += sum;
    }
  }
}

/* C = ALPHA * op(A) * op(B) + BETA * C, op(B) = B^T when TB. */
HELPER void gemm(int TA, int TB, int M, int N, int K, float ALPHA, const float *A, int lda,
                 const float *B, int ldb, float BETA, float *C, int ldc)
{
  int i, j;
  for (i = 0; i < M; ++i)
    for (j = 0; j < N; ++j)
      C[i * ldc + j] *= BETA;
  if (!TA && !TB)
    gemm_nn(M, N, K, ALPHA, A, lda, B, ldb, C, ldc);
  else if (!TA && TB)
    gemm_nt(M, N, K, ALPHA, A, lda, B, ldb, C, ldc);
}

#endif
