# npp: no floating-point stencil here has one (NPP sums in its own order).
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
  cost flops 3*n bytes esize*2*n
}

template stencil.jacobi2d {
  doc "B = c * (A[i,j] + A[i,j-1] + A[i,j+1] + A[i+1,j] + A[i-1,j]), summed in that order"
  types f32, f64
  array B[m, n] out
  array A[m, n] in
  scalar c
  compute { B[i,j] = c * (A[i,j] + A[i,j-1] + A[i,j+1] + A[i+1,j] + A[i-1,j]) }
  launch jacobi2d
  shim m, n, c, A, B
  backends ref, host
  accuracy exact
  cost flops 5*m*n bytes esize*2*m*n
}

template stencil.heat3d {
  doc "B = A + c * (second difference of A along each axis), PolyBench's heat-3d order"
  types f32, f64
  array B[l, m, n] out
  array A[l, m, n] in
  scalar c
  compute {
    B[i,j,k] = c * (A[i+1,j,k] - 2 * A[i,j,k] + A[i-1,j,k])
             + c * (A[i,j+1,k] - 2 * A[i,j,k] + A[i,j-1,k])
             + c * (A[i,j,k+1] - 2 * A[i,j,k] + A[i,j,k-1])
             + A[i,j,k]
  }
  launch heat3d
  shim l, m, n, c, A, B
  backends ref, host
  accuracy exact
  cost flops 13*l*m*n bytes esize*2*l*m*n
}

# fdtd-2d: the three field updates of one time step, each its own launch.

template stencil.fdtd2d_ey {
  doc "ey = ey - c * (hz[i,j] - hz[i-1,j])"
  types f32, f64
  array ey[m, n] inout
  array hz[m, n] in
  scalar c
  compute { ey[i,j] = ey[i,j] - c * (hz[i,j] - hz[i-1,j]) }
  launch fdtd2d_ey
  shim m, n, c, hz, ey
  backends ref, host
  accuracy exact
  cost flops 3*m*n bytes esize*3*m*n
}

template stencil.fdtd2d_ex {
  doc "ex = ex - c * (hz[i,j] - hz[i,j-1])"
  types f32, f64
  array ex[m, n] inout
  array hz[m, n] in
  scalar c
  compute { ex[i,j] = ex[i,j] - c * (hz[i,j] - hz[i,j-1]) }
  launch fdtd2d_ex
  shim m, n, c, hz, ex
  backends ref, host
  accuracy exact
  cost flops 3*m*n bytes esize*3*m*n
}

template stencil.fdtd2d_hz {
  doc "hz = hz - c * (ex[i,j+1] - ex[i,j] + ey[i+1,j] - ey[i,j])"
  types f32, f64
  array hz[m, n] inout
  array ex[m, n] in
  array ey[m, n] in
  scalar c
  compute { hz[i,j] = hz[i,j] - c * (ex[i,j+1] - ex[i,j] + ey[i+1,j] - ey[i,j]) }
  launch fdtd2d_hz
  shim m, n, c, ex, ey, hz
  backends ref, host
  accuracy exact
  cost flops 5*m*n bytes esize*m*n
}

# 3x3 convolutions: nine taps with their own coefficients, summed row by row.

# npp: none; NPP's 32f filters sum in their own order (and take no f64), so not bit-exact.
template stencil.conv3x3 {
  doc "B = sum of c_rs * A[i+r-2, j+s-2] over the 3x3 window"
  types f32, f64
  array B[m, n] out
  array A[m, n] in
  scalar c11, c12, c13, c21, c22, c23, c31, c32, c33
  compute {
    B[i,j] = c11 * A[i-1,j-1] + c12 * A[i-1,j] + c13 * A[i-1,j+1]
           + c21 * A[i,j-1] + c22 * A[i,j] + c23 * A[i,j+1]
           + c31 * A[i+1,j-1] + c32 * A[i+1,j] + c33 * A[i+1,j+1]
  }
  launch conv3x3
  shim m, n, c11, c12, c13, c21, c22, c23, c31, c32, c33, A, B
  backends ref, host
  accuracy exact
  cost flops 17*m*n bytes esize*2*m*n
}

# npp: none (nppiFilter divides by a divisor, rounding unstated, where this floors by a shift).
template stencil.conv3x3_shift {
  doc "B = (sum of c_rs * A[i+r-2, j+s-2]) >> shift, in 32-bit integers, truncated to B"
  types i8, i16, i32
  accumulate i32
  array B[m, n] out
  array A[m, n] in
  scalar c11, c12, c13, c21, c22, c23, c31, c32, c33 : i32
  scalar shift : i32
  compute {
    B[i,j] = (c11 * A[i-1,j-1] + c12 * A[i-1,j] + c13 * A[i-1,j+1]
            + c21 * A[i,j-1] + c22 * A[i,j] + c23 * A[i,j+1]
            + c31 * A[i+1,j-1] + c32 * A[i+1,j] + c33 * A[i+1,j+1]) >> shift
  }
  launch conv3x3_shift
  shim m, n, c11, c12, c13, c21, c22, c23, c31, c32, c33, shift, A, B
  backends ref, host
  accuracy exact
  cost flops 18*m*n bytes esize*2*m*n
}
