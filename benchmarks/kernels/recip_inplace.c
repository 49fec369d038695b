/* recip_inplace: arr[i] = 1 / arr[i] for every i, in place (no element is zero). */
#include "polylift_bench.h"

#if defined(MINI_DATASET)
#define N 1000
#elif defined(SMALL_DATASET)
#define N 20000
#elif defined(LARGE_DATASET)
#define N 4000000
#elif defined(EXTRALARGE_DATASET)
#define N 16000000
#else
#define N 200000
#endif

/* Element counts of the pointer parameters, for the polylift harness:
 *   POLYLIFT_EXTENT(arr, n)
 */
static void kernel_recip_inplace(int n, float *restrict arr)
{
  for (int i = 0; i < n; i++)
    arr[i] = 1.0 / arr[i];
}

int main(void)
{
  int n = N;
  int i;
  float *arr = POLYLIFT_ALLOC(n, float);

  /* odd numerators: never zero */
  for (i = 0; i < n; i++)
    arr[i] = (float)(2 * ((i * 7 + 3) % 23) - 23) / 16.0f;

  kernel_recip_inplace(n, arr);

  polylift_checksum_f32("arr", arr, (size_t)n);
  free(arr);
  return 0;
}
