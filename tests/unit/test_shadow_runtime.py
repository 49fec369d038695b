"""The shadow-mode runtime (polylift/driver/shadow_runtime/polylift_shadow.c), through
small C programs built with it: the environment, the mismatch reports, the summary, the
snapshots (aliasing, faults) and the distances, which must be those of `polylift check`
(polylift.harness.comparison.compare)."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

import polylift
from polylift.harness.comparison.compare import (
    INFINITE_ULP,
    compare_arrays,
    term_distance,
    ulp_distance,
    unordered,
)

RUNTIME = Path(polylift.__file__).parent / "driver" / "shadow_runtime"
CFLAGS = ["-O2", "-std=gnu11", "-Wall", "-Wextra", "-ffp-contract=off", "-fno-fast-math"]
AARCH64_CC = "aarch64-linux-gnu-gcc"
AARCH64_ROOT = Path("/usr/aarch64-linux-gnu")
QEMU = "qemu-aarch64"
KINDS = {"BITS": 0, "FLOAT": 1, "DOUBLE": 2, "INT": 3, "UINT": 4}

pytestmark = pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc")

# Shared by every test program: one call of a lifted function that writes `n` elements at
# `y`. The original code "wrote" what y holds (the snapshot keeps it), the lifted version
# writes `lifted` into the program's memory; returns whether the call was checked.
PRELUDE = r"""
#define _GNU_SOURCE
#include "polylift_shadow.h"
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int call_lifted(struct polylift_shadow_fn *fn, const char *array, int kind, int size,
                       void *y, const void *lifted, long long n, double bound) {
  struct polylift_shadow_snapshot *s = NULL;
  void *copies[1] = {NULL};
  if (polylift_shadow_begin(fn)) {
    const void *at[1] = {y};
    long long bytes[1] = {n * size};
    s = polylift_shadow_snapshot(fn, 1, at, bytes, copies);
  }
  memcpy(y, lifted, (size_t)(n * size));
  if (s == NULL) return 0;
  polylift_shadow_compare(fn, array, kind, size, n, copies[0], y, bound, NULL);
  polylift_shadow_end(fn, s, NULL);
  return 1;
}
"""

RATES = r"""
static struct polylift_shadow_fn f = {.name = "f", .where = "f.c:1"};
static struct polylift_shadow_fn g = {.name = "g", .where = "g.c:2"};

int main(void) {
  double y[2] = {1, 2};
  int f_checked[8] = {0}, g_checked[8] = {0};
  for (int k = 1; k <= 7; k++) {  /* interleaved: each function counts its own calls */
    f_checked[k] = call_lifted(&f, "y", POLYLIFT_SHADOW_DOUBLE, 8, y, y, 2, 0);
    if (k <= 4) g_checked[k] = call_lifted(&g, "y", POLYLIFT_SHADOW_DOUBLE, 8, y, y, 2, 0);
  }
  printf("f");
  for (int k = 1; k <= 7; k++) if (f_checked[k]) printf(" %d", k);
  printf("\ng");
  for (int k = 1; k <= 4; k++) if (g_checked[k]) printf(" %d", k);
  printf("\n");
  return 0;
}
"""

MISMATCH = r"""
static struct polylift_shadow_fn axpy = {.name = "axpy", .where = "src/axpy.c:3"};
static struct polylift_shadow_fn scale = {.name = "scale", .where = "src/scale.c:9"};
static struct polylift_shadow_fn count = {.name = "count", .where = "src/count.c:12"};
static struct polylift_shadow_fn pair = {.name = "pair", .where = "src/pair.c:20"};
static struct polylift_shadow_fn blob = {.name = "blob", .where = "src/blob.c:30"};

static double ulps(double x, int k) {  /* k ULPs above a positive x */
  uint64_t bits;
  memcpy(&bits, &x, 8);
  bits += (uint64_t)k;
  memcpy(&x, &bits, 8);
  return x;
}

static void two_arrays(void) {  /* one call writing u (int8) and v (uint64) */
  int8_t u[2] = {1, 2}, u_lifted[2] = {1, 100};
  uint64_t v[2] = {0, UINT64_MAX}, v_lifted[2] = {UINT64_MAX, 0};
  if (!polylift_shadow_begin(&pair)) return;
  const void *at[2] = {u, v};
  long long bytes[2] = {sizeof u, sizeof v};
  void *copies[2];
  struct polylift_shadow_snapshot *s = polylift_shadow_snapshot(&pair, 2, at, bytes, copies);
  memcpy(u, u_lifted, sizeof u);
  memcpy(v, v_lifted, sizeof v);
  polylift_shadow_compare(&pair, "u", POLYLIFT_SHADOW_INT, 1, 2, copies[0], u, 0, NULL);
  polylift_shadow_compare(&pair, "v", POLYLIFT_SHADOW_UINT, 8, 2, copies[1], v, 0, NULL);
  polylift_shadow_end(&pair, s, NULL);
}

int main(void) {
  printf("before\n");
  fflush(stdout);
  double y[4] = {0.5, 0.25, 1.0, 2.0};
  double near[4] = {0.5, ulps(0.25, 1), 1.0, 2.0};  /* 1 ULP: within the bound */
  call_lifted(&axpy, "y", POLYLIFT_SHADOW_DOUBLE, 8, y, near, 4, 1);
  double y2[4] = {0.5, 0.25, 1.0, 2.0};
  double beyond[4] = {0.5, 0.25, ulps(1.0, 3), ulps(2.0, 5)};
  call_lifted(&axpy, "y", POLYLIFT_SHADOW_DOUBLE, 8, y2, beyond, 4, 1);
  float x[3] = {0.5f, 1.0f, 2.0f}, x_lifted[3] = {0.5f, NAN, 2.0f};
  call_lifted(&scale, "x", POLYLIFT_SHADOW_FLOAT, 4, x, x_lifted, 3, 1e6);
  int32_t c[2] = {-3, 7}, c_lifted[2] = {5, 7};
  call_lifted(&count, "n", POLYLIFT_SHADOW_INT, 4, c, c_lifted, 2, 0);
  two_arrays();
  unsigned char b[6] = {1, 2, 3, 4, 5, 6}, b_lifted[6] = {1, 2, 3, 4, 5, 7};
  call_lifted(&blob, "s", POLYLIFT_SHADOW_BITS, 3, b, b_lifted, 2, 1000);
  printf("after\n");
  return 0;
}
"""

UNCHECKED = r"""
static struct polylift_shadow_fn f = {.name = "f", .where = "f.c:1",
                                      .unchecked = "the extent of x is unknown"};

int main(void) {
  for (int k = 0; k < 3; k++) printf("%d", polylift_shadow_begin(&f));
  printf("\n");
  return 0;
}
"""

NESTED = r"""
static struct polylift_shadow_fn f = {.name = "f", .where = "f.c:1"};
static struct polylift_shadow_fn g = {.name = "g", .where = "g.c:2"};

int main(void) {
  double y[2] = {1, 2}, z[2] = {1, 3}, original[2] = {1, 2};
  int outer = polylift_shadow_begin(&f);
  /* f's original code calls f again (not checked), and g (a checked call of its own) */
  int again = polylift_shadow_begin(&f);
  int inner = call_lifted(&g, "y", POLYLIFT_SHADOW_DOUBLE, 8, y, z, 2, 0);
  polylift_shadow_compare(&f, "x", POLYLIFT_SHADOW_DOUBLE, 8, 2, original, z, 0, NULL);
  polylift_shadow_end(&f, NULL, NULL);
  printf("%d %d %d\n", outer, again, inner);
  return 0;
}
"""

OVERLAP = r"""
static struct polylift_shadow_fn fn = {.name = "alias", .where = "alias.c:1"};

int main(void) {
  double buf[16], other[4] = {100, 101, 102, 103};
  for (int i = 0; i < 16; i++) buf[i] = i;
  /* [0,8) and [4,12) overlap, [12,14) touches them, [1,3) lies inside: one copy; `other`
     has its own; a NULL and an empty range have none. */
  const void *at[7] = {buf, buf + 4, buf + 12, other, NULL, buf + 14, buf + 1};
  long long bytes[7] = {8 * 8, 8 * 8, 2 * 8, 4 * 8, 8, 0, 2 * 8};
  void *copies[7];
  if (!polylift_shadow_begin(&fn)) return 1;
  struct polylift_shadow_snapshot *s = polylift_shadow_snapshot(&fn, 7, at, bytes, copies);
  if (s == NULL) return 2;
  for (int i = 1; i < 7; i++)
    if (copies[i] != NULL)
      printf("range %d: copy at %td, program at %td\n", i,
             (char *)copies[i] - (char *)copies[0], (const char *)at[i] - (const char *)at[0]);
  printf("no copy: %d %d\n", copies[4] == NULL, copies[5] == NULL);
  printf("other is %s\n", (char *)copies[3] < (char *)copies[0] ||
         (char *)copies[3] >= (char *)copies[0] + 14 * 8 ? "apart" : "inside");
  double *c0 = copies[0], *c1 = copies[1], *c2 = copies[2], *c3 = copies[3];
  printf("copied: %g %g %g %g\n", c0[7], c1[3], c2[1], c3[2]);
  c1[0] = -1;  /* buf[4] as the copy of range 1 sees it */
  printf("through range 0: %g, program's: %g\n", c0[4], buf[4]);
  polylift_shadow_end(&fn, s, NULL);
  return 0;
}
"""

UNMAPPED = r"""
#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

static struct polylift_shadow_fn fn = {.name = "edge", .where = "edge.c:5"};

static void program_handler(int sig, siginfo_t *info, void *context) {
  (void)sig, (void)info, (void)context;
  static const char text[] = "program's handler ran\n";
  if (write(1, text, sizeof text - 1) < 0) _exit(43);
  _exit(42);
}

int main(void) {
  long page = sysconf(_SC_PAGESIZE);
  char *map = mmap(NULL, 2 * (size_t)page, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (map == MAP_FAILED || mprotect(map + page, (size_t)page, PROT_NONE) != 0) return 3;
  struct sigaction mine;
  memset(&mine, 0, sizeof mine);
  mine.sa_sigaction = program_handler;
  mine.sa_flags = SA_SIGINFO;
  sigemptyset(&mine.sa_mask);
  sigaction(SIGSEGV, &mine, NULL);

  const void *bad[1] = {map + page - 16}, *good[1] = {map};
  long long bad_bytes[1] = {32}, good_bytes[1] = {64};
  void *copies[1] = {map}, *magnitude_copies[1];

  polylift_shadow_begin(&fn);  /* call 1: the range runs into the PROT_NONE page */
  struct polylift_shadow_snapshot *s = polylift_shadow_snapshot(&fn, 1, bad, bad_bytes, copies);
  printf("call 1: snapshot %s, copies[0] %s\n", s ? "taken" : "NULL", copies[0] ? "set" : "NULL");

  polylift_shadow_begin(&fn);  /* call 2: the copy is taken, the magnitude copy faults */
  s = polylift_shadow_snapshot(&fn, 1, good, good_bytes, copies);
  struct polylift_shadow_snapshot *m =
      polylift_shadow_snapshot(&fn, 1, bad, bad_bytes, magnitude_copies);
  printf("call 2: snapshot %s, magnitude %s\n", s ? "taken" : "NULL", m ? "taken" : "NULL");
  polylift_shadow_end(&fn, s, m);

  polylift_shadow_begin(&fn);  /* call 3: checked */
  s = polylift_shadow_snapshot(&fn, 1, good, good_bytes, copies);
  printf("call 3: snapshot %s\n", s ? "taken" : "NULL");
  polylift_shadow_compare(&fn, "a", POLYLIFT_SHADOW_BITS, 1, 64, copies[0], map, 0, NULL);
  polylift_shadow_end(&fn, s, NULL);

  struct sigaction now;
  sigaction(SIGSEGV, NULL, &now);
  printf("SIGSEGV: %s\n", (now.sa_flags & SA_SIGINFO) && now.sa_sigaction == program_handler
                              ? "the program's handler" : "another handler");
  sigaction(SIGBUS, NULL, &now);
  printf("SIGBUS: %s\n", now.sa_handler == SIG_DFL ? "default" : "another handler");
  polylift_shadow_summary();
  fflush(stdout);
  return *(volatile char *)(map + page);  /* a real fault: the program's handler exits 42 */
}
"""

ABS = r"""
int main(void) {
  float f[5] = {-1.5f, -0.0f, -INFINITY, 2.0f, 0};
  uint32_t negative_nan = 0xffc00001u;
  memcpy(&f[4], &negative_nan, 4);
  double d[3] = {-0.0, -1e-310, 3};
  int32_t i[2] = {-1, -5};
  polylift_shadow_abs(f, POLYLIFT_SHADOW_FLOAT, 5);
  polylift_shadow_abs(d, POLYLIFT_SHADOW_DOUBLE, 3);
  polylift_shadow_abs(i, POLYLIFT_SHADOW_INT, 2);
  for (int k = 0; k < 5; k++) {
    uint32_t bits;
    memcpy(&bits, &f[k], 4);
    printf("%08x ", bits);
  }
  for (int k = 0; k < 3; k++) {
    uint64_t bits;
    memcpy(&bits, &d[k], 8);
    printf("%016llx ", (unsigned long long)bits);
  }
  printf("%d %d\n", i[0], i[1]);
  return 0;
}
"""

# distances KIND SIZE N FILE BOUND [m]: FILE holds the expected elements, the actual ones
# (and the magnitudes with `m`). Prints each element's distance alone (a fresh function
# compared with an infinite bound), then the whole array compared against BOUND in one
# checked call.
DISTANCES = r"""
static struct polylift_shadow_fn all = {.name = "all", .where = "-"};

int main(int argc, char **argv) {
  int kind = atoi(argv[1]), size = atoi(argv[2]);
  long long n = atoll(argv[3]);
  double bound = strtod(argv[5], NULL);
  int arrays = argc > 6 ? 3 : 2;
  unsigned char *data = malloc((size_t)(n * size * arrays));
  FILE *in = fopen(argv[4], "rb");
  if (data == NULL || in == NULL || fread(data, (size_t)size, (size_t)(n * arrays), in) !=
      (size_t)(n * arrays)) return 2;
  fclose(in);
  const unsigned char *e = data, *a = data + n * size;
  const unsigned char *m = arrays == 3 ? data + 2 * n * size : NULL;
  for (long long i = 0; i < n; i++) {
    struct polylift_shadow_fn one = {.name = "one", .where = "-"};
    polylift_shadow_compare(&one, "x", kind, size, 1, e + i * size, a + i * size, INFINITY,
                            m != NULL ? m + i * size : NULL);
    printf("%.17g\n", one.worst);
  }
  if (!polylift_shadow_begin(&all)) return 3;
  polylift_shadow_compare(&all, "x", kind, size, n, e, a, bound, m);
  polylift_shadow_end(&all, NULL, NULL);
  printf("worst %.17g mismatched %lld\n", all.worst, all.mismatches);
  free(data);
  return 0;
}
"""

THREADS = r"""
#include <pthread.h>

static struct polylift_shadow_fn shared = {.name = "shared", .where = "t.c:1"};

static void *worker(void *arg) {
  long t = (long)arg;
  for (int i = 0; i < 2000; i++) {
    double y[8], lifted[8];
    for (int k = 0; k < 8; k++) y[k] = lifted[k] = t * 1000 + i + k;
    if (i % 100 == 7) {  /* two elements beyond the bound */
      lifted[3] = -lifted[3] - 1;
      lifted[5] += 1;
    }
    call_lifted(&shared, "y", POLYLIFT_SHADOW_DOUBLE, 8, y, lifted, 8, 0);
  }
  return NULL;
}

int main(void) {
  pthread_t threads[8];
  for (long t = 0; t < 8; t++) pthread_create(&threads[t], NULL, worker, (void *)t);
  for (int t = 0; t < 8; t++) pthread_join(threads[t], NULL);
  return 0;
}
"""

PROGRAMS = {"rates": RATES, "mismatch": MISMATCH, "unchecked": UNCHECKED, "nested": NESTED,
            "overlap": OVERLAP,
            "unmapped": UNMAPPED, "abs": ABS, "distances": DISTANCES, "threads": THREADS}

Builder = Callable[..., list[str]]


def _compile(folder: Path, name: str, cc: str) -> Path:
    source = folder / f"{name}.c"
    source.write_text(PRELUDE + PROGRAMS[name])
    exe = folder / f"{name}-{cc}"
    done = subprocess.run([cc, *CFLAGS, "-I", str(RUNTIME), str(source),
                           str(RUNTIME / "polylift_shadow.c"), "-o", str(exe), "-lm", "-pthread"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    return exe


@pytest.fixture(scope="module")
def program(tmp_path_factory: pytest.TempPathFactory) -> Builder:
    """The command line of a test program (built once per compiler)."""
    folder = tmp_path_factory.mktemp("shadow")
    built: dict[tuple[str, str], Path] = {}

    def command(name: str, cc: str = "gcc") -> list[str]:
        if (name, cc) not in built:
            built[name, cc] = _compile(folder, name, cc)
        exe = str(built[name, cc])
        return [exe] if cc == "gcc" else [QEMU, "-L", str(AARCH64_ROOT), exe]

    return command


def run(command: list[str], *args: str, **environment: str) -> subprocess.CompletedProcess[str]:
    """Runs with the shadow variables of `environment` only."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("POLYLIFT_SHADOW")}
    return subprocess.run([*command, *args], env={**env, **environment}, capture_output=True,
                          text=True, timeout=120, check=False)


def summary_lines(text: str) -> list[str]:
    lines = text.splitlines()
    starts = [i for i, line in enumerate(lines) if line.startswith("polylift shadow summary")]
    assert starts, text
    return lines[starts[-1]:]


# ---------------------------------------------------------------- environment and rates


@pytest.mark.parametrize(("environment", "f_calls", "g_calls", "rate"), [
    ({}, "1 2 3 4 5 6 7", "1 2 3 4", "all"),
    ({"POLYLIFT_SHADOW": "report", "POLYLIFT_SHADOW_RATE": "all"}, "1 2 3 4 5 6 7", "1 2 3 4",
     "all"),
    ({"POLYLIFT_SHADOW_RATE": "3"}, "1 4 7", "1 4", "3"),
    ({"POLYLIFT_SHADOW_RATE": "1"}, "1 2 3 4 5 6 7", "1 2 3 4", "1"),
    ({"POLYLIFT_SHADOW_RATE": "first:2"}, "1 2", "1 2", "first:2"),
    ({"POLYLIFT_SHADOW_RATE": "first:9"}, "1 2 3 4 5 6 7", "1 2 3 4", "first:9"),
])
def test_rate_selects_calls_of_each_function(program, environment, f_calls, g_calls, rate):
    done = run(program("rates"), **environment)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [f"f {f_calls}".strip(), f"g {g_calls}".strip()]
    f_checked, g_checked = len(f_calls.split()), len(g_calls.split())
    assert done.stderr.splitlines() == [
        f"polylift shadow summary (mode report, rate {rate}):",
        f"  f (f.c:1): 7 calls, {f_checked} checked, 0 skipped, 0 mismatched, worst 0 ULP",
        f"  g (g.c:2): 4 calls, {g_checked} checked, 0 skipped, 0 mismatched, worst 0 ULP",
    ]


def test_off_checks_nothing_and_prints_nothing(program):
    done = run(program("rates"), POLYLIFT_SHADOW="off", POLYLIFT_SHADOW_RATE="first:2")
    assert done.returncode == 0
    assert done.stdout.splitlines() == ["f", "g"]
    assert done.stderr == ""


@pytest.mark.parametrize(("variable", "value"), [
    ("POLYLIFT_SHADOW", "loud"), ("POLYLIFT_SHADOW", "Report"),
    ("POLYLIFT_SHADOW_RATE", "0"), ("POLYLIFT_SHADOW_RATE", "-3"),
    ("POLYLIFT_SHADOW_RATE", "3x"), ("POLYLIFT_SHADOW_RATE", " 3"),
    ("POLYLIFT_SHADOW_RATE", "first:"), ("POLYLIFT_SHADOW_RATE", "first:0"),
    ("POLYLIFT_SHADOW_RATE", "99999999999999999999999"),
])
def test_unknown_value_warns_once_and_uses_the_default(program, variable, value):
    done = run(program("rates"), **{variable: value})
    assert done.returncode == 0
    assert done.stdout.splitlines() == ["f 1 2 3 4 5 6 7", "g 1 2 3 4"]
    warnings = [line for line in done.stderr.splitlines() if "unknown" in line]
    assert len(warnings) == 1 and f"{variable}={value}" in warnings[0], done.stderr
    assert warnings[0].startswith("polylift shadow: ")
    assert summary_lines(done.stderr)[0] == "polylift shadow summary (mode report, rate all):"


def test_unchecked_function_is_counted_never_checked(program):
    done = run(program("unchecked"))
    assert done.stdout == "000\n"
    assert summary_lines(done.stderr)[1:] == [
        "  f (f.c:1): 3 calls, 0 checked, 0 skipped, 0 mismatched, worst 0 ULP, "
        "not checked: the extent of x is unknown"]


def test_call_nested_in_a_checked_call_of_the_same_function_is_skipped(program):
    done = run(program("nested"))
    assert done.stdout == "1 0 1\n"
    # f's compare belongs to its outer call, number 1 (though f has seen 2 calls).
    assert done.stderr.splitlines() == [
        "polylift shadow: MISMATCH in g (g.c:2), call 1: y[1]: original 2 (0x4000000000000000), "
        "lifted 3 (0x4008000000000000), 2251799813685248 ULP > bound 0",
        "polylift shadow: MISMATCH in f (f.c:1), call 1: x[1]: original 2 (0x4000000000000000), "
        "lifted 3 (0x4008000000000000), 2251799813685248 ULP > bound 0",
        "polylift shadow summary (mode report, rate all):",
        "  f (f.c:1): 2 calls, 1 checked, 1 skipped, 1 mismatched, worst 2251799813685248 ULP",
        "  g (g.c:2): 1 calls, 1 checked, 0 skipped, 1 mismatched, worst 2251799813685248 ULP",
    ]


# ---------------------------------------------------------------- mismatches and summary

MISMATCH_LINES = [
    "polylift shadow: MISMATCH in axpy (src/axpy.c:3), call 2: y[2]: original 1 "
    "(0x3ff0000000000000), lifted 1.0000000000000007 (0x3ff0000000000003), 3 ULP > bound 1",
    "polylift shadow: MISMATCH in axpy (src/axpy.c:3), call 2: 2 elements of y differ beyond "
    "the bound",
]
LATER_LINES = [
    "polylift shadow: MISMATCH in scale (src/scale.c:9), call 1: x[1]: original 1 (0x3f800000), "
    "lifted nan (0x7fc00000), inf ULP > bound 1000000",
    "polylift shadow: MISMATCH in count (src/count.c:12), call 1: n[0]: original -3 "
    "(0xfffffffd), lifted 5 (0x00000005), 8 ULP > bound 0",
    "polylift shadow: MISMATCH in pair (src/pair.c:20), call 1: u[1]: original 2 (0x02), "
    "lifted 100 (0x64), 98 ULP > bound 0",
    "polylift shadow: MISMATCH in pair (src/pair.c:20), call 1: 3 elements of u and 1 other "
    "array differ beyond the bound",
    "polylift shadow: MISMATCH in blob (src/blob.c:30), call 1: s[1]: original 3 bytes "
    "(0x040506), lifted 3 bytes (0x040507), inf ULP > bound 1000",
]


def test_report_prints_the_first_mismatch_of_a_call_and_goes_on(program):
    done = run(program("mismatch"), POLYLIFT_SHADOW="report")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["before", "after"]
    assert done.stderr.splitlines() == [*MISMATCH_LINES, *LATER_LINES,
        "polylift shadow summary (mode report, rate all):",
        "  axpy (src/axpy.c:3): 2 calls, 2 checked, 0 skipped, 1 mismatched, worst 5 ULP",
        "  scale (src/scale.c:9): 1 calls, 1 checked, 0 skipped, 1 mismatched, worst inf ULP",
        "  count (src/count.c:12): 1 calls, 1 checked, 0 skipped, 1 mismatched, worst 8 ULP",
        "  pair (src/pair.c:20): 1 calls, 1 checked, 0 skipped, 1 mismatched, "
        "worst 1.8446744073709552e+19 ULP",
        "  blob (src/blob.c:30): 1 calls, 1 checked, 0 skipped, 1 mismatched, worst inf ULP",
    ]


def test_abort_prints_the_summary_and_aborts_after_the_call(program):
    done = run(program("mismatch"), POLYLIFT_SHADOW="abort")
    assert done.returncode == -signal.SIGABRT
    assert done.stdout.splitlines() == ["before"]
    assert done.stderr.splitlines() == [*MISMATCH_LINES,
        "polylift shadow summary (mode abort, rate all):",
        "  axpy (src/axpy.c:3): 2 calls, 2 checked, 0 skipped, 1 mismatched, worst 5 ULP"]


def test_summary_file_is_appended_to(program, tmp_path):
    path = tmp_path / "shadow.txt"
    path.write_text("an earlier line\n")
    for _ in range(2):
        done = run(program("mismatch"), POLYLIFT_SHADOW_SUMMARY=str(path))
        assert done.returncode == 0
        assert done.stderr.splitlines() == [*MISMATCH_LINES, *LATER_LINES]  # no summary
    lines = path.read_text().splitlines()
    assert lines[0] == "an earlier line"
    assert lines.count("polylift shadow summary (mode report, rate all):") == 2
    assert len(lines) == 1 + 2 * 6


def test_summary_file_that_cannot_be_written_falls_back_to_stderr(program, tmp_path):
    done = run(program("rates"), POLYLIFT_SHADOW_SUMMARY=str(tmp_path / "no" / "such.txt"))
    assert done.returncode == 0
    assert "cannot append to POLYLIFT_SHADOW_SUMMARY=" in done.stderr
    assert summary_lines(done.stderr)[1].startswith("  f (f.c:1): 7 calls, 7 checked")


def test_threads_keep_counts_and_lines_whole(program):
    done = run(program("threads"))
    assert done.returncode == 0, done.stderr
    lines = done.stderr.splitlines()
    flipped = np.array([t * 1000 + i + 3 for t in range(8) for i in range(7, 2000, 100)], float)
    worst = int(ulp_distance(flipped, -flipped - 1).max())  # the largest y[3] flipped
    assert lines[-2:] == ["polylift shadow summary (mode report, rate all):",
                          "  shared (t.c:1): 16000 calls, 16000 checked, 0 skipped, "
                          f"160 mismatched, worst {float(worst):.17g} ULP"]
    first = re.compile(r"polylift shadow: MISMATCH in shared \(t\.c:1\), call (\d+): y\[3\]: "
                       r"original -?[0-9.e+]+ \(0x[0-9a-f]{16}\), lifted -?[0-9.e+]+ "
                       r"\(0x[0-9a-f]{16}\), \d+ ULP > bound 0")
    count = re.compile(r"polylift shadow: MISMATCH in shared \(t\.c:1\), call (\d+): "
                       r"2 elements of y differ beyond the bound")
    firsts = [m.group(1) for line in lines[:-2] if (m := first.fullmatch(line))]
    counts = [m.group(1) for line in lines[:-2] if (m := count.fullmatch(line))]
    assert len(firsts) == len(counts) == 160 == len(lines) // 2 - 1
    assert len(set(firsts)) == 160 and set(firsts) == set(counts)


def test_threads_share_the_rate(program):
    done = run(program("threads"), POLYLIFT_SHADOW_RATE="3")
    assert re.search(r"shared \(t\.c:1\): 16000 calls, 5334 checked, 0 skipped, \d+ mismatched",
                     done.stderr), done.stderr


# ---------------------------------------------------------------- snapshots


def test_overlapping_ranges_share_one_copy(program):
    done = run(program("overlap"))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    offsets = [re.fullmatch(r"range (\d): copy at (-?\d+), program at (-?\d+)", line)
               for line in lines[:4]]
    assert [m.group(1) for m in offsets if m] == ["1", "2", "3", "6"]
    for m in offsets:
        assert m is not None
        if m.group(1) != "3":  # the aliasing ranges: copies as far apart as the originals
            assert m.group(2) == m.group(3)
    assert lines[4:] == ["no copy: 1 1", "other is apart", "copied: 7 7 13 102",
                         "through range 0: -1, program's: 4"]
    assert "1 calls, 1 checked, 0 skipped" in done.stderr


def _check_unmapped(done: subprocess.CompletedProcess[str]) -> None:
    assert done.returncode == 42, done.stderr
    assert done.stdout.splitlines() == [
        "call 1: snapshot NULL, copies[0] NULL",
        "call 2: snapshot taken, magnitude NULL",
        "call 3: snapshot taken",
        "SIGSEGV: the program's handler",
        "SIGBUS: default",
        "program's handler ran",
    ]
    assert summary_lines(done.stderr)[1:] == [
        "  edge (edge.c:5): 3 calls, 1 checked, 2 skipped, 0 mismatched, worst 0 ULP"]


def test_unmapped_range_skips_the_call_and_restores_the_handlers(program):
    _check_unmapped(run(program("unmapped")))


def test_abs_clears_the_sign_of_floats_only(program):
    done = run(program("abs"))
    bits_1e310 = np.array([1e-310]).view(np.uint64)[0]
    assert done.stdout.split() == [
        "3fc00000", "00000000", "7f800000", "40000000", "7fc00001",
        "0000000000000000", f"{bits_1e310:016x}", "4008000000000000", "-1", "-5"]


# ---------------------------------------------------------------- distances against Python


def _float_case(dtype: type[np.floating], n: int, seed: int):
    """Values, results a few ULPs or far away, NaNs, ±0, ±inf, subnormals, and the
    magnitudes of cancelling sums (much larger than the values, or unusable)."""
    rng = np.random.default_rng(seed)
    info = np.finfo(dtype)
    unsigned = np.dtype(f"u{np.dtype(dtype).itemsize}")
    width = unsigned.itemsize * 8
    nan_bits = [(1 << (width - 1)) | ((1 << (width - 1)) - 1), ((1 << (width - 1)) - 1) ^ 1]
    specials = np.concatenate([
        np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, info.max, -info.max, info.tiny,
                  -info.tiny, info.smallest_subnormal, -info.smallest_subnormal,
                  info.smallest_subnormal * 7, info.tiny / 2], dtype=dtype),
        np.array(nan_bits, dtype=unsigned).view(dtype)])
    with np.errstate(all="ignore"):
        normal = (rng.standard_normal(n) * 10.0 ** rng.uniform(-30, 30, n)).astype(dtype)
        ref = np.where(rng.random(n) < 0.2, rng.choice(specials, n), normal).astype(dtype)
        steps = rng.integers(-40, 41, n).astype(np.int64).view(np.uint64)
        mask = np.uint64((1 << width) - 1)
        nudged = ((ref.view(unsigned).astype(np.uint64) + steps) & mask).astype(unsigned)
        nudged = nudged.view(dtype)  # a few ULPs away (or across ±0, into NaNs)
        scale = 2.0 ** rng.uniform(0, 50, n)
        magnitude = (np.abs(ref.astype(np.float64)) * scale).astype(dtype)
        magnitude = np.where(rng.random(n) < 0.1, rng.choice(specials, n), magnitude).astype(dtype)
        ulp_of_magnitude = magnitude.astype(np.float64) * float(info.eps)
        in_terms = (ref.astype(np.float64) + ulp_of_magnitude * rng.integers(-8, 9, n))
        choice = rng.integers(0, 6, n)
        got = np.select([choice == 0, choice == 1, choice == 2, choice == 3, choice == 4],
                        [ref, nudged, rng.choice(specials, n), -ref, in_terms.astype(dtype)],
                        rng.choice(normal, n)).astype(dtype)
    return ref, got, magnitude


def _integer_case(dtype: type[np.integer], n: int, seed: int):
    rng = np.random.default_rng(seed)
    info = np.iinfo(dtype)
    ref = rng.integers(0, 256, n * np.dtype(dtype).itemsize, dtype=np.uint8).view(dtype)
    other = rng.integers(0, 256, n * np.dtype(dtype).itemsize, dtype=np.uint8).view(dtype)
    got = np.where(rng.random(n) < 0.5, ref, other).astype(dtype)
    ref[:2], got[:2] = [info.min, info.max], [info.max, info.min]  # 2^bits - 1 apart
    return ref, got


def _expected_distances(ref: np.ndarray, got: np.ndarray, magnitude: np.ndarray | None):
    """compare.py's distance of each element (inf for a NaN against a number)."""
    with np.errstate(all="ignore"):
        dist = ulp_distance(ref, got)
        if magnitude is not None:
            dist = term_distance(ref, got, magnitude, dist)
    far = unordered(ref, got)
    unsigned = np.dtype(f"u{ref.dtype.itemsize}")
    differs = ref.view(unsigned) != got.view(unsigned)
    return np.where(far, np.inf, dist.astype(np.float64)), differs, dist, far


def _run_distances(command: list[str], folder: Path, kind: str, ref: np.ndarray,
                   got: np.ndarray, magnitude: np.ndarray | None, bound: int):
    data = folder / f"{kind}-{ref.dtype}.bin"
    arrays = [ref, got] if magnitude is None else [ref, got, magnitude]
    data.write_bytes(b"".join(a.tobytes() for a in arrays))
    args = [str(KINDS[kind]), str(ref.dtype.itemsize), str(ref.size), str(data), str(bound)]
    done = run(command, *args, *(["m"] if magnitude is not None else []))
    assert done.returncode == 0, done.stderr
    return done


def _float_worst_text(value: float) -> str:
    return "inf" if value == np.inf else f"{value:.17g}"


@pytest.mark.parametrize("bound", [0, 4, 2**40])
@pytest.mark.parametrize(("dtype", "kind"), [(np.float32, "FLOAT"), (np.float64, "DOUBLE")])
@pytest.mark.parametrize("with_magnitude", [False, True])
def test_float_distances_are_those_of_polylift_check(program, tmp_path, dtype, kind, bound,
                                                     with_magnitude):
    ref, got, magnitude = _float_case(dtype, 3000, seed=bound % 1009)  # a draw per bound
    used = magnitude if with_magnitude else None
    expected, differs, _, far = _expected_distances(ref, got, used)
    # The data hold what the rules are about: NaN against a number, ±0 (or NaNs of other
    # bits), subnormals, values many ULPs apart, and (with magnitudes) distances the
    # magnitude rule makes smaller.
    assert far.any() and (differs & (expected == 0)).any() and (expected > 2**20).any()
    assert ((ref != 0) & (np.abs(ref) < np.finfo(dtype).tiny)).any()
    if with_magnitude:
        plain = _expected_distances(ref, got, None)[0]
        assert ((expected < plain) & (expected > 0)).sum() > 100
    done = _run_distances(program("distances"), tmp_path, kind, ref, got, used, bound)
    _check_distances(done, ref, got, used, bound)


def _check_distances(done: subprocess.CompletedProcess[str], ref: np.ndarray, got: np.ndarray,
                     magnitude: np.ndarray | None, bound: int) -> None:
    """The C distances against compare.py: each element, the worst, the verdict, the
    first element beyond the bound and how many are."""
    lines = done.stdout.splitlines()
    per_element = np.array([float(v) for v in lines[:-1]])
    expected, _, dist, far = _expected_distances(ref, got, magnitude)
    wrong = np.flatnonzero(per_element != expected)
    assert wrong.size == 0, [(int(i), ref[i], got[i], per_element[i], expected[i])
                             for i in wrong[:5]]
    with np.errstate(all="ignore"):
        verdict = compare_arrays("x", ref, got, ulp_bound=bound, magnitude=magnitude)
    worst = np.inf if verdict.max_ulp >= INFINITE_ULP else float(verdict.max_ulp)
    diff = verdict.verdict == "DIFF"
    assert lines[-1] == f"worst {_float_worst_text(worst)} mismatched {int(diff)}"
    report = [line for line in done.stderr.splitlines() if "MISMATCH in all" in line]
    assert len(report) == (0 if not diff else 1 + (np.count_nonzero(far | (dist > bound)) > 1))
    if diff:
        assert verdict.first_index is not None
        assert f"call 1: x[{verdict.first_index[0]}]: original " in report[0]
        beyond = int(np.count_nonzero(far | (dist > bound)))
        assert beyond == 1 or report[1].endswith(f": {beyond} elements of x differ beyond "
                                                 "the bound")


@pytest.mark.parametrize("dtype", [np.int8, np.int16, np.int32, np.int64,
                                   np.uint8, np.uint16, np.uint32, np.uint64])
def test_integer_distances_are_those_of_polylift_check(program, tmp_path, dtype):
    ref, got = _integer_case(dtype, 2000, seed=np.dtype(dtype).itemsize)
    kind = "UINT" if np.dtype(dtype).kind == "u" else "INT"
    done = _run_distances(program("distances"), tmp_path, kind, ref, got, None, 100)
    _check_distances(done, ref, got, None, 100)
    worst = float(done.stdout.splitlines()[-1].split()[1])
    assert worst == float(2 ** (8 * np.dtype(dtype).itemsize) - 1)


# ---------------------------------------------------------------- other compilers, targets


@pytest.mark.parametrize("cc", ["gcc", AARCH64_CC])
def test_runtime_compiles_without_warnings(tmp_path, cc):
    if shutil.which(cc) is None:
        pytest.skip(f"{cc} is not installed")
    done = subprocess.run([cc, "-O2", "-std=gnu11", "-Wall", "-Wextra", "-Werror", "-fPIC",
                           "-c", str(RUNTIME / "polylift_shadow.c"), "-o",
                           str(tmp_path / "shadow.o")], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0 and done.stderr == "", done.stderr


def test_aarch64_build_under_qemu_agrees(program, tmp_path):
    missing = [t for t in (AARCH64_CC, QEMU) if shutil.which(t) is None]
    if missing or not AARCH64_ROOT.is_dir():
        pytest.skip(f"needs {AARCH64_CC}, {QEMU} and {AARCH64_ROOT}: missing "
                    f"{', '.join(missing) or AARCH64_ROOT}")
    for dtype, kind in [(np.float32, "FLOAT"), (np.float64, "DOUBLE")]:
        ref, got, magnitude = _float_case(dtype, 1000, seed=11)
        host = _run_distances(program("distances"), tmp_path, kind, ref, got, magnitude, 4)
        arm = _run_distances(program("distances", AARCH64_CC), tmp_path, kind, ref, got,
                             magnitude, 4)
        assert arm.stdout == host.stdout
        _check_distances(arm, ref, got, magnitude, 4)
    _check_unmapped(run(program("unmapped", AARCH64_CC)))
