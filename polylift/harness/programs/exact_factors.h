/* Helpers of polylift's exact-input generator for factorizations and solves (pasted into
 * a wrapper.c whose kernel has such launches; see harness/facts/exact_factors.py).
 *
 * A factorization reorders sums and divides, so exact inputs must be matrices whose
 * factors are known and small: L and U with entries in {-1, 0, 1} off the diagonal (one
 * in four nonzero) and 1, 2 or 4 on it (1 for a unit triangle). Then every partial sum of
 * every order is an integer far below 2^24, every quotient by a diagonal is a division by
 * a power of two, every square root is of a power of four: all exact, so every backend
 * gives the same bits. A right-hand side is T1.T2...x0 for small integers x0, so the
 * solutions along a chain of solves are integers too.
 */
#include <stdint.h>
#include <stdlib.h>

#define POLYLIFT_EXACT_FACTORS(T, DT)                                                         \
  /* A packed n x n matrix of zeros. */                                                       \
  static inline T *polylift_exact_alloc_##DT(int64_t n)                                       \
  {                                                                                           \
    T *m = calloc((size_t)(n > 0 ? n * n : 1), sizeof(T));                                    \
    if (!m) polylift_fail("cannot allocate", "an exact-mode factor");                         \
    return m;                                                                                 \
  }                                                                                           \
  /* One triangle of M (lower: j <= i, upper: j >= i), the other elements left as they        \
     are: off the diagonal -1, 0 or 1, on it 1, 2 or 4 (1 when unit). */                      \
  static inline void polylift_exact_triangle_##DT(T *M, int64_t n, int64_t ld, int lower, int unit, \
                                          uint64_t seed)                                      \
  {                                                                                           \
    for (int64_t i = 0; i < n; i++)                                                           \
      for (int64_t j = lower ? 0 : i; j < (lower ? i + 1 : n); j++) {                         \
        long pick = polylift_pick(seed, (size_t)(i * n + j), 8, 0);                           \
        M[i * ld + j] = i == j ? (unit ? 1 : (T)(1 << (pick % 3)))                            \
                                : pick == 0 ? -1 : pick == 1 ? 1 : 0;                         \
      }                                                                                       \
  }                                                                                           \
  /* A = L.U for packed triangles L (lower, unit: 1 on the diagonal) and U (upper). */        \
  static inline void polylift_exact_product_##DT(T *A, int64_t n, int64_t ld, const T *L, int unit, \
                                         const T *U)                                          \
  {                                                                                           \
    for (int64_t i = 0; i < n; i++) {                                                         \
      for (int64_t j = 0; j < n; j++) A[i * ld + j] = 0;                                      \
      for (int64_t k = 0; k <= i; k++) {                                                      \
        T l = k == i && unit ? 1 : L[i * n + k];                                              \
        if (l == 0) continue;                                                                 \
        for (int64_t j = k; j < n; j++) A[i * ld + j] += l * U[k * n + j];                    \
      }                                                                                       \
    }                                                                                         \
  }                                                                                           \
  /* The packed transpose of a packed n x n matrix. */                                        \
  static inline void polylift_exact_transpose_##DT(T *out, const T *M, int64_t n)             \
  {                                                                                           \
    for (int64_t i = 0; i < n; i++)                                                           \
      for (int64_t j = 0; j < n; j++) out[j * n + i] = M[i * n + j];                          \
  }                                                                                           \
  /* Small integers: -2 .. 2. */                                                              \
  static inline void polylift_exact_vector_##DT(T *v, int64_t n, int64_t inc, uint64_t seed)  \
  {                                                                                           \
    for (int64_t i = 0; i < n; i++) v[i * inc] = (T)polylift_pick(seed, (size_t)i, 5, -2);    \
  }                                                                                           \
  /* v = M.v for one triangle of M (row stride ld; unit: 1 on the diagonal). */               \
  static inline void polylift_exact_apply_##DT(T *v, int64_t n, int64_t inc, const T *M, int64_t ld, \
                                       int lower, int unit)                                   \
  {                                                                                           \
    for (int64_t r = 0; r < n; r++) {                                                         \
      int64_t i = lower ? n - 1 - r : r; /* rows not yet read are rewritten first */          \
      T sum = unit ? v[i * inc] : M[i * ld + i] * v[i * inc];                                 \
      for (int64_t j = lower ? 0 : i + 1; j < (lower ? i : n); j++)                           \
        sum += M[i * ld + j] * v[j * inc];                                                    \
      v[i * inc] = sum;                                                                       \
    }                                                                                         \
  }

POLYLIFT_EXACT_FACTORS(float, f32)
POLYLIFT_EXACT_FACTORS(double, f64)
