/* Helpers of polylift's generated kernel wrapper (pasted into each wrapper.c). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void polylift_fail(const char *what, const char *name) {
  fprintf(stderr, "polylift: %s '%s'\n", what, name);
  exit(98);
}

static long long polylift_now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

/* splitmix64's finaliser: a fixed function of its argument, the same on every target. */
static uint64_t polylift_mix(uint64_t x) {
  x ^= x >> 30;
  x *= UINT64_C(0xbf58476d1ce4e5b9);
  x ^= x >> 27;
  x *= UINT64_C(0x94d049bb133111eb);
  return x ^ (x >> 31);
}

/* Element i of exact-mode array `seed`: an integer in [lo, lo + span). */
static long polylift_pick(uint64_t seed, size_t i, long span, long lo) {
  uint64_t h = polylift_mix(seed * UINT64_C(0x9e3779b97f4a7c15) + (uint64_t)i);
  return lo + (long)(h % (uint64_t)span);
}

#define POLYLIFT_FILL(array, count, seed, type, span, lo, scale)                  \
  for (size_t i_ = 0; i_ < (size_t)(count); ++i_)                                \
    (array)[i_] = (type)polylift_pick((seed), i_, (span), (lo)) * (type)(scale)

/* FNV-1a over raw bytes, chained: tells whether two calls wrote the same bits. */
static uint64_t polylift_fnv(uint64_t h, const void *data, size_t bytes) {
  const unsigned char *p = (const unsigned char *)data;
  for (size_t i = 0; i < bytes; ++i) {
    h ^= p[i];
    h *= UINT64_C(1099511628211);
  }
  return h;
}

static void *polylift_save(const void *data, size_t bytes, const char *name) {
  void *copy = malloc(bytes ? bytes : 1);
  if (!copy) polylift_fail("cannot save array", name);
  memcpy(copy, data, bytes);
  return copy;
}

/* Array `name` after call `call` of main: `<name>.bin` for the first call, `<name>@<call>.bin`
   for each later one (no C name holds '@'), so every call's outputs are compared. */
static void polylift_dump(FILE *manifest, const char *dir, const char *name, long long call,
                          const void *data, size_t elem, int rank, const int64_t *dims) {
  char path[4096], label[512];
  size_t count = 1;
  for (int i = 0; i < rank; ++i) count *= (size_t)dims[i];
  if (call > 1) snprintf(label, sizeof label, "%s@%lld", name, call);
  else snprintf(label, sizeof label, "%s", name);
  snprintf(path, sizeof path, "%s/%s.bin", dir, label);
  FILE *out = fopen(path, "wb");
  if (!out || fwrite(data, elem, count, out) != count) polylift_fail("cannot write", path);
  fclose(out);
  fprintf(manifest, "array %s %zu %d", label, elem, rank);
  for (int i = 0; i < rank; ++i) fprintf(manifest, " %lld", (long long)dims[i]);
  fprintf(manifest, "\n");
}

/* The manifest, new at the first call of main and appended to at each later one. */
static FILE *polylift_manifest(const char *dir, long long call) {
  char path[4096];
  snprintf(path, sizeof path, "%s/manifest.txt", dir);
  FILE *manifest = fopen(path, call > 1 ? "a" : "w");
  if (!manifest) polylift_fail("cannot write", path);
  return manifest;
}

static long polylift_repeats(void) {
  const char *text = getenv("POLYLIFT_REPEAT");
  long n = text ? atol(text) : 1;
  return n < 1 ? 1 : n;
}

static int polylift_exact_inputs(void) {
  const char *text = getenv("POLYLIFT_INPUTS");
  if (!text || strcmp(text, "native") == 0) return 0;
  if (strcmp(text, "exact") == 0) return 1;
  polylift_fail("unknown input mode", text);
  return 0;
}
