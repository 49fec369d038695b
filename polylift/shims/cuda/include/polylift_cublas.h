/*
 * polylift_cublas.h: cuBLAS / cuBLASLt helpers of the cuda shims: status checks that name
 * the shim, the handles (created once per process), and type-generic wrappers so one
 * C++ template serves the f32 and f64 shims of a launch.
 */
#ifndef POLYLIFT_CUBLAS_H
#define POLYLIFT_CUBLAS_H

#include <cublasLt.h>
#include <cublas_v2.h>

#include <cstdio>

#include "polylift_cuda.h"

namespace polylift_cuda {

inline void check(cublasStatus_t status, const char *what) {
  if (status == CUBLAS_STATUS_SUCCESS) return;
  fail(what, cublasGetStatusName(status));
}

/* The cuBLAS handle: default math (IEEE arithmetic, no TF32), atomics not allowed (so
 * results are run-to-run deterministic), host pointer mode, the runtime's stream. */
cublasHandle_t cublas_handle(Call &call);
/* The cuBLASLt handle. */
cublasLtHandle_t cublaslt_handle(Call &call);

template <class T> struct Blas;

template <> struct Blas<float> {
  static constexpr cudaDataType_t data = CUDA_R_32F;
  static constexpr cublasComputeType_t compute = CUBLAS_COMPUTE_32F; /* IEEE fp32, never TF32 */
  static constexpr const char *copy_name = "cublasScopy_64";
  static constexpr const char *dot_name = "cublasSdot_64";
  static constexpr const char *gemv_name = "cublasSgemv_64";
  static constexpr const char *gemm_name = "cublasSgemm_64";
  static constexpr const char *ger_name = "cublasSger_64";
  static constexpr const char *gemm_batched_name = "cublasSgemmStridedBatched_64";
  static constexpr const char *trsv_name = "cublasStrsv_64";
  static constexpr const char *symm_name = "cublasSsymm_64";
  static constexpr const char *syrk_name = "cublasSsyrk_64";
  static constexpr const char *geam_name = "cublasSgeam_64";
  static cublasStatus_t trsv(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t t,
                             cublasDiagType_t diag, int64_t n, const float *A, int64_t lda, float *x,
                             int64_t incx) {
    return cublasStrsv_64(h, uplo, t, diag, n, A, lda, x, incx);
  }
  static cublasStatus_t symm(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo,
                             int64_t m, int64_t n, const float *alpha, const float *A, int64_t lda,
                             const float *B, int64_t ldb, const float *beta, float *C, int64_t ldc) {
    return cublasSsymm_64(h, side, uplo, m, n, alpha, A, lda, B, ldb, beta, C, ldc);
  }
  static cublasStatus_t syrk(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t t,
                             int64_t n, int64_t k, const float *alpha, const float *A, int64_t lda,
                             const float *beta, float *C, int64_t ldc) {
    return cublasSsyrk_64(h, uplo, t, n, k, alpha, A, lda, beta, C, ldc);
  }
  static cublasStatus_t geam(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb,
                             int64_t m, int64_t n, const float *alpha, const float *A, int64_t lda,
                             const float *beta, const float *B, int64_t ldb, float *C, int64_t ldc) {
    return cublasSgeam_64(h, ta, tb, m, n, alpha, A, lda, beta, B, ldb, C, ldc);
  }
  static cublasStatus_t copy(cublasHandle_t h, int64_t n, const float *x, int64_t incx,
                             float *y, int64_t incy) {
    return cublasScopy_64(h, n, x, incx, y, incy);
  }
  static cublasStatus_t dot(cublasHandle_t h, int64_t n, const float *x, int64_t incx,
                            const float *y, int64_t incy, float *r) {
    return cublasSdot_64(h, n, x, incx, y, incy, r);
  }
  static cublasStatus_t gemv(cublasHandle_t h, cublasOperation_t t, int64_t m, int64_t n,
                             const float *alpha, const float *A, int64_t lda, const float *x,
                             int64_t incx, const float *beta, float *y, int64_t incy) {
    return cublasSgemv_64(h, t, m, n, alpha, A, lda, x, incx, beta, y, incy);
  }
  static cublasStatus_t gemm(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb,
                             int64_t m, int64_t n, int64_t k, const float *alpha,
                             const float *A, int64_t lda, const float *B, int64_t ldb,
                             const float *beta, float *C, int64_t ldc) {
    return cublasSgemm_64(h, ta, tb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
  }
  static cublasStatus_t ger(cublasHandle_t h, int64_t m, int64_t n, const float *alpha,
                            const float *x, int64_t incx, const float *y, int64_t incy, float *A,
                            int64_t lda) {
    return cublasSger_64(h, m, n, alpha, x, incx, y, incy, A, lda);
  }
  static cublasStatus_t gemm_batched(cublasHandle_t h, cublasOperation_t ta,
                                     cublasOperation_t tb, int64_t m, int64_t n, int64_t k,
                                     const float *alpha, const float *A, int64_t lda, int64_t sa,
                                     const float *B, int64_t ldb, int64_t sb, const float *beta,
                                     float *C, int64_t ldc, int64_t sc, int64_t count) {
    return cublasSgemmStridedBatched_64(h, ta, tb, m, n, k, alpha, A, lda, sa, B, ldb, sb,
                                        beta, C, ldc, sc, count);
  }
};

template <> struct Blas<double> {
  static constexpr cudaDataType_t data = CUDA_R_64F;
  static constexpr cublasComputeType_t compute = CUBLAS_COMPUTE_64F;
  static constexpr const char *copy_name = "cublasDcopy_64";
  static constexpr const char *dot_name = "cublasDdot_64";
  static constexpr const char *gemv_name = "cublasDgemv_64";
  static constexpr const char *gemm_name = "cublasDgemm_64";
  static constexpr const char *ger_name = "cublasDger_64";
  static constexpr const char *gemm_batched_name = "cublasDgemmStridedBatched_64";
  static constexpr const char *trsv_name = "cublasDtrsv_64";
  static constexpr const char *symm_name = "cublasDsymm_64";
  static constexpr const char *syrk_name = "cublasDsyrk_64";
  static constexpr const char *geam_name = "cublasDgeam_64";
  static cublasStatus_t trsv(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t t,
                             cublasDiagType_t diag, int64_t n, const double *A, int64_t lda, double *x,
                             int64_t incx) {
    return cublasDtrsv_64(h, uplo, t, diag, n, A, lda, x, incx);
  }
  static cublasStatus_t symm(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo,
                             int64_t m, int64_t n, const double *alpha, const double *A, int64_t lda,
                             const double *B, int64_t ldb, const double *beta, double *C, int64_t ldc) {
    return cublasDsymm_64(h, side, uplo, m, n, alpha, A, lda, B, ldb, beta, C, ldc);
  }
  static cublasStatus_t syrk(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t t,
                             int64_t n, int64_t k, const double *alpha, const double *A, int64_t lda,
                             const double *beta, double *C, int64_t ldc) {
    return cublasDsyrk_64(h, uplo, t, n, k, alpha, A, lda, beta, C, ldc);
  }
  static cublasStatus_t geam(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb,
                             int64_t m, int64_t n, const double *alpha, const double *A, int64_t lda,
                             const double *beta, const double *B, int64_t ldb, double *C, int64_t ldc) {
    return cublasDgeam_64(h, ta, tb, m, n, alpha, A, lda, beta, B, ldb, C, ldc);
  }
  static cublasStatus_t copy(cublasHandle_t h, int64_t n, const double *x, int64_t incx,
                             double *y, int64_t incy) {
    return cublasDcopy_64(h, n, x, incx, y, incy);
  }
  static cublasStatus_t dot(cublasHandle_t h, int64_t n, const double *x, int64_t incx,
                            const double *y, int64_t incy, double *r) {
    return cublasDdot_64(h, n, x, incx, y, incy, r);
  }
  static cublasStatus_t gemv(cublasHandle_t h, cublasOperation_t t, int64_t m, int64_t n,
                             const double *alpha, const double *A, int64_t lda,
                             const double *x, int64_t incx, const double *beta, double *y,
                             int64_t incy) {
    return cublasDgemv_64(h, t, m, n, alpha, A, lda, x, incx, beta, y, incy);
  }
  static cublasStatus_t gemm(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb,
                             int64_t m, int64_t n, int64_t k, const double *alpha,
                             const double *A, int64_t lda, const double *B, int64_t ldb,
                             const double *beta, double *C, int64_t ldc) {
    return cublasDgemm_64(h, ta, tb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
  }
  static cublasStatus_t ger(cublasHandle_t h, int64_t m, int64_t n, const double *alpha,
                            const double *x, int64_t incx, const double *y, int64_t incy, double *A,
                            int64_t lda) {
    return cublasDger_64(h, m, n, alpha, x, incx, y, incy, A, lda);
  }
  static cublasStatus_t gemm_batched(cublasHandle_t h, cublasOperation_t ta,
                                     cublasOperation_t tb, int64_t m, int64_t n, int64_t k,
                                     const double *alpha, const double *A, int64_t lda, int64_t sa,
                                     const double *B, int64_t ldb, int64_t sb, const double *beta,
                                     double *C, int64_t ldc, int64_t sc, int64_t count) {
    return cublasDgemmStridedBatched_64(h, ta, tb, m, n, k, alpha, A, lda, sa, B, ldb, sb,
                                        beta, C, ldc, sc, count);
  }
};

/* Defines the f32 and f64 C entry points of a launch from a function template
 * `NAME<T>(const char *shim, ...)`; the parameter lists are the header's. */
/* Row-major C = alpha op(A).op(B) + beta C through column-major cuBLAS. A row-major
 * matrix is its transpose in column-major order, so cuBLAS computes
 * C^T = alpha op(B)^T op(A)^T + beta C^T: the operands swap and nothing is copied.
 * trans_a: A is stored k x m (the template reads A[k,i]); trans_b: B is stored n x k.
 * beta == 0: C is not read (not even uploaded), as in BLAS. */
template <class T>
void rowmajor_gemm(Call &call, bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k,
                   T alpha, const T *A, int64_t ldA, const T *B, int64_t ldB, T beta, T *C,
                   int64_t ldC) {
  Device dA = call.in(A, trans_a ? mat<T>(k, m, ldA) : mat<T>(m, k, ldA), Layout::Blas);
  Device dB = call.in(B, trans_b ? mat<T>(n, k, ldB) : mat<T>(k, n, ldB), Layout::Blas);
  Device dC = beta == T(0) ? call.out(C, mat<T>(m, n, ldC), Layout::Blas)
                           : call.inout(C, mat<T>(m, n, ldC), Layout::Blas);
  check(Blas<T>::gemm(cublas_handle(call), trans_b ? CUBLAS_OP_T : CUBLAS_OP_N,
                      trans_a ? CUBLAS_OP_T : CUBLAS_OP_N, n, m, k, &alpha, dB.as<T>(),
                      dB.ld(), dA.as<T>(), dA.ld(), &beta, dC.as<T>(), dC.ld()),
        Blas<T>::gemm_name);
}

}  // namespace polylift_cuda

#endif /* POLYLIFT_CUBLAS_H */
