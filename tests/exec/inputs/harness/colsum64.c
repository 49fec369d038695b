/* Column sums of int rows widened to long: a fold of one element type into another,
   which no template states (no launch: the source's own code runs). */
#include <stdio.h>
#include <stdlib.h>

#if defined(MINI_DATASET)
#define N 10
#else
#define N 1000
#endif

static void kernel_colsum64(int n, int A[restrict n][8], long s[restrict 8])
{
  for (int j = 0; j < 8; j++)
    s[j] = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 8; j++)
      s[j] += A[i][j];
}

int main(void)
{
  int n = N;
  int (*A)[8] = malloc(sizeof(int) * 8 * n);
  long s[8];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 8; j++)
      A[i][j] = (i * 37 + j * 11) % 101 - 50;
  kernel_colsum64(n, A, s);
  printf("s[0]=%ld s[7]=%ld\n", s[0], s[7]);
  free(A);
  return 0;
}
