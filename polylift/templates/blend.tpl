# Per-pixel blends of two 8-bit images (unsigned pixels, n of them), with C's integer
# semantics: each pixel is promoted to int (zero-extended), the arithmetic is int
# arithmetic (no value here leaves int's range: at most 2 * 255 * 255), `/` truncates
# towards zero, and the store narrows the int to the pixel (the low 8 bits; every
# formula here gives 0..255). max and min are C's `a > b ? a : b` and `a < b ? a : b`
# (for integers one function either way round); a saturation written `s > 255 ? 255 : s`
# is min(s, 255), `v < 0 ? 0 : v` is max(v, 0). A conditional blend evaluates the arm its
# test picks (the source's `if`/`else` or `?:`). All are `exact`: every backend gives
# these bits (the host shim runs the same int expression, vectorised).
# npp: each blend but overlay, from exact NPP primitives, scale factor 0 (shims/cuda/npp/blend.cu).

template blend.multiply {
  doc "o = a * b / 255"
  types u8
  accumulate i32
  array o[n] out
  array a[n] in
  array b[n] in
  compute { o[i] = a[i] * b[i] / 255 }
  launch blend_multiply
  shim n, a, b, o
  backends ref, host, npp
  accuracy exact
  cost flops 2*n bytes 3*n
}

template blend.screen {
  doc "o = 255 - (255 - a) * (255 - b) / 255"
  types u8
  accumulate i32
  array o[n] out
  array a[n] in
  array b[n] in
  compute { o[i] = 255 - (255 - a[i]) * (255 - b[i]) / 255 }
  launch blend_screen
  shim n, a, b, o
  backends ref, host, npp
  accuracy exact
  cost flops 5*n bytes 3*n
}

template blend.darken {
  doc "o = min(a, b)"
  types u8
  accumulate i32
  array o[n] out
  array a[n] in
  array b[n] in
  compute { o[i] = min(a[i], b[i]) }
  launch blend_darken
  shim n, a, b, o
  backends ref, host, npp
  accuracy exact
  cost flops n bytes 3*n
}

template blend.lighten {
  doc "o = max(a, b)"
  types u8
  accumulate i32
  array o[n] out
  array a[n] in
  array b[n] in
  compute { o[i] = max(a[i], b[i]) }
  launch blend_lighten
  shim n, a, b, o
  backends ref, host, npp
  accuracy exact
  cost flops n bytes 3*n
}

template blend.linear_burn {
  doc "o = max(a + b - 255, 0)"
  types u8
  accumulate i32
  array o[n] out
  array a[n] in
  array b[n] in
  compute { o[i] = max(a[i] + b[i] - 255, 0) }
  launch blend_linear_burn
  shim n, a, b, o
  backends ref, host, npp
  accuracy exact
  cost flops 3*n bytes 3*n
}

template blend.linear_dodge {
  doc "o = min(a + b, 255): an add that saturates"
  types u8
  accumulate i32
  array o[n] out
  array a[n] in
  array b[n] in
  compute { o[i] = min(a[i] + b[i], 255) }
  launch blend_linear_dodge
  shim n, a, b, o
  backends ref, host, npp
  accuracy exact
  cost flops 2*n bytes 3*n
}

template blend.subtract {
  doc "o = max(a - b, 0): a subtraction that saturates"
  types u8
  accumulate i32
  array o[n] out
  array a[n] in
  array b[n] in
  compute { o[i] = max(a[i] - b[i], 0) }
  launch blend_subtract
  shim n, a, b, o
  backends ref, host, npp
  accuracy exact
  cost flops 2*n bytes 3*n
}

template blend.difference {
  doc "o = |a - b|, as a > b ? a - b : b - a"
  types u8
  accumulate i32
  array o[n] out
  array a[n] in
  array b[n] in
  compute { o[i] = a[i] > b[i] ? a[i] - b[i] : b[i] - a[i] }
  launch blend_difference
  shim n, a, b, o
  backends ref, host, npp
  accuracy exact
  cost flops 2*n bytes 3*n
}

template blend.average {
  doc "o = (a + b) / 2"
  types u8
  accumulate i32
  array o[n] out
  array a[n] in
  array b[n] in
  compute { o[i] = (a[i] + b[i]) / 2 }
  launch blend_average
  shim n, a, b, o
  backends ref, host, npp
  accuracy exact
  cost flops 2*n bytes 3*n
}

# npp: none; its per-pixel choice of formula has no exact NPP composition.
template blend.overlay {
  doc "o = a < 128 ? 2ab / 255 : 255 - 2(255 - a)(255 - b) / 255"
  types u8
  accumulate i32
  array o[n] out
  array a[n] in
  array b[n] in
  compute { o[i] = a[i] < 128 ? 2 * a[i] * b[i] / 255 : 255 - 2 * (255 - a[i]) * (255 - b[i]) / 255 }
  launch blend_overlay
  shim n, a, b, o
  backends ref, host
  accuracy exact
  cost flops 8*n bytes 3*n
}
