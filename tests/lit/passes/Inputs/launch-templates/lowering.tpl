# Templates for the launch-lowering lit tests: backends no built-in template declares.

template test.negate {
  doc "y = -x, implemented by the ref shims only"
  types f32, f64
  array y[n] out
  array x[n] in
  compute { y[i] = -x[i] }
  launch negate
  shim n, x, y
  backends ref
  accuracy exact
  cost flops n bytes 2*n
}

template test.scale2d {
  doc "B = alpha * A (an image-style operator: cuDNN, PVA and ref)"
  types f32, f64
  array B[h, w] out
  array A[h, w] in
  scalar alpha
  compute { B[i,j] = alpha * A[i,j] }
  launch scale2d
  shim h, w, alpha, A, B
  backends ref, cudnn, pva
  accuracy exact
  cost flops h*w bytes 8*h*w
}
