/* ref shim of launch `colsumsq` (audit.colsumsq): s[j] += A[i][j] * A[i][j], i increasing. */
#include "polylift_shims.h"

void polylift_ref_colsumsq_f64(int64_t m, int64_t n, const double *A, int64_t ldA, double *s,
                               int64_t incs)
{
  for (int64_t i = 0; i < m; i++)
    for (int64_t j = 0; j < n; j++)
      s[j * incs] = s[j * incs] + A[i * ldA + j] * A[i * ldA + j];
}
