# CNN layers on NCHW tensors (f32; max pooling with indices also f64): convolution and
# its fused epilogues, batch normalisation (inference), residual adds, pooling,
# upsampling, and the gemm forms that CNN code uses.
#
# Convolutions are cross-correlations with stride 1 and no padding: output point
# (p, q) reads input rows p..p+R-1 and columns q..q+S-1. H and W are the extents of
# the input view; a backend sizes the computation by P, Q, R and S (H >= P+R-1 and
# W >= Q+S-1) and reads the input through its strides. The reduction runs over c, then
# r, then s (the order the indices first appear), which `ref` follows.
#
# `max(a, b)` is C's `a > b ? a : b`, so `max(v, 0)` is the ReLU `v > 0 ? v : 0`.

template cnn.conv2d {
  doc "y = conv(x, w): zero, then accumulate over input channels and the filter window"
  types f32
  array y[N, K, P, Q] out
  array x[N, C, H, W] in
  array w[K, C, R, S] in
  compute {
    y[n,k,p,q] = 0
    y[n,k,p,q] += x[n,c,p+r,q+s] * w[k,c,r,s]
  }
  launch conv2d
  shim N, C, H, W, K, R, S, P, Q, x, w, y
  backends ref, host, cudnn
  accuracy reassoc ulp 2*C*R*S + 64
  cost flops 2*N*K*P*Q*C*R*S bytes esize*(N*C*H*W + K*C*R*S + N*K*P*Q)
}

template cnn.conv_bias_relu {
  doc "y = relu(conv(x, w) + b[k])"
  types f32
  array y[N, K, P, Q] out
  array x[N, C, H, W] in
  array w[K, C, R, S] in
  array b[K] in
  compute {
    y[n,k,p,q] = 0
    y[n,k,p,q] += x[n,c,p+r,q+s] * w[k,c,r,s]
    y[n,k,p,q] = max(y[n,k,p,q] + b[k], 0)
  }
  launch conv_bias_relu
  shim N, C, H, W, K, R, S, P, Q, x, w, b, y
  backends ref, host, cudnn
  accuracy reassoc ulp 2*C*R*S + 64
  cost flops 2*N*K*P*Q*C*R*S + 2*N*K*P*Q bytes esize*(N*C*H*W + K*C*R*S + K + N*K*P*Q)
}

template cnn.conv_bias_relu_add {
  doc "y = relu(conv(x, w) + b[k]) + z: the residual is added after the activation"
  types f32
  array y[N, K, P, Q] out
  array x[N, C, H, W] in
  array w[K, C, R, S] in
  array b[K] in
  array z[N, K, P, Q] in
  compute {
    y[n,k,p,q] = 0
    y[n,k,p,q] += x[n,c,p+r,q+s] * w[k,c,r,s]
    y[n,k,p,q] = max(y[n,k,p,q] + b[k], 0) + z[n,k,p,q]
  }
  launch conv_bias_relu_add
  shim N, C, H, W, K, R, S, P, Q, x, w, b, z, y
  backends ref, host, cudnn
  accuracy reassoc ulp 2*C*R*S + 64
  cost flops 2*N*K*P*Q*C*R*S + 3*N*K*P*Q bytes esize*(N*C*H*W + K*C*R*S + K + 2*N*K*P*Q)
}

template cnn.conv_bn_relu {
  doc "y = relu(batchnorm(conv(x, w))); a backend may fold the normalisation into w and a bias"
  types f32
  array y[N, K, P, Q] out
  array x[N, C, H, W] in
  array w[K, C, R, S] in
  array scale[K] in
  array bias[K] in
  array mean[K] in
  array var[K] in
  scalar eps
  compute {
    y[n,k,p,q] = 0
    y[n,k,p,q] += x[n,c,p+r,q+s] * w[k,c,r,s]
    y[n,k,p,q] = max(scale[k] * (y[n,k,p,q] - mean[k]) / sqrt(var[k] + eps) + bias[k], 0)
  }
  launch conv_bn_relu
  shim N, C, H, W, K, R, S, P, Q, eps, x, w, scale, bias, mean, var, y
  backends ref, host, cudnn
  accuracy reassoc ulp 2*C*R*S + 128
  cost flops 2*N*K*P*Q*C*R*S + 6*N*K*P*Q bytes esize*(N*C*H*W + K*C*R*S + 4*K + N*K*P*Q)
}

template cnn.batchnorm {
  doc "y = scale[c] * (x - mean[c]) / sqrt(var[c] + eps) + bias[c] (inference)"
  types f32
  array y[N, C, H, W] out
  array x[N, C, H, W] in
  array scale[C] in
  array bias[C] in
  array mean[C] in
  array var[C] in
  scalar eps
  compute {
    y[n,c,i,j] = scale[c] * (x[n,c,i,j] - mean[c]) / sqrt(var[c] + eps) + bias[c]
  }
  launch batchnorm
  shim N, C, H, W, eps, x, scale, bias, mean, var, y
  backends ref, host, cudnn
  accuracy reassoc ulp 8
  cost flops 6*N*C*H*W bytes esize*(2*N*C*H*W + 4*C)
}

template cnn.shortcut {
  doc "y = y + x: the residual (shortcut) add of two activations"
  types f32
  array y[N, C, H, W] inout
  array x[N, C, H, W] in
  compute { y[n,c,i,j] = y[n,c,i,j] + x[n,c,i,j] }
  launch shortcut
  shim N, C, H, W, x, y
  backends ref, host, cudnn
  accuracy exact
  cost flops N*C*H*W bytes esize*3*N*C*H*W
}

template cnn.conv1x1 {
  doc "y[n] = w . x[n]: a 1x1 convolution, one gemm per image with w shared (strided-batched gemm)"
  types f32
  array y[N, K, H, W] out
  array w[K, C] in
  array x[N, C, H, W] in
  compute {
    y[n,k,i,j] = 0
    y[n,k,i,j] += w[k,c] * x[n,c,i,j]
  }
  launch conv1x1
  shim N, C, H, W, K, w, x, y
  backends ref, host, cublas
  accuracy reassoc ulp 2*C + 64
  cost flops 2*N*K*C*H*W bytes esize*(N*C*H*W + K*C + N*K*H*W)
}

template cnn.gemm_bias_relu {
  doc "C = relu(A.B + bias[j]): a gemm with a bias and ReLU epilogue"
  types f32
  array C[m, n] out
  array A[m, k] in
  array B[k, n] in
  array bias[n] in
  compute {
    C[i,j] = 0
    C[i,j] += A[i,k] * B[k,j]
    C[i,j] = max(C[i,j] + bias[j], 0)
  }
  launch gemm_bias_relu
  shim m, n, k, A, B, bias, C
  backends ref, host, cublaslt
  accuracy reassoc ulp 2*k + 64
  cost flops 2*m*n*k + 2*m*n bytes esize*(m*k + k*n + n + m*n)
}

template cnn.maxpool {
  doc "y = the maximum of each 2x2 window of x (stride 2), starting from its first element"
  types f32
  array y[N, C, P, Q] out
  array x[N, C, H, W] in
  window r < 2, s < 2
  # H and W are the extents of the input view (H >= 2P, W >= 2Q); a backend reads x
  # through its strides. `max(v, m)` is C's `v > m ? v : m`: a NaN in the window is
  # kept only when it is the first element, any later NaN is skipped.
  compute {
    y[n,c,p,q] = x[n,c,2*p,2*q]
    y[n,c,p,q] = max(x[n,c,2*p+r,2*q+s], y[n,c,p,q])
  }
  launch maxpool
  shim N, C, H, W, P, Q, x, y
  backends ref, host, cudnn
  accuracy exact
  cost flops 4*N*C*P*Q bytes esize*(N*C*H*W + N*C*P*Q)
}

# Max pooling that also keeps where each maximum came from (the framework's maxpool
# layer): per output point, y = s0, k = t0, then for r, then s, ascending:
#   if (x[n,c,p,q,r,s] > y) { y = x[n,c,p,q,r,s]; k = base + n*sn + c*sc + p*sp + q*sq + r*sr + s*ss; }
# the index arithmetic in i32, wrapping (the lifted arith.muli / arith.addi do). x is the
# input seen as windows, as cnn.avgpool's: windows overlap when the window is wider than
# the stride, and the index is the source's flat input index, stated by its coefficients.
# Strict `>` keeps the FIRST maximum in (r, s) order, a NaN element never wins, -0.0 and
# +0.0 compare equal (the earlier stays), and a window whose elements are all <= s0 (or
# a NaN s0) keeps (s0, t0). No cudnn shim: cuDNN's pooling returns no indices.
template cnn.maxpool_index {
  doc "y = s0, k = t0; then for r, s: if (x[n,c,p,q,r,s] > y) { y = x[..]; k = base + n*sn + c*sc + p*sp + q*sq + r*sr + s*ss; } (the first maximum of each window, and where it is)"
  types f32, f64
  array y[N, C, P, Q] out
  array k[N, C, P, Q] out : i32
  array x[N, C, P, Q, R, S] in
  scalar s0
  scalar t0, base, sn, sc, sp, sq, sr, ss : i32
  compute {
    y[n,c,p,q] = s0
    k[n,c,p,q] = t0
    together (y[n,c,p,q], k[n,c,p,q]) = (max(x[n,c,p,q,r,s], y[n,c,p,q]), x[n,c,p,q,r,s] > y[n,c,p,q] ? base + n*sn + c*sc + p*sp + q*sq + r*sr + s*ss : k[n,c,p,q])
  }
  launch maxpool_index
  shim N, C, P, Q, R, S, s0, t0, base, sn, sc, sp, sq, sr, ss, x, y, k
  backends ref, host
  accuracy exact
  cost flops N*C*P*Q*R*S bytes esize*(N*C*P*Q*R*S + N*C*P*Q) + 4*N*C*P*Q
}

# The same with base = 0 (the source's index starts at the window's first element, no
# padding offset): the raising's `0 + n*sn` reads as `n*sn`, so the general form, whose
# sum has one term more, does not match it. It passes base = 0 to the same shims.
template cnn.maxpool_index0 {
  doc "y = s0, k = t0; then for r, s: if (x[n,c,p,q,r,s] > y) { y = x[..]; k = n*sn + c*sc + p*sp + q*sq + r*sr + s*ss; } (the first maximum of each window, and where it is)"
  types f32, f64
  array y[N, C, P, Q] out
  array k[N, C, P, Q] out : i32
  array x[N, C, P, Q, R, S] in
  scalar s0
  scalar t0, sn, sc, sp, sq, sr, ss : i32
  scalar base : i32 = 0
  compute {
    y[n,c,p,q] = s0
    k[n,c,p,q] = t0
    together (y[n,c,p,q], k[n,c,p,q]) = (max(x[n,c,p,q,r,s], y[n,c,p,q]), x[n,c,p,q,r,s] > y[n,c,p,q] ? n*sn + c*sc + p*sp + q*sq + r*sr + s*ss : k[n,c,p,q])
  }
  launch maxpool_index
  shim N, C, P, Q, R, S, s0, t0, base, sn, sc, sp, sq, sr, ss, x, y, k
  backends ref, host
  accuracy exact
  cost flops N*C*P*Q*R*S bytes esize*(N*C*P*Q*R*S + N*C*P*Q) + 4*N*C*P*Q
}

template cnn.avgpool {
  doc "y[n,c,p,q] = (sum of the window x[n,c,p,q,r,s] over r, s) / d: average pooling"
  types f32
  array y[N, C, P, Q] out
  array x[N, C, P, Q, R, S] in
  scalar d
  # x is the input seen as windows: element (p, q, r, s) is input row p*stride + r,
  # column q*stride + s (strides ldx2 = stride*W, ldx3 = stride, ldx4 = W), so windows
  # overlap when the window is wider than the stride. The sum runs over r, then s, from
  # +0, then one division by the divisor the source states, as the source's loops do.
  compute {
    y[n,c,p,q] = 0
    y[n,c,p,q] += x[n,c,p,q,r,s]
    y[n,c,p,q] = y[n,c,p,q] / d
  }
  launch avgpool
  shim N, C, P, Q, R, S, d, x, y
  backends ref, host
  accuracy exact
  cost flops N*C*P*Q*R*S + N*C*P*Q bytes esize*(N*C*P*Q*R*S + N*C*P*Q)
}

template cnn.global_avgpool {
  doc "y[n,c] = (sum of x[n,c,i] over the pixels i) / d: global average pooling"
  types f32
  array y[N, C] out
  array x[N, C, I] in
  scalar d
  # d is the divisor the source states (the pixel count, converted to float once); the
  # sum runs over i ascending from 0, then one division, as the source's loops do.
  compute {
    y[n,c] = 0
    y[n,c] += x[n,c,i]
    y[n,c] = y[n,c] / d
  }
  launch global_avgpool
  shim N, C, I, d, x, y
  backends ref, host
  accuracy exact
  cost flops N*C*I + N*C bytes esize*(N*C*I + N*C)
}

template cnn.upsample {
  doc "y[n,c,h,r,w,s] = alpha * x[n,c,h,w]: nearest-neighbour upsampling by R x S, scaled"
  types f32
  array y[N, C, H, R, W, S] out
  array x[N, C, H, W] in
  scalar alpha
  # y is the output seen as blocks: output row h*R + r, column w*S + s. Each output
  # element is one product, so every backend gives the same bits.
  compute { y[n,c,h,r,w,s] = alpha * x[n,c,h,w] }
  launch upsample
  shim N, C, H, W, R, S, alpha, x, y
  backends ref, host
  accuracy exact
  cost flops N*C*H*R*W*S bytes esize*(N*C*H*W + N*C*H*R*W*S)
}
