# A user's template, loaded with --templates: element-wise square.
template user.square {
  doc "y = x * x"
  types f32, f64
  array y[n] out
  array x[n] in
  compute { y[i] = x[i] * x[i] }
  launch square
  shim n, x, y
  backends ref
  accuracy exact
  cost flops n bytes 2*n
}
