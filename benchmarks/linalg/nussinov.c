/*
 * nussinov: RNA secondary structure by Nussinov's dynamic programme.  table[i][j] is the
 * largest number of base pairs in the subsequence seq[i..j]; bases are coded 0..3 (A, C,
 * G, U) and A-U, C-G pair (codes summing to 3).  Adjacent bases do not pair.
 *   N(i,j) = max(N(i+1,j), N(i,j-1), N(i+1,j-1) + pair(i,j), max_{i<k<j} N(i,k) + N(k+1,j))
 * The table is read before it is written (its lower triangle stays at its initial zero).
 */
#include "polylift_bench.h"

#if defined(MINI_DATASET)
#define N 60
#elif defined(SMALL_DATASET)
#define N 180
#elif defined(LARGE_DATASET)
#define N 2500
#elif defined(EXTRALARGE_DATASET)
#define N 5500
#else
#define N 500
#endif

static void kernel_nussinov(int n, int seq[restrict n], DATA_TYPE table[restrict n][n])
{
  int i, j, k;

  for (i = n - 1; i >= 0; i--)
    for (j = i + 1; j < n; j++) {
      table[i][j] = table[i][j] >= table[i][j - 1] ? table[i][j] : table[i][j - 1];
      table[i][j] = table[i][j] >= table[i + 1][j] ? table[i][j] : table[i + 1][j];
      if (i < j - 1)
        table[i][j] = table[i][j] >= table[i + 1][j - 1] + (seq[i] + seq[j] == 3 ? 1 : 0)
                          ? table[i][j]
                          : table[i + 1][j - 1] + (seq[i] + seq[j] == 3 ? 1 : 0);
      else
        table[i][j] = table[i][j] >= table[i + 1][j - 1] ? table[i][j] : table[i + 1][j - 1];
      for (k = i + 1; k < j; k++)
        table[i][j] = table[i][j] >= table[i][k] + table[k + 1][j]
                          ? table[i][j]
                          : table[i][k] + table[k + 1][j];
    }
}

int main(void)
{
  int n = N;
  int i;
  int *seq = POLYLIFT_ALLOC(n, int);
  DATA_TYPE (*table)[n] = POLYLIFT_ALLOC(n * n, DATA_TYPE);

  for (i = 0; i < n; i++)
    seq[i] = (7 * i + i / 3 + 1) % 4;

  kernel_nussinov(n, seq, table);

  POLYLIFT_CHECKSUM("table", table[0][0], n * n);
  free(seq);
  free(table);
  return 0;
}
