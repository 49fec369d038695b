/* A 5-point stencil with no `restrict`: B = the average of A's neighbourhoods, called
   with B = A shifted by one row (B[i] is A[i + 1]: each row reads the row the previous
   one wrote) and on two arrays. -DALIAS_RESTRICT says `restrict` and makes only the
   call on two arrays. */
#include "alias.h"

#define N 20

static void kernel_stencil(int n, double A[R n][n], double B[R n][n])
{
  int i, j;
  for (i = 1; i < n - 1; i++)
    for (j = 1; j < n - 1; j++)
      B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][1 + j] + A[1 + i][j] + A[i - 1][j]);
}

int main(void)
{
  int n = N;
  double (*S)[N] = malloc(sizeof(double[N + 1][N]));
  double (*A)[N] = malloc(sizeof(double[N][N]));
  double (*B)[N] = malloc(sizeof(double[N][N]));
  for (int i = 0; i <= n; i++)
    for (int j = 0; j < n; j++)
      S[i][j] = (double)(i * (j + 2) % 7) / 4.0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      A[i][j] = ((double)i * (j + 2) + 2) / n;
      B[i][j] = 0.0;
    }
#ifndef ALIAS_RESTRICT
  kernel_stencil(n, S, S + 1);
#endif
  kernel_stencil(n, A, B);
  printf("%.17g %.17g\n", S[5][5], B[5][5]);
  free(S);
  free(A);
  free(B);
  return 0;
}
