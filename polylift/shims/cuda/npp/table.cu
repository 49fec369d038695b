// The table operators of templates/pva.tpl on NPP (polylift_npp.h): the palette lookup,
// the largest pixel, and the range histogram, for unsigned 8- and 16-bit images. NPP
// takes every pointer in device memory (its general conventions), the levels included.

#include <algorithm>

#include <nppi_color_conversion.h>
#include <nppi_statistics_functions.h>

#include "polylift_npp.h"

namespace polylift_cuda {

namespace {

// NPP's functions for one pixel type.
template <class T> struct Ops;

template <> struct Ops<Npp8u> {
  static constexpr int kBits = 8;
  static NppStatus palette(const Npp8u *s, int ss, Npp8u *d, int ds, NppiSize r, const Npp8u *t,
                           NppStreamContext c) {
    return nppiLUTPalette_8u_C1R_Ctx(s, ss, d, ds, r, t, kBits, c);
  }
  static NppStatus max_bytes(NppiSize r, size_t *bytes, NppStreamContext c) {
    return nppiMaxGetBufferHostSize_8u_C1R_Ctx(r, bytes, c);
  }
  static NppStatus max(const Npp8u *s, int ss, NppiSize r, Npp8u *buf, Npp8u *m,
                       NppStreamContext c) {
    return nppiMax_8u_C1R_Ctx(s, ss, r, buf, m, c);
  }
  static NppStatus hist_bytes(NppiSize r, int levels, size_t *bytes, NppStreamContext c) {
    return nppiHistogramRangeGetBufferSize_8u_C1R_Ctx(r, levels, bytes, c);
  }
  static NppStatus hist(const Npp8u *s, int ss, NppiSize r, Npp32s *h, const Npp32s *lv,
                        int levels, Npp8u *buf, NppStreamContext c) {
    return nppiHistogramRange_8u_C1R_Ctx(s, ss, r, h, lv, levels, buf, c);
  }
};

template <> struct Ops<Npp16u> {
  static constexpr int kBits = 16;
  static NppStatus palette(const Npp16u *s, int ss, Npp16u *d, int ds, NppiSize r,
                           const Npp16u *t, NppStreamContext c) {
    return nppiLUTPalette_16u_C1R_Ctx(s, ss, d, ds, r, t, kBits, c);
  }
  static NppStatus max_bytes(NppiSize r, size_t *bytes, NppStreamContext c) {
    return nppiMaxGetBufferHostSize_16u_C1R_Ctx(r, bytes, c);
  }
  static NppStatus max(const Npp16u *s, int ss, NppiSize r, Npp8u *buf, Npp16u *m,
                       NppStreamContext c) {
    return nppiMax_16u_C1R_Ctx(s, ss, r, buf, m, c);
  }
  static NppStatus hist_bytes(NppiSize r, int levels, size_t *bytes, NppStreamContext c) {
    return nppiHistogramRangeGetBufferSize_16u_C1R_Ctx(r, levels, bytes, c);
  }
  static NppStatus hist(const Npp16u *s, int ss, NppiSize r, Npp32s *h, const Npp32s *lv,
                        int levels, Npp8u *buf, NppStreamContext c) {
    return nppiHistogramRange_16u_C1R_Ctx(s, ss, r, h, lv, levels, buf, c);
  }
};

__global__ void fill_levels(Npp32s *levels, int count) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k < count) levels[k] = k;
}

template <class T> int step(int64_t ld) { return int(ld * int64_t(sizeof(T))); }

}  // namespace

template <class T>
void npp_lut(Call &call, int h, int w, const T *table, const T *src, int64_t ldsrc, T *dst,
             int64_t lddst) {
  check(Ops<T>::palette(src, step<T>(ldsrc), dst, step<T>(lddst), NppiSize{w, h}, table,
                        npp_context(call)),
        "nppiLUTPalette");
}

template <class T> T npp_max(Call &call, int h, int w, const T *src, int64_t ldsrc) {
  const NppStreamContext ctx = npp_context(call);
  const NppiSize roi{w, h};
  size_t bytes = 0;
  check(Ops<T>::max_bytes(roi, &bytes, ctx), "nppiMaxGetBufferHostSize");
  Npp8u *buffer = static_cast<Npp8u *>(call.scratch(std::max<size_t>(bytes, 1)));
  T *largest = static_cast<T *>(call.scratch(sizeof(T)));
  check(Ops<T>::max(src, step<T>(ldsrc), roi, buffer, largest, ctx), "nppiMax");
  T result = 0;
  check(cudaMemcpyAsync(&result, largest, sizeof(T), cudaMemcpyDeviceToHost, ctx.hStream),
        "cudaMemcpyAsync");
  check(cudaStreamSynchronize(ctx.hStream), "cudaStreamSynchronize");
  return result;
}

template <class T>
void npp_histogram(Call &call, int h, int w, const T *src, int64_t ldsrc, int64_t nbins,
                   Npp32s *hist) {
  const NppStreamContext ctx = npp_context(call);
  const NppiSize roi{w, h};
  const int bins = int(std::min<int64_t>(nbins, int64_t(1) << Ops<T>::kBits));
  Npp32s *levels = static_cast<Npp32s *>(call.scratch(sizeof(Npp32s) * size_t(bins + 1)));
  fill_levels<<<(bins + 256) / 256, 256, 0, ctx.hStream>>>(levels, bins + 1);
  check(cudaGetLastError(), "launching fill_levels");
  size_t bytes = 0;
  check(Ops<T>::hist_bytes(roi, bins + 1, &bytes, ctx), "nppiHistogramRangeGetBufferSize");
  Npp8u *buffer = static_cast<Npp8u *>(call.scratch(std::max<size_t>(bytes, 1)));
  check(Ops<T>::hist(src, step<T>(ldsrc), roi, hist, levels, bins + 1, buffer, ctx),
        "nppiHistogramRange");
  if (nbins > bins)  // bins no pixel value reaches
    check(cudaMemsetAsync(hist + bins, 0, sizeof(Npp32s) * size_t(nbins - bins), ctx.hStream),
          "cudaMemsetAsync");
}

template void npp_lut<Npp8u>(Call &, int, int, const Npp8u *, const Npp8u *, int64_t, Npp8u *,
                             int64_t);
template void npp_lut<Npp16u>(Call &, int, int, const Npp16u *, const Npp16u *, int64_t,
                              Npp16u *, int64_t);
template Npp8u npp_max<Npp8u>(Call &, int, int, const Npp8u *, int64_t);
template Npp16u npp_max<Npp16u>(Call &, int, int, const Npp16u *, int64_t);
template void npp_histogram<Npp8u>(Call &, int, int, const Npp8u *, int64_t, int64_t, Npp32s *);
template void npp_histogram<Npp16u>(Call &, int, int, const Npp16u *, int64_t, int64_t,
                                    Npp32s *);

}  // namespace polylift_cuda
