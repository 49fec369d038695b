# Reductions of a vector (n elements, increment inc) into one element r (a one-element
# array: an element of an array, or the buffer a returned or later-used result lives in).
#
# Two forms: from a scalar (`r[] = s` first: `float m = s; for (...) ...; r = m;`, s
# is 0 or -FLT_MAX or x[0] or any value computed before the loop), and accumulating
# into r as it is (`r[0] += ...` after a store the launch does not cover).
#
# Semantics, in the template's (the source's) order: `r = s`, then for i = 0, 1, ...,
# n - 1 in turn `r = r + f(x[i])` (a sum: one rounding per addition, in that order;
# from s = +0 an empty sum is +0, and -0 + -0 stays -0 only when s is -0), or
# `r = max(x[i], r)`, C's `x[i] > r ? x[i] : r` (NaN elements are never taken, a NaN s
# stays; of +0 and -0 the one met first is kept); `min` likewise with `<`.
#
# `amax` is `max` of |x[i]| (fabs: the sign bit cleared; the magnitude is computed for
# the comparison and for the value taken, the same bits both times).
#
# Accuracy: max, min and amax are `exact` (their host shim takes the maximum over lanes
# and runs the ordered loop again where the result is a zero, the only value whose sign
# the order decides; their cudnn shim takes cudnnReduceTensor MAX, MIN or AMAX of x,
# which is an element or its magnitude, folds in s by C's comparison, and runs the
# ordered loop where that extremum is a NaN or the result a zero). The sums may be
# reordered by a backend (OpenBLAS's ?dot and ?asum, a vectorised sum over lanes,
# cuBLAS, cuDNN): two orders of a sum of n + 1 terms differ
# by at most 2n units of rounding of the sum of the terms' magnitudes, hence the bound
# `2*n + 16` ULP (of that sum, `harness/comparison/audit.py`); the root of such a sum (`nrm2`) by
# about half as many ULP of the result: `n + 16`. cudnnReduceTensor ADD, NORM1 and NORM2
# serve sum, asum and nrm2 under those bounds. Not served by cuDNN: the mean (AVG: see
# red.mean) and products (MUL: no product template; a reordered product is bounded in ULP
# only where no partial product overflows or underflows, which no audit here can see).

template red.sum {
  doc "r = s + x[0] + x[1] + ... (in order)"
  types f32, f64
  array r[] out
  array x[n] in
  scalar s
  compute {
    r[] = s
    r[] += x[i]
  }
  launch sum
  shim n, s, x, r
  backends ref, host, cudnn
  accuracy reassoc ulp 2*n + 16
  cost flops n bytes esize*n
}

template red.sum_acc {
  doc "r = r + x[0] + x[1] + ... (in order)"
  types f32, f64
  array r[] inout
  array x[n] in
  compute { r[] += x[i] }
  launch sum_acc
  shim n, x, r
  backends ref, host
  accuracy reassoc ulp 2*n + 16
  cost flops n bytes esize*n
}

template red.dot {
  doc "r = s + x[0]*y[0] + x[1]*y[1] + ... (in order)"
  types f32, f64
  array r[] out
  array x[n] in
  array y[n] in
  scalar s
  compute {
    r[] = s
    r[] += x[i] * y[i]
  }
  launch dot_init
  shim n, s, x, y, r
  backends ref, host, cublas
  accuracy reassoc ulp 2*n + 16
  cost flops 2*n bytes esize*2*n
}

template red.sumsq {
  doc "r = s + x[0]*x[0] + x[1]*x[1] + ... (in order)"
  types f32, f64
  array r[] out
  array x[n] in
  scalar s
  compute {
    r[] = s
    r[] += x[i] * x[i]
  }
  launch sumsq
  shim n, s, x, r
  backends ref, host
  accuracy reassoc ulp 2*n + 16
  cost flops 2*n bytes esize*n
}

template red.sumsq_acc {
  doc "r = r + x[0]*x[0] + x[1]*x[1] + ... (in order)"
  types f32, f64
  array r[] inout
  array x[n] in
  compute { r[] += x[i] * x[i] }
  launch sumsq_acc
  shim n, x, r
  backends ref, host
  accuracy reassoc ulp 2*n + 16
  cost flops 2*n bytes esize*n
}

template red.asum {
  doc "r = s + |x[0]| + |x[1]| + ... (in order; only where the source takes fabs)"
  types f32, f64
  array r[] out
  array x[n] in
  scalar s
  compute {
    r[] = s
    r[] += abs(x[i])
  }
  launch asum
  shim n, s, x, r
  backends ref, host, cublas, cudnn
  accuracy reassoc ulp 2*n + 16
  cost flops n bytes esize*n
}

template red.nrm2 {
  doc "r = sqrt(s + x[0]*x[0] + x[1]*x[1] + ...) (the sum in order, then the root)"
  types f32, f64
  array r[] out
  array x[n] in
  scalar s
  compute {
    r[] = s
    r[] += x[i] * x[i]
    r[] = sqrt(r[])
  }
  launch nrm2
  shim n, s, x, r
  backends ref, host, cublas, cudnn
  accuracy reassoc ulp n + 16
  cost flops 2*n + 1 bytes esize*n
}

template red.maxval {
  doc "r = s, then r = x[i] > r ? x[i] : r for i = 0, 1, ..."
  types f32, f64
  array r[] out
  array x[n] in
  scalar s
  compute {
    r[] = s
    r[] = max(x[i], r[])
  }
  launch maxval
  shim n, s, x, r
  backends ref, host, cudnn
  accuracy exact
  cost flops n bytes esize*n
}

# The largest value of each row of a grid of rows (x[b, g, i]: nb x ng rows of n
# elements, a framework's softmax over the groups of each image of a batch), into
# r[b, g]: per row, `r[b,g] = s`, then for i = 0, 1, ..., n - 1 in turn
# `r[b,g] = x[b,g,i] > r[b,g] ? x[b,g,i] : r[b,g]` (red.maxval's semantics per row: NaN
# elements never taken, a NaN s stays, of +0 and -0 the one met first kept), the rows in
# order b, then g. The raising makes of the per-row start value a fill of the whole
# temporary before the reduction, as these two steps state. The host shim runs
# red.maxval's lanes on each row (the ordered loop again where the row's result is a
# zero), one row at a time, storing each row's value after its row as ref does.

template red.maxval_rows {
  doc "r[b,g] = s, then r[b,g] = x[b,g,i] > r[b,g] ? x[b,g,i] : r[b,g] for i = 0, 1, ..."
  types f32, f64
  array r[nb, ng] out
  array x[nb, ng, n] in
  scalar s
  compute {
    r[b,g] = s
    r[b,g] = max(x[b,g,i], r[b,g])
  }
  launch maxval_rows
  shim nb, ng, n, s, x, r
  backends ref, host
  accuracy exact
  cost flops nb*ng*n bytes esize*(nb*ng*n + nb*ng)
}

template red.maxval_acc {
  doc "r = x[i] > r ? x[i] : r for i = 0, 1, ..., from r as it is"
  types f32, f64
  array r[] inout
  array x[n] in
  compute { r[] = max(x[i], r[]) }
  launch maxval_acc
  shim n, x, r
  backends ref, host, cudnn
  accuracy exact
  cost flops n bytes esize*n
}

template red.minval {
  doc "r = s, then r = x[i] < r ? x[i] : r for i = 0, 1, ..."
  types f32, f64
  array r[] out
  array x[n] in
  scalar s
  compute {
    r[] = s
    r[] = min(x[i], r[])
  }
  launch minval
  shim n, s, x, r
  backends ref, host, cudnn
  accuracy exact
  cost flops n bytes esize*n
}

template red.minval_acc {
  doc "r = x[i] < r ? x[i] : r for i = 0, 1, ..., from r as it is"
  types f32, f64
  array r[] inout
  array x[n] in
  compute { r[] = min(x[i], r[]) }
  launch minval_acc
  shim n, x, r
  backends ref, host, cudnn
  accuracy exact
  cost flops n bytes esize*n
}

template red.amaxval {
  doc "r = s, then r = |x[i]| > r ? |x[i]| : r for i = 0, 1, ... (the largest magnitude)"
  types f32, f64
  array r[] out
  array x[n] in
  scalar s
  compute {
    r[] = s
    r[] = max(abs(x[i]), r[])
  }
  launch amaxval
  shim n, s, x, r
  backends ref, host, cudnn
  accuracy exact
  cost flops 2*n bytes esize*n
}

template red.mean {
  doc "r = (s + x[0] + x[1] + ...) / c: a sum in order, divided by c (the count, converted)"
  types f32, f64
  array r[] out
  array x[n] in
  scalar s, c
  compute {
    r[] = s
    r[] += x[i]
    r[] = r[] / c
  }
  launch mean
  shim n, s, c, x, r
  # A reordered sum that cancels would move the quotient by more than any bound in
  # ULP of the result (a quotient is no sum of terms): every backend sums in order.
  backends ref
  accuracy exact
  cost flops n + 1 bytes esize*n
}
