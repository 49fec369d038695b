# A user's template, loaded with --templates: element-wise square plus one (the library
# has the square, `ew.sqr`, but not this).
template user.square_plus_one {
  doc "y = x * x + 1"
  types f32, f64
  array y[n] out
  array x[n] in
  compute { y[i] = x[i] * x[i] + 1 }
  launch square_plus_one
  shim n, x, y
  backends ref
  accuracy exact
  cost flops 2*n bytes 2*n
}
