/* A deliberately lossy host shim of launch `colsumsq`: the sum runs in float. */
#include "polylift_shims.h"

void polylift_host_colsumsq_f64(int64_t m, int64_t n, const double *A, int64_t ldA,
                                double *s, int64_t incs)
{
  for (int64_t j = 0; j < n; j++) {
    float sum = (float)s[j * incs];
    for (int64_t i = 0; i < m; i++)
      sum += (float)(A[i * ldA + j] * A[i * ldA + j]);
    s[j * incs] = sum;
  }
}
