/* axpy in float: y := a * x + y.  Without -ffp-contract=off, gcc fuses the multiply and
   the add on aarch64 and the result differs from the lifted kernel's in the last bit. */
#include <stdio.h>
#include <stdlib.h>

#if defined(MINI_DATASET)
#define N 50
#else
#define N 5000
#endif

static void kernel_axpy(int n, float a, float x[restrict n], float y[restrict n])
{
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

int main(void)
{
  int n = N;
  float *x = malloc(sizeof(float) * n), *y = malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++) {
    x[i] = (float)(i % 7) / 3.0f + 0.1f;
    y[i] = (float)(i % 11) / 7.0f - 0.3f;
  }
  kernel_axpy(n, 1.1f, x, y);
  double sum = 0;
  for (int i = 0; i < n; i++)
    sum += y[i];
  printf("y sum=%.9g\n", sum);
  free(x);
  free(y);
  return 0;
}
