# A lossy backend for the launch-audit tests: the host shim of this template sums in
# float, far outside the declared bound; the ref shim follows the template's order.
template audit.colsumsq {
  doc "s[j] += sum_i A[i,j] * A[i,j]"
  types f64
  array s[n] inout
  array A[m, n] in
  compute { s[j] += A[i,j] * A[i,j] }
  launch colsumsq
  shim m, n, A, s
  backends ref, host
  accuracy reassoc ulp 2*m + 16
  cost flops 2*m*n bytes 8*(m*n + 2*n)
}
