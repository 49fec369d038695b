// The table operators of templates/pva.tpl on NPP (polylift_npp.h): the palette lookup,
// the largest pixel, and the range histogram, for unsigned 8- and 16-bit images. NPP
// takes every pointer in device memory (its general conventions), the levels included.

#include <algorithm>

#include <nppi_color_conversion.h>
#include <nppi_statistics_functions.h>

#include "polylift_npp.h"

namespace polylift_cuda {

namespace {

// NPP's functions for one pixel type, and its width in bits.
template <class T> struct Ops {
  int bits;
  NppStatus (*palette)(const T *, int, T *, int, NppiSize, const T *, int, NppStreamContext);
  NppStatus (*max_bytes)(NppiSize, size_t *, NppStreamContext);
  NppStatus (*max)(const T *, int, NppiSize, Npp8u *, T *, NppStreamContext);
  NppStatus (*hist_bytes)(NppiSize, int, size_t *, NppStreamContext);
  NppStatus (*hist)(const T *, int, NppiSize, Npp32s *, const Npp32s *, int, Npp8u *,
                    NppStreamContext);
};

template <class T> Ops<T> ops();

template <> Ops<Npp8u> ops() {
  return {8, nppiLUTPalette_8u_C1R_Ctx, nppiMaxGetBufferHostSize_8u_C1R_Ctx, nppiMax_8u_C1R_Ctx,
          nppiHistogramRangeGetBufferSize_8u_C1R_Ctx, nppiHistogramRange_8u_C1R_Ctx};
}

template <> Ops<Npp16u> ops() {
  return {16, nppiLUTPalette_16u_C1R_Ctx, nppiMaxGetBufferHostSize_16u_C1R_Ctx,
          nppiMax_16u_C1R_Ctx, nppiHistogramRangeGetBufferSize_16u_C1R_Ctx,
          nppiHistogramRange_16u_C1R_Ctx};
}

__global__ void fill_levels(Npp32s *levels, int count) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k < count) levels[k] = k;
}

template <class T> int step(int64_t ld) { return int(ld * int64_t(sizeof(T))); }

}  // namespace

template <class T>
void npp_lut(Call &call, int h, int w, const T *table, const T *src, int64_t ldsrc, T *dst,
             int64_t lddst) {
  const Ops<T> o = ops<T>();
  check(o.palette(src, step<T>(ldsrc), dst, step<T>(lddst), NppiSize{w, h}, table, o.bits,
                  npp_context(call)),
        "nppiLUTPalette");
}

template <class T> T npp_max(Call &call, int h, int w, const T *src, int64_t ldsrc) {
  const Ops<T> o = ops<T>();
  const NppStreamContext ctx = npp_context(call);
  const NppiSize roi{w, h};
  size_t bytes = 0;
  check(o.max_bytes(roi, &bytes, ctx), "nppiMaxGetBufferHostSize");
  Npp8u *buffer = static_cast<Npp8u *>(call.scratch(std::max<size_t>(bytes, 1)));
  T *largest = static_cast<T *>(call.scratch(sizeof(T)));
  check(o.max(src, step<T>(ldsrc), roi, buffer, largest, ctx), "nppiMax");
  T result = 0;
  npp_download(call, largest, &result, sizeof(T));
  return result;
}

template <class T>
void npp_histogram(Call &call, int h, int w, const T *src, int64_t ldsrc, int64_t nbins,
                   Npp32s *hist) {
  const Ops<T> o = ops<T>();
  const NppStreamContext ctx = npp_context(call);
  const NppiSize roi{w, h};
  const int bins = int(std::min<int64_t>(nbins, int64_t(1) << o.bits));
  Npp32s *levels = static_cast<Npp32s *>(call.scratch(sizeof(Npp32s) * size_t(bins + 1)));
  fill_levels<<<(bins + 256) / 256, 256, 0, ctx.hStream>>>(levels, bins + 1);
  check(cudaGetLastError(), "launching fill_levels");
  size_t bytes = 0;
  check(o.hist_bytes(roi, bins + 1, &bytes, ctx), "nppiHistogramRangeGetBufferSize");
  Npp8u *buffer = static_cast<Npp8u *>(call.scratch(std::max<size_t>(bytes, 1)));
  check(o.hist(src, step<T>(ldsrc), roi, hist, levels, bins + 1, buffer, ctx),
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
