/* Twenty BLAS-1 style helpers in one file: the input of scripts/bench_pipeline.py for
 * the time of the pipeline on a file of many small functions (each one loop nest or
 * two, as the vector helpers of a numerical code are). Written from the mathematics:
 * copies, fills, scalings, the axpy family, reductions (dot, sums, norms, extrema),
 * plane rotations and a running sum. main calls each once and prints the checksums. */
#include "polylift_bench.h"

#if defined(MINI_DATASET)
#define N 32
#elif defined(SMALL_DATASET)
#define N 500
#elif defined(LARGE_DATASET)
#define N 100000
#elif defined(EXTRALARGE_DATASET)
#define N 1000000
#else
#define N 10000
#endif

/* y = x */
static void vec_copy(int n, DATA_TYPE x[restrict n], DATA_TYPE y[restrict n])
{
  for (int i = 0; i < n; i++)
    y[i] = x[i];
}

/* x = alpha */
static void vec_fill(int n, DATA_TYPE alpha, DATA_TYPE x[restrict n])
{
  for (int i = 0; i < n; i++)
    x[i] = alpha;
}

/* x = 0 */
static void vec_zero(int n, DATA_TYPE x[restrict n])
{
  for (int i = 0; i < n; i++)
    x[i] = SCALAR_VAL(0.0);
}

/* x = alpha x */
static void vec_scal(int n, DATA_TYPE alpha, DATA_TYPE x[restrict n])
{
  for (int i = 0; i < n; i++)
    x[i] = alpha * x[i];
}

/* y = alpha x */
static void vec_scale_copy(int n, DATA_TYPE alpha, DATA_TYPE x[restrict n],
                           DATA_TYPE y[restrict n])
{
  for (int i = 0; i < n; i++)
    y[i] = alpha * x[i];
}

/* y = alpha x + y */
static void vec_axpy(int n, DATA_TYPE alpha, DATA_TYPE x[restrict n], DATA_TYPE y[restrict n])
{
  for (int i = 0; i < n; i++)
    y[i] = alpha * x[i] + y[i];
}

/* y = alpha x + beta y */
static void vec_axpby(int n, DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE x[restrict n],
                      DATA_TYPE y[restrict n])
{
  for (int i = 0; i < n; i++)
    y[i] = alpha * x[i] + beta * y[i];
}

/* w = alpha x + beta y */
static void vec_waxpby(int n, DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE x[restrict n],
                       DATA_TYPE y[restrict n], DATA_TYPE w[restrict n])
{
  for (int i = 0; i < n; i++)
    w[i] = alpha * x[i] + beta * y[i];
}

/* z = x + y */
static void vec_add(int n, DATA_TYPE x[restrict n], DATA_TYPE y[restrict n],
                    DATA_TYPE z[restrict n])
{
  for (int i = 0; i < n; i++)
    z[i] = x[i] + y[i];
}

/* z = x - y */
static void vec_sub(int n, DATA_TYPE x[restrict n], DATA_TYPE y[restrict n],
                    DATA_TYPE z[restrict n])
{
  for (int i = 0; i < n; i++)
    z[i] = x[i] - y[i];
}

/* z = x .* y (element-wise product) */
static void vec_mul(int n, DATA_TYPE x[restrict n], DATA_TYPE y[restrict n],
                    DATA_TYPE z[restrict n])
{
  for (int i = 0; i < n; i++)
    z[i] = x[i] * y[i];
}

/* (x, y) = (y, x) */
static void vec_swap(int n, DATA_TYPE x[restrict n], DATA_TYPE y[restrict n])
{
  for (int i = 0; i < n; i++) {
    DATA_TYPE t = x[i];
    x[i] = y[i];
    y[i] = t;
  }
}

/* r = x . y */
static void vec_dot(int n, DATA_TYPE x[restrict n], DATA_TYPE y[restrict n],
                    DATA_TYPE r[restrict 1])
{
  r[0] = SCALAR_VAL(0.0);
  for (int i = 0; i < n; i++)
    r[0] += x[i] * y[i];
}

/* r = sum x */
static void vec_sum(int n, DATA_TYPE x[restrict n], DATA_TYPE r[restrict 1])
{
  r[0] = SCALAR_VAL(0.0);
  for (int i = 0; i < n; i++)
    r[0] += x[i];
}

/* r = sum |x| */
static void vec_asum(int n, DATA_TYPE x[restrict n], DATA_TYPE r[restrict 1])
{
  r[0] = SCALAR_VAL(0.0);
  for (int i = 0; i < n; i++)
    r[0] += FABS_FUN(x[i]);
}

/* r = sqrt(sum x^2) */
static void vec_nrm2(int n, DATA_TYPE x[restrict n], DATA_TYPE r[restrict 1])
{
  r[0] = SCALAR_VAL(0.0);
  for (int i = 0; i < n; i++)
    r[0] += x[i] * x[i];
  r[0] = SQRT_FUN(r[0]);
}

/* r = sum (x - y)^2 */
static void vec_dist2(int n, DATA_TYPE x[restrict n], DATA_TYPE y[restrict n],
                      DATA_TYPE r[restrict 1])
{
  r[0] = SCALAR_VAL(0.0);
  for (int i = 0; i < n; i++)
    r[0] += (x[i] - y[i]) * (x[i] - y[i]);
}

/* r = max x */
static void vec_max(int n, DATA_TYPE x[restrict n], DATA_TYPE r[restrict 1])
{
  r[0] = x[0];
  for (int i = 1; i < n; i++)
    r[0] = x[i] > r[0] ? x[i] : r[0];
}

/* (x, y) = (c x + s y, c y - s x): a plane rotation */
static void vec_rot(int n, DATA_TYPE c, DATA_TYPE s, DATA_TYPE x[restrict n],
                    DATA_TYPE y[restrict n])
{
  for (int i = 0; i < n; i++) {
    DATA_TYPE t = c * x[i] + s * y[i];
    y[i] = c * y[i] - s * x[i];
    x[i] = t;
  }
}

/* y[i] = x[0] + ... + x[i] */
static void vec_cumsum(int n, DATA_TYPE x[restrict n], DATA_TYPE y[restrict n])
{
  y[0] = x[0];
  for (int i = 1; i < n; i++)
    y[i] = y[i - 1] + x[i];
}

int main(void)
{
  int n = N;
  DATA_TYPE *x = POLYLIFT_ALLOC(n, DATA_TYPE);
  DATA_TYPE *y = POLYLIFT_ALLOC(n, DATA_TYPE);
  DATA_TYPE *z = POLYLIFT_ALLOC(n, DATA_TYPE);
  DATA_TYPE *w = POLYLIFT_ALLOC(n, DATA_TYPE);
  DATA_TYPE *r = POLYLIFT_ALLOC(12, DATA_TYPE);

  for (int i = 0; i < n; i++)
    x[i] = (DATA_TYPE)((i * 7 + 3) % 17) / 17 - SCALAR_VAL(0.5);
  vec_fill(n, SCALAR_VAL(0.25), y);
  vec_zero(n, w);
  vec_axpy(n, SCALAR_VAL(1.5), x, y);
  vec_scal(n, SCALAR_VAL(0.75), y);
  vec_copy(n, y, z);
  vec_scale_copy(n, SCALAR_VAL(2.0), x, w);
  vec_axpby(n, SCALAR_VAL(0.5), SCALAR_VAL(1.25), w, z);
  vec_waxpby(n, SCALAR_VAL(1.5), SCALAR_VAL(-0.5), x, y, w);
  vec_add(n, x, w, z);
  vec_sub(n, z, y, w);
  vec_mul(n, w, x, z);
  vec_swap(n, z, w);
  vec_rot(n, SCALAR_VAL(0.6), SCALAR_VAL(0.8), x, y);
  vec_dot(n, x, y, &r[0]);
  vec_sum(n, z, &r[1]);
  vec_asum(n, w, &r[2]);
  vec_nrm2(n, x, &r[3]);
  vec_dist2(n, x, y, &r[4]);
  vec_max(n, z, &r[5]);
  vec_cumsum(n, w, z);

  POLYLIFT_CHECKSUM("x", x[0], n);
  POLYLIFT_CHECKSUM("y", y[0], n);
  POLYLIFT_CHECKSUM("z", z[0], n);
  POLYLIFT_CHECKSUM("w", w[0], n);
  POLYLIFT_CHECKSUM("r", r[0], 6);
  free(x);
  free(y);
  free(z);
  free(w);
  free(r);
  return 0;
}
