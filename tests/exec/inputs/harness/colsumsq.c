/* s[j] += sum_i A[i][j]^2: the kernel of the launch-audit tests (user template). */
#include <stdio.h>
#include <stdlib.h>

#define M 40
#define N 24

static void kernel_colsumsq(int m, int n, double A[restrict m][n], double s[restrict n])
{
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      s[j] += A[i][j] * A[i][j];
}

int main(void)
{
  int m = M, n = N;
  double (*A)[N] = malloc(sizeof(double) * M * N);
  double *s = malloc(sizeof(double) * N);
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = (double)((i * 7 + j * 3) % 11) / 3.0 - 1.5;
  for (int j = 0; j < n; j++)
    s[j] = (double)j / 5.0;
  kernel_colsumsq(m, n, A, s);
  printf("%.17g\n", s[n - 1]);
  free(A);
  free(s);
  return 0;
}
