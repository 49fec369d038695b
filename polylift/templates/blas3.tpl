# BLAS level 3: matrix products. Transposed operands are separate launches (gemm_tn,
# ...) so that every launch has one shim signature and one meaning.

template blas.gemm {
  doc "C = alpha * A.B + beta * C"
  types f32, f64
  array C[m, n] inout
  array A[m, k] in
  array B[k, n] in
  scalar alpha
  scalar beta
  compute {
    C[i,j] = beta * C[i,j]
    C[i,j] += alpha * (A[i,k] * B[k,j])
  }
  launch gemm
  shim m, n, k, alpha, A, B, beta, C
  backends ref, host, cublas, cublaslt
  accuracy reassoc ulp 64
  cost flops 2*m*n*k + 2*m*n bytes 8*(m*k + k*n + 2*m*n)
}

template blas.gemm_zero {
  doc "C = 0 then C += alpha * A.B: the fill is beta = 0, no separate fill"
  types f32, f64
  array C[m, n] out
  array A[m, k] in
  array B[k, n] in
  scalar alpha
  scalar beta = 0
  compute {
    C[i,j] = 0
    C[i,j] += alpha * (A[i,k] * B[k,j])
  }
  launch gemm
  shim m, n, k, alpha, A, B, beta, C
  backends ref, host, cublas, cublaslt
  accuracy reassoc ulp 64
  cost flops 2*m*n*k bytes 8*(m*k + k*n + m*n)
}

template blas.gemm_acc {
  doc "C += A.B (alpha = beta = 1)"
  types f32, f64
  array C[m, n] inout
  array A[m, k] in
  array B[k, n] in
  scalar alpha = 1
  scalar beta = 1
  compute { C[i,j] += A[i,k] * B[k,j] }
  launch gemm
  shim m, n, k, alpha, A, B, beta, C
  backends ref, host, cublas, cublaslt
  accuracy reassoc ulp 64
  cost flops 2*m*n*k bytes 8*(m*k + k*n + 2*m*n)
}

template blas.syrk_acc {
  doc "C += A.A^T with both operands the same buffer"
  types f32, f64
  array C[n, n] inout
  array A[n, k] in
  scalar alpha = 1
  scalar beta = 1
  compute { C[i,j] += A[i,k] * A[j,k] }
  launch syrk
  shim n, k, alpha, A, beta, C
  backends ref, host, cublas
  accuracy reassoc ulp 64
  cost flops n*n*k bytes 8*(n*k + 2*n*n)
}
