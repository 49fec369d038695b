/*
 * ref shim of launch `pva_lut` (pva.lut), per pixel (i, j) of the h x w image:
 *   k = src[i][j] read as unsigned (uint8_t for i8, uint16_t for i16)
 *   dst[i][j] = lut[k * inclut]
 * n is the number of table entries. A key k >= n lies outside the table, where the
 * source program's behaviour is undefined, so the shim stops with a message (abort)
 * instead of reading out of bounds.
 */
#include <stdio.h>
#include <stdlib.h>

#include "polylift_shims.h"

static void key_outside_table(const char *shim, int64_t i, int64_t j, int64_t k, int64_t n)
{
  fprintf(stderr, "%s: pixel (%lld, %lld) reads table entry %lld of a %lld-entry table\n",
          shim, (long long)i, (long long)j, (long long)k, (long long)n);
  abort();
}

#define POLYLIFT_REF_PVA_LUT(T, U, DT)                                                        \
  void polylift_ref_pva_lut_##DT(int64_t h, int64_t w, int64_t n, const T *lut,               \
                                 int64_t inclut, const T *src, int64_t ldsrc, T *dst,         \
                                 int64_t lddst)                                               \
  {                                                                                           \
    for (int64_t i = 0; i < h; i++)                                                           \
      for (int64_t j = 0; j < w; j++) {                                                       \
        int64_t k = (U)src[i * ldsrc + j];                                                    \
        if (k >= n)                                                                           \
          key_outside_table(__func__, i, j, k, n);                                            \
        dst[i * lddst + j] = lut[k * inclut];                                                 \
      }                                                                                       \
  }

POLYLIFT_REF_PVA_LUT(int8_t, uint8_t, i8)
POLYLIFT_REF_PVA_LUT(int16_t, uint16_t, i16)
