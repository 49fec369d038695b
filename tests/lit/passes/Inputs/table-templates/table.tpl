# A user template with a lookup in an int32 table beside 16-bit data, `abs` and a
# rounding division by a computed divisor: the forms a bilateral filter needs, small.
template user.wmean {
  doc "y = rdiv(x * wt[abs(x - z) >> s], d)"
  types i16
  array y[n] out
  array wt[m] in : i32
  array x[n] in
  array z[n] in
  array d[n] in : i32
  scalar s : i32
  accumulate i32
  compute {
    y[i] = rdiv(x[i] * wt[abs(x[i] - z[i]) >> s], d[i])
  }
  launch wmean
  shim n, m, s, wt, x, z, d, y
  backends ref
  accuracy exact
  cost flops 8*n bytes 10*n
}
