/*
 * host shim of launch `gemm` (blas.gemm, gemm_zero, gemm_acc, gemm_alpha, gemm_zero1: C = alpha * A.B + beta * C),
 * by CBLAS ?gemm (reassociated); see POLYLIFT_HOST_GEMM_OP in host_blas.h.
 */
#include "polylift_shims.h"
#include "host_blas.h"

POLYLIFT_HOST_GEMM_OP(gemm, 0, 0, float, f32, s)
POLYLIFT_HOST_GEMM_OP(gemm, 0, 0, double, f64, d)
