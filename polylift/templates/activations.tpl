# Activations applied in place to a vector (n elements, increment inc), each the exact C
# expression of a plain-C framework's activation function, so every backend gives its
# bits (the element-wise family renders the shims from these steps: one rounding per
# operation, no FMA; `exp` and `tanh` are the C library's expf/exp and tanhf/tanh, the
# ones the source calls, linked into the shims and the program alike).
#
# No cuda shims: cuDNN's activation forward computes max(x, 0) for ReLU (+0 where
# `x * (x > 0)` gives -0 for a negative x, and NaN where x is -inf), and its sigmoid and
# tanh are its own approximations, for which no ULP bound against the C library is
# documented; a launch here must keep every bit.

template act.relu {
  doc "y = y * (y > 0): ReLU as a product (-0 for a negative y; NaN stays NaN)"
  types f32, f64
  array y[n] inout
  compute { y[i] = y[i] * (y[i] > 0 ? 1 : 0) }
  launch relu_ip
  shim n, y
  backends ref, host
  accuracy exact
  cost flops n bytes esize*2*n
}

template act.leaky {
  doc "y = y > 0 ? y : a * y: leaky ReLU of slope a"
  types f32, f64
  array y[n] inout
  scalar a
  compute { y[i] = y[i] > 0 ? y[i] : a * y[i] }
  launch leaky_ip
  shim n, a, y
  backends ref, host
  accuracy exact
  cost flops n bytes esize*2*n
}

template act.logistic {
  doc "y = 1 / (1 + exp(-y)): the logistic sigmoid"
  types f32, f64
  array y[n] inout
  compute { y[i] = 1 / (1 + exp(-y[i])) }
  launch logistic_ip
  shim n, y
  backends ref, host
  accuracy exact
  cost flops 4*n bytes esize*2*n
}

template act.tanh {
  doc "y = tanh(y)"
  types f32, f64
  array y[n] inout
  compute { y[i] = tanh(y[i]) }
  launch tanh_ip
  shim n, y
  backends ref, host
  accuracy exact
  cost flops n bytes esize*2*n
}
