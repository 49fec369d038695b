# Factorizations and triangular solves, stated as the loop programs C writes for them
# (`compute { for ... }`): every step of these algorithms reads what the steps before it
# wrote, so no step in index notation states them. The matcher proves that a loop nest
# runs the program (matcher/program/), and each launch's `ref` shim runs it in the same
# order, so `ref` is bit-exact with the source.
#
# Accuracy. A library routine computes these in its own order (blocked, with products of
# blocks), and the result moves with the conditioning of the matrix: two backward-stable
# solutions of an ill-conditioned system may differ in every digit, so no bound on the
# elements in terms of the sizes alone holds. What holds is a backward error: the
# computed result is the exact result of data perturbed componentwise, relative to the
# magnitudes of the products it is made of (Higham, Accuracy and Stability of Numerical
# Algorithms, 2nd ed.: Thm 8.5 for triangular solves, Thm 9.3 for LU, Thm 10.3 for
# Cholesky):
#
#   solve:     |b - T.x|     <= g(n) |T|.|x|      (elementwise; T's diagonal 1 when unit)
#   LU:        |A - L.U|     <= g(n) |L|.|U|      (L unit lower, U upper, as stored in A)
#   Cholesky:  |A - L.L^T|   <= g(n) |L|.|L^T|    (the lower triangle)
#
# with g(n) = n u / (1 - n u) for any order of the sums, u the unit roundoff. A backend
# that multiplies by a reciprocal of the diagonal rounds once more per element, and the
# residual is computed in a wider type than the data (long double), so its own error is
# a small fraction of u per term. `accuracy backward 2*n + 8` states twice the theorem's
# constant plus those roundings, in units of u: the launch audit (harness/comparison/audit.py)
# holds every backend call to it, measuring with `polylift_backward_<launch>_<type>`
# (the shim family's `backward` macro), and a result that is bit for bit the ref's
# passes without it.
#
# Exact inputs (`polylift check --inputs exact`): the harness builds matrices from small
# integer factors with power-of-two diagonals (harness/facts/exact_factors.py), so every
# partial sum, quotient and root of any order is representable, and every backend must
# be bit-exact.

# Triangular solves with a right-hand side b that is kept: x = T^-1 b. C writes the lower
# ones forward and the upper ones backward (`for (i = n - 1; i >= 0; i--)`, `reversed`).

template lapack.trsv_lower {
  doc "x = L^-1 b, L lower triangular (diagonal included), b kept"
  types f32, f64
  array L[n, n] in
  array b[n] in
  array x[n] out
  compute {
    for i < n {
      x[i] = b[i]
      for j < i { x[i] -= L[i,j] * x[j] }
      x[i] = x[i] / L[i,i]
    }
  }
  launch trsv_lower
  shim n, L, b, x
  backends ref, host, cublas
  accuracy backward 2*n + 8
  cost flops n*n bytes esize*(n*n/2 + 2*n)
}

template lapack.trsv_lower_unit {
  doc "x = L^-1 b, L unit lower triangular (its diagonal is not read), b kept"
  types f32, f64
  array L[n, n] in
  array b[n] in
  array x[n] out
  compute {
    for i < n {
      x[i] = b[i]
      for j < i { x[i] -= L[i,j] * x[j] }
    }
  }
  launch trsv_lower_unit
  shim n, L, b, x
  backends ref, host, cublas
  accuracy backward 2*n + 8
  cost flops n*n bytes esize*(n*n/2 + 2*n)
}

template lapack.trsv_upper {
  doc "x = U^-1 b, U upper triangular (diagonal included), b kept"
  types f32, f64
  array U[n, n] in
  array b[n] in
  array x[n] out
  compute {
    for i < n reversed {
      x[i] = b[i]
      for i+1 <= j < n { x[i] -= U[i,j] * x[j] }
      x[i] = x[i] / U[i,i]
    }
  }
  launch trsv_upper
  shim n, U, b, x
  backends ref, host, cublas
  accuracy backward 2*n + 8
  cost flops n*n bytes esize*(n*n/2 + 2*n)
}

template lapack.trsv_upper_unit {
  doc "x = U^-1 b, U unit upper triangular (its diagonal is not read), b kept"
  types f32, f64
  array U[n, n] in
  array b[n] in
  array x[n] out
  compute {
    for i < n reversed {
      x[i] = b[i]
      for i+1 <= j < n { x[i] -= U[i,j] * x[j] }
    }
  }
  launch trsv_upper_unit
  shim n, U, b, x
  backends ref, host, cublas
  accuracy backward 2*n + 8
  cost flops n*n bytes esize*(n*n/2 + 2*n)
}

# The same solves in place (BLAS ?trsv): x = T^-1 x.

template lapack.trsv_lower_inplace {
  doc "x = L^-1 x in place, L lower triangular (diagonal included)"
  types f32, f64
  array L[n, n] in
  array x[n] inout
  compute {
    for i < n {
      for j < i { x[i] -= L[i,j] * x[j] }
      x[i] = x[i] / L[i,i]
    }
  }
  launch trsv_lower_inplace
  shim n, L, x
  backends ref, host, cublas
  accuracy backward 2*n + 8
  cost flops n*n bytes esize*(n*n/2 + 2*n)
}

template lapack.trsv_lower_unit_inplace {
  doc "x = L^-1 x in place, L unit lower triangular (its diagonal is not read)"
  types f32, f64
  array L[n, n] in
  array x[n] inout
  compute {
    for i < n {
      for j < i { x[i] -= L[i,j] * x[j] }
    }
  }
  launch trsv_lower_unit_inplace
  shim n, L, x
  backends ref, host, cublas
  accuracy backward 2*n + 8
  cost flops n*n bytes esize*(n*n/2 + 2*n)
}

template lapack.trsv_upper_inplace {
  doc "x = U^-1 x in place, U upper triangular (diagonal included)"
  types f32, f64
  array U[n, n] in
  array x[n] inout
  compute {
    for i < n reversed {
      for i+1 <= j < n { x[i] -= U[i,j] * x[j] }
      x[i] = x[i] / U[i,i]
    }
  }
  launch trsv_upper_inplace
  shim n, U, x
  backends ref, host, cublas
  accuracy backward 2*n + 8
  cost flops n*n bytes esize*(n*n/2 + 2*n)
}

template lapack.trsv_upper_unit_inplace {
  doc "x = U^-1 x in place, U unit upper triangular (its diagonal is not read)"
  types f32, f64
  array U[n, n] in
  array x[n] inout
  compute {
    for i < n reversed {
      for i+1 <= j < n { x[i] -= U[i,j] * x[j] }
    }
  }
  launch trsv_upper_unit_inplace
  shim n, U, x
  backends ref, host, cublas
  accuracy backward 2*n + 8
  cost flops n*n bytes esize*(n*n/2 + 2*n)
}

# Cholesky factorization in place, lower: A = L.L^T, L written over the lower triangle
# of A (diagonal included), row by row; the strict upper triangle is neither read nor
# written (LAPACK ?potrf, uplo 'L' in row-major terms).

template lapack.potrf_lower {
  doc "A = L.L^T in place: L over the lower triangle of A; the upper one is left alone"
  types f32, f64
  array A[n, n] inout
  compute {
    for i < n {
      for j < i {
        for k < j { A[i,j] -= A[i,k] * A[j,k] }
        A[i,j] = A[i,j] / A[j,j]
      }
      for k < i { A[i,i] -= A[i,k] * A[i,k] }
      A[i,i] = sqrt(A[i,i])
    }
  }
  launch potrf_lower
  shim n, A
  backends ref, host, cusolver
  accuracy backward 2*n + 8
  cost flops n*n*n/3 bytes esize*n*n
}

# LU factorization in place without pivoting (Doolittle, row by row): A = L.U with L
# unit lower (below the diagonal of A) and U upper (the diagonal and above). LAPACK's
# ?getrf always pivots; the host shim is blocked on ?trsm and ?gemm instead.

template lapack.getrf_nopivot {
  doc "A = L.U in place without pivoting: L unit lower below the diagonal, U upper"
  types f32, f64
  array A[n, n] inout
  compute {
    for i < n {
      for j < i {
        for k < j { A[i,j] -= A[i,k] * A[k,j] }
        A[i,j] = A[i,j] / A[j,j]
      }
      for i <= j < n {
        for k < i { A[i,j] -= A[i,k] * A[k,j] }
      }
    }
  }
  launch getrf_nopivot
  shim n, A
  backends ref, host, cusolver
  accuracy backward 2*n + 8
  cost flops 2*n*n*n/3 bytes esize*n*n
}
