/* y = A.x through a local pointer to A's start, read at flat subscripts p[i * n + j]: the
 * offset (0) is affine, the subscript is not (C's int arithmetic), so the flat fallback
 * adds the two at the load; it once printed an empty operand there. The second call
 * writes y over A's last row, so the fallback (arguments that overlap) runs. */
#include <stdio.h>
#include <stdlib.h>

/* POLYLIFT_EXTENT(A, n * n)
 * POLYLIFT_EXTENT(x, n)
 * POLYLIFT_EXTENT(y, n) */
static void kernel_local_pointer_gemv(int n, float *A, float *x, float *y)
{
  float *p = &A[0];
  for (int i = 0; i < n; i++) {
    y[i] = 0.0f;
    for (int j = 0; j < n; j++)
      y[i] += p[i * n + j] * x[j];
  }
}

int main(void)
{
  int n = 9;
  float *A = malloc(sizeof(float) * 81);
  float *x = malloc(sizeof(float) * 9);
  float *y = malloc(sizeof(float) * 9);
  for (int k = 0; k < 81; k++)
    A[k] = (float)((7 * k + 3) % 13 - 6) / 8;
  for (int k = 0; k < 9; k++)
    x[k] = (float)((5 * k + 1) % 11 - 5) / 4;
  kernel_local_pointer_gemv(n, A, x, y);
  kernel_local_pointer_gemv(n, A, x, A + 72);
  double s = 0;
  for (int k = 0; k < 9; k++)
    s += y[k] + A[72 + k];
  printf("%.9g\n", s);
  free(A);
  free(x);
  free(y);
  return 0;
}
