/*
 * host shim of launch `trmm_lower` (blas.trmm_lower, blas.trmm_lower1): C = alpha * A.B
 * with A lower triangular (k <= i), by CBLAS ?trmm (reassociated) on a copy of B in C
 * (host_trmm.h).
 */
#include "polylift_shims.h"
#include "host_trmm.h"

POLYLIFT_HOST_TRMM(float, f32, s, lower, CblasLower, 0, i + 1)
POLYLIFT_HOST_TRMM(double, f64, d, lower, CblasLower, 0, i + 1)
