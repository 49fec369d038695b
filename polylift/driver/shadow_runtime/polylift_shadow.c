/* polylift_shadow.c: the run-time half of polylift's shadow mode (polylift_shadow.h is
 * its contract).
 *
 * The distances are those of `polylift check` (polylift/harness/comparison/compare.py):
 * the ULP distance is the distance of the two values' keys (the bits, sign-magnitude
 * turned into a signed integer), and the magnitude rule divides |a - b| by the ULP of
 * the magnitude, all in double, so that a stub's verdict is the harness's. Build it with
 * -ffp-contract=off and without -ffast-math (nothing here may be contracted or
 * reassociated: the distances would change).
 *
 * Threads: one mutex guards the counters of every function, the list of functions and
 * the lines printed; the state of a call being checked lives in thread-local storage,
 * since compare() gets no handle of its call. Copying under fault protection takes a
 * second mutex, as the handlers it installs are the process's.
 */
#define _GNU_SOURCE
#include "polylift_shadow.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- configuration */

enum mode { MODE_REPORT, MODE_ABORT, MODE_OFF };
enum rate { RATE_ALL, RATE_EVERY, RATE_FIRST };

static const char *const mode_names[] = {"report", "abort", "off"};

static struct {
  enum mode mode;
  enum rate rate;
  long long n;          /* N of `N` and `first:N` */
  char rate_text[32];   /* the rate as the summary shows it */
  char *summary_path;   /* NULL: stderr */
} config;

static atomic_int config_ready;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct polylift_shadow_fn *first_fn, *last_fn;  /* in registration order */

static const char *or_unknown(const char *text) { return text != NULL ? text : "?"; }

/* One line to stderr, whole: stdio's lock on the stream keeps other threads' output out
 * of the middle of it. */
__attribute__((format(printf, 1, 2))) static void say(const char *format, ...) {
  va_list args;
  va_start(args, format);
  flockfile(stderr);
  fputs("polylift shadow: ", stderr);
  vfprintf(stderr, format, args);
  fputc('\n', stderr);
  funlockfile(stderr);
  va_end(args);
}

/* A positive decimal integer, all of `text` (no sign, no blanks), or 0. */
static long long positive_count(const char *text) {
  if (*text < '0' || *text > '9') return 0;
  char *end;
  errno = 0;
  long long value = strtoll(text, &end, 10);
  return errno == 0 && *end == '\0' && value > 0 ? value : 0;
}

static void read_mode(void) {
  const char *value = getenv("POLYLIFT_SHADOW");
  config.mode = MODE_REPORT;
  if (value == NULL || *value == '\0') return;  /* set but empty: as if unset */
  for (int m = MODE_REPORT; m <= MODE_OFF; m++)
    if (strcmp(value, mode_names[m]) == 0) {
      config.mode = (enum mode)m;
      return;
    }
  say("unknown POLYLIFT_SHADOW=%s (report, abort or off): using report", value);
}

static void read_rate(void) {
  const char *value = getenv("POLYLIFT_SHADOW_RATE");
  config.rate = RATE_ALL;
  strcpy(config.rate_text, "all");
  if (value == NULL || *value == '\0' || strcmp(value, "all") == 0) return;
  int first = strncmp(value, "first:", 6) == 0;
  long long n = positive_count(first ? value + 6 : value);
  if (n == 0) {
    say("unknown POLYLIFT_SHADOW_RATE=%s (all, N or first:N): using all", value);
    return;
  }
  config.rate = first ? RATE_FIRST : RATE_EVERY;
  config.n = n;
  snprintf(config.rate_text, sizeof config.rate_text, "%s%lld", first ? "first:" : "", n);
}

static void summary_at_exit(void) {
  if (config.mode != MODE_OFF) polylift_shadow_summary();
}

/* Reads the environment and registers the summary at exit, once. */
static void ensure_config(void) {
  if (atomic_load_explicit(&config_ready, memory_order_acquire)) return;
  pthread_mutex_lock(&lock);
  if (!atomic_load_explicit(&config_ready, memory_order_relaxed)) {
    read_mode();
    read_rate();
    const char *path = getenv("POLYLIFT_SHADOW_SUMMARY");
    /* A copy: the program may change its environment later. */
    config.summary_path = path != NULL && *path != '\0' ? strdup(path) : NULL;
    atexit(summary_at_exit);
    atomic_store_explicit(&config_ready, 1, memory_order_release);
  }
  pthread_mutex_unlock(&lock);
}

static int rate_selects(long long call) {
  switch (config.rate) {
    case RATE_EVERY: return (call - 1) % config.n == 0;
    case RATE_FIRST: return call <= config.n;
    default: return 1;
  }
}

/* ---------------------------------------------------------------- calls being checked */

/* compare() and end() name only the function, so the call they belong to is found by
 * function among this thread's calls being checked (one per function: a call of a
 * function made while a call of it is checked on the same thread is not checked). */
enum frame_state { FRAME_FREE, FRAME_ACTIVE, FRAME_SKIPPED };

struct call_frame {
  const struct polylift_shadow_fn *fn;
  enum frame_state state;
  long long call;           /* the call's number */
  long long beyond;         /* elements beyond the bound, all arrays */
  int arrays;               /* arrays with such elements */
  const char *first_array;  /* the first of them */
};

#define MAX_NESTED 16
static _Thread_local struct call_frame frames[MAX_NESTED];

static struct call_frame *find_frame(const struct polylift_shadow_fn *fn) {
  for (int i = 0; i < MAX_NESTED; i++)
    if (frames[i].state != FRAME_FREE && frames[i].fn == fn) return &frames[i];
  return NULL;
}

static struct call_frame *frame_in_state(enum frame_state state) {
  for (int i = 0; i < MAX_NESTED; i++)
    if (frames[i].state == state) return &frames[i];
  return NULL;
}

/* A frame for a new checked call of `fn`, or NULL (nested in a checked call of `fn`, or
 * too deep). A skipped call's frame is reused: end() may never come for it. */
static struct call_frame *new_frame(const struct polylift_shadow_fn *fn, long long call) {
  struct call_frame *frame = find_frame(fn);
  if (frame != NULL && frame->state == FRAME_ACTIVE) return NULL;
  if (frame == NULL) frame = frame_in_state(FRAME_FREE);
  if (frame == NULL) frame = frame_in_state(FRAME_SKIPPED);
  if (frame != NULL) *frame = (struct call_frame){.fn = fn, .state = FRAME_ACTIVE, .call = call};
  return frame;
}

static void enlist(struct polylift_shadow_fn *fn) {
  if (fn->registered) return;
  fn->registered = 1;
  fn->next = NULL;
  if (last_fn != NULL) last_fn->next = fn;
  else first_fn = fn;
  last_fn = fn;
}

int polylift_shadow_begin(struct polylift_shadow_fn *fn) {
  ensure_config();
  pthread_mutex_lock(&lock);
  enlist(fn);
  long long call = ++fn->calls;
  int selected = config.mode != MODE_OFF && fn->unchecked == NULL && rate_selects(call);
  struct call_frame *frame = selected ? new_frame(fn, call) : NULL;
  if (selected && frame == NULL) fn->skipped++;
  pthread_mutex_unlock(&lock);
  return frame != NULL;
}

/* A selected call that cannot be checked, counted once however many snapshots fail. */
static void count_skipped(struct polylift_shadow_fn *fn) {
  struct call_frame *frame = find_frame(fn);
  if (frame != NULL && frame->state == FRAME_SKIPPED) return;
  if (frame != NULL) frame->state = FRAME_SKIPPED;
  pthread_mutex_lock(&lock);
  fn->skipped++;
  pthread_mutex_unlock(&lock);
}

void polylift_shadow_skip(struct polylift_shadow_fn *fn) { count_skipped(fn); }

/* ---------------------------------------------------------------- snapshots */

struct polylift_shadow_snapshot {
  int groups;
  void *buffer[];  /* one copy per group of overlapping or touching ranges */
};

struct range {
  uintptr_t start, end;
  int index;  /* in the caller's arrays */
  int group;
};

static int by_start(const void *x, const void *y) {
  const struct range *a = x, *b = y;
  return (a->start > b->start) - (a->start < b->start);
}

/* The fault-protected copy. The handlers are the process's, so one thread at a time
 * installs them (copy_lock); the jump target is the copying thread's own. */
static pthread_mutex_t copy_lock = PTHREAD_MUTEX_INITIALIZER;
static struct sigaction saved_segv, saved_bus;
static _Thread_local sigjmp_buf *volatile fault_jump;

static void on_fault(int sig) {
  sigjmp_buf *jump = fault_jump;
  if (jump != NULL) siglongjmp(*jump, 1);
  /* Another thread's fault, not our copy's: give the program its handler back; the
   * faulting instruction runs again and faults into it. */
  sigaction(sig, sig == SIGSEGV ? &saved_segv : &saved_bus, NULL);
}

static void install_fault_handlers(void) {
  pthread_mutex_lock(&copy_lock);
  struct sigaction ours;
  memset(&ours, 0, sizeof ours);
  ours.sa_handler = on_fault;
  sigemptyset(&ours.sa_mask);
  sigaction(SIGSEGV, &ours, &saved_segv);
  sigaction(SIGBUS, &ours, &saved_bus);
}

static void restore_fault_handlers(void) {
  fault_jump = NULL;
  sigaction(SIGSEGV, &saved_segv, NULL);
  sigaction(SIGBUS, &saved_bus, NULL);
  pthread_mutex_unlock(&copy_lock);
}

/* Copies group g of `groups` into buffer[g] (a fault jumps out of it). */
static __attribute__((noinline)) void copy_groups(struct polylift_shadow_snapshot *s,
                                                  const struct range *groups) {
  for (int g = 0; g < s->groups; g++)
    memcpy(s->buffer[g], (const void *)groups[g].start, groups[g].end - groups[g].start);
}

static int copy_guarded(struct polylift_shadow_snapshot *s, const struct range *groups) {
  sigjmp_buf jump;
  install_fault_handlers();
  if (sigsetjmp(jump, 1) != 0) {  /* back from on_fault, with the signal mask restored */
    restore_fault_handlers();
    return 0;
  }
  fault_jump = &jump;
  atomic_signal_fence(memory_order_seq_cst);  /* armed before the first read */
  copy_groups(s, groups);
  atomic_signal_fence(memory_order_seq_cst);
  restore_fault_handlers();
  return 1;
}

static void free_snapshot(struct polylift_shadow_snapshot *s) {
  if (s == NULL) return;
  for (int g = 0; g < s->groups; g++) free(s->buffer[g]);
  free(s);
}

/* Sorts the readable ranges of at/bytes into `ranges` (copies[i] = NULL for the empty
 * ones); -1 when a range wraps around the address space. */
static int collect_ranges(int n, const void *const *at, const long long *bytes,
                          void **copies, struct range *ranges) {
  int count = 0;
  for (int i = 0; i < n; i++) {
    copies[i] = NULL;
    if (at[i] == NULL || bytes[i] <= 0) continue;
    uintptr_t start = (uintptr_t)at[i];
    if ((unsigned long long)bytes[i] > UINTPTR_MAX - start) return -1;
    ranges[count++] = (struct range){start, start + (uintptr_t)bytes[i], i, 0};
  }
  qsort(ranges, (size_t)count, sizeof *ranges, by_start);
  return count;
}

/* Merges the sorted ranges into groups (ranges[i].group set); returns their number. */
static int group_ranges(struct range *ranges, int count, struct range *groups) {
  int g = -1;
  for (int i = 0; i < count; i++) {
    if (g < 0 || ranges[i].start > groups[g].end) groups[++g] = ranges[i];
    else if (ranges[i].end > groups[g].end) groups[g].end = ranges[i].end;
    ranges[i].group = g;
  }
  return g + 1;
}

static struct polylift_shadow_snapshot *allocate_groups(const struct range *groups, int count) {
  struct polylift_shadow_snapshot *s = malloc(sizeof *s + (size_t)count * sizeof(void *));
  if (s == NULL) return NULL;
  for (s->groups = 0; s->groups < count; s->groups++) {
    s->buffer[s->groups] = malloc(groups[s->groups].end - groups[s->groups].start);
    if (s->buffer[s->groups] == NULL) {
      free_snapshot(s);
      return NULL;
    }
  }
  return s;
}

static struct polylift_shadow_snapshot *take_snapshot(int n, const void *const *at,
                                                      const long long *bytes, void **copies,
                                                      struct range *ranges,
                                                      struct range *groups) {
  int count = collect_ranges(n, at, bytes, copies, ranges);
  if (count < 0) return NULL;
  int group_count = group_ranges(ranges, count, groups);
  struct polylift_shadow_snapshot *s = allocate_groups(groups, group_count);
  if (s == NULL) return NULL;
  if (!copy_guarded(s, groups)) {
    free_snapshot(s);
    return NULL;
  }
  for (int i = 0; i < count; i++) {
    const struct range *r = &ranges[i];
    copies[r->index] = (char *)s->buffer[r->group] + (r->start - groups[r->group].start);
  }
  return s;
}

struct polylift_shadow_snapshot *polylift_shadow_snapshot(struct polylift_shadow_fn *fn,
                                                          int n, const void *const *at,
                                                          const long long *bytes,
                                                          void **copies) {
  if (n < 0) n = 0;
  /* Scratch for the ranges and their groups: at most n of each. */
  struct range *ranges = malloc(2 * (size_t)(n > 0 ? n : 1) * sizeof *ranges);
  struct polylift_shadow_snapshot *s = NULL;
  if (ranges != NULL) s = take_snapshot(n, at, bytes, copies, ranges, ranges + n);
  free(ranges);
  if (s == NULL) {
    for (int i = 0; i < n; i++) copies[i] = NULL;
    count_skipped(fn);
  }
  return s;
}

/* ---------------------------------------------------------------- element values */

/* The `size` (1, 2, 4 or 8) bytes at p as an unsigned integer. */
static uint64_t load_bits(const unsigned char *p, int size) {
  uint8_t u8;
  uint16_t u16;
  uint32_t u32;
  uint64_t u64;
  switch (size) {
    case 1: memcpy(&u8, p, 1); return u8;
    case 2: memcpy(&u16, p, 2); return u16;
    case 4: memcpy(&u32, p, 4); return u32;
    default: memcpy(&u64, p, 8); return u64;
  }
}

/* The same bits sign-extended from `size` bytes. */
static int64_t signed_value(uint64_t bits, int size) {
  if (size == 8) return (int64_t)bits;
  uint64_t sign = UINT64_C(1) << (size * 8 - 1);
  return (int64_t)((bits ^ sign) - sign);
}

static double as_double(uint64_t bits, int size) {
  if (size == 4) {
    uint32_t b = (uint32_t)bits;
    float f;
    memcpy(&f, &b, 4);
    return f;
  }
  double d;
  memcpy(&d, &bits, 8);
  return d;
}

void polylift_shadow_abs(void *p, int kind, long long n) {
  /* The sign bit cleared, not fabs(): the bits of a NaN stay as they are otherwise. */
  for (long long i = 0; i < n && kind == POLYLIFT_SHADOW_FLOAT; i++) {
    uint32_t bits;
    memcpy(&bits, (char *)p + 4 * i, 4);
    bits &= ~(UINT32_C(1) << 31);
    memcpy((char *)p + 4 * i, &bits, 4);
  }
  for (long long i = 0; i < n && kind == POLYLIFT_SHADOW_DOUBLE; i++) {
    uint64_t bits;
    memcpy(&bits, (char *)p + 8 * i, 8);
    bits &= ~(UINT64_C(1) << 63);
    memcpy((char *)p + 8 * i, &bits, 8);
  }
}

/* ---------------------------------------------------------------- distances */

/* A distance in ULPs (or integer units); `far` for infinitely far: a NaN against a
 * number, or differing bits of an array compared as bits. */
struct distance {
  uint64_t units;
  int far;
};

static uint64_t abs_diff(int64_t x, int64_t y) {
  return x >= y ? (uint64_t)x - (uint64_t)y : (uint64_t)y - (uint64_t)x;
}

/* The value's place in the ordered sequence of representable values: the order and
 * spacing of the keys are those of the ULPs (compare.py's _float_keys). */
static int64_t float_key(uint64_t bits, int size) {
  uint64_t sign = UINT64_C(1) << (size * 8 - 1);
  int64_t magnitude = (int64_t)(bits & ~sign);
  return (bits & sign) != 0 ? -magnitude : magnitude;
}

/* compare.py's term_distance for one element: |a - b| in ULPs of the magnitude m rounded
 * up, where smaller than `dist` (finite values and a positive magnitude only). */
static uint64_t magnitude_rule(double a, double b, double m, int digits, uint64_t dist) {
  if (!(isfinite(a) && isfinite(b) && isfinite(m) && m > 0)) return dist;
  int exponent;
  frexp(m, &exponent);
  double units = ceil(fabs(a - b) / ldexp(1.0, exponent - digits));
  /* units < dist implies a finite units below 2^64: the conversion is exact. */
  return units < (double)dist ? (uint64_t)units : dist;
}

static struct distance float_distance(uint64_t x, uint64_t y, int size,
                                      const unsigned char *magnitude) {
  double a = as_double(x, size), b = as_double(y, size);
  if (isnan(a) || isnan(b)) return (struct distance){0, !(isnan(a) && isnan(b))};
  uint64_t dist = abs_diff(float_key(x, size), float_key(y, size));
  if (magnitude != NULL)
    dist = magnitude_rule(a, b, as_double(load_bits(magnitude, size), size),
                          size == 4 ? 24 : 53, dist);
  return (struct distance){dist, 0};
}

/* The kind compared: FLOAT and DOUBLE need their sizes, INT and UINT 1, 2, 4 or 8
 * bytes; anything else is compared as bits. */
static int effective_kind(int kind, int size) {
  int integer_size = size == 1 || size == 2 || size == 4 || size == 8;
  if (kind == POLYLIFT_SHADOW_FLOAT && size == 4) return kind;
  if (kind == POLYLIFT_SHADOW_DOUBLE && size == 8) return kind;
  if ((kind == POLYLIFT_SHADOW_INT || kind == POLYLIFT_SHADOW_UINT) && integer_size) return kind;
  return POLYLIFT_SHADOW_BITS;
}

/* The distance of two elements whose bits differ. */
static struct distance element_distance(int kind, int size, const unsigned char *e,
                                        const unsigned char *a, const unsigned char *m) {
  if (kind == POLYLIFT_SHADOW_BITS) return (struct distance){0, 1};
  uint64_t x = load_bits(e, size), y = load_bits(a, size);
  if (kind == POLYLIFT_SHADOW_INT) return (struct distance){abs_diff(signed_value(x, size),
                                                                     signed_value(y, size)), 0};
  if (kind == POLYLIFT_SHADOW_UINT) return (struct distance){x >= y ? x - y : y - x, 0};
  return float_distance(x, y, size, m);
}

/* Beyond the bound: a NaN against a number always; a negative or NaN bound passes only
 * equal bits (which never get here). */
static int exceeds(struct distance d, double bound) {
  if (d.far || !(bound >= 0)) return 1;
  if (bound >= 18446744073709551616.0) return 0;  /* 2^64 */
  return d.units > (uint64_t)bound;
}

static double as_ulps(struct distance d) { return d.far ? INFINITY : (double)d.units; }

/* ---------------------------------------------------------------- compare */

/* "<value> (0x<bits>)" of one element. */
static void value_text(char *out, size_t cap, int kind, int size, const unsigned char *p) {
  int word = size == 1 || size == 2 || size == 4 || size == 8;
  if (kind == POLYLIFT_SHADOW_BITS && !word) {  /* the bytes in memory order, 16 at most */
    int len = snprintf(out, cap, "%d bytes (0x", size);
    for (int i = 0; i < size && i < 16 && len > 0 && (size_t)len < cap; i++)
      len += snprintf(out + len, cap - (size_t)len, "%02x", p[i]);
    if (len > 0 && (size_t)len < cap) snprintf(out + len, cap - (size_t)len, "%s)",
                                               size > 16 ? "..." : "");
    return;
  }
  uint64_t bits = load_bits(p, size);
  char value[64];
  if (kind == POLYLIFT_SHADOW_DOUBLE) snprintf(value, sizeof value, "%.17g", as_double(bits, 8));
  else if (kind == POLYLIFT_SHADOW_FLOAT) snprintf(value, sizeof value, "%.9g",
                                                   as_double(bits, 4));
  else if (kind == POLYLIFT_SHADOW_INT) snprintf(value, sizeof value, "%lld",
                                                 (long long)signed_value(bits, size));
  else snprintf(value, sizeof value, "%llu", (unsigned long long)bits);
  snprintf(out, cap, "%s (0x%0*llx)", value, size * 2, (unsigned long long)bits);
}

/* What one compare found: the largest distance, the elements beyond the bound and the
 * first of them. */
struct finding {
  double worst;
  long long beyond;
  long long first;
  struct distance first_distance;
};

static struct finding scan(int kind, int size, long long n, const unsigned char *expected,
                           const unsigned char *actual, double bound,
                           const unsigned char *magnitude) {
  struct finding f = {0.0, 0, -1, {0, 0}};
  for (long long i = 0; i < n; i++) {
    size_t at = (size_t)i * (size_t)size;
    if (memcmp(expected + at, actual + at, (size_t)size) == 0) continue;
    struct distance d = element_distance(kind, size, expected + at, actual + at,
                                         magnitude != NULL ? magnitude + at : NULL);
    if (as_ulps(d) > f.worst) f.worst = as_ulps(d);
    if (!exceeds(d, bound)) continue;
    if (f.beyond++ == 0) {
      f.first = i;
      f.first_distance = d;
    }
  }
  return f;
}

static void report_mismatch(const struct polylift_shadow_fn *fn, long long call,
                            const char *array, int kind, int size, const unsigned char *expected,
                            const unsigned char *actual, double bound, struct finding f) {
  char original[96], lifted[96], dist[32];
  size_t at = (size_t)f.first * (size_t)size;
  value_text(original, sizeof original, kind, size, expected + at);
  value_text(lifted, sizeof lifted, kind, size, actual + at);
  if (f.first_distance.far) strcpy(dist, "inf");
  else snprintf(dist, sizeof dist, "%llu", (unsigned long long)f.first_distance.units);
  say("MISMATCH in %s (%s), call %lld: %s[%lld]: original %s, lifted %s, %s ULP > bound %.17g",
      or_unknown(fn->name), or_unknown(fn->where), call, or_unknown(array), f.first,
      original, lifted, dist, bound);
}

void polylift_shadow_compare(struct polylift_shadow_fn *fn, const char *array, int kind,
                             int size, long long n, const void *expected, const void *actual,
                             double bound, const void *magnitude) {
  if (n <= 0 || size <= 0 || expected == NULL || actual == NULL) return;
  if (memcmp(expected, actual, (size_t)n * (size_t)size) == 0) return;  /* the usual case */
  kind = effective_kind(kind, size);
  if (kind != POLYLIFT_SHADOW_FLOAT && kind != POLYLIFT_SHADOW_DOUBLE) magnitude = NULL;
  struct finding f = scan(kind, size, n, expected, actual, bound, magnitude);
  struct call_frame *frame = find_frame(fn);
  pthread_mutex_lock(&lock);
  if (f.worst > fn->worst) fn->worst = f.worst;
  if (f.beyond > 0 && (frame == NULL || frame->beyond == 0))  /* the call's first only */
    report_mismatch(fn, frame != NULL ? frame->call : fn->calls, array, kind, size, expected,
                    actual, bound, f);
  pthread_mutex_unlock(&lock);
  if (frame == NULL || f.beyond == 0) return;
  if (frame->arrays++ == 0) frame->first_array = array;
  frame->beyond += f.beyond;
}

/* ---------------------------------------------------------------- end, summary */

void polylift_shadow_end(struct polylift_shadow_fn *fn,
                         struct polylift_shadow_snapshot *snapshot,
                         struct polylift_shadow_snapshot *magnitude) {
  free_snapshot(snapshot);
  free_snapshot(magnitude);
  struct call_frame *frame = find_frame(fn);
  if (frame == NULL) return;
  int mismatched = frame->state == FRAME_ACTIVE && frame->beyond > 0;
  pthread_mutex_lock(&lock);
  if (frame->state == FRAME_ACTIVE) fn->checked++;  /* a skipped call was counted already */
  if (mismatched) fn->mismatches++;
  if (mismatched && frame->beyond > 1 && frame->arrays == 1)
    say("MISMATCH in %s (%s), call %lld: %lld elements of %s differ beyond the bound",
        or_unknown(fn->name), or_unknown(fn->where), frame->call, frame->beyond,
        or_unknown(frame->first_array));
  else if (mismatched && frame->beyond > 1)
    say("MISMATCH in %s (%s), call %lld: %lld elements of %s and %d other array%s differ "
        "beyond the bound", or_unknown(fn->name), or_unknown(fn->where), frame->call,
        frame->beyond, or_unknown(frame->first_array), frame->arrays - 1,
        frame->arrays > 2 ? "s" : "");
  pthread_mutex_unlock(&lock);
  *frame = (struct call_frame){.state = FRAME_FREE};
  if (mismatched && config.mode == MODE_ABORT) {
    polylift_shadow_summary();
    abort();
  }
}

static FILE *open_summary(void) {
  if (config.summary_path == NULL) return stderr;
  FILE *out = fopen(config.summary_path, "a");
  if (out != NULL) return out;
  say("cannot append to POLYLIFT_SHADOW_SUMMARY=%s (%s): the summary goes to stderr",
      config.summary_path, strerror(errno));
  return stderr;
}

void polylift_shadow_summary(void) {
  ensure_config();
  pthread_mutex_lock(&lock);
  FILE *out = open_summary();
  flockfile(out);
  fprintf(out, "polylift shadow summary (mode %s, rate %s):\n", mode_names[config.mode],
          config.rate_text);
  for (const struct polylift_shadow_fn *fn = first_fn; fn != NULL; fn = fn->next) {
    fprintf(out, "  %s (%s): %lld calls, %lld checked, %lld skipped, %lld mismatched, "
            "worst %.17g ULP", or_unknown(fn->name), or_unknown(fn->where), fn->calls,
            fn->checked, fn->skipped, fn->mismatches, fn->worst);
    if (fn->unchecked != NULL) fprintf(out, ", not checked: %s", fn->unchecked);
    fputc('\n', out);
  }
  funlockfile(out);
  if (out != stderr) fclose(out);
  else fflush(out);
  pthread_mutex_unlock(&lock);
}
