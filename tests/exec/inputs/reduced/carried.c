/* A scalar one nest carries (c, counting rows) and a later nest stores. */
#include <stdio.h>
#include <stdlib.h>

static void kernel_carried(int n, int m, double W[restrict n][m], double x[restrict n])
{
  int i, j;
  double c;
  c = 1.0;
  for (i = 0; i < n; i++) {
    for (j = 0; j < m; j++)
      W[i][j] += c;
    c = c + 1.0;
  }
  for (i = 0; i < n; i++)
    x[i] = c;
}

int main(void)
{
  int n = 6, m = 5;
  double (*W)[5] = calloc(6 * 5, sizeof(double));
  double *x = calloc(6, sizeof(double));
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      W[i][j] = (double)(i - j) / 3;
  kernel_carried(n, m, W, x);
  printf("%.17g %.17g\n", W[n - 1][m - 1], x[0]);
  free(W);
  free(x);
  return 0;
}
