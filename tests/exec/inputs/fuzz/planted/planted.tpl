# A miscompile planted for tests/exec/test_fuzz_campaign.py: this template matches a
# transposed copy (B[i,j] = A[j,i]) but launches copy2d, whose shims copy B = A. The
# fuzzer must find it, shrink it and write a reproducer that fails the same way.
template planted.copy2d {
  doc "B = A^T, launched as a plain copy (wrong on purpose)"
  types f32, f64
  array B[m, n] out
  array A[n, m] in
  compute { B[i,j] = A[j,i] }
  launch copy2d
  shim m, n, A, B
  backends ref, host
  accuracy exact
  cost flops 0 bytes esize*2*m*n
}
