/*
 * host shim of launch `gemm_nt` (blas.gemm_nt and its forms: C = alpha * A.B^T + beta * C, B stored n x k),
 * by CBLAS ?gemm (reassociated); see POLYLIFT_HOST_GEMM_OP in host_blas.h.
 */
#include "polylift_shims.h"
#include "host_blas.h"

POLYLIFT_HOST_GEMM_OP(gemm_nt, 0, 1, float, f32, s)
POLYLIFT_HOST_GEMM_OP(gemm_nt, 0, 1, double, f64, d)
