/* Integers and a fixed inner dimension: B := 3 * A and s := the column sums of A. */
#include <stdio.h>
#include <stdlib.h>

#if defined(MINI_DATASET)
#define N 10
#else
#define N 1000
#endif

static void kernel_colsum(int n, int A[restrict n][8], int B[restrict n][8], long s[restrict 8])
{
  for (int j = 0; j < 8; j++)
    s[j] = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 8; j++) {
      B[i][j] = A[i][j] * 3;
      s[j] += A[i][j];
    }
}

int main(void)
{
  int n = N;
  int (*A)[8] = malloc(sizeof(int) * 8 * n), (*B)[8] = malloc(sizeof(int) * 8 * n);
  long s[8];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 8; j++)
      A[i][j] = (i * 37 + j * 11) % 101 - 50;
  kernel_colsum(n, A, B, s);
  long total = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 8; j++)
      total += B[i][j];
  printf("B total=%ld s[0]=%ld s[7]=%ld\n", total, s[0], s[7]);
  free(A);
  free(B);
  return 0;
}
