# A float template that shifts: '>>' is for integer element types only.
template user.fshift {
  types f32
  array y[n] out
  array x[n] in
  scalar s : i32
  compute { y[i] = x[i] >> s }
  launch fshift
  shim n, s, x, y
  backends ref
  accuracy exact
  cost flops n bytes 2*n
}
