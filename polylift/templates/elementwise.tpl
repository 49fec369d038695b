# Element-wise maps over vectors (n elements, increments inc) and row-major matrices
# (m x n, leading dimensions ld), out of place (`z = f(x, y)`) and in place
# (`y = f(y, x)`), with scalars passed by value.
#
# Semantics (every template is `exact`: each backend gives these bits): per element, the
# right side as written, one IEEE rounding per operation in the element type (no FMA,
# no reassociation: `x * x * x` is `(x * x) * x`, `a * x + b * y` rounds both products
# and the sum). `max(a, b)` is C's `a > b ? a : b` and `min(a, b)` is `a < b ? a : b`:
# a NaN in the first operand, or any comparison that is false, keeps the second, and of
# +0 and -0 the second is kept (so max(x, y) and max(y, x) differ; the source's order
# is matched, never swapped). `abs` clears the sign bit (C's fabs). `sqrt` and `/` are
# correctly rounded; `exp` is the C library's exp/expf, the one the source calls. `-x`
# flips the sign bit (of a NaN too); `x - y` is `x + (-y)` in IEEE. An in-place template
# reads each element before it writes it.
#
# Shims: `ref` evaluates the template (shims/render/expr_c.py renders its expression), `host`
# the same expression over contiguous rows, vectorised (same operations, so the same
# bits), cublas geam (alpha = 1, beta = +-1: the products by one are exact, one rounded
# sum) and dgmm (one product per element), cudnn cudnnOpTensor (add, mul with alpha = 1,
# beta = 0; max, min where no input is a NaN and no pair is two zeros, the template's
# loops otherwise: the larger of two other numbers is one of them, but cuDNN documents no
# rule for a NaN or a pair of zeros that is C's `?:`) and cudnnAddTensor (y = y - x with
# alpha = -1, beta = 1). cudnnOpTensor SQRT is not used: cuDNN documents neither that its
# root is correctly rounded nor a bound, and `sqrt` here is exact.

template ew.add {
  doc "z = x + y"
  types f32, f64
  array z[n] out
  array x[n] in
  array y[n] in
  compute { z[i] = x[i] + y[i] }
  launch add
  shim n, x, y, z
  backends ref, host, cublas, cudnn
  accuracy exact
  cost flops n bytes esize*3*n
}

template ew.sub {
  doc "z = x - y"
  types f32, f64
  array z[n] out
  array x[n] in
  array y[n] in
  compute { z[i] = x[i] - y[i] }
  launch sub
  shim n, x, y, z
  backends ref, host, cublas
  accuracy exact
  cost flops n bytes esize*3*n
}

template ew.mul {
  doc "z = x * y"
  types f32, f64
  array z[n] out
  array x[n] in
  array y[n] in
  compute { z[i] = x[i] * y[i] }
  launch mul
  shim n, x, y, z
  backends ref, host, cublas, cudnn
  accuracy exact
  cost flops n bytes esize*3*n
}

template ew.div {
  doc "z = x / y"
  types f32, f64
  array z[n] out
  array x[n] in
  array y[n] in
  compute { z[i] = x[i] / y[i] }
  launch div
  shim n, x, y, z
  backends ref, host
  accuracy exact
  cost flops n bytes esize*3*n
}

template ew.max {
  doc "z = max(x, y): x > y ? x : y"
  types f32, f64
  array z[n] out
  array x[n] in
  array y[n] in
  compute { z[i] = max(x[i], y[i]) }
  launch max
  shim n, x, y, z
  backends ref, host, cudnn
  accuracy exact
  cost flops n bytes esize*3*n
}

template ew.min {
  doc "z = min(x, y): x < y ? x : y"
  types f32, f64
  array z[n] out
  array x[n] in
  array y[n] in
  compute { z[i] = min(x[i], y[i]) }
  launch min
  shim n, x, y, z
  backends ref, host, cudnn
  accuracy exact
  cost flops n bytes esize*3*n
}

template ew.adds {
  doc "z = x + a"
  types f32, f64
  array z[n] out
  array x[n] in
  scalar a
  compute { z[i] = x[i] + a }
  launch adds
  shim n, a, x, z
  backends ref, host
  accuracy exact
  cost flops n bytes esize*2*n
}

template ew.subs {
  doc "z = x - a"
  types f32, f64
  array z[n] out
  array x[n] in
  scalar a
  compute { z[i] = x[i] - a }
  launch subs
  shim n, a, x, z
  backends ref, host
  accuracy exact
  cost flops n bytes esize*2*n
}

template ew.rsubs {
  doc "z = a - x"
  types f32, f64
  array z[n] out
  array x[n] in
  scalar a
  compute { z[i] = a - x[i] }
  launch rsubs
  shim n, a, x, z
  backends ref, host
  accuracy exact
  cost flops n bytes esize*2*n
}

template ew.muls {
  doc "z = a * x"
  types f32, f64
  array z[n] out
  array x[n] in
  scalar a
  compute { z[i] = a * x[i] }
  launch muls
  shim n, a, x, z
  backends ref, host
  accuracy exact
  cost flops n bytes esize*2*n
}

template ew.divs {
  doc "z = x / a"
  types f32, f64
  array z[n] out
  array x[n] in
  scalar a
  compute { z[i] = x[i] / a }
  launch divs
  shim n, a, x, z
  backends ref, host
  accuracy exact
  cost flops n bytes esize*2*n
}

template ew.rdivs {
  doc "z = a / x"
  types f32, f64
  array z[n] out
  array x[n] in
  scalar a
  compute { z[i] = a / x[i] }
  launch rdivs
  shim n, a, x, z
  backends ref, host
  accuracy exact
  cost flops n bytes esize*2*n
}

template ew.recip {
  doc "z = 1 / x (rdivs with a = 1)"
  types f32, f64
  array z[n] out
  array x[n] in
  scalar a = 1
  compute { z[i] = 1 / x[i] }
  launch rdivs
  shim n, a, x, z
  backends ref, host
  accuracy exact
  cost flops n bytes esize*2*n
}

template ew.neg {
  doc "z = -x"
  types f32, f64
  array z[n] out
  array x[n] in
  compute { z[i] = -x[i] }
  launch neg
  shim n, x, z
  backends ref, host
  accuracy exact
  cost flops n bytes esize*2*n
}

template ew.abs {
  doc "z = abs(x) (fabs: the sign bit cleared)"
  types f32, f64
  array z[n] out
  array x[n] in
  compute { z[i] = abs(x[i]) }
  launch abs
  shim n, x, z
  backends ref, host
  accuracy exact
  cost flops n bytes esize*2*n
}

template ew.sqr {
  doc "z = x * x"
  types f32, f64
  array z[n] out
  array x[n] in
  compute { z[i] = x[i] * x[i] }
  launch sqr
  shim n, x, z
  backends ref, host
  accuracy exact
  cost flops n bytes esize*2*n
}

template ew.cube {
  doc "z = (x * x) * x"
  types f32, f64
  array z[n] out
  array x[n] in
  compute { z[i] = x[i] * x[i] * x[i] }
  launch cube
  shim n, x, z
  backends ref, host
  accuracy exact
  cost flops 2*n bytes esize*2*n
}

template ew.sqrt {
  doc "z = sqrt(x) (correctly rounded)"
  types f32, f64
  array z[n] out
  array x[n] in
  compute { z[i] = sqrt(x[i]) }
  launch sqrt
  shim n, x, z
  backends ref, host
  accuracy exact
  cost flops n bytes esize*2*n
}

template ew.clamp {
  doc "z = x < lo ? lo : min(hi, x), C's `x < lo ? lo : (x > hi ? hi : x)`"
  types f32, f64
  array z[n] out
  array x[n] in
  scalar lo, hi
  compute { z[i] = x[i] < lo ? lo : min(hi, x[i]) }
  launch clamp
  shim n, lo, hi, x, z
  backends ref, host
  accuracy exact
  cost flops 2*n bytes esize*2*n
}

template ew.lerp {
  doc "z = x + t * (y - x)"
  types f32, f64
  array z[n] out
  array x[n] in
  array y[n] in
  scalar t
  compute { z[i] = x[i] + t * (y[i] - x[i]) }
  launch lerp
  shim n, t, x, y, z
  backends ref, host
  accuracy exact
  cost flops 3*n bytes esize*3*n
}

template ew.axpbyz {
  doc "z = a * x + b * y"
  types f32, f64
  array z[n] out
  array x[n] in
  array y[n] in
  scalar a, b
  compute { z[i] = a * x[i] + b * y[i] }
  launch axpbyz
  shim n, a, x, b, y, z
  backends ref, host
  accuracy exact
  cost flops 3*n bytes esize*3*n
}

template ew.mul_scaled {
  doc "z = w * (a * x) (rmsnorm's last map)"
  types f32, f64
  array z[n] out
  array w[n] in
  array x[n] in
  scalar a
  compute { z[i] = w[i] * (a * x[i]) }
  launch mul_scaled
  shim n, a, w, x, z
  backends ref, host
  accuracy exact
  cost flops 2*n bytes esize*3*n
}

template ew.sub_ip {
  doc "y = y - x"
  types f32, f64
  array y[n] inout
  array x[n] in
  compute { y[i] = y[i] - x[i] }
  launch sub_ip
  shim n, x, y
  backends ref, host, cudnn
  accuracy exact
  cost flops n bytes esize*3*n
}

template ew.mul_ip {
  doc "y = y * x"
  types f32, f64
  array y[n] inout
  array x[n] in
  compute { y[i] = y[i] * x[i] }
  launch mul_ip
  shim n, x, y
  backends ref, host
  accuracy exact
  cost flops n bytes esize*3*n
}

template ew.div_ip {
  doc "y = y / x"
  types f32, f64
  array y[n] inout
  array x[n] in
  compute { y[i] = y[i] / x[i] }
  launch div_ip
  shim n, x, y
  backends ref, host
  accuracy exact
  cost flops n bytes esize*3*n
}

template ew.adds_ip {
  doc "y = y + a"
  types f32, f64
  array y[n] inout
  scalar a
  compute { y[i] = y[i] + a }
  launch adds_ip
  shim n, a, y
  backends ref, host
  accuracy exact
  cost flops n bytes esize*2*n
}

template ew.subs_ip {
  doc "y = y - a"
  types f32, f64
  array y[n] inout
  scalar a
  compute { y[i] = y[i] - a }
  launch subs_ip
  shim n, a, y
  backends ref, host
  accuracy exact
  cost flops n bytes esize*2*n
}

template ew.divs_ip {
  doc "y = y / a"
  types f32, f64
  array y[n] inout
  scalar a
  compute { y[i] = y[i] / a }
  launch divs_ip
  shim n, a, y
  backends ref, host
  accuracy exact
  cost flops n bytes esize*2*n
}

# ew.divs_ip per row of a grid of rows: each row of y[b, g, i] divided in place by its
# own value d[b, g] (one IEEE division per element, as C's `y /= d`: a NaN or a zero
# divisor as C gives it), softmax's last pass over the groups of a batch.

template ew.divs_rows_ip {
  doc "y[b,g,i] = y[b,g,i] / d[b,g]"
  types f32, f64
  array y[nb, ng, n] inout
  array d[nb, ng] in
  compute { y[b,g,i] = y[b,g,i] / d[b,g] }
  launch divs_rows_ip
  shim nb, ng, n, d, y
  backends ref, host
  accuracy exact
  cost flops nb*ng*n bytes esize*(2*nb*ng*n + nb*ng)
}

template ew.neg_ip {
  doc "y = -y"
  types f32, f64
  array y[n] inout
  compute { y[i] = -y[i] }
  launch neg_ip
  shim n, y
  backends ref, host
  accuracy exact
  cost flops n bytes esize*2*n
}

template ew.maxs_ip {
  doc "y = max(a, y): a > y ? a : y (a ReLU with a = 0)"
  types f32, f64
  array y[n] inout
  scalar a
  compute { y[i] = max(a, y[i]) }
  launch maxs_ip
  shim n, a, y
  backends ref, host
  accuracy exact
  cost flops n bytes esize*2*n
}

template ew.expsub_ip {
  doc "y = exp(y - a) (softmax's map after the maximum)"
  types f32, f64
  array y[n] inout
  scalar a
  compute { y[i] = exp(y[i] - a) }
  launch expsub_ip
  shim n, a, y
  backends ref, host
  accuracy exact
  cost flops 2*n bytes esize*2*n
}

# Softmax's exponentials with a temperature and their sum in the same pass, as a
# plain-C framework writes it: `e = expf(x[i] / t - m / t); sum += e; y[i] = e;`. The
# raising makes of that loop the map, the sum's start and the sum, which computes each
# exponential again from x; the steps state those three ops. The sum adds the
# exponentials in order i = 0, 1, ..., n - 1 from s, one rounding per addition: no
# backend may reorder it (the host shim computes each exponential once, stores it and
# adds it, where y shares no byte with x or r: the same bits).

template ew.expsum_scaled {
  doc "y[i] = exp(x[i]/t - m/t); r = s + y[0] + y[1] + ... (in order)"
  types f32, f64
  array y[n] out
  array r[] out
  array x[n] in
  scalar t, m, s
  compute {
    y[i] = exp(x[i] / t - m / t)
    r[] = s
    r[] += exp(x[i] / t - m / t)
  }
  launch expsum_scaled
  shim n, t, m, s, x, y, r
  backends ref, host
  accuracy exact
  cost flops 5*n bytes esize*2*n
}

# The same over a grid of rows (x[b, g, i]: nb x ng rows of n elements, each row with
# its own largest value m[b, g]: a framework's softmax over the groups of each image of
# a batch), in the order the raising gives the framework's loops over the grid: each
# row's sum r[b,g] from s, then the map. Per row, r[b,g] = s + e[0] + e[1] + ... +
# e[n-1] in that order, one rounding per addition, with e[i] = exp(x[b,g,i]/t -
# m[b,g]/t) (each division, the subtraction and the C library's exp rounded in the
# element type, as C's `expf(x / t - m / t)` on floats); y[b,g,i] = e[i]. The host
# shim computes each row's m/t once and each exponential once, stores and adds it in
# order, where no array shares a byte with another (the same bits); elsewhere the
# template's loops.

template ew.expsum_scaled_rows {
  doc "r[b,g] = s + sum over i, in order, of exp(x[b,g,i]/t - m[b,g]/t); y[b,g,i] = the same terms"
  types f32, f64
  array r[nb, ng] out
  array y[nb, ng, n] out
  array x[nb, ng, n] in
  array m[nb, ng] in
  scalar t, s
  compute {
    r[b,g] = s
    r[b,g] += exp(x[b,g,i] / t - m[b,g] / t)
    y[b,g,i] = exp(x[b,g,i] / t - m[b,g] / t)
  }
  launch expsum_scaled_rows
  shim nb, ng, n, t, s, x, m, y, r
  backends ref, host
  accuracy exact
  cost flops 5*nb*ng*n bytes esize*(2*nb*ng*n + 2*nb*ng)
}

template ew.add2d {
  doc "C = A + B (matrices)"
  types f32, f64
  array C[m, n] out
  array A[m, n] in
  array B[m, n] in
  compute { C[i,j] = A[i,j] + B[i,j] }
  launch add2d
  shim m, n, A, B, C
  backends ref, host, cublas, cudnn
  accuracy exact
  cost flops m*n bytes esize*3*m*n
}

template ew.sub2d {
  doc "C = A - B (matrices)"
  types f32, f64
  array C[m, n] out
  array A[m, n] in
  array B[m, n] in
  compute { C[i,j] = A[i,j] - B[i,j] }
  launch sub2d
  shim m, n, A, B, C
  backends ref, host, cublas
  accuracy exact
  cost flops m*n bytes esize*3*m*n
}

template ew.mul2d {
  doc "C = A * B elementwise (matrices)"
  types f32, f64
  array C[m, n] out
  array A[m, n] in
  array B[m, n] in
  compute { C[i,j] = A[i,j] * B[i,j] }
  launch mul2d
  shim m, n, A, B, C
  backends ref, host, cublas, cudnn
  accuracy exact
  cost flops m*n bytes esize*3*m*n
}

template ew.div2d {
  doc "C = A / B elementwise (matrices)"
  types f32, f64
  array C[m, n] out
  array A[m, n] in
  array B[m, n] in
  compute { C[i,j] = A[i,j] / B[i,j] }
  launch div2d
  shim m, n, A, B, C
  backends ref, host
  accuracy exact
  cost flops m*n bytes esize*3*m*n
}

template ew.sub2d_ip {
  doc "B = B - A (matrices)"
  types f32, f64
  array B[m, n] inout
  array A[m, n] in
  compute { B[i,j] = B[i,j] - A[i,j] }
  launch sub2d_ip
  shim m, n, A, B
  backends ref, host, cudnn
  accuracy exact
  cost flops m*n bytes esize*3*m*n
}

template ew.mul2d_ip {
  doc "B = B * A elementwise (matrices)"
  types f32, f64
  array B[m, n] inout
  array A[m, n] in
  compute { B[i,j] = B[i,j] * A[i,j] }
  launch mul2d_ip
  shim m, n, A, B
  backends ref, host
  accuracy exact
  cost flops m*n bytes esize*3*m*n
}

template ew.muls2d {
  doc "B = a * A (matrices)"
  types f32, f64
  array B[m, n] out
  array A[m, n] in
  scalar a
  compute { B[i,j] = a * A[i,j] }
  launch muls2d
  shim m, n, a, A, B
  backends ref, host
  accuracy exact
  cost flops m*n bytes esize*2*m*n
}

template ew.axpbyz2d {
  doc "C = a * A + b * B (matrices)"
  types f32, f64
  array C[m, n] out
  array A[m, n] in
  array B[m, n] in
  scalar a, b
  compute { C[i,j] = a * A[i,j] + b * B[i,j] }
  launch axpbyz2d
  shim m, n, a, A, b, B, C
  backends ref, host
  accuracy exact
  cost flops 3*m*n bytes esize*3*m*n
}
