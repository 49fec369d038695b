# A user's template with a syntax error on line 7.
template user.broken {
  doc "y = x * x"
  types f64
  array y[n] out
  array x[n] in
  compute { y[i] = x[i] * }
  launch broken
  shim n, x, y
  backends ref
  accuracy exact
  cost flops n bytes 2*n
}
