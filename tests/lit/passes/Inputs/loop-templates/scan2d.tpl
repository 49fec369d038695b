# A running sum down the columns of a matrix, for match-kernels-loop-order.mlir: a
# recurrence along its first index, whose points run in order, row by row.
template user.column_scan {
  doc "y[i,j] = y[i-1,j] + x[i,j] for i >= 1"
  types f64
  array y[m, n] inout
  array x[m, n] in
  compute { y[i,j] = y[i-1,j] + x[i,j] where i >= 1 }
  launch column_scan
  shim m, n, x, y
  backends ref
  accuracy exact
  cost flops m*n bytes esize*3*m*n
}
