/*
 * Helpers of the host shims of solves and factorizations: when must a shim run the
 * template's own loops instead of the library?
 *
 * The source divides by the diagonal and takes roots as it goes; a zero pivot, a
 * negative square, a NaN or an infinity gives it infinities and NaNs along its own
 * paths, which a blocked library reaches along others (or stops at: LAPACK's ?potrf
 * returns info > 0). So the shims check the diagonal before a solve and the result
 * after it, and when either is not clean they put the input back and run the loops:
 * never a faster answer that is wrong. f77blas.h declares OpenBLAS's LAPACK routines
 * (?potrf_), which Debian's libopenblas provides on amd64 and arm64.
 */
#ifndef POLYLIFT_HOST_SOLVE_H
#define POLYLIFT_HOST_SOLVE_H

#include <f77blas.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define POLYLIFT_SOLVE_HELPERS(T, DT)                                                        \
  /* Whether the diagonal of a row-major n x n matrix holds a zero. */                       \
  static inline int polylift_zero_diagonal_##DT(int64_t n, const T *M, int64_t ld)           \
  {                                                                                          \
    for (int64_t i = 0; i < n; i++)                                                          \
      if (M[i * ld + i] == 0)                                                                \
        return 1;                                                                            \
    return 0;                                                                                \
  }                                                                                          \
  /* Whether every element of a vector is finite. */                                         \
  static inline int polylift_finite_vector_##DT(int64_t n, const T *x, int64_t inc)          \
  {                                                                                          \
    for (int64_t i = 0; i < n; i++)                                                          \
      if (!isfinite(x[i * inc]))                                                             \
        return 0;                                                                            \
    return 1;                                                                                \
  }                                                                                          \
  /* Whether every element of the lower triangle (or all of) an n x n matrix is finite. */   \
  static inline int polylift_finite_matrix_##DT(int64_t n, const T *M, int64_t ld,           \
                                               int lower_only)                               \
  {                                                                                          \
    for (int64_t i = 0; i < n; i++)                                                          \
      for (int64_t j = 0; j < (lower_only ? i + 1 : n); j++)                                 \
        if (!isfinite(M[i * ld + j]))                                                        \
          return 0;                                                                          \
    return 1;                                                                                \
  }                                                                                          \
  /* A packed copy of an n x n matrix (NULL when memory runs out), and its way back. */      \
  static inline T *polylift_save_matrix_##DT(int64_t n, const T *M, int64_t ld)              \
  {                                                                                          \
    T *copy = malloc((size_t)(n > 0 ? n * n : 1) * sizeof(T));                               \
    for (int64_t i = 0; copy && i < n; i++)                                                  \
      memcpy(copy + i * n, M + i * ld, (size_t)n * sizeof(T));                               \
    return copy;                                                                             \
  }                                                                                          \
  static inline void polylift_restore_matrix_##DT(int64_t n, T *M, int64_t ld, T *copy)      \
  {                                                                                          \
    for (int64_t i = 0; i < n; i++)                                                          \
      memcpy(M + i * ld, copy + i * n, (size_t)n * sizeof(T));                               \
    free(copy);                                                                              \
  }

POLYLIFT_SOLVE_HELPERS(float, f32)
POLYLIFT_SOLVE_HELPERS(double, f64)

#endif /* POLYLIFT_HOST_SOLVE_H */
