"""math.h calls translated by polylift-cc compute the C library's bits.

One program applies every function of the front end's tables (float and double) to
arrays of values that include zeros of both signs, denormals, infinities, NaN (quiet
and signalling, from random bit patterns) and huge arguments; `polylift check` builds
it as gcc builds it and as polylift lifts it (its own lowering, LLVM, the same C
library), on x86_64 and on aarch64, and compares every output bit for bit.

One difference is known and left out: on x86_64, gcc -O2 inlines floor, ceil, trunc and
rint (float and double) as SSE2 sequences that return a signalling NaN as it is, where
the C library and LLVM's lowering quiet it (as IEEE 754 asks); those read inputs whose
NaN are quiet (row 2).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from polylift.frontend.emit.calls import LIBM_CALLS, MATH_CALLS
from polylift.harness.check import CheckOptions, check_benchmark

FLOATING = sorted(n for n, (_, t, _) in MATH_CALLS.items() if t.is_float) + sorted(LIBM_CALLS)
QUIET_NAN_ONLY = ("floor", "floorf", "ceil", "ceilf", "trunc", "truncf", "rint", "rintf")
FLOATS = [n for n in FLOATING
          if (MATH_CALLS[n][1] if n in MATH_CALLS else LIBM_CALLS[n][0]).name == "float"]
DOUBLES = [n for n in FLOATING if n not in FLOATS]

_PROGRAM = """\
#include <math.h>
#include <string.h>
#include "polylift_bench.h"
#define N 3000

static void kernel_math(int n, float xf[restrict 3][n], double xd[restrict 3][n],
                        float of[restrict {nf}][n], double od[restrict {nd}][n])
{{
  for (int i = 0; i < n; i++) {{
{body}
  }}
}}

static uint64_t next(uint64_t *s)
{{
  *s ^= *s << 13; *s ^= *s >> 7; *s ^= *s << 17;
  return *s;
}}

int main(void)
{{
  static const double special[] = {{0.0, -0.0, 1.0 / 0.0, -1.0 / 0.0, 0.0 / 0.0, 1e-38,
      -1e-38, 1e-40, 3e38, -3e38, 1, -1, 0.5, 2, 3, 10, 88.5, 89, 709.5, 710, -1000,
      1e-30, 1e30, 0.1, -0.1, 1e-310, 1.7e308}};
  int n = N, k, i, count = (int)(sizeof special / sizeof special[0]);
  float (*xf)[N] = POLYLIFT_ALLOC(3 * N, float);
  double (*xd)[N] = POLYLIFT_ALLOC(3 * N, double);
  float (*of)[N] = POLYLIFT_ALLOC({nf} * N, float);
  double (*od)[N] = POLYLIFT_ALLOC({nd} * N, double);
  uint64_t state = 88172645463325252ull;
  for (k = 0; k < 2; k++)
    for (i = 0; i < N; i++) {{
      uint64_t r = next(&state);
      uint32_t low = (uint32_t)r;
      if (i < count) {{
        xf[k][(i + k) % count] = (float)special[i];
        xd[k][(i + k) % count] = special[i];
      }} else if (i % 3 == 0) {{
        memcpy(&xf[k][i], &low, sizeof low);
        memcpy(&xd[k][i], &r, sizeof r);
      }} else {{
        double v = (double)(int64_t)(r >> 11) / 9007199254740992.0 * (i % 7 == 0 ? 300 : 12);
        xf[k][i] = (float)v;
        xd[k][i] = v;
      }}
    }}
  {{
    uint32_t snan32 = 0x7fa00001u, nsnan32 = 0xffa00002u;
    uint64_t snan64 = 0x7ff4000000000001ull, nsnan64 = 0xfff4000000000002ull;
    memcpy(&xf[0][count], &snan32, 4);
    memcpy(&xf[1][count + 1], &nsnan32, 4);
    memcpy(&xd[0][count], &snan64, 8);
    memcpy(&xd[1][count + 1], &nsnan64, 8);
  }}
  for (i = 0; i < N; i++) {{
    uint32_t word;
    memcpy(&word, &xf[0][i], sizeof word);
    if ((word & 0x7f800000u) == 0x7f800000u && (word & 0x7fffffu))
      word |= 0x400000u; /* a NaN made quiet */
    memcpy(&xf[2][i], &word, sizeof word);
    uint64_t wide;
    memcpy(&wide, &xd[0][i], sizeof wide);
    if ((wide & 0x7ff0000000000000ull) == 0x7ff0000000000000ull && (wide & 0xfffffffffffffull))
      wide |= 0x8000000000000ull;
    memcpy(&xd[2][i], &wide, sizeof wide);
  }}
  kernel_math(n, xf, xd, of, od);
  polylift_report("of", {nf} * N, 0.0, of, sizeof(float) * {nf} * N);
  polylift_report("od", {nd} * N, 0.0, od, sizeof(double) * {nd} * N);
  return 0;
}}
"""


def _call(name: str, array: str, row: int) -> str:
    arity = MATH_CALLS[name][2] if name in MATH_CALLS else LIBM_CALLS[name][1]
    rows = [2] if name in QUIET_NAN_ONLY else range(arity)
    args = ", ".join(f"{array}[{k}][i]" for k in rows)
    out = "of" if array == "xf" else "od"
    return f"    {out}[{row}][i] = {name}({args});"


def write_program(path: Path) -> None:
    """The program applying every function, one output row each."""
    body = [_call(n, "xf", row) for row, n in enumerate(FLOATS)]
    body += [_call(n, "xd", row) for row, n in enumerate(DOUBLES)]
    path.write_text(_PROGRAM.format(nf=len(FLOATS), nd=len(DOUBLES), body="\n".join(body)))


@pytest.mark.parametrize("target", ["x86_64", "aarch64"])
def test_math_calls_are_bit_exact_with_the_c_library(target: str, tmp_path: Path) -> None:
    source = tmp_path / "math.c"
    write_program(source)
    include = Path(__file__).resolve().parents[2] / "benchmarks" / "include"
    result = check_benchmark(source, CheckOptions(target=target, include_dirs=(str(include),)))
    assert result.verdict == "BIT-EXACT", f"{result.message}\n{result.reproducer}"
    assert {c.name for c in result.arrays} == {"of", "od"}


_CONSTANTS = """\
#include <math.h>
#include "polylift_bench.h"
#define N 64

static void kernel_constants(int n, float x[restrict n], float of[restrict 3][n],
                             double od[restrict 2][n])
{
  for (int i = 0; i < n; i++) {
    of[0][i] = x[i] > 0 ? NAN : -NAN;
    of[1][i] = x[i] > 0 ? INFINITY : -HUGE_VALF;
    of[2][i] = x[i] * NAN;
    od[0][i] = x[i] > 0 ? HUGE_VAL : NAN;
    od[1][i] = x[i] - (double)INFINITY;
  }
}

int main(void)
{
  int i;
  float *x = POLYLIFT_ALLOC(N, float);
  float (*of)[N] = POLYLIFT_ALLOC(3 * N, float);
  double (*od)[N] = POLYLIFT_ALLOC(2 * N, double);
  for (i = 0; i < N; i++)
    x[i] = (float)(i % 5) - 2.0f;
  kernel_constants(N, x, of, od);
  polylift_report("of", 3 * N, 0.0, of, sizeof(float) * 3 * N);
  polylift_report("od", 2 * N, 0.0, od, sizeof(double) * 2 * N);
  return 0;
}
"""


def test_math_constants_are_the_c_library_s(tmp_path: Path) -> None:
    """NAN (its sign and payload too), INFINITY, HUGE_VAL and HUGE_VALF in a kernel
    have the bits gcc's math.h gives them."""
    source = tmp_path / "constants.c"
    source.write_text(_CONSTANTS)
    include = Path(__file__).resolve().parents[2] / "benchmarks" / "include"
    result = check_benchmark(source, CheckOptions(include_dirs=(str(include),)))
    assert result.verdict == "BIT-EXACT", f"{result.message}\n{result.reproducer}"
    assert {c.name for c in result.arrays} == {"of", "od"}
