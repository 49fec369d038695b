/*
 * host shim of launch `trmm_upper` (blas.trmm_upper, blas.trmm_upper1): C = alpha * A.B
 * with A upper triangular (k >= i), by CBLAS ?trmm (reassociated) on a copy of B in C
 * (host_trmm.h).
 */
#include "polylift_shims.h"
#include "host_trmm.h"

POLYLIFT_HOST_TRMM(float, f32, s, upper, CblasUpper, i, m)
POLYLIFT_HOST_TRMM(double, f64, d, upper, CblasUpper, i, m)
