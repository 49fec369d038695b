/*
 * blas1: the framework's BLAS-1 helpers with strides, on the layer's arrays:
 *   fill_cpu (from lib/framework_util.c, another file: the call stays a call),
 *   copy_cpu(N, X, INCX, Y, INCY): Y[i*INCY] = X[i*INCX],
 *   axpy_cpu(N, ALPHA, X, INCX, Y, INCY): Y[i*INCY] += ALPHA*X[i*INCX],
 *   scal_cpu(N, ALPHA, X, INCX): X[i*INCX] *= ALPHA.
 * l.output is read with stride 2 into l.delta (a strided copy), then
 * l.delta += l.alpha * l.output (unit strides), then l.delta *= l.beta on every other
 * element.
 */
#include "polylift_bench.h"
#include "framework.h"
#include "helpers.h"

#if defined(MINI_DATASET)
#define COUNT 64
#elif defined(SMALL_DATASET)
#define COUNT 4096
#elif defined(LARGE_DATASET)
#define COUNT 4194304
#elif defined(EXTRALARGE_DATASET)
#define COUNT 16777216
#else
#define COUNT 262144
#endif

static void axpy_cpu(int N, float ALPHA, float *X, int INCX, float *Y, int INCY)
{
  int i;
  for (i = 0; i < N; ++i)
    Y[i * INCY] += ALPHA * X[i * INCX];
}

static void scal_cpu(int N, float ALPHA, float *X, int INCX)
{
  int i;
  for (i = 0; i < N; ++i)
    X[i * INCX] *= ALPHA;
}

/* POLYLIFT_EXTENT(l.output, l.outputs)
 * POLYLIFT_EXTENT(l.delta, l.outputs) */
static void kernel_blas1(layer l)
{
  int half = l.outputs / 2;
  fill_cpu(l.outputs, 0, l.delta, 1);
  copy_cpu(half, l.output, 2, l.delta, 1);
  axpy_cpu(l.outputs, l.alpha, l.output, 1, l.delta, 1);
  scal_cpu(half, l.beta, l.delta, 2);
}

int main(void)
{
  /* POLYLIFT_LINK(lib/framework_util.c) */
  layer l = make_layer(1, 1, 1, COUNT, 1, 1, 1, 0);
  l.outputs = COUNT;
  l.alpha = 0.5f;
  l.beta = -1.5f;
  l.output = make_floats(l.outputs, 7, 2.0f);
  l.delta = POLYLIFT_ALLOC(l.outputs, float);
  kernel_blas1(l);
  polylift_checksum_f32("l.delta", l.delta, l.outputs);
  free(l.output);
  free(l.delta);
  return 0;
}
