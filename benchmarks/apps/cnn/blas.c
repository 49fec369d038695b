/*
 * blas.c - level-1 helpers on strided vectors.
 */
#include "cnn.h"

/* X[i*INCX] = ALPHA */
void fill_cpu(int N, float ALPHA, float *X, int INCX)
{
  for (int i = 0; i < N; i++)
    X[i * INCX] = ALPHA;
}

/* X[i*INCX] *= ALPHA */
void scal_cpu(int N, float ALPHA, float *X, int INCX)
{
  for (int i = 0; i < N; i++)
    X[i * INCX] *= ALPHA;
}

/* Y[i*INCY] = X[i*INCX] */
void copy_cpu(int N, float *X, int INCX, float *Y, int INCY)
{
  for (int i = 0; i < N; i++)
    Y[i * INCY] = X[i * INCX];
}

/* Y[i*INCY] += ALPHA * X[i*INCX] */
void axpy_cpu(int N, float ALPHA, float *X, int INCX, float *Y, int INCY)
{
  for (int i = 0; i < N; i++)
    Y[i * INCY] += ALPHA * X[i * INCX];
}
