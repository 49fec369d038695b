# Two steps that share `b`: the first binding of the product's factors (a = its first
# operand) fails in the second step, and the match must come back to the first step's
# other binding, read against the first op's operands.
template user.mul_then_add {
  doc "t = a * b, then y = t + b"
  types f64
  array t[n] out
  array a[n] in
  array b[n] in
  array y[n] out
  compute {
    t[i] = a[i] * b[i]
    y[i] = t[i] + b[i]
  }
  launch mul_then_add
  shim n, a, b, t, y
  backends ref
  accuracy exact
  cost flops 2*n bytes 4*n
}
