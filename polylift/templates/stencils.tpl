# Stencils: taps are offsets of one array; the arrays' launch views start at the
# centre tap of the first point, so halo reads fall before and after the view.

template stencil.jacobi1d {
  doc "B[i] = c * (A[i-1] + A[i] + A[i+1])"
  types f32, f64
  array B[n] out
  array A[n] in
  scalar c
  compute { B[i] = c * (A[i-1] + A[i] + A[i+1]) }
  launch jacobi1d
  shim n, c, A, B
  backends ref, host
  accuracy exact
  cost flops 3*n bytes 2*n
}
