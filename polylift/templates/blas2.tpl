# BLAS level 2: matrix-vector products.

template blas.gemv_acc {
  doc "y += alpha * A.x"
  types f32, f64
  array y[m] inout
  array A[m, n] in
  array x[n] in
  scalar alpha
  compute { y[i] += alpha * (A[i,j] * x[j]) }
  launch gemv_acc
  shim m, n, alpha, A, x, y
  backends ref, host, cublas
  accuracy reassoc ulp 32
  cost flops 3*m*n bytes 8*(m*n + n + 2*m)
}

template blas.gemv_t_acc {
  doc "y += alpha * A^T.x"
  types f32, f64
  array y[n] inout
  array A[m, n] in
  array x[m] in
  scalar alpha
  compute { y[j] += alpha * (A[i,j] * x[i]) }
  launch gemv_t_acc
  shim m, n, alpha, A, x, y
  backends ref, host, cublas
  accuracy reassoc ulp 32
  cost flops 3*m*n bytes 8*(m*n + m + 2*n)
  attrs trans_a = true
}
