/*
 * floyd-warshall: all-pairs shortest path lengths.  paths[i][j] starts as the weight of
 * the edge i -> j (a large value where there is none) and ends as the length of the
 * shortest path; after step k, paths through vertices 0..k are taken into account.
 */
#include "polylift_bench.h"

#if defined(MINI_DATASET)
#define N 60
#elif defined(SMALL_DATASET)
#define N 180
#elif defined(LARGE_DATASET)
#define N 2800
#elif defined(EXTRALARGE_DATASET)
#define N 5600
#else
#define N 500
#endif

static void kernel_floyd_warshall(int n, DATA_TYPE paths[restrict n][n])
{
  int i, j, k;

  for (k = 0; k < n; k++)
    for (i = 0; i < n; i++)
      for (j = 0; j < n; j++)
        paths[i][j] = paths[i][j] < paths[i][k] + paths[k][j]
                          ? paths[i][j]
                          : paths[i][k] + paths[k][j];
}

int main(void)
{
  int n = N;
  int i, j;
  DATA_TYPE (*paths)[n] = POLYLIFT_ALLOC(n * n, DATA_TYPE);

  /* Integer weights 1..9, about 40% of the edges absent (weight 999): all sums exact. */
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      if (i == j)
        paths[i][j] = 0;
      else if ((3 * i + 7 * j) % 5 < 2)
        paths[i][j] = 999;
      else
        paths[i][j] = (DATA_TYPE)((i * j + i + 2 * j) % 9 + 1);
    }

  kernel_floyd_warshall(n, paths);

  POLYLIFT_CHECKSUM("paths", paths[0][0], n * n);
  free(paths);
  return 0;
}
