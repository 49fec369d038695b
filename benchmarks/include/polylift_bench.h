/*
 * polylift_bench.h - the utility header of polylift's own benchmark suites.
 *
 * Conventions (close to PolyBench/C's, so kernels read the same way):
 *   - Dataset size: -DMINI_DATASET, -DSMALL_DATASET, -DMEDIUM_DATASET (default),
 *     -DLARGE_DATASET or -DEXTRALARGE_DATASET.  Each program defines its own sizes.
 *   - Element type of the linalg suite: DATA_TYPE is double by default;
 *     -DDATA_TYPE_IS_FLOAT selects float, -DDATA_TYPE_IS_INT selects int
 *     (meaningful only for the integer-valued kernels, e.g. floyd-warshall).
 *   - SCALAR_VAL(x) writes a literal in DATA_TYPE; SQRT_FUN, EXP_FUN, POW_FUN and
 *     FABS_FUN are the math functions of DATA_TYPE.
 *   - main prints one line per array the kernel writes:
 *         <name> <count> sum=<sum as %.17g> hash=<FNV-1a of the bytes, hex>
 *
 * Helpers are plain `static` functions: the harness compiles programs with
 * -Dstatic=__attribute__((noipa)), so nothing here may be `inline` and no object
 * here may be a static variable.
 */
#ifndef POLYLIFT_BENCH_H
#define POLYLIFT_BENCH_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && !defined(MEDIUM_DATASET) \
    && !defined(LARGE_DATASET) && !defined(EXTRALARGE_DATASET)
#define MEDIUM_DATASET
#endif

#if !defined(DATA_TYPE_IS_FLOAT) && !defined(DATA_TYPE_IS_INT) && !defined(DATA_TYPE_IS_DOUBLE)
#define DATA_TYPE_IS_DOUBLE
#endif

#ifdef DATA_TYPE_IS_FLOAT
#define DATA_TYPE float
#define DATA_PRINTF_MODIFIER "%0.2f "
#define SCALAR_VAL(x) x##f
#define SQRT_FUN(x) sqrtf(x)
#define EXP_FUN(x) expf(x)
#define POW_FUN(x, y) powf(x, y)
#define FABS_FUN(x) fabsf(x)
#endif

#ifdef DATA_TYPE_IS_DOUBLE
#define DATA_TYPE double
#define DATA_PRINTF_MODIFIER "%0.2lf "
#define SCALAR_VAL(x) x
#define SQRT_FUN(x) sqrt(x)
#define EXP_FUN(x) exp(x)
#define POW_FUN(x, y) pow(x, y)
#define FABS_FUN(x) fabs(x)
#endif

#ifdef DATA_TYPE_IS_INT
#define DATA_TYPE int
#define DATA_PRINTF_MODIFIER "%d "
#define SCALAR_VAL(x) x
#define SQRT_FUN(x) sqrt(x)
#define EXP_FUN(x) exp(x)
#define POW_FUN(x, y) pow(x, y)
#define FABS_FUN(x) fabs(x)
#endif

/* Zero-filled heap block of n elements of elem_size bytes; exits on failure. */
static __attribute__((unused)) void *polylift_alloc(size_t n, size_t elem_size)
{
  void *p = calloc(n == 0 ? 1 : n, elem_size);
  if (p == NULL) {
    fprintf(stderr, "polylift_alloc: cannot allocate %zu x %zu bytes\n", n, elem_size);
    exit(1);
  }
  return p;
}

/* Allocate an array of `count` elements of `type`, zero-filled. */
#define POLYLIFT_ALLOC(count, type) polylift_alloc((size_t)(count), sizeof(type))

/* FNV-1a over raw bytes: bit-exact fingerprint, identical on every little-endian host. */
static __attribute__((unused)) uint64_t polylift_hash(const void *data, size_t nbytes)
{
  const unsigned char *p = (const unsigned char *)data;
  uint64_t h = UINT64_C(14695981039346656037);
  size_t i;
  for (i = 0; i < nbytes; i++) {
    h ^= (uint64_t)p[i];
    h *= UINT64_C(1099511628211);
  }
  return h;
}

static __attribute__((unused)) void polylift_report(const char *name, size_t n, double sum,
                                                    const void *data, size_t nbytes)
{
  printf("%s %zu sum=%.17g hash=%016llx\n", name, n, sum,
         (unsigned long long)polylift_hash(data, nbytes));
}

static __attribute__((unused)) void polylift_checksum_f64(const char *name, const double *a,
                                                          size_t n)
{
  double s = 0.0;
  size_t i;
  for (i = 0; i < n; i++)
    s += a[i];
  polylift_report(name, n, s, a, n * sizeof(double));
}

static __attribute__((unused)) void polylift_checksum_f32(const char *name, const float *a,
                                                          size_t n)
{
  double s = 0.0;
  size_t i;
  for (i = 0; i < n; i++)
    s += (double)a[i];
  polylift_report(name, n, s, a, n * sizeof(float));
}

static __attribute__((unused)) void polylift_checksum_i32(const char *name, const int32_t *a,
                                                          size_t n)
{
  double s = 0.0;
  size_t i;
  for (i = 0; i < n; i++)
    s += (double)a[i];
  polylift_report(name, n, s, a, n * sizeof(int32_t));
}

static __attribute__((unused)) void polylift_checksum_i16(const char *name, const int16_t *a,
                                                          size_t n)
{
  double s = 0.0;
  size_t i;
  for (i = 0; i < n; i++)
    s += (double)a[i];
  polylift_report(name, n, s, a, n * sizeof(int16_t));
}

static __attribute__((unused)) void polylift_checksum_i8(const char *name, const int8_t *a,
                                                         size_t n)
{
  double s = 0.0;
  size_t i;
  for (i = 0; i < n; i++)
    s += (double)a[i];
  polylift_report(name, n, s, a, n * sizeof(int8_t));
}

static __attribute__((unused)) void polylift_checksum_u8(const char *name, const uint8_t *a,
                                                         size_t n)
{
  double s = 0.0;
  size_t i;
  for (i = 0; i < n; i++)
    s += (double)a[i];
  polylift_report(name, n, s, a, n * sizeof(uint8_t));
}

/* Checksum of an array of DATA_TYPE elements. */
static __attribute__((unused)) void polylift_checksum(const char *name, const DATA_TYPE *a,
                                                      size_t n)
{
  double s = 0.0;
  size_t i;
  for (i = 0; i < n; i++)
    s += (double)a[i];
  polylift_report(name, n, s, a, n * sizeof(DATA_TYPE));
}

/* Print the checksum of a DATA_TYPE array given by its first element. */
#define POLYLIFT_CHECKSUM(name, first, count) polylift_checksum((name), &(first), (size_t)(count))

#endif /* POLYLIFT_BENCH_H */
