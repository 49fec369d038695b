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
  accuracy reassoc ulp 2*k + 64
  cost flops 2*m*n*k + 2*m*n bytes esize*(m*k + k*n + 2*m*n)
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
  accuracy reassoc ulp 2*k + 64
  cost flops 2*m*n*k bytes esize*(m*k + k*n + m*n)
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
  accuracy reassoc ulp 2*k + 64
  cost flops 2*m*n*k bytes esize*(m*k + k*n + 2*m*n)
}

template blas.gemm_alpha {
  doc "C += alpha * A.B (beta = 1): the CNN-framework gemm_nn loop, C scaled beforehand if at all"
  types f32, f64
  array C[m, n] inout
  array A[m, k] in
  array B[k, n] in
  scalar alpha
  scalar beta = 1
  compute { C[i,j] += alpha * (A[i,k] * B[k,j]) }
  launch gemm
  shim m, n, k, alpha, A, B, beta, C
  backends ref, host, cublas, cublaslt
  accuracy reassoc ulp 2*k + 64
  cost flops 2*m*n*k + m*n bytes esize*(m*k + k*n + 2*m*n)
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
  accuracy reassoc ulp 2*k + 64
  cost flops n*n*k bytes esize*(n*k + 2*n*n)
}

template blas.gemm_zero1 {
  doc "C = 0 then C += A.B (alpha = 1, beta = 0)"
  types f32, f64
  array C[m, n] out
  array A[m, k] in
  array B[k, n] in
  scalar alpha = 1
  scalar beta = 0
  compute {
    C[i,j] = 0
    C[i,j] += A[i,k] * B[k,j]
  }
  launch gemm
  shim m, n, k, alpha, A, B, beta, C
  backends ref, host, cublas, cublaslt
  accuracy reassoc ulp 2*k + 64
  cost flops 2*m*n*k bytes esize*(m*k + k*n + m*n)
}

template blas.syrk_zero1 {
  doc "C = 0 then C += A.A^T (both operands the same buffer; beta = 0)"
  types f32, f64
  array C[n, n] out
  array A[n, k] in
  scalar alpha = 1
  scalar beta = 0
  compute {
    C[i,j] = 0
    C[i,j] += A[i,k] * A[j,k]
  }
  launch syrk
  shim n, k, alpha, A, beta, C
  backends ref, host, cublas
  accuracy reassoc ulp 2*k + 64
  cost flops n*n*k bytes esize*(n*k + n*n)
}

# syrk_t: C = alpha * A^T.A + beta * C with A stored k x n (the A^T.A of CNN code).
# Like syrk, the launch writes all of C: C[i,j] and C[j,i] are the same sum in the
# same order, so a backend may compute one triangle and mirror it.

template blas.syrk_t {
  doc "C = beta * C, then C += alpha * A^T.A"
  types f32, f64
  array C[n, n] inout
  array A[k, n] in
  scalar alpha
  scalar beta
  compute {
    C[i,j] = beta * C[i,j]
    C[i,j] += alpha * (A[p,i] * A[p,j])
  }
  launch syrk_t
  shim n, k, alpha, A, beta, C
  backends ref, host, cublas
  accuracy reassoc ulp 2*k + 64
  cost flops n*n*k + n*n bytes esize*(n*k + 2*n*n)
  attrs trans_a = true
}

template blas.syrk_t_zero1 {
  doc "C = 0 then C += A^T.A (alpha = 1, beta = 0)"
  types f32, f64
  array C[n, n] out
  array A[k, n] in
  scalar alpha = 1
  scalar beta = 0
  compute {
    C[i,j] = 0
    C[i,j] += A[p,i] * A[p,j]
  }
  launch syrk_t
  shim n, k, alpha, A, beta, C
  backends ref, host, cublas
  accuracy reassoc ulp 2*k + 64
  cost flops n*n*k bytes esize*(n*k + n*n)
  attrs trans_a = true
}

template blas.syrk_t_acc {
  doc "C += A^T.A (alpha = beta = 1)"
  types f32, f64
  array C[n, n] inout
  array A[k, n] in
  scalar alpha = 1
  scalar beta = 1
  compute { C[i,j] += A[p,i] * A[p,j] }
  launch syrk_t
  shim n, k, alpha, A, beta, C
  backends ref, host, cublas
  accuracy reassoc ulp 2*k + 64
  cost flops n*n*k bytes esize*(n*k + 2*n*n)
  attrs trans_a = true
}

# Batched gemm over 3-D arrays: one gemm per batch index b, each operand with its own
# batch stride (a strided-batched gemm). gemm_batched_a shares one A across the batch.

template blas.gemm_batched {
  doc "C[b] = beta * C[b], then C[b] += alpha * A[b].B[b]"
  types f32, f64
  array C[nb, m, n] inout
  array A[nb, m, k] in
  array B[nb, k, n] in
  scalar alpha
  scalar beta
  compute {
    C[b,i,j] = beta * C[b,i,j]
    C[b,i,j] += alpha * (A[b,i,k] * B[b,k,j])
  }
  launch gemm_batched
  shim nb, m, n, k, alpha, A, B, beta, C
  backends ref, host, cublas
  accuracy reassoc ulp 2*k + 64
  cost flops 2*nb*m*n*k + 2*nb*m*n bytes esize*nb*(m*k + k*n + 2*m*n)
}

template blas.gemm_batched_zero1 {
  doc "C[b] = 0, then C[b] += A[b].B[b] (alpha = 1, beta = 0)"
  types f32, f64
  array C[nb, m, n] out
  array A[nb, m, k] in
  array B[nb, k, n] in
  scalar alpha = 1
  scalar beta = 0
  compute {
    C[b,i,j] = 0
    C[b,i,j] += A[b,i,k] * B[b,k,j]
  }
  launch gemm_batched
  shim nb, m, n, k, alpha, A, B, beta, C
  backends ref, host, cublas
  accuracy reassoc ulp 2*k + 64
  cost flops 2*nb*m*n*k bytes esize*nb*(m*k + k*n + m*n)
}

template blas.gemm_batched_acc {
  doc "C[b] += A[b].B[b] (alpha = beta = 1)"
  types f32, f64
  array C[nb, m, n] inout
  array A[nb, m, k] in
  array B[nb, k, n] in
  scalar alpha = 1
  scalar beta = 1
  compute { C[b,i,j] += A[b,i,k] * B[b,k,j] }
  launch gemm_batched
  shim nb, m, n, k, alpha, A, B, beta, C
  backends ref, host, cublas
  accuracy reassoc ulp 2*k + 64
  cost flops 2*nb*m*n*k bytes esize*nb*(m*k + k*n + 2*m*n)
}

template blas.gemm_batched_a_zero1 {
  doc "C[b] = 0, then C[b] += A.B[b]: one A shared by every batch (alpha = 1, beta = 0)"
  types f32, f64
  array C[nb, m, n] out
  array A[m, k] in
  array B[nb, k, n] in
  scalar alpha = 1
  scalar beta = 0
  compute {
    C[b,i,j] = 0
    C[b,i,j] += A[i,k] * B[b,k,j]
  }
  launch gemm_batched_a
  shim nb, m, n, k, alpha, A, B, beta, C
  backends ref, host, cublas
  accuracy reassoc ulp 2*k + 64
  cost flops 2*nb*m*n*k bytes esize*(m*k + nb*(k*n + m*n))
}

template blas.gemm_batched_a_acc {
  doc "C[b] += A.B[b]: one A shared by every batch (alpha = beta = 1)"
  types f32, f64
  array C[nb, m, n] inout
  array A[m, k] in
  array B[nb, k, n] in
  scalar alpha = 1
  scalar beta = 1
  compute { C[b,i,j] += A[i,k] * B[b,k,j] }
  launch gemm_batched_a
  shim nb, m, n, k, alpha, A, B, beta, C
  backends ref, host, cublas
  accuracy reassoc ulp 2*k + 64
  cost flops 2*nb*m*n*k bytes esize*(m*k + nb*(k*n + 2*m*n))
}

# gemm with transposed operands: A and B are stored transposed (their shapes say
# how); each combination is its own launch with the gemm shim signature.

template blas.gemm_nt {
  doc "C = alpha * A.B^T + beta * C"
  types f32, f64
  array C[m, n] inout
  array A[m, k] in
  array B[n, k] in
  scalar alpha
  scalar beta
  compute {
    C[i,j] = beta * C[i,j]
    C[i,j] += alpha * (A[i,k] * B[j,k])
  }
  launch gemm_nt
  shim m, n, k, alpha, A, B, beta, C
  backends ref, host, cublas, cublaslt
  accuracy reassoc ulp 2*k + 64
  cost flops 2*m*n*k + 2*m*n bytes esize*(m*k + k*n + 2*m*n)
  attrs trans_b = true
}

template blas.gemm_nt_zero {
  doc "C = 0 then C += alpha * A.B^T (beta = 0)"
  types f32, f64
  array C[m, n] out
  array A[m, k] in
  array B[n, k] in
  scalar alpha
  scalar beta = 0
  compute {
    C[i,j] = 0
    C[i,j] += alpha * (A[i,k] * B[j,k])
  }
  launch gemm_nt
  shim m, n, k, alpha, A, B, beta, C
  backends ref, host, cublas, cublaslt
  accuracy reassoc ulp 2*k + 64
  cost flops 2*m*n*k bytes esize*(m*k + k*n + m*n)
  attrs trans_b = true
}

template blas.gemm_nt_zero1 {
  doc "C = 0 then C += A.B^T (alpha = 1, beta = 0)"
  types f32, f64
  array C[m, n] out
  array A[m, k] in
  array B[n, k] in
  scalar alpha = 1
  scalar beta = 0
  compute {
    C[i,j] = 0
    C[i,j] += A[i,k] * B[j,k]
  }
  launch gemm_nt
  shim m, n, k, alpha, A, B, beta, C
  backends ref, host, cublas, cublaslt
  accuracy reassoc ulp 2*k + 64
  cost flops 2*m*n*k bytes esize*(m*k + k*n + m*n)
  attrs trans_b = true
}

template blas.gemm_nt_acc {
  doc "C += A.B^T (alpha = beta = 1)"
  types f32, f64
  array C[m, n] inout
  array A[m, k] in
  array B[n, k] in
  scalar alpha = 1
  scalar beta = 1
  compute { C[i,j] += A[i,k] * B[j,k] }
  launch gemm_nt
  shim m, n, k, alpha, A, B, beta, C
  backends ref, host, cublas, cublaslt
  accuracy reassoc ulp 2*k + 64
  cost flops 2*m*n*k bytes esize*(m*k + k*n + 2*m*n)
  attrs trans_b = true
}


template blas.gemm_tn {
  doc "C = alpha * A^T.B + beta * C"
  types f32, f64
  array C[m, n] inout
  array A[k, m] in
  array B[k, n] in
  scalar alpha
  scalar beta
  compute {
    C[i,j] = beta * C[i,j]
    C[i,j] += alpha * (A[k,i] * B[k,j])
  }
  launch gemm_tn
  shim m, n, k, alpha, A, B, beta, C
  backends ref, host, cublas, cublaslt
  accuracy reassoc ulp 2*k + 64
  cost flops 2*m*n*k + 2*m*n bytes esize*(m*k + k*n + 2*m*n)
  attrs trans_a = true
}

template blas.gemm_tn_zero {
  doc "C = 0 then C += alpha * A^T.B (beta = 0)"
  types f32, f64
  array C[m, n] out
  array A[k, m] in
  array B[k, n] in
  scalar alpha
  scalar beta = 0
  compute {
    C[i,j] = 0
    C[i,j] += alpha * (A[k,i] * B[k,j])
  }
  launch gemm_tn
  shim m, n, k, alpha, A, B, beta, C
  backends ref, host, cublas, cublaslt
  accuracy reassoc ulp 2*k + 64
  cost flops 2*m*n*k bytes esize*(m*k + k*n + m*n)
  attrs trans_a = true
}

template blas.gemm_tn_zero1 {
  doc "C = 0 then C += A^T.B (alpha = 1, beta = 0)"
  types f32, f64
  array C[m, n] out
  array A[k, m] in
  array B[k, n] in
  scalar alpha = 1
  scalar beta = 0
  compute {
    C[i,j] = 0
    C[i,j] += A[k,i] * B[k,j]
  }
  launch gemm_tn
  shim m, n, k, alpha, A, B, beta, C
  backends ref, host, cublas, cublaslt
  accuracy reassoc ulp 2*k + 64
  cost flops 2*m*n*k bytes esize*(m*k + k*n + m*n)
  attrs trans_a = true
}

template blas.gemm_tn_acc {
  doc "C += A^T.B (alpha = beta = 1)"
  types f32, f64
  array C[m, n] inout
  array A[k, m] in
  array B[k, n] in
  scalar alpha = 1
  scalar beta = 1
  compute { C[i,j] += A[k,i] * B[k,j] }
  launch gemm_tn
  shim m, n, k, alpha, A, B, beta, C
  backends ref, host, cublas, cublaslt
  accuracy reassoc ulp 2*k + 64
  cost flops 2*m*n*k bytes esize*(m*k + k*n + 2*m*n)
  attrs trans_a = true
}


template blas.gemm_tt {
  doc "C = alpha * A^T.B^T + beta * C"
  types f32, f64
  array C[m, n] inout
  array A[k, m] in
  array B[n, k] in
  scalar alpha
  scalar beta
  compute {
    C[i,j] = beta * C[i,j]
    C[i,j] += alpha * (A[k,i] * B[j,k])
  }
  launch gemm_tt
  shim m, n, k, alpha, A, B, beta, C
  backends ref, host, cublas, cublaslt
  accuracy reassoc ulp 2*k + 64
  cost flops 2*m*n*k + 2*m*n bytes esize*(m*k + k*n + 2*m*n)
  attrs trans_a = true, trans_b = true
}

template blas.gemm_tt_zero {
  doc "C = 0 then C += alpha * A^T.B^T (beta = 0)"
  types f32, f64
  array C[m, n] out
  array A[k, m] in
  array B[n, k] in
  scalar alpha
  scalar beta = 0
  compute {
    C[i,j] = 0
    C[i,j] += alpha * (A[k,i] * B[j,k])
  }
  launch gemm_tt
  shim m, n, k, alpha, A, B, beta, C
  backends ref, host, cublas, cublaslt
  accuracy reassoc ulp 2*k + 64
  cost flops 2*m*n*k bytes esize*(m*k + k*n + m*n)
  attrs trans_a = true, trans_b = true
}

template blas.gemm_tt_zero1 {
  doc "C = 0 then C += A^T.B^T (alpha = 1, beta = 0)"
  types f32, f64
  array C[m, n] out
  array A[k, m] in
  array B[n, k] in
  scalar alpha = 1
  scalar beta = 0
  compute {
    C[i,j] = 0
    C[i,j] += A[k,i] * B[j,k]
  }
  launch gemm_tt
  shim m, n, k, alpha, A, B, beta, C
  backends ref, host, cublas, cublaslt
  accuracy reassoc ulp 2*k + 64
  cost flops 2*m*n*k bytes esize*(m*k + k*n + m*n)
  attrs trans_a = true, trans_b = true
}

template blas.gemm_tt_acc {
  doc "C += A^T.B^T (alpha = beta = 1)"
  types f32, f64
  array C[m, n] inout
  array A[k, m] in
  array B[n, k] in
  scalar alpha = 1
  scalar beta = 1
  compute { C[i,j] += A[k,i] * B[j,k] }
  launch gemm_tt
  shim m, n, k, alpha, A, B, beta, C
  backends ref, host, cublas, cublaslt
  accuracy reassoc ulp 2*k + 64
  cost flops 2*m*n*k bytes esize*(m*k + k*n + 2*m*n)
  attrs trans_a = true, trans_b = true
}

template blas.gemm_nt_alpha {
  doc "C += alpha * op(A).op(B) (beta = 1)"
  types f32, f64
  array C[m, n] inout
  array A[m, k] in
  array B[n, k] in
  scalar alpha
  scalar beta = 1
  compute { C[i,j] += alpha * (A[i,k] * B[j,k]) }
  launch gemm_nt
  shim m, n, k, alpha, A, B, beta, C
  backends ref, host, cublas, cublaslt
  accuracy reassoc ulp 2*k + 64
  cost flops 2*m*n*k + m*n bytes esize*(m*k + k*n + 2*m*n)
  attrs trans_b = true
}

template blas.gemm_tn_alpha {
  doc "C += alpha * op(A).op(B) (beta = 1)"
  types f32, f64
  array C[m, n] inout
  array A[k, m] in
  array B[k, n] in
  scalar alpha
  scalar beta = 1
  compute { C[i,j] += alpha * (A[k,i] * B[k,j]) }
  launch gemm_tn
  shim m, n, k, alpha, A, B, beta, C
  backends ref, host, cublas, cublaslt
  accuracy reassoc ulp 2*k + 64
  cost flops 2*m*n*k + m*n bytes esize*(m*k + k*n + 2*m*n)
  attrs trans_a = true
}

template blas.gemm_tt_alpha {
  doc "C += alpha * op(A).op(B) (beta = 1)"
  types f32, f64
  array C[m, n] inout
  array A[k, m] in
  array B[n, k] in
  scalar alpha
  scalar beta = 1
  compute { C[i,j] += alpha * (A[k,i] * B[j,k]) }
  launch gemm_tt
  shim m, n, k, alpha, A, B, beta, C
  backends ref, host, cublas, cublaslt
  accuracy reassoc ulp 2*k + 64
  cost flops 2*m*n*k + m*n bytes esize*(m*k + k*n + 2*m*n)
  attrs trans_a = true, trans_b = true
}

# Triangular updates. The loops of a symmetric update often touch one triangle of C
# only (`for j <= i`); raising states that triangle as a mask, and `where` says it here.
# Outside the triangle C is left as it was, as CBLAS ?syrk and ?syr2k leave it.

template blas.syrk_lower {
  doc "lower triangle (j <= i): C = beta * C, then C += alpha * A.A^T"
  types f32, f64
  array C[n, n] inout
  array A[n, k] in
  scalar alpha
  scalar beta
  compute {
    C[i,j] = beta * C[i,j] where j <= i
    C[i,j] += alpha * A[i,k] * A[j,k] where j <= i
  }
  launch syrk_lower
  shim n, k, alpha, A, beta, C
  backends ref, host
  accuracy reassoc ulp 2*k + 64
  cost flops n*n*k + n*n bytes esize*(n*k + n*n)
}

template blas.syr2k_lower {
  doc "lower triangle (j <= i): C = beta * C, then C += alpha * (A.B^T + B.A^T)"
  types f32, f64
  array C[n, n] inout
  array A[n, k] in
  array B[n, k] in
  scalar alpha
  scalar beta
  compute {
    C[i,j] = beta * C[i,j] where j <= i
    C[i,j] += A[j,k] * alpha * B[i,k] + B[j,k] * alpha * A[i,k] where j <= i
  }
  launch syr2k_lower
  shim n, k, alpha, A, B, beta, C
  backends ref, host
  accuracy reassoc ulp 4*k + 64
  cost flops 2*n*n*k + n*n bytes esize*(2*n*k + n*n)
}

# Triangular matrix times matrix, into a separate output: C = alpha * A.B where only one
# triangle of A is read (k >= i: A upper triangular; k <= i: lower). The loops that
# compute it sum over `for k = i; k < m` (or `k <= i`), which raising states as a mask on
# the reduction. CBLAS ?trmm overwrites its B in place, so the host shim copies B into C
# first. The in-place form (B = A.B on one buffer) reads rows the loop has not written
# yet and does not raise.

template blas.trmm_upper {
  doc "C = 0, then C += alpha * A.B over k >= i (A upper triangular)"
  types f32, f64
  array C[m, n] out
  array A[m, m] in
  array B[m, n] in
  scalar alpha
  compute {
    C[i,j] = 0
    C[i,j] += alpha * A[i,k] * B[k,j] where k >= i
  }
  launch trmm_upper
  shim m, n, alpha, A, B, C
  backends ref, host
  accuracy reassoc ulp 2*m + 64
  cost flops m*m*n bytes esize*(m*m + 2*m*n)
}

template blas.trmm_upper1 {
  doc "C = 0, then C += A.B over k >= i (A upper triangular, alpha = 1)"
  types f32, f64
  array C[m, n] out
  array A[m, m] in
  array B[m, n] in
  scalar alpha = 1
  compute {
    C[i,j] = 0
    C[i,j] += A[i,k] * B[k,j] where k >= i
  }
  launch trmm_upper
  shim m, n, alpha, A, B, C
  backends ref, host
  accuracy reassoc ulp 2*m + 64
  cost flops m*m*n bytes esize*(m*m + 2*m*n)
}

template blas.trmm_lower {
  doc "C = 0, then C += alpha * A.B over k <= i (A lower triangular)"
  types f32, f64
  array C[m, n] out
  array A[m, m] in
  array B[m, n] in
  scalar alpha
  compute {
    C[i,j] = 0
    C[i,j] += alpha * A[i,k] * B[k,j] where k <= i
  }
  launch trmm_lower
  shim m, n, alpha, A, B, C
  backends ref, host
  accuracy reassoc ulp 2*m + 64
  cost flops m*m*n bytes esize*(m*m + 2*m*n)
}

template blas.trmm_lower1 {
  doc "C = 0, then C += A.B over k <= i (A lower triangular, alpha = 1)"
  types f32, f64
  array C[m, n] out
  array A[m, m] in
  array B[m, n] in
  scalar alpha = 1
  compute {
    C[i,j] = 0
    C[i,j] += A[i,k] * B[k,j] where k <= i
  }
  launch trmm_lower
  shim m, n, alpha, A, B, C
  backends ref, host
  accuracy reassoc ulp 2*m + 64
  cost flops m*m*n bytes esize*(m*m + 2*m*n)
}

# Symmetric matrix times matrix: C = alpha * A.B + beta * C with A symmetric, stored in
# its lower triangle only. Row i of A is read as A[i,k] up to the diagonal and as the
# mirrored A[k,i] beyond it, so the sum over k is two masked steps, in that order. Each
# launch reads only the lower triangle of A (diagonal included).

template blas.symm_lower {
  doc "C = beta * C, then C += alpha * A.B over k <= i from A[i,k], then over k > i from A[k,i]"
  types f32, f64
  array C[m, n] inout
  array A[m, m] in
  array B[m, n] in
  scalar alpha
  scalar beta
  compute {
    C[i,j] = beta * C[i,j]
    C[i,j] += alpha * A[i,k] * B[k,j] where k <= i
    C[i,j] += alpha * A[k,i] * B[k,j] where k > i
  }
  launch symm_lower
  shim m, n, alpha, A, B, beta, C
  backends ref, host
  accuracy reassoc ulp 2*m + 64
  cost flops 2*m*m*n + 2*m*n bytes esize*(m*m + 3*m*n)
}

# The same product as C writes it row by row, A read only at and below the diagonal: row
# i of B adds its contribution alpha * B[i,j] * A[i,k] to the rows k above it (A[k,i] =
# A[i,k]), and row i of C is finished from its own terms: beta * C, the diagonal, then the
# sum over the rows above it (t). A loop program: each row reads what the rows before it
# wrote. Every element of C is a sum of m + 1 products (beta * C included), taken in
# another order by a library's ?symm.

template blas.symm_lower_rows {
  doc "C = alpha * A.B + beta * C, A symmetric in its lower triangle, row by row"
  types f32, f64
  array C[m, n] inout
  array A[m, m] in
  array B[m, n] in
  scalar alpha
  scalar beta
  local t
  compute {
    for i < m {
      for j < n {
        t = 0
        for k < i {
          C[k,j] += alpha * B[i,j] * A[i,k]
          t += B[k,j] * A[i,k]
        }
        C[i,j] = beta * C[i,j] + alpha * B[i,j] * A[i,i] + alpha * t
      }
    }
  }
  launch symm_lower_rows
  shim m, n, alpha, A, B, beta, C
  backends ref, host, cublas
  accuracy reassoc ulp 2*m + 64
  cost flops 2*m*m*n + 3*m*n bytes esize*(m*m/2 + 3*m*n)
}

# The upper triangle of A^T.A from zero (the covariance of centred data): C[i,j] for
# j >= i, the lower triangle left alone. Each element is a sum of k products; a library
# ?syrk sums them in another order, which can cancel: the launch audit holds it to the
# bound in ULP of the sum of |terms| (audit_runtime.h), not of the result.

template blas.syrk_t_upper {
  doc "upper triangle (j >= i): C = 0, then C += A^T.A"
  types f32, f64
  array C[n, n] out
  array A[k, n] in
  compute {
    C[i,j] = 0 where j >= i
    C[i,j] += A[p,i] * A[p,j] where j >= i
  }
  launch syrk_t_upper
  shim n, k, A, C
  backends ref, host, cublas
  accuracy reassoc ulp 2*k + 64
  cost flops n*n*k bytes esize*(n*k + n*n/2)
}
