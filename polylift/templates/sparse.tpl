# Indexed vectors: a sparse vector is its values `x[k]` and their positions `idx[k]`
# (int), the forms of the Sparse BLAS (usga, ussc, usaxpy, usdot) and of cuSPARSE's
# Gather, Scatter, Axpby and SpVV. A subscript read from an index array is a lookup
# (`x[idx[k]]`): the raising keeps it in a generic's body where nothing in the loop nest
# writes the array it reads; a store through one (`y[idx[k]] = ...`) is a scatter, which
# no linalg op states, so those templates match the loop nest the raising keeps.
#
# Semantics, in the source's order: k = 0, 1, ..., nz - 1 in turn. Repeated positions
# are allowed: a scatter's last store wins, a scatter-add adds each value in turn.
# Positions outside 0 .. n-1 are the program's own bug (it reads or writes outside the
# array it declared): a shim checks every position before it computes, and where one is
# outside it runs the source's loops as they are, reading and writing exactly what the
# program would, instead of computing faster on an assumption the data breaks.

template sparse.gather {
  doc "y[k] = x[idx[k]]: the values of x at the positions idx"
  types f32, f64, i32
  array y[nz] out
  array x[n] in
  array idx[nz] in : i32
  compute { y[k] = x[idx[k]] }
  launch gather
  shim nz, n, x, idx, y
  backends ref, host
  accuracy exact
  cost flops 0 bytes esize*2*nz + 4*nz
}

template sparse.axpyi {
  doc "y[idx[k]] += alpha * x[k] for k in order (a repeated position adds each value in turn)"
  types f32, f64
  array y[n] inout
  array x[nz] in
  array idx[nz] in : i32
  scalar alpha
  compute { y[idx[k]] += alpha * x[k] }
  launch axpyi
  shim nz, n, alpha, x, idx, y
  backends ref, host
  accuracy exact
  cost flops 2*nz bytes esize*3*nz + 4*nz
}

template sparse.scatter_add {
  doc "y[idx[k]] += x[k] for k in order (axpyi with alpha = 1)"
  types f32, f64
  array y[n] inout
  array x[nz] in
  array idx[nz] in : i32
  scalar alpha = 1
  compute { y[idx[k]] += x[k] }
  launch axpyi
  shim nz, n, alpha, x, idx, y
  backends ref, host
  accuracy exact
  cost flops nz bytes esize*3*nz + 4*nz
}

template sparse.doti_init {
  doc "r = s + x[0]*y[idx[0]] + x[1]*y[idx[1]] + ... (in order)"
  types f32, f64
  array r[] out
  array x[nz] in
  array idx[nz] in : i32
  array y[n] in
  scalar s
  compute {
    r[] = s
    r[] += x[k] * y[idx[k]]
  }
  launch doti_init
  shim nz, n, s, x, idx, y, r
  backends ref, host
  accuracy exact
  cost flops 2*nz bytes esize*2*nz + 4*nz
}

template sparse.doti {
  doc "r += x[0]*y[idx[0]] + x[1]*y[idx[1]] + ... (in order)"
  types f32, f64
  array r[] inout
  array x[nz] in
  array idx[nz] in : i32
  array y[n] in
  compute { r[] += x[k] * y[idx[k]] }
  launch doti
  shim nz, n, x, idx, y, r
  backends ref, host
  accuracy exact
  cost flops 2*nz bytes esize*2*nz + 4*nz
}

# Counting: h[v] += 1 for every value v of the data, into int counts that wrap as C's
# int does in practice. 8- and 16-bit data are read as unsigned (an `unsigned char`
# image); int keys as they are (a negative key is outside the table).
template sparse.histogram {
  doc "h[v] += 1 for the value v of each element, read as unsigned (8- or 16-bit data)"
  types i8, i16
  array h[nbins] inout : i32
  array x[n] in
  compute { h[unsigned(x[k])] += 1 }
  launch histogram
  shim n, nbins, x, h
  backends ref, host
  accuracy exact
  cost flops n bytes esize*n + 4*nbins
}

template sparse.bincount {
  doc "h[v] += 1 for the value v of each element (int keys)"
  types i32
  array h[nbins] inout
  array x[n] in
  compute { h[x[k]] += 1 }
  launch bincount
  shim n, nbins, x, h
  backends ref, host
  accuracy exact
  cost flops n bytes 4*n + 4*nbins
}

# Compressed sparse rows (CSR): row i of an m-row matrix holds the values val[k] at the
# columns col[k] for rowptr[i] <= k < rowptr[i+1] (the Sparse BLAS's and cuSPARSE's
# CSR, 0-based, columns in any order, a column possibly repeated, a row possibly empty).
# A loop program: the row loop and, inside it, the loop bounded by data, which the
# front end reads as an scf.for. The rows add their entries in order from 0, each sum
# one rounding per operation, so the shims are exact.
template sparse.csrmv {
  doc "y[i] = sum over rowptr[i] <= k < rowptr[i+1] of val[k] * x[col[k]] (in order): y = A x, A in CSR"
  types f32, f64
  array y[m] out
  array rowptr[mp] in : i32
  array col[nnz] in : i32
  array val[nnz] in
  array x[n] in
  local s
  compute {
    for i < m {
      s = 0
      for rowptr[i] <= k < rowptr[i+1] {
        s += val[k] * x[col[k]]
      }
      y[i] = s
    }
  }
  launch csrmv
  shim m, mp, nnz, n, rowptr, col, val, x, y
  backends ref, host
  accuracy exact
  cost flops 2*nnz bytes esize*(2*nnz + m) + 4*(nnz + m)
}

# 1-based CSR (Fortran's, and the Sparse BLAS's one-based index base): row pointers and
# columns count from 1, so row i's entries are rowptr[i] - 1 <= k < rowptr[i+1] - 1.
template sparse.csrmv_one {
  doc "y[i] = sum over rowptr[i]-1 <= k < rowptr[i+1]-1 of val[k] * x[col[k]-1] (in order): y = A x, A in 1-based CSR"
  types f32, f64
  array y[m] out
  array rowptr[mp] in : i32
  array col[nnz] in : i32
  array val[nnz] in
  array x[n] in
  local s
  compute {
    for i < m {
      s = 0
      for rowptr[i] - 1 <= k < rowptr[i+1] - 1 {
        s += val[k] * x[col[k] - 1]
      }
      y[i] = s
    }
  }
  launch csrmv_one
  shim m, mp, nnz, n, rowptr, col, val, x, y
  backends ref, host
  accuracy exact
  cost flops 2*nnz bytes esize*(2*nnz + m) + 4*(nnz + m)
}

template sparse.csrmv_acc {
  doc "y[i] += val[k] * x[col[k]] for rowptr[i] <= k < rowptr[i+1], in order: y = y + A x, A in CSR"
  types f32, f64
  array y[m] inout
  array rowptr[mp] in : i32
  array col[nnz] in : i32
  array val[nnz] in
  array x[n] in
  compute {
    for i < m {
      for rowptr[i] <= k < rowptr[i+1] {
        y[i] += val[k] * x[col[k]]
      }
    }
  }
  launch csrmv_acc
  shim m, mp, nnz, n, rowptr, col, val, x, y
  backends ref, host
  accuracy exact
  cost flops 2*nnz bytes esize*(2*nnz + 2*m) + 4*(nnz + m)
}

template sparse.csrmv_axpby {
  doc "y[i] = alpha * (sum over rowptr[i] <= k < rowptr[i+1] of val[k] * x[col[k]]) + beta * y[i]: y = alpha A x + beta y, A in CSR"
  types f32, f64
  array y[m] inout
  array rowptr[mp] in : i32
  array col[nnz] in : i32
  array val[nnz] in
  array x[n] in
  scalar alpha, beta
  local s
  compute {
    for i < m {
      s = 0
      for rowptr[i] <= k < rowptr[i+1] {
        s += val[k] * x[col[k]]
      }
      y[i] = alpha * s + beta * y[i]
    }
  }
  launch csrmv_axpby
  shim m, mp, nnz, n, alpha, beta, rowptr, col, val, x, y
  backends ref, host
  accuracy exact
  cost flops 2*nnz + 3*m bytes esize*(2*nnz + 2*m) + 4*(nnz + m)
}

# Coordinates (COO): entry k is val[k] at (row[k], col[k]), in any order, a position
# possibly repeated. The product adds each entry's term into its row in turn (a scatter
# whose value reads x at a computed subscript).
template sparse.coomv_acc {
  doc "y[row[k]] += val[k] * x[col[k]] for k in order: y = y + A x, A in COO"
  types f32, f64
  array y[m] inout
  array row[nnz] in : i32
  array col[nnz] in : i32
  array val[nnz] in
  array x[n] in
  compute { y[row[k]] += val[k] * x[col[k]] }
  launch coomv_acc
  shim nnz, m, n, row, col, val, x, y
  backends ref, host
  accuracy exact
  cost flops 2*nnz bytes esize*(3*nnz) + 8*nnz
}
