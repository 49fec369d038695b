# BLAS level 1: vectors (and the element-wise 2-D forms of copy, fill and scal).
#
# Semantics: each step runs over all index points; an index absent from the left side
# is summed in increasing order into the target ('+='). The right side, as written,
# is the canonical evaluation order that the `ref` backend follows.

template blas.copy {
  doc "y = x"
  types f32, f64
  array y[n] out
  array x[n] in
  compute { y[i] = x[i] }
  launch copy
  shim n, x, y
  backends ref, host, cublas
  accuracy exact
  cost flops 0 bytes esize*2*n
}

template blas.copy2d {
  doc "B = A (matrices)"
  types f32, f64
  array B[m, n] out
  array A[m, n] in
  compute { B[i,j] = A[i,j] }
  launch copy2d
  shim m, n, A, B
  backends ref, host, cublas
  accuracy exact
  cost flops 0 bytes esize*2*m*n
}

template blas.fill {
  doc "x = alpha"
  types f32, f64
  array x[n] out
  scalar alpha
  compute { x[i] = alpha }
  launch fill
  shim n, alpha, x
  backends ref, host, cublas, cudnn
  accuracy exact
  cost flops 0 bytes esize*n
}

template blas.fill2d {
  doc "A = alpha (a zero-fill binds alpha to the constant 0)"
  types f32, f64
  array A[m, n] out
  scalar alpha
  compute { A[i,j] = alpha }
  launch fill2d
  shim m, n, alpha, A
  backends ref, host, cublas, cudnn
  accuracy exact
  cost flops 0 bytes esize*m*n
}

template blas.scal {
  doc "x = alpha * x"
  types f32, f64
  array x[n] inout
  scalar alpha
  compute { x[i] = alpha * x[i] }
  launch scal
  shim n, alpha, x
  backends ref, host, cublas, cudnn
  accuracy exact
  cost flops n bytes esize*2*n
}

template blas.scal2d {
  doc "A = alpha * A"
  types f32, f64
  array A[m, n] inout
  scalar alpha
  compute { A[i,j] = alpha * A[i,j] }
  launch scal2d
  shim m, n, alpha, A
  backends ref, host, cublas, cudnn
  accuracy exact
  cost flops m*n bytes esize*2*m*n
}

template blas.axpy {
  doc "y = alpha * x + y"
  types f32, f64
  array y[n] inout
  array x[n] in
  scalar alpha
  compute { y[i] = y[i] + alpha * x[i] }
  launch axpy
  shim n, alpha, x, y
  backends ref, host, cublas
  accuracy exact
  cost flops 2*n bytes esize*3*n
}

template blas.axpy2d {
  doc "B = B + alpha * A (matrices)"
  types f32, f64
  array B[m, n] inout
  array A[m, n] in
  scalar alpha
  compute { B[i,j] = B[i,j] + alpha * A[i,j] }
  launch axpy2d
  shim m, n, alpha, A, B
  backends ref, host
  accuracy exact
  cost flops 2*m*n bytes esize*3*m*n
}

template blas.axpy2d1 {
  doc "B = B + A (axpy2d with alpha = 1): a matrix added into another"
  types f32, f64
  array B[m, n] inout
  array A[m, n] in
  scalar alpha = 1
  compute { B[i,j] = B[i,j] + A[i,j] }
  launch axpy2d
  shim m, n, alpha, A, B
  backends ref, host
  accuracy exact
  cost flops m*n bytes esize*3*m*n
}

template blas.axpby {
  doc "y = alpha * x + beta * y"
  types f32, f64
  array y[n] inout
  array x[n] in
  scalar alpha
  scalar beta
  compute { y[i] = alpha * x[i] + beta * y[i] }
  launch axpby
  shim n, alpha, x, beta, y
  backends ref, host, cublas
  accuracy exact
  cost flops 3*n bytes esize*3*n
}

template blas.dot {
  doc "r += x . y (r is a one-element array)"
  types f32, f64
  array r[] inout
  array x[n] in
  array y[n] in
  compute { r[] += x[i] * y[i] }
  launch dot
  shim n, x, y, r
  backends ref, host, cublas
  accuracy reassoc ulp 2*n + 16
  cost flops 2*n bytes esize*2*n
}

template blas.axpy1 {
  doc "y = y + x (axpy with alpha = 1)"
  types f32, f64
  array y[n] inout
  array x[n] in
  scalar alpha = 1
  compute { y[i] = y[i] + x[i] }
  launch axpy
  shim n, alpha, x, y
  backends ref, host, cublas
  accuracy exact
  cost flops n bytes esize*3*n
}
