# A planted fault for the harness tests: this template matches C += A.B^T but declares
# the plain gemm launch, whose shims compute C += A.B. The harness must report a DIFF.
# (Its long index names rank it before the correct blas.gemm_nt_acc, which ties with it.)
template planted.gemm_bt_as_nn {
  doc "C += A.B^T, wrongly lowered as the plain gemm launch"
  types f64
  array C[m, n] inout
  array A[m, k] in
  array B[n, k] in
  scalar alpha = 1
  scalar beta = 1
  compute { C[row,col] += A[row,red] * B[col,red] }
  launch gemm
  shim m, n, k, alpha, A, B, beta, C
  backends ref, host
  accuracy reassoc ulp 64
  cost flops 2*m*n*k bytes 8*(m*k + k*n + 2*m*n)
}
