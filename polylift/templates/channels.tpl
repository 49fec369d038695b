# Per-channel operations on a batch of feature maps x[b, c, s] (batch, channels, spatial
# positions, row-major with leading dimensions), a parameter of each channel broadcast
# over the batch and the positions: a plain-C framework's add_bias and scale_bias.
#
# Semantics (`exact`): per element, the right side as written, one IEEE rounding per
# operation in the element type (the element-wise family renders the shims from these
# steps: `ref` the loops in order, `host` the same expression).

template ch.add_bias {
  doc "x[b,c,s] = x[b,c,s] + bias[c]: a bias per channel"
  types f32, f64
  array x[nb, nc, ns] inout
  array bias[nc] in
  compute { x[b,f,j] = x[b,f,j] + bias[f] }
  launch add_bias
  shim nb, nc, ns, bias, x
  backends ref, host
  accuracy exact
  cost flops nb*nc*ns bytes esize*(2*nb*nc*ns + nc)
}

template ch.scale_bias {
  doc "x[b,c,s] = x[b,c,s] * scale[c]: a scale per channel"
  types f32, f64
  array x[nb, nc, ns] inout
  array scale[nc] in
  compute { x[b,f,j] = x[b,f,j] * scale[f] }
  launch scale_bias
  shim nb, nc, ns, scale, x
  backends ref, host
  accuracy exact
  cost flops nb*nc*ns bytes esize*(2*nb*nc*ns + nc)
}

# The statistics of each channel over the batch and the positions, as batch
# normalisation computes them: a sum from 0 over b, then s, in that order (the order the
# source's loops run), then scaled by a factor the source computes before the loops
# (1 / (batch * spatial) for the mean, 1 / (batch * spatial - 1) for the variance).

template ch.mean {
  doc "mean[c] = (sum over b, s of x[b,c,s]) * scale"
  types f32, f64
  array mean[nc] out
  array x[nb, nc, ns] in
  scalar scale
  compute {
    mean[f] = 0
    mean[f] += x[b,f,j]
    mean[f] = mean[f] * scale
  }
  launch mean_channels
  shim nb, nc, ns, x, scale, mean
  backends ref, host
  accuracy exact
  cost flops nb*nc*ns + nc bytes esize*(nb*nc*ns + nc)
}

template ch.variance {
  doc "variance[c] = (sum over b, s of (x[b,c,s] - mean[c])^2) * scale"
  types f32, f64
  array variance[nc] out
  array x[nb, nc, ns] in
  array mean[nc] in
  scalar scale
  compute {
    variance[f] = 0
    variance[f] += (x[b,f,j] - mean[f]) * (x[b,f,j] - mean[f])
    variance[f] = variance[f] * scale
  }
  launch variance_channels
  shim nb, nc, ns, x, mean, scale, variance
  backends ref, host
  accuracy exact
  cost flops 3*nb*nc*ns + nc bytes esize*(nb*nc*ns + 2*nc)
}

# Batch normalisation's normalising step, as the framework's C writes it: the square
# root is C's sqrt of the float variance converted to double, the float constant 1e-6f
# is added in double (9.9999999747524271e-7, the float nearest 1e-6), the float
# difference x - mean is converted to double for the division, and the quotient rounded
# to float when stored. f64(...) and f32(...) state those conversions.

template ch.normalize {
  doc "x[b,c,s] = (x[b,c,s] - mean[c]) / (sqrt(variance[c]) + 1e-6f), in double"
  types f32
  array x[nb, nc, ns] inout
  array mean[nc] in
  array variance[nc] in
  compute { x[b,f,j] = f32(f64(x[b,f,j] - mean[f]) / (sqrt(f64(variance[f])) + 0.00000099999999747524271)) }
  launch normalize_channels
  shim nb, nc, ns, mean, variance, x
  backends ref, host
  accuracy exact
  cost flops 4*nb*nc*ns bytes esize*(2*nb*nc*ns + 2*nc)
}

# L2 normalisation across the channels at each position, with the derivative the
# backward pass keeps: the sum of squares over the channels in increasing order (into
# s, the raising's temporary for the source's scalar sum), then every channel divided by
# its root, then dx from the normalised x. sqrt is correctly rounded, so recomputing it
# per element gives the bits of the source's one root per position.

template ch.l2norm {
  doc "s[b,j] = sum over c of x[b,c,j]^2; x = x / sqrt(s); dx = (1 - x) / sqrt(s)"
  types f32, f64
  array s[nb, ns] out
  array x[nb, nc, ns] inout
  array dx[nb, nc, ns] out
  compute {
    s[b,j] = 0
    s[b,j] += x[b,f,j] * x[b,f,j]
    x[b,f,j] = x[b,f,j] / sqrt(s[b,j])
    dx[b,f,j] = (1 - x[b,f,j]) / sqrt(s[b,j])
  }
  launch l2norm_channels
  shim nb, nc, ns, s, x, dx
  backends ref, host
  accuracy exact
  cost flops 6*nb*nc*ns bytes esize*(4*nb*nc*ns + nb*ns)
}
