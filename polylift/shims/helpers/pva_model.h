/*
 * The PVA model's common parts: how an operator sees the image.
 *
 * A PVA operator walks the image one output row at a time. For row i the DMA engine
 * brings input rows i-1, i and i+1 into line buffers of w + 2 pixels, padding each row
 * with one replicated pixel on either side, and clamping the row index at the top and
 * bottom edges (the replicate border mode); the vector unit then reads pixels widened to
 * 32-bit lanes and computes the whole output row from the three buffers alone.
 */
#ifndef POLYLIFT_PVA_MODEL_H
#define POLYLIFT_PVA_MODEL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* Three line buffers of w + 2 lanes each, or a stop with a message. */
static inline int32_t *pva_line_buffers(const char *shim, int64_t w)
{
  int32_t *buf = malloc(3 * (size_t)(w + 2) * sizeof(int32_t));
  if (buf == NULL) {
    fprintf(stderr, "%s: cannot allocate line buffers for width %lld\n", shim, (long long)w);
    abort();
  }
  return buf;
}

/*
 * `count` elements of `size` bytes of local memory (VMEM): a table copied in once, or a
 * line buffer. At least one element, so that an empty table is still a valid pointer.
 */
static inline void *pva_vmem_alloc(const char *shim, int64_t count, size_t size,
                                   const char *what)
{
  void *mem = malloc((size_t)(count > 0 ? count : 1) * size);
  if (mem == NULL) {
    fprintf(stderr, "%s: cannot allocate the %s (%lld entries)\n", shim, what,
            (long long)count);
    abort();
  }
  return mem;
}

/* The input row feeding window row `a` (0..2) of output row i, clamped into the image. */
static inline int64_t pva_window_row(int64_t i, int64_t a, int64_t h)
{
  int64_t r = i + a - 1;
  return r < 0 ? 0 : (r >= h ? h - 1 : r);
}

/* Load row `row` of width w into `line` (w + 2 lanes), replicating its end pixels. */
#define PVA_LOAD_PADDED(line, row, w)                                                         \
  do {                                                                                        \
    (line)[0] = (row)[0];                                                                     \
    for (int64_t j_ = 0; j_ < (w); j_++)                                                      \
      (line)[j_ + 1] = (row)[j_];                                                             \
    (line)[(w) + 1] = (row)[(w) - 1];                                                         \
  } while (0)

/* Fill the three line buffers for output row i. */
#define PVA_LOAD_WINDOW(buf, src, ldsrc, i, h, w)                                             \
  do {                                                                                        \
    for (int64_t a_ = 0; a_ < 3; a_++)                                                        \
      PVA_LOAD_PADDED((buf) + a_ * ((w) + 2), (src) + pva_window_row((i), a_, (h)) * (ldsrc), \
                      (w));                                                                   \
  } while (0)

/*
 * Region (ROI) operators read the real halo instead: the line buffer of input row r holds
 * pixels -1..w of that row as they are in memory (the caller guarantees the one-pixel
 * halo around the region exists), and rows i-1..i+1 are never clamped.
 */
#define PVA_LOAD_HALO(line, row, w)                                                           \
  do {                                                                                        \
    for (int64_t j_ = -1; j_ <= (w); j_++)                                                    \
      (line)[j_ + 1] = (row)[j_];                                                             \
  } while (0)

/* Fill the three line buffers for output row i of a region (h is unused: no clamping). */
#define PVA_LOAD_WINDOW_HALO(buf, src, ldsrc, i, h, w)                                        \
  do {                                                                                        \
    for (int64_t a_ = 0; a_ < 3; a_++)                                                        \
      PVA_LOAD_HALO((buf) + a_ * ((w) + 2), (src) + ((i) + a_ - 1) * (ldsrc), (w));           \
  } while (0)

#endif /* POLYLIFT_PVA_MODEL_H */
