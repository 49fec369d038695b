# The index of the largest (smallest) element of a vector x (n elements, increment inc),
# with the element itself: two accumulators a loop carries side by side and updates under
# one comparison, stated as one joint update `together (r[], k[]) = (..., ...)` (both read the
# values from before the point). r is a one-element array of the element type, k one of
# C's int. C writes it
#
#     int k = t; float m = s;
#     for (int i = lo; i < n; i++)
#       if (x[i] > m) { m = x[i]; k = i; }
#
# with s, t any values computed before the loop (`m = x[0], k = 0, lo = 1`, or
# `m = -FLT_MAX, k = -1, lo = 0`). The launch covers x[lo], ..., x[n - 1]; the index it
# stores is the counter's value, the point of the view plus `base` (lo: the
# argmax/argmin/iamax/iamin templates) or the point itself (the `0` forms, lo = 0).
#
# Semantics, in the source's order: r = s, k = t, then for each point i in increasing
# order, `if (x[i] > r) { r = x[i]; k = base + i; }`. Hence:
# - strict `>` keeps the FIRST occurrence of the maximum: an element equal to r never
#   updates, so an element equal to the start value s never does either;
# - a NaN never wins a comparison: NaN elements are skipped, and a NaN start value s
#   means nothing updates (r = s, k = t);
# - -0.0 and +0.0 compare equal: of the two, the one met first is kept (or s);
# - `>=` keeps the last occurrence: no template here states it, and it matches none.
# argmin is the same with `<`. iamax / iamin (BLAS's i?amax / i?amin, 0-based as C
# indexes) compare |x[i]| (fabs: the sign bit cleared) and keep |x[i]|, the same bits
# the comparison read.
#
# Accuracy: exact, every backend. A comparison and a copy round nothing; the host shims
# find the extremum over vector lanes, then the first element equal to it (the ordered
# loop's answer, families/argreduction.j2 says why; strided views run the ordered
# loop); the cublas shims of the abs forms take cublasI?amax / I?amin over
# the view only when no element is a NaN (the sum of magnitudes, cublas?asum, is a NaN
# exactly then), and then compare that element with s as C does.

template red.argmax {
  doc "r = s, k = t; then for i = 0, 1, ...: if (x[i] > r) { r = x[i]; k = base + i; } (the first maximum; NaN elements skipped)"
  types f32, f64
  array r[] out
  array k[] out : i32
  array x[n] in
  scalar s
  scalar t, base : i32
  compute {
    r[] = s
    k[] = t
    together (r[], k[]) = (max(x[i], r[]), x[i] > r[] ? i + base : k[])
  }
  launch argmax
  shim n, s, t, base, x, r, k
  backends ref, host
  accuracy exact
  cost flops n bytes esize*n
}

template red.argmax0 {
  doc "r = s, k = t; then for i = 0, 1, ...: if (x[i] > r) { r = x[i]; k = i; } (the first maximum; NaN elements skipped)"
  types f32, f64
  array r[] out
  array k[] out : i32
  array x[n] in
  scalar s
  scalar t : i32
  scalar base : i32 = 0
  compute {
    r[] = s
    k[] = t
    together (r[], k[]) = (max(x[i], r[]), x[i] > r[] ? i : k[])
  }
  launch argmax
  shim n, s, t, base, x, r, k
  backends ref, host
  accuracy exact
  cost flops n bytes esize*n
}

template red.argmin {
  doc "r = s, k = t; then for i = 0, 1, ...: if (x[i] < r) { r = x[i]; k = base + i; } (the first minimum; NaN elements skipped)"
  types f32, f64
  array r[] out
  array k[] out : i32
  array x[n] in
  scalar s
  scalar t, base : i32
  compute {
    r[] = s
    k[] = t
    together (r[], k[]) = (min(x[i], r[]), x[i] < r[] ? i + base : k[])
  }
  launch argmin
  shim n, s, t, base, x, r, k
  backends ref, host
  accuracy exact
  cost flops n bytes esize*n
}

template red.argmin0 {
  doc "r = s, k = t; then for i = 0, 1, ...: if (x[i] < r) { r = x[i]; k = i; } (the first minimum; NaN elements skipped)"
  types f32, f64
  array r[] out
  array k[] out : i32
  array x[n] in
  scalar s
  scalar t : i32
  scalar base : i32 = 0
  compute {
    r[] = s
    k[] = t
    together (r[], k[]) = (min(x[i], r[]), x[i] < r[] ? i : k[])
  }
  launch argmin
  shim n, s, t, base, x, r, k
  backends ref, host
  accuracy exact
  cost flops n bytes esize*n
}

template red.iamax {
  doc "r = s, k = t; then for i = 0, 1, ...: if (abs(x[i]) > r) { r = abs(x[i]); k = base + i; } (the first largest magnitude; NaN elements skipped)"
  types f32, f64
  array r[] out
  array k[] out : i32
  array x[n] in
  scalar s
  scalar t, base : i32
  compute {
    r[] = s
    k[] = t
    together (r[], k[]) = (max(abs(x[i]), r[]), abs(x[i]) > r[] ? i + base : k[])
  }
  launch iamax
  shim n, s, t, base, x, r, k
  backends ref, host, cublas
  accuracy exact
  cost flops 2*n bytes esize*n
}

template red.iamax0 {
  doc "r = s, k = t; then for i = 0, 1, ...: if (abs(x[i]) > r) { r = abs(x[i]); k = i; } (the first largest magnitude; NaN elements skipped)"
  types f32, f64
  array r[] out
  array k[] out : i32
  array x[n] in
  scalar s
  scalar t : i32
  scalar base : i32 = 0
  compute {
    r[] = s
    k[] = t
    together (r[], k[]) = (max(abs(x[i]), r[]), abs(x[i]) > r[] ? i : k[])
  }
  launch iamax
  shim n, s, t, base, x, r, k
  backends ref, host, cublas
  accuracy exact
  cost flops 2*n bytes esize*n
}

template red.iamin {
  doc "r = s, k = t; then for i = 0, 1, ...: if (abs(x[i]) < r) { r = abs(x[i]); k = base + i; } (the first smallest magnitude; NaN elements skipped)"
  types f32, f64
  array r[] out
  array k[] out : i32
  array x[n] in
  scalar s
  scalar t, base : i32
  compute {
    r[] = s
    k[] = t
    together (r[], k[]) = (min(abs(x[i]), r[]), abs(x[i]) < r[] ? i + base : k[])
  }
  launch iamin
  shim n, s, t, base, x, r, k
  backends ref, host, cublas
  accuracy exact
  cost flops 2*n bytes esize*n
}

template red.iamin0 {
  doc "r = s, k = t; then for i = 0, 1, ...: if (abs(x[i]) < r) { r = abs(x[i]); k = i; } (the first smallest magnitude; NaN elements skipped)"
  types f32, f64
  array r[] out
  array k[] out : i32
  array x[n] in
  scalar s
  scalar t : i32
  scalar base : i32 = 0
  compute {
    r[] = s
    k[] = t
    together (r[], k[]) = (min(abs(x[i]), r[]), abs(x[i]) < r[] ? i : k[])
  }
  launch iamin
  shim n, s, t, base, x, r, k
  backends ref, host, cublas
  accuracy exact
  cost flops 2*n bytes esize*n
}
