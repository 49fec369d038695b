# PVA image operators: 3x3 filters on 8- and 16-bit images, in fixed point.
#
# Each operator computes a pixel from the 3x3 window centred on it (centred anchor),
# with the arithmetic of C on `int` (`accumulate i32`). The template language states the
# computation of one pixel whose window lies inside the source; what happens at the
# image's edges is the attribute `border`:
#
#   border = replicate  the whole-image operator: window pixels outside the image
#                       replicate the nearest edge pixel, as the kernels of
#                       benchmarks/image do. The compute states the interior pixel, so
#                       an interior loop nest alone never matches (the launch would
#                       compute the view's edge pixels differently): match-kernels takes
#                       the interior together with the border rows, columns and corners
#                       after it, each proved to compute that pixel with its reads
#                       clamped into the image (matcher/search/border.py).
#   border = halo       the region (ROI) operator: dst is an h x w region and `src` names
#                       the source pixel under dst[0, 0]; the caller guarantees the
#                       one-pixel halo around the h x w source region exists (rows -1 and
#                       h, columns -1 and w of `src` are readable), and the operator reads
#                       it as it is. No border mode is involved, so a loop nest that
#                       computes the interior of an image (and reads that halo itself)
#                       matches. Launch names end in `_roi`.
#
# Backends: `ref` (plain loops in the template's order), `host` (the same integer
# arithmetic, vectorised for a CPU: rows in blocks, the border apart) and `pva` (a
# bit-exact model of the PVA operators: line buffers, fixed-point arithmetic; see
# shims/helpers/pva_model.h). Integer arithmetic is exact, so all three give one result.

# npp: none (NPP filters no signed 8-bit image; nppiFilter divides, rounding unstated, not shifts).
template pva.conv3x3_q_i8 {
  doc "dst = saturate((sum coef[a,b] * src[i+a-1,j+b-1] + 2^(shift-1)) >> shift): Q-format taps"
  types i8
  array dst[h, w] out
  array coef[kh, kw] in
  array src[h, w] in
  scalar shift : i32
  accumulate i32
  # The rounding constant is C's `1 << (shift - 1)`; a source that computes it before
  # the loops matches, as the matcher reads that value's definition.
  compute {
    dst[i,j] = min(max((coef[0,0]*src[i-1,j-1] + coef[0,1]*src[i-1,j] + coef[0,2]*src[i-1,j+1]
        + coef[1,0]*src[i,j-1] + coef[1,1]*src[i,j] + coef[1,2]*src[i,j+1]
        + coef[2,0]*src[i+1,j-1] + coef[2,1]*src[i+1,j] + coef[2,2]*src[i+1,j+1]
        + (1 << (shift - 1))) >> shift, -128), 127)
  }
  launch pva_conv3x3_q
  shim h, w, kh, kw, shift, coef, src, dst
  backends ref, host, pva
  accuracy exact
  cost flops 20*h*w bytes esize*2*h*w
  attrs anchor = center, border = replicate
}

# npp: none, as for conv3x3_q_i8 (nppiFilter_16s divides; this template shifts).
template pva.conv3x3_q_i16 {
  doc "dst = saturate((sum coef[a,b] * src[i+a-1,j+b-1] + 2^(shift-1)) >> shift): Q-format taps"
  types i16
  array dst[h, w] out
  array coef[kh, kw] in
  array src[h, w] in
  scalar shift : i32
  accumulate i32
  compute {
    dst[i,j] = min(max((coef[0,0]*src[i-1,j-1] + coef[0,1]*src[i-1,j] + coef[0,2]*src[i-1,j+1]
        + coef[1,0]*src[i,j-1] + coef[1,1]*src[i,j] + coef[1,2]*src[i,j+1]
        + coef[2,0]*src[i+1,j-1] + coef[2,1]*src[i+1,j] + coef[2,2]*src[i+1,j+1]
        + (1 << (shift - 1))) >> shift, -32768), 32767)
  }
  launch pva_conv3x3_q
  shim h, w, kh, kw, shift, coef, src, dst
  backends ref, host, pva
  accuracy exact
  cost flops 20*h*w bytes esize*2*h*w
  attrs anchor = center, border = replicate
}

# npp: none (no signed 8-bit box filter; the 16s one does not state rdiv's rounding of the mean).
template pva.box3x3 {
  doc "dst = mean of the 3x3 window, rounded to nearest (halves away from zero)"
  types i8, i16
  array dst[h, w] out
  array src[h, w] in
  accumulate i32
  compute {
    dst[i,j] = rdiv(src[i-1,j-1] + src[i-1,j] + src[i-1,j+1] + src[i,j-1] + src[i,j]
        + src[i,j+1] + src[i+1,j-1] + src[i+1,j] + src[i+1,j+1], 9)
  }
  launch pva_box3x3
  shim h, w, src, dst
  backends ref, host, pva
  accuracy exact
  cost flops 10*h*w bytes esize*2*h*w
  attrs anchor = center, border = replicate
}

# npp: none (no signed 8-bit Gaussian; the 16s one does not state this floor((s + 8) / 16)).
template pva.gaussian3x3 {
  doc "dst = (1-2-1 x 1-2-1 weighted sum + 8) >> 4"
  types i8, i16
  array dst[h, w] out
  array src[h, w] in
  accumulate i32
  compute {
    dst[i,j] = (src[i-1,j-1] + 2*src[i-1,j] + src[i-1,j+1] + 2*src[i,j-1] + 4*src[i,j]
        + 2*src[i,j+1] + src[i+1,j-1] + 2*src[i+1,j] + src[i+1,j+1] + 8) >> 4
  }
  launch pva_gaussian3x3
  shim h, w, src, dst
  backends ref, host, pva
  accuracy exact
  cost flops 14*h*w bytes esize*2*h*w
  attrs anchor = center, border = replicate
}

# npp: none, as for gaussian3x3.
template pva.gaussian3x3_roi {
  doc "dst = (1-2-1 x 1-2-1 weighted sum + 8) >> 4 over a region with a one-pixel halo"
  types i8, i16
  array dst[h, w] out
  array src[h, w] in
  accumulate i32
  compute {
    dst[i,j] = (src[i-1,j-1] + 2*src[i-1,j] + src[i-1,j+1] + 2*src[i,j-1] + 4*src[i,j]
        + 2*src[i,j+1] + src[i+1,j-1] + 2*src[i+1,j] + src[i+1,j+1] + 8) >> 4
  }
  launch pva_gaussian3x3_roi
  shim h, w, src, dst
  backends ref, host, pva
  accuracy exact
  cost flops 14*h*w bytes esize*2*h*w
  attrs anchor = center, border = halo
}

# npp: none, as for box3x3.
template pva.box3x3_roi {
  doc "dst = mean of the 3x3 window, rounded to nearest (halves away from zero), over a region with a one-pixel halo"
  types i8, i16
  array dst[h, w] out
  array src[h, w] in
  accumulate i32
  compute {
    dst[i,j] = rdiv(src[i-1,j-1] + src[i-1,j] + src[i-1,j+1] + src[i,j-1] + src[i,j]
        + src[i,j+1] + src[i+1,j-1] + src[i+1,j] + src[i+1,j+1], 9)
  }
  launch pva_box3x3_roi
  shim h, w, src, dst
  backends ref, host, pva
  accuracy exact
  cost flops 10*h*w bytes esize*2*h*w
  attrs anchor = center, border = halo
}

# npp: none, as for conv3x3_q_i8.
template pva.conv3x3_q_roi_i8 {
  doc "dst = saturate((sum coef[a,b] * src[i+a-1,j+b-1] + 2^(shift-1)) >> shift) over a region with a one-pixel halo"
  types i8
  array dst[h, w] out
  array coef[kh, kw] in
  array src[h, w] in
  scalar shift : i32
  accumulate i32
  # The rounding constant is C's `1 << (shift - 1)`; a source that computes it before
  # the loops matches, as the matcher reads that value's definition.
  compute {
    dst[i,j] = min(max((coef[0,0]*src[i-1,j-1] + coef[0,1]*src[i-1,j] + coef[0,2]*src[i-1,j+1]
        + coef[1,0]*src[i,j-1] + coef[1,1]*src[i,j] + coef[1,2]*src[i,j+1]
        + coef[2,0]*src[i+1,j-1] + coef[2,1]*src[i+1,j] + coef[2,2]*src[i+1,j+1]
        + (1 << (shift - 1))) >> shift, -128), 127)
  }
  launch pva_conv3x3_q_roi
  shim h, w, kh, kw, shift, coef, src, dst
  backends ref, host, pva
  accuracy exact
  cost flops 20*h*w bytes esize*2*h*w
  attrs anchor = center, border = halo
}

# npp: none, as for conv3x3_q_i16.
template pva.conv3x3_q_roi_i16 {
  doc "dst = saturate((sum coef[a,b] * src[i+a-1,j+b-1] + 2^(shift-1)) >> shift) over a region with a one-pixel halo"
  types i16
  array dst[h, w] out
  array coef[kh, kw] in
  array src[h, w] in
  scalar shift : i32
  accumulate i32
  # The rounding constant is C's `1 << (shift - 1)`; a source that computes it before
  # the loops matches, as the matcher reads that value's definition.
  compute {
    dst[i,j] = min(max((coef[0,0]*src[i-1,j-1] + coef[0,1]*src[i-1,j] + coef[0,2]*src[i-1,j+1]
        + coef[1,0]*src[i,j-1] + coef[1,1]*src[i,j] + coef[1,2]*src[i,j+1]
        + coef[2,0]*src[i+1,j-1] + coef[2,1]*src[i+1,j] + coef[2,2]*src[i+1,j+1]
        + (1 << (shift - 1))) >> shift, -32768), 32767)
  }
  launch pva_conv3x3_q_roi
  shim h, w, kh, kw, shift, coef, src, dst
  backends ref, host, pva
  accuracy exact
  cost flops 20*h*w bytes esize*2*h*w
  attrs anchor = center, border = halo
}

# Table operators: a read at a subscript computed from the pixels (`wr[d >> 8]`,
# `lut[in[i][j]]`) is a lookup. The raising keeps it in the generic's body when nothing
# in the loop nest writes the table; the template names the whole table (`lut[n]`).

# npp: NPP's palette lookup copies entries, exact when the table holds every key (shorter: ref).
template pva.lut {
  doc "dst = lut[src], the pixel's bits read as an unsigned number: a table lookup per pixel"
  types i8, i16
  array dst[h, w] out
  array lut[n] in
  array src[h, w] in
  compute {
    dst[i,j] = lut[unsigned(src[i,j])]
  }
  launch pva_lut
  shim h, w, n, lut, src, dst
  backends ref, host, pva, npp
  accuracy exact
  cost flops 0 bytes esize*(2*h*w + n)
}

# The histogram of an image: a scatter (the subscript of the element written comes from
# the data), which no linalg op states; it matches the loop nest the raising keeps.
# npp: a range histogram with levels 0, 1, 2, ... counts exactly (a key past the last bin: ref).
template pva.histogram {
  doc "hist = 0, then hist[v] += 1 for the value v of every pixel (its bits read as unsigned)"
  types i8, i16
  array hist[nbins] out : i32
  array src[h, w] in
  compute {
    hist[b] = 0
    hist[unsigned(src[i,j])] += 1
  }
  launch pva_histogram
  shim h, w, nbins, src, hist
  backends ref, host, pva, npp
  accuracy exact
  cost flops h*w bytes esize*h*w + 4*nbins
}

# Histogram equalisation of an 8-bit image: the histogram, its running sum (the CDF),
# the equalisation table and the image mapped through it, as one PVA launch. The table
# maps value v to round(255 * (cdf[v] - cmin) / (total - cmin)) with cmin the smallest
# non-zero cdf value, 0 below it, and the identity for a constant image (den <= 0); its
# product runs in 64 bits. hist, cdf and lut are outputs too.
# npp: NPP's range histogram and palette lookup, exact, with the 256-entry table on the host.
template pva.histeq {
  doc "hist, cdf = its running sum, lut = the equalisation table of cdf, dst = lut[src]"
  types i8
  array hist[nbins] out : i32
  array cdf[nbins] out : i32
  array lut[nbins] out
  array dst[h, w] out
  array src[h, w] in
  local total, cmin, den : i32
  accumulate i32
  compute {
    hist[b] = 0
    hist[unsigned(src[i,j])] += 1
    cdf[0] = hist[0]
    cdf[k] = cdf[k-1] + hist[k] where k >= 1
    total = cdf[255]
    cmin = total
    cmin = cdf[k] > 0 && cdf[k] < cmin ? cdf[k] : cmin
    den = total - cmin
    lut[k] = den <= 0 ? k : cdf[k] < cmin ? 0 : (i64(cdf[k] - cmin) * 255 + i64(den / 2)) / i64(den)
    dst[i,j] = lut[unsigned(src[i,j])]
  }
  launch pva_histeq
  shim h, w, nbins, src, hist, cdf, lut, dst
  backends ref, host, pva, npp
  accuracy exact
  cost flops 2*h*w + 8*nbins bytes esize*2*h*w + 9*nbins
}

# npp: none; NPP's bilateral filter takes Gaussian sigmas (floats), not these int weight tables.
template pva.bilateral3x3 {
  doc "dst = rdiv(sum g*q, sum g) over the 3x3 window, g = ws[a,b] * wr[|q - p| >> rshift] for neighbour q of pixel p, whole image, replicate border"
  types i8, i16
  array dst[h, w] out
  array ws[kh, kw] in : i32
  array wr[n] in : i32
  array src[h, w] in
  scalar rshift : i32
  accumulate i32
  compute {
    dst[i,j] = rdiv(
        ws[0,0] * wr[abs(src[i-1,j-1] - src[i,j]) >> rshift] * src[i-1,j-1]
      + ws[0,1] * wr[abs(src[i-1,j] - src[i,j]) >> rshift] * src[i-1,j]
      + ws[0,2] * wr[abs(src[i-1,j+1] - src[i,j]) >> rshift] * src[i-1,j+1]
      + ws[1,0] * wr[abs(src[i,j-1] - src[i,j]) >> rshift] * src[i,j-1]
      + ws[1,1] * wr[abs(src[i,j] - src[i,j]) >> rshift] * src[i,j]
      + ws[1,2] * wr[abs(src[i,j+1] - src[i,j]) >> rshift] * src[i,j+1]
      + ws[2,0] * wr[abs(src[i+1,j-1] - src[i,j]) >> rshift] * src[i+1,j-1]
      + ws[2,1] * wr[abs(src[i+1,j] - src[i,j]) >> rshift] * src[i+1,j]
      + ws[2,2] * wr[abs(src[i+1,j+1] - src[i,j]) >> rshift] * src[i+1,j+1],
        ws[0,0] * wr[abs(src[i-1,j-1] - src[i,j]) >> rshift]
      + ws[0,1] * wr[abs(src[i-1,j] - src[i,j]) >> rshift]
      + ws[0,2] * wr[abs(src[i-1,j+1] - src[i,j]) >> rshift]
      + ws[1,0] * wr[abs(src[i,j-1] - src[i,j]) >> rshift]
      + ws[1,1] * wr[abs(src[i,j] - src[i,j]) >> rshift]
      + ws[1,2] * wr[abs(src[i,j+1] - src[i,j]) >> rshift]
      + ws[2,0] * wr[abs(src[i+1,j-1] - src[i,j]) >> rshift]
      + ws[2,1] * wr[abs(src[i+1,j] - src[i,j]) >> rshift]
      + ws[2,2] * wr[abs(src[i+1,j+1] - src[i,j]) >> rshift])
  }
  launch pva_bilateral3x3
  shim h, w, kh, kw, n, rshift, ws, wr, src, dst
  backends ref, host, pva
  accuracy exact
  cost flops 60*h*w bytes esize*2*h*w
  attrs anchor = center, border = replicate
}

# npp: none, as for bilateral3x3.
template pva.bilateral3x3_roi {
  doc "dst = rdiv(sum g*q, sum g) over the 3x3 window, g = ws[a,b] * wr[|q - p| >> rshift] for neighbour q of pixel p, over a region with a one-pixel halo"
  types i8, i16
  array dst[h, w] out
  array ws[kh, kw] in : i32
  array wr[n] in : i32
  array src[h, w] in
  scalar rshift : i32
  accumulate i32
  compute {
    dst[i,j] = rdiv(
        ws[0,0] * wr[abs(src[i-1,j-1] - src[i,j]) >> rshift] * src[i-1,j-1]
      + ws[0,1] * wr[abs(src[i-1,j] - src[i,j]) >> rshift] * src[i-1,j]
      + ws[0,2] * wr[abs(src[i-1,j+1] - src[i,j]) >> rshift] * src[i-1,j+1]
      + ws[1,0] * wr[abs(src[i,j-1] - src[i,j]) >> rshift] * src[i,j-1]
      + ws[1,1] * wr[abs(src[i,j] - src[i,j]) >> rshift] * src[i,j]
      + ws[1,2] * wr[abs(src[i,j+1] - src[i,j]) >> rshift] * src[i,j+1]
      + ws[2,0] * wr[abs(src[i+1,j-1] - src[i,j]) >> rshift] * src[i+1,j-1]
      + ws[2,1] * wr[abs(src[i+1,j] - src[i,j]) >> rshift] * src[i+1,j]
      + ws[2,2] * wr[abs(src[i+1,j+1] - src[i,j]) >> rshift] * src[i+1,j+1],
        ws[0,0] * wr[abs(src[i-1,j-1] - src[i,j]) >> rshift]
      + ws[0,1] * wr[abs(src[i-1,j] - src[i,j]) >> rshift]
      + ws[0,2] * wr[abs(src[i-1,j+1] - src[i,j]) >> rshift]
      + ws[1,0] * wr[abs(src[i,j-1] - src[i,j]) >> rshift]
      + ws[1,1] * wr[abs(src[i,j] - src[i,j]) >> rshift]
      + ws[1,2] * wr[abs(src[i,j+1] - src[i,j]) >> rshift]
      + ws[2,0] * wr[abs(src[i+1,j-1] - src[i,j]) >> rshift]
      + ws[2,1] * wr[abs(src[i+1,j] - src[i,j]) >> rshift]
      + ws[2,2] * wr[abs(src[i+1,j+1] - src[i,j]) >> rshift])
  }
  launch pva_bilateral3x3_roi
  shim h, w, kh, kw, n, rshift, ws, wr, src, dst
  backends ref, host, pva
  accuracy exact
  cost flops 60*h*w bytes esize*2*h*w
  attrs anchor = center, border = halo
}
