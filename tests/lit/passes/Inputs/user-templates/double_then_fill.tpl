# A user's two-step template whose second step takes a scalar: the scalar may be an
# element the ops read on every iteration, but never one the first step writes.
template user.double_then_fill {
  doc "x = 2 * x, then y = a"
  types f32, f64
  array x[n] inout
  array y[n] out
  scalar a
  compute {
    x[i] = 2 * x[i]
    y[i] = a
  }
  launch double_then_fill
  shim n, a, x, y
  backends ref
  accuracy exact
  cost flops n bytes 3*n
}
