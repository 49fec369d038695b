/*
 * pva shim of launch `pva_lut`: the PVA table lookup. The table is copied once into
 * local memory (VMEM); only the entries a key can reach are copied (at most 256 for i8,
 * 65536 for i16), so a longer table in main memory is legal and its tail never read.
 * Each source row is then brought into a line buffer widened to 32-bit lanes holding the
 * pixel read as unsigned (the key), and every lane looks its key up in the local table.
 * A key >= n aborts with a message, as in the ref shim. Semantics: see ref/pva_lut.c.
 */
#include "polylift_shims.h"
#include "pva_model.h"

static void key_outside_table(const char *shim, int64_t i, int64_t j, int64_t k, int64_t n)
{
  fprintf(stderr, "%s: pixel (%lld, %lld) reads table entry %lld of a %lld-entry table\n",
          shim, (long long)i, (long long)j, (long long)k, (long long)n);
  abort();
}

#define POLYLIFT_PVA_LUT(T, U, DT)                                                            \
  void polylift_pva_pva_lut_##DT(int64_t h, int64_t w, int64_t n, const T *lut,               \
                                 int64_t inclut, const T *src, int64_t ldsrc, T *dst,         \
                                 int64_t lddst)                                               \
  {                                                                                           \
    if (h <= 0 || w <= 0)                                                                     \
      return;                                                                                 \
    const int64_t keys = (int64_t)1 << (8 * sizeof(U));                                       \
    int64_t size = n < 0 ? 0 : (n < keys ? n : keys);                                         \
    T *table = pva_vmem_alloc(__func__, size, sizeof(T), "lookup table");                     \
    for (int64_t k = 0; k < size; k++)                                                        \
      table[k] = lut[k * inclut];                                                             \
    uint32_t *line = pva_vmem_alloc(__func__, w, sizeof(uint32_t), "line buffer");            \
    for (int64_t i = 0; i < h; i++) {                                                         \
      for (int64_t j = 0; j < w; j++)                                                         \
        line[j] = (U)src[i * ldsrc + j];                                                      \
      for (int64_t j = 0; j < w; j++) {                                                       \
        if (line[j] >= size) /* every key is < `keys`, so this is k >= n */                   \
          key_outside_table(__func__, i, j, line[j], n);                                      \
        dst[i * lddst + j] = table[line[j]];                                                  \
      }                                                                                       \
    }                                                                                         \
    free(line);                                                                               \
    free(table);                                                                              \
  }

POLYLIFT_PVA_LUT(int8_t, uint8_t, i8)
POLYLIFT_PVA_LUT(int16_t, uint16_t, i16)
