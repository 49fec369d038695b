# Scans: each element combines the previous result with one input. A recurrence reads
# what an earlier point wrote, so its points run in order (increasing index): it matches
# a loop nest that runs that way, never a linalg op.

template scan.cumsum {
  doc "y[0] = x[0], then y[k] = y[k-1] + x[k]: the inclusive running sum"
  types i32, i64, f32, f64
  array y[n] out
  array x[n] in
  compute {
    y[0] = x[0]
    y[k] = y[k-1] + x[k] where k >= 1
  }
  launch cumsum
  shim n, x, y
  backends ref, host
  # Floats: a backend must add in order (a parallel scan would reassociate).
  accuracy exact
  cost flops n bytes esize*2*n
}
