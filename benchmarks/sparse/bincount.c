/* bincount: count[key[i]] += 1 for int keys in 0 .. nbins-1 (the occurrences of each
 * label; the counting pass of a counting sort). */
#include "polylift_bench.h"

#if defined(MINI_DATASET)
#define SIZE_N 16
#define SIZE_NZ 100
#elif defined(SMALL_DATASET)
#define SIZE_N 100
#define SIZE_NZ 10000
#elif defined(LARGE_DATASET)
#define SIZE_N 10000
#define SIZE_NZ 16000000
#elif defined(EXTRALARGE_DATASET)
#define SIZE_N 100000
#define SIZE_NZ 64000000
#else
#define SIZE_N 1000
#define SIZE_NZ 1000000
#endif

/* What the index arrays hold, for inputs made outside main:
 *   POLYLIFT_INDEX(key, nbins)
 */
static void kernel_bincount(int nbins, int n, const int key[restrict n], int count[restrict nbins])
{
  for (int i = 0; i < n; i++)
    count[key[i]] += 1;
}

int main(void)
{
  int nbins = SIZE_N, n = SIZE_NZ;
  int *key = POLYLIFT_ALLOC(n, int);
  int *count = POLYLIFT_ALLOC(nbins, int);

  for (int i = 0; i < n; i++)
    key[i] = (int)(((unsigned)i * 2654435761u >> 7) % (unsigned)nbins);
  for (int b = 0; b < nbins; b++)
    count[b] = b % 3;

  kernel_bincount(nbins, n, key, count);

  polylift_checksum_i32("count", count, (size_t)nbins);
  free(key);
  free(count);
  return 0;
}
