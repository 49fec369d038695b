/*
 * Helpers of the host shims: when may a view be handed to CBLAS?
 *
 * CBLAS takes `int` sizes and strides, wants a row-major leading dimension of at least
 * max(1, columns), and reads a vector with a negative increment from its far end, which
 * is not the shim ABI (element i is at p[i * inc]). When a view does not fit, the shim
 * takes its plain-loop path instead, which computes the same template.
 */
#ifndef POLYLIFT_HOST_BLAS_H
#define POLYLIFT_HOST_BLAS_H

#include <cblas.h>
#include <limits.h>
#include <stdint.h>

/* Whether a size fits CBLAS's int. */
static inline int polylift_blas_size(int64_t n)
{
  return n >= 0 && n <= INT_MAX;
}

/* A leading dimension CBLAS accepts for a rows x cols view, or 0 when there is none. */
static inline int polylift_blas_ld(int64_t ld, int64_t rows, int64_t cols)
{
  int64_t need = cols > 1 ? cols : 1;
  if (rows <= 1)
    ld = need; /* never used to step between rows */
  return ld >= need && ld <= INT_MAX ? (int)ld : 0;
}

/* An increment CBLAS reads the same way as the shim ABI, or 0 when there is none. */
static inline int polylift_blas_inc(int64_t inc, int64_t n)
{
  if (n <= 1)
    return 1; /* never used to step */
  return inc > 0 && inc <= INT_MAX ? (int)inc : 0;
}

/*
 * The four gemm launches (gemm, gemm_nt, gemm_tn, gemm_tt) differ only in which operand
 * is stored transposed: TA (TB) is 1 when A (B) is stored k x m (n x k). The element of
 * op(A) at (i, p) is then A[p * ldA + i], else A[i * ldA + p]; op(B) at (p, j) is
 * B[j * ldB + p], else B[p * ldB + j]. alpha == 0 and views CBLAS cannot take run the
 * loop of the ref shim (OpenBLAS skips the product when alpha == 0, which would drop the
 * -0 and NaN the template's terms produce); beta == 0 does not read C, as in ref.
 */
#define POLYLIFT_HOST_GEMM_OP(NAME, TA, TB, T, DT, P)                                         \
  void polylift_host_##NAME##_##DT(int64_t m, int64_t n, int64_t k, T alpha, const T *A,      \
                                   int64_t ldA, const T *B, int64_t ldB, T beta, T *C,        \
                                   int64_t ldC)                                               \
  {                                                                                           \
    int lda = TA ? polylift_blas_ld(ldA, k, m) : polylift_blas_ld(ldA, m, k);                 \
    int ldb = TB ? polylift_blas_ld(ldB, n, k) : polylift_blas_ld(ldB, k, n);                 \
    int ldc = polylift_blas_ld(ldC, m, n);                                                    \
    if (m <= 0 || n <= 0)                                                                     \
      return;                                                                                 \
    if (alpha != 0 && polylift_blas_size(m) && polylift_blas_size(n) && polylift_blas_size(k) \
        && lda && ldb && ldc) {                                                               \
      cblas_##P##gemm(CblasRowMajor, TA ? CblasTrans : CblasNoTrans,                          \
                      TB ? CblasTrans : CblasNoTrans, (int)m, (int)n, (int)k, alpha, A, lda,  \
                      B, ldb, beta, C, ldc);                                                  \
      return;                                                                                 \
    }                                                                                         \
    for (int64_t i = 0; i < m; i++)                                                           \
      for (int64_t j = 0; j < n; j++) {                                                       \
        T c = beta == 0 ? (T)0 : beta * C[i * ldC + j];                                       \
        for (int64_t p = 0; p < k; p++) {                                                     \
          T a = TA ? A[p * ldA + i] : A[i * ldA + p];                                         \
          T b = TB ? B[j * ldB + p] : B[p * ldB + j];                                         \
          c = c + alpha * (a * b);                                                            \
        }                                                                                     \
        C[i * ldC + j] = c;                                                                   \
      }                                                                                       \
  }

#endif /* POLYLIFT_HOST_BLAS_H */
