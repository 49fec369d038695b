/*
 * host shim of launch `gemm_tt` (blas.gemm_tt and its forms: C = alpha * A^T.B^T + beta * C, A stored k x m, B n x k),
 * by CBLAS ?gemm (reassociated); see POLYLIFT_HOST_GEMM_OP in host_blas.h.
 */
#include "polylift_shims.h"
#include "host_blas.h"

POLYLIFT_HOST_GEMM_OP(gemm_tt, 1, 1, float, f32, s)
POLYLIFT_HOST_GEMM_OP(gemm_tt, 1, 1, double, f64, d)
