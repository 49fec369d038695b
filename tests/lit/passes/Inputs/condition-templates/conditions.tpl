# Conditional templates for match-kernels-conditions.c: a threshold (a select that is
# no max or min) and the count of a vector's elements above a bound (a local folded over
# the vector, stored once).
template user.threshold {
  doc "y = x > t ? x : 0"
  types i32
  array y[n] out
  array x[n] in
  scalar t
  compute { y[i] = x[i] > t ? x[i] : 0 }
  launch threshold
  shim n, t, x, y
  backends ref
  accuracy exact
  cost flops n bytes esize*2*n
}

template user.count_above {
  doc "r = the number of x[i] > t"
  types i32
  array r[] out
  array x[n] in
  scalar t
  local count : i32
  compute {
    count = 0
    count = x[i] > t ? count + 1 : count
    r[] = count
  }
  launch count_above
  shim n, t, x, r
  backends ref
  accuracy exact
  cost flops n bytes esize*n
}
