/*
 * Helpers of the host shims that write far more than they read (an upsampling writes each
 * input element R x S times): stores that bypass the caches.
 *
 * An output larger than the caches costs a plain store twice: the line is fetched before
 * it is overwritten. A non-temporal store writes whole lines without that fetch, and
 * stores the same bits. It only pays off for outputs larger than the caches (the shim
 * decides by POLYLIFT_STREAM_BYTES; a smaller output would be evicted by it, then read
 * back from memory), and needs a fence before anyone reads the output. Without SSE2
 * (the other targets) the copy is a plain one.
 */
#ifndef POLYLIFT_HOST_STREAM_H
#define POLYLIFT_HOST_STREAM_H

#include <stdint.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* Outputs of at least this many bytes are written with non-temporal stores. */
#define POLYLIFT_STREAM_BYTES ((int64_t)8 << 20)

/* dst[0 .. n) = src[0 .. n); dst and src share no byte. */
static inline void polylift_stream_copy_f32(float *restrict dst, const float *restrict src,
                                            int64_t n)
{
#if defined(__SSE2__)
  int64_t i = 0;
  for (; i < n && ((uintptr_t)(dst + i) & 15u) != 0; i++)
    dst[i] = src[i];
  for (; i + 4 <= n; i += 4)
    _mm_stream_ps(dst + i, _mm_loadu_ps(src + i));
  for (; i < n; i++)
    dst[i] = src[i];
#else
  memcpy(dst, src, (size_t)n * sizeof(float));
#endif
}

/* Orders the non-temporal stores before every later access (SSE's `sfence`). */
static inline void polylift_stream_fence(void)
{
#if defined(__SSE2__)
  _mm_sfence();
#endif
}

#endif
