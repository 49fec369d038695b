// The 8-bit blends of templates/blend.tpl from exact NPP primitives (polylift_npp.h).
//
// Each blend is computed on chunks of at most kChunk pixels, each a one-row image (NPP
// takes int widths and steps). The template's int arithmetic (a, b in 0..255) and each
// composition:
//   darken      min(a, b)                 MinEvery
//   lighten     max(a, b)                 MaxEvery
//   linear_dodge min(a + b, 255)          Add, scale factor 0 (its saturation is the min)
//   difference  a > b ? a - b : b - a     AbsDiff
//   subtract    max(a - b, 0)             AbsDiff(max(a, b), b): max(a, b) - b is a - b
//                                         when a > b and 0 otherwise
//   linear_burn max(a + b - 255, 0)       subtract(a, 255 - b), and 255 - b is Not(b)
//   average     (a + b) / 2               (a & b) + ((a ^ b) >> 1): a + b is
//                                         2 (a & b) + (a ^ b), so the halves agree and the
//                                         sum stays <= 255 (no saturation)
//   multiply    a * b / 255               in 16 bits: x = a * b <= 65025 (Mul, scale
//                                         factor 0, no saturation), then
//                                         x / 255 = (x + (x >> 8) + 1) >> 8, which holds
//                                         for every x in 0..65534 (checked exhaustively:
//                                         tests/exec/test_cuda_shims.py); the sums stay
//                                         <= 65280 and the result <= 255 converts exactly
//   screen      255 - (255 - a)(255 - b) / 255 = Not(multiply(Not(a), Not(b))), since
//                                         255 - v is Not(v) for v in 0..255
// No call uses a scale factor other than 0, so NPP's rounding of scaled results never
// applies.

#include <algorithm>

#include <nppi_arithmetic_and_logical_operations.h>
#include <nppi_data_exchange_and_initialization.h>
#include <nppi_statistics_functions.h>

#include "polylift_npp.h"

namespace polylift_cuda {

namespace {

// 2^29 pixels: the 16-bit steps (2 bytes a pixel) still fit an int.
constexpr int64_t kChunk = int64_t(1) << 29;

// One chunk: its pixels at a, b, o; scratch t, u (8-bit) and x, y (16-bit) as long.
struct Chunk {
  const Npp8u *a, *b;
  Npp8u *o, *t, *u;
  Npp16u *x, *y;
  int len;
  NppStreamContext ctx;
  NppiSize roi() const { return NppiSize{len, 1}; }
  int step8() const { return len; }
  int step16() const { return 2 * len; }
};

void copy(const Chunk &c, const Npp8u *src, Npp8u *dst) {
  check(cudaMemcpyAsync(dst, src, size_t(c.len), cudaMemcpyDeviceToDevice, c.ctx.hStream),
        "cudaMemcpyAsync");
}

// dst = max(a, b) - b, i.e. max(a - b, 0); t is scratch.
void saturating_sub(const Chunk &c, const Npp8u *a, const Npp8u *b, Npp8u *dst, Npp8u *t) {
  copy(c, a, t);
  check(nppiMaxEvery_8u_C1IR_Ctx(b, c.step8(), t, c.step8(), c.roi(), c.ctx),
        "nppiMaxEvery_8u_C1IR");
  check(nppiAbsDiff_8u_C1R_Ctx(t, c.step8(), b, c.step8(), dst, c.step8(), c.roi(), c.ctx),
        "nppiAbsDiff_8u_C1R");
}

// dst = a * b / 255 with C's truncation, through 16-bit x and y.
void multiply(const Chunk &c, const Npp8u *a, const Npp8u *b, Npp8u *dst) {
  const int s8 = c.step8(), s16 = c.step16();
  check(nppiConvert_8u16u_C1R_Ctx(a, s8, c.x, s16, c.roi(), c.ctx), "nppiConvert_8u16u_C1R");
  check(nppiConvert_8u16u_C1R_Ctx(b, s8, c.y, s16, c.roi(), c.ctx), "nppiConvert_8u16u_C1R");
  check(nppiMul_16u_C1RSfs_Ctx(c.x, s16, c.y, s16, c.x, s16, c.roi(), 0, c.ctx),
        "nppiMul_16u_C1RSfs");
  check(nppiRShiftC_16u_C1R_Ctx(c.x, s16, 8, c.y, s16, c.roi(), c.ctx), "nppiRShiftC_16u_C1R");
  check(nppiAdd_16u_C1IRSfs_Ctx(c.y, s16, c.x, s16, c.roi(), 0, c.ctx), "nppiAdd_16u_C1IRSfs");
  check(nppiAddC_16u_C1IRSfs_Ctx(1, c.x, s16, c.roi(), 0, c.ctx), "nppiAddC_16u_C1IRSfs");
  check(nppiRShiftC_16u_C1IR_Ctx(8, c.x, s16, c.roi(), c.ctx), "nppiRShiftC_16u_C1IR");
  check(nppiConvert_16u8u_C1R_Ctx(c.x, s16, dst, s8, c.roi(), c.ctx), "nppiConvert_16u8u_C1R");
}

void not8(const Chunk &c, const Npp8u *src, Npp8u *dst) {
  check(nppiNot_8u_C1R_Ctx(src, c.step8(), dst, c.step8(), c.roi(), c.ctx), "nppiNot_8u_C1R");
}

void blend_chunk(const Chunk &c, NppBlend blend) {
  const int s = c.step8();
  switch (blend) {
    case NppBlend::Darken:
    case NppBlend::Lighten:
      copy(c, c.a, c.o);
      if (blend == NppBlend::Darken)
        check(nppiMinEvery_8u_C1IR_Ctx(c.b, s, c.o, s, c.roi(), c.ctx), "nppiMinEvery_8u_C1IR");
      else
        check(nppiMaxEvery_8u_C1IR_Ctx(c.b, s, c.o, s, c.roi(), c.ctx), "nppiMaxEvery_8u_C1IR");
      return;
    case NppBlend::LinearDodge:
      check(nppiAdd_8u_C1RSfs_Ctx(c.a, s, c.b, s, c.o, s, c.roi(), 0, c.ctx), "nppiAdd_8u_C1RSfs");
      return;
    case NppBlend::Difference:
      check(nppiAbsDiff_8u_C1R_Ctx(c.a, s, c.b, s, c.o, s, c.roi(), c.ctx), "nppiAbsDiff_8u_C1R");
      return;
    case NppBlend::Subtract:
      saturating_sub(c, c.a, c.b, c.o, c.t);
      return;
    case NppBlend::LinearBurn:
      not8(c, c.b, c.u);
      saturating_sub(c, c.a, c.u, c.o, c.t);
      return;
    case NppBlend::Average:
      check(nppiAnd_8u_C1R_Ctx(c.a, s, c.b, s, c.t, s, c.roi(), c.ctx), "nppiAnd_8u_C1R");
      check(nppiXor_8u_C1R_Ctx(c.a, s, c.b, s, c.u, s, c.roi(), c.ctx), "nppiXor_8u_C1R");
      check(nppiRShiftC_8u_C1R_Ctx(c.u, s, 1, c.o, s, c.roi(), c.ctx), "nppiRShiftC_8u_C1R");
      check(nppiAdd_8u_C1IRSfs_Ctx(c.t, s, c.o, s, c.roi(), 0, c.ctx), "nppiAdd_8u_C1IRSfs");
      return;
    case NppBlend::Multiply:
      multiply(c, c.a, c.b, c.o);
      return;
    case NppBlend::Screen:
      not8(c, c.a, c.t);
      not8(c, c.b, c.u);
      multiply(c, c.t, c.u, c.o);
      check(nppiNot_8u_C1IR_Ctx(c.o, s, c.roi(), c.ctx), "nppiNot_8u_C1IR");
      return;
  }
}

}  // namespace

void npp_blend(Call &call, NppBlend blend, int64_t n, const Npp8u *a, const Npp8u *b, Npp8u *o) {
  const int64_t most = std::min(n, kChunk);
  Npp8u *t = static_cast<Npp8u *>(call.scratch(size_t(most) * 2));
  Npp16u *x = static_cast<Npp16u *>(call.scratch(size_t(most) * 2 * sizeof(Npp16u)));
  const NppStreamContext ctx = npp_context(call);
  for (int64_t at = 0; at < n; at += kChunk) {
    const int len = int(std::min(kChunk, n - at));
    blend_chunk(Chunk{a + at, b + at, o + at, t, t + most, x, x + most, len, ctx}, blend);
  }
}

}  // namespace polylift_cuda
