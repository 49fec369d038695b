/*
 * host shim of launch `gemm_tn` (blas.gemm_tn and its forms: C = alpha * A^T.B + beta * C, A stored k x m),
 * by CBLAS ?gemm (reassociated); see POLYLIFT_HOST_GEMM_OP in host_blas.h.
 */
#include "polylift_shims.h"
#include "host_blas.h"

POLYLIFT_HOST_GEMM_OP(gemm_tn, 1, 0, float, f32, s)
POLYLIFT_HOST_GEMM_OP(gemm_tn, 1, 0, double, f64, d)
