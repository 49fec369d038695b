/* A loop that never runs (n = 1) reads past a column of one: its view is out of bounds. */
#include <stdio.h>
#include <stdlib.h>

static void kernel_empty_view(int n, double A[restrict n][1], double V[restrict n][1])
{
  int i;
  for (i = 1; i < n; i++)
    A[i][0] = V[i][1];
}

int main(void)
{
  int n = 1;
  double (*A)[1] = calloc(1, sizeof(double));
  double (*V)[1] = calloc(1, sizeof(double));
  A[0][0] = 2.5;
  V[0][0] = 1.0 / 3;
  kernel_empty_view(n, A, V);
  printf("%.17g\n", A[0][0]);
  free(A);
  free(V);
  return 0;
}
