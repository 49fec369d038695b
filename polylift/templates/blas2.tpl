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
  accuracy reassoc ulp 2*n + 32
  cost flops 3*m*n bytes esize*(m*n + n + 2*m)
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
  accuracy reassoc ulp 2*m + 32
  cost flops 3*m*n bytes esize*(m*n + m + 2*n)
  attrs trans_a = true
}

template blas.gemv_acc1 {
  doc "y += A.x (alpha = 1)"
  types f32, f64
  array y[m] inout
  array A[m, n] in
  array x[n] in
  scalar alpha = 1
  compute { y[i] += A[i,j] * x[j] }
  launch gemv_acc
  shim m, n, alpha, A, x, y
  backends ref, host, cublas
  accuracy reassoc ulp 2*n + 32
  cost flops 2*m*n bytes esize*(m*n + n + 2*m)
}

template blas.gemv_t_acc1 {
  doc "y += A^T.x (alpha = 1)"
  types f32, f64
  array y[n] inout
  array A[m, n] in
  array x[m] in
  scalar alpha = 1
  compute { y[j] += A[i,j] * x[i] }
  launch gemv_t_acc
  shim m, n, alpha, A, x, y
  backends ref, host, cublas
  accuracy reassoc ulp 2*m + 32
  cost flops 2*m*n bytes esize*(m*n + m + 2*n)
  attrs trans_a = true
}

# gemv and gemv_t: the full BLAS forms, y = alpha * op(A).x + beta * y. A zero fill
# followed by the accumulation is beta = 0 (the shim then does not read y).

template blas.gemv {
  doc "y = beta * y, then y += alpha * A.x"
  types f32, f64
  array y[m] inout
  array A[m, n] in
  array x[n] in
  scalar alpha
  scalar beta
  compute {
    y[i] = beta * y[i]
    y[i] += alpha * (A[i,j] * x[j])
  }
  launch gemv
  shim m, n, alpha, A, x, beta, y
  backends ref, host, cublas
  accuracy reassoc ulp 2*n + 32
  cost flops 2*m*n + 2*m bytes esize*(m*n + n + 2*m)
}

template blas.gemv_zero {
  doc "y = 0, then y += alpha * A.x (beta = 0)"
  types f32, f64
  array y[m] out
  array A[m, n] in
  array x[n] in
  scalar alpha
  scalar beta = 0
  compute {
    y[i] = 0
    y[i] += alpha * (A[i,j] * x[j])
  }
  launch gemv
  shim m, n, alpha, A, x, beta, y
  backends ref, host, cublas
  accuracy reassoc ulp 2*n + 32
  cost flops 2*m*n bytes esize*(m*n + n + m)
}

template blas.gemv_zero1 {
  doc "y = 0, then y += A.x (alpha = 1, beta = 0)"
  types f32, f64
  array y[m] out
  array A[m, n] in
  array x[n] in
  scalar alpha = 1
  scalar beta = 0
  compute {
    y[i] = 0
    y[i] += A[i,j] * x[j]
  }
  launch gemv
  shim m, n, alpha, A, x, beta, y
  backends ref, host, cublas
  accuracy reassoc ulp 2*n + 32
  cost flops 2*m*n bytes esize*(m*n + n + m)
}

template blas.gemv_t {
  doc "y = beta * y, then y += alpha * A^T.x"
  types f32, f64
  array y[n] inout
  array A[m, n] in
  array x[m] in
  scalar alpha
  scalar beta
  compute {
    y[j] = beta * y[j]
    y[j] += alpha * (A[i,j] * x[i])
  }
  launch gemv_t
  shim m, n, alpha, A, x, beta, y
  backends ref, host, cublas
  accuracy reassoc ulp 2*m + 32
  cost flops 2*m*n + 2*n bytes esize*(m*n + m + 2*n)
  attrs trans_a = true
}

template blas.gemv_t_zero {
  doc "y = 0, then y += alpha * A^T.x (beta = 0)"
  types f32, f64
  array y[n] out
  array A[m, n] in
  array x[m] in
  scalar alpha
  scalar beta = 0
  compute {
    y[j] = 0
    y[j] += alpha * (A[i,j] * x[i])
  }
  launch gemv_t
  shim m, n, alpha, A, x, beta, y
  backends ref, host, cublas
  accuracy reassoc ulp 2*m + 32
  cost flops 2*m*n bytes esize*(m*n + m + n)
  attrs trans_a = true
}

template blas.gemv_t_zero1 {
  doc "y = 0, then y += A^T.x (alpha = 1, beta = 0)"
  types f32, f64
  array y[n] out
  array A[m, n] in
  array x[m] in
  scalar alpha = 1
  scalar beta = 0
  compute {
    y[j] = 0
    y[j] += A[i,j] * x[i]
  }
  launch gemv_t
  shim m, n, alpha, A, x, beta, y
  backends ref, host, cublas
  accuracy reassoc ulp 2*m + 32
  cost flops 2*m*n bytes esize*(m*n + m + n)
  attrs trans_a = true
}

# Rank-1 and rank-2 updates. A library may contract a multiply-add into one rounding,
# hence the small bound; `ref` follows the written order exactly.

template blas.ger {
  doc "A += alpha * x.y^T"
  types f32, f64
  array A[m, n] inout
  array x[m] in
  array y[n] in
  scalar alpha
  compute { A[i,j] = A[i,j] + alpha * x[i] * y[j] }
  launch ger
  shim m, n, alpha, x, y, A
  backends ref, host, cublas
  accuracy reassoc ulp 2
  cost flops 3*m*n bytes esize*(2*m*n + m + n)
}

template blas.ger1 {
  doc "A += x.y^T (alpha = 1)"
  types f32, f64
  array A[m, n] inout
  array x[m] in
  array y[n] in
  scalar alpha = 1
  compute { A[i,j] = A[i,j] + x[i] * y[j] }
  launch ger
  shim m, n, alpha, x, y, A
  backends ref, host, cublas
  accuracy reassoc ulp 2
  cost flops 2*m*n bytes esize*(2*m*n + m + n)
}

template blas.ger2 {
  doc "A += u1.v1^T + u2.v2^T (the rank-2 update of gemver)"
  types f32, f64
  array A[m, n] inout
  array u1[m] in
  array v1[n] in
  array u2[m] in
  array v2[n] in
  compute { A[i,j] = A[i,j] + u1[i] * v1[j] + u2[i] * v2[j] }
  launch ger2
  shim m, n, u1, v1, u2, v2, A
  backends ref, host, cublas
  accuracy reassoc ulp 2
  cost flops 4*m*n bytes esize*(2*m*n + 2*m + 2*n)
}
