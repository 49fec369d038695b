// RUN: polylift-opt %s --split-input-file --match-kernels | FileCheck %s
// RUN: polylift-opt %s --split-input-file --match-kernels --remarks=all 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: polylift-opt %s --split-input-file --match-kernels --templates=%S/Inputs/table-templates | FileCheck %s --check-prefix=USER
// RUN: polylift-opt %s --split-input-file --match-kernels --templates=%S/Inputs/table-templates --remarks=all 2>&1 >/dev/null | FileCheck %s --check-prefix=UREMARK

// A table read at a subscript computed from data stays in the generic's body as a
// `memref.load` of the captured table (raise-affine-to-linalg/table-read.mlir): it is a
// lookup. `out[i][j] = lut[in[i][j]]` with an unsigned 8-bit pixel (histeq's last nest)
// is pva.lut; the launch names the whole table.

// CHECK-LABEL: func.func @lut_u8(
// CHECK-SAME: %[[IN:[a-z0-9_-]+]]: memref<?x?xi8>, %[[LUT:[a-z0-9_-]+]]: memref<256xi8>, %[[OUT:[a-z0-9_-]+]]: memref<?x?xi8>)
// CHECK-NOT: linalg.generic
// CHECK: "kernel.launch"(%[[OUT]], %[[LUT]], %[[IN]]) {callee = @pva_lut_i8, source_order_matches = true, template = "pva.lut"} : (memref<?x?xi8>, memref<256xi8>, memref<?x?xi8>) -> ()
// REMARK: remark: matched pva.lut (1 op) -> @pva_lut_i8
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @lut_u8(%in: memref<?x?xi8>, %lut: memref<256xi8>, %out: memref<?x?xi8>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%in : memref<?x?xi8>) outs(%out : memref<?x?xi8>) {
  ^bb0(%a: i8, %o: i8):
    %k = arith.index_castui %a : i8 to index
    %v = memref.load %lut[%k] : memref<256xi8>
    linalg.yield %v : i8
  }
  return
}

// -----

// Near miss: a signed pixel as the subscript (C's `int8_t` index, sign-extended) reads
// other entries than unsigned(src).
// CHECK-LABEL: func.func @lut_signed_key
// CHECK: linalg.generic
// REMARK: remark: no template matches linalg.generic; closest pva.lut: payload has 0 'unsigned', the template 1
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @lut_signed_key(%in: memref<?x?xi8>, %lut: memref<256xi8>, %out: memref<?x?xi8>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%in : memref<?x?xi8>) outs(%out : memref<?x?xi8>) {
  ^bb0(%a: i8, %o: i8):
    %k = arith.index_cast %a : i8 to index
    %v = memref.load %lut[%k] : memref<256xi8>
    linalg.yield %v : i8
  }
  return
}

// -----

// Near miss: the 16-bit pixel zero-extended after a sign extension to i32 is not the
// pixel's unsigned bits (-1 reads entry 2^32 - 1, not 65535).
// CHECK-LABEL: func.func @lut_widened_key
// CHECK: linalg.generic
// REMARK: remark: no template matches linalg.generic; closest pva.lut: payload has 'sext' where the template reads src[i, j]
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @lut_widened_key(%in: memref<?x?xi16>, %lut: memref<65536xi16>, %out: memref<?x?xi16>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%in : memref<?x?xi16>) outs(%out : memref<?x?xi16>) {
  ^bb0(%a: i16, %o: i16):
    %w = arith.extsi %a : i16 to i32
    %k = arith.index_castui %w : i32 to index
    %v = memref.load %lut[%k] : memref<65536xi16>
    linalg.yield %v : i16
  }
  return
}

// -----

// A lookup in an int32 table, `d < 0 ? 0 - d : d` as abs(d), and the rounding division
// by a computed divisor `q >= 0 ? (q + e/2) / e : 0 - ((e/2 - q) / e)` (the front end
// keeps it a select: both arms trap for the same e) match a user template stating
// wt[abs(x - z) >> s] and rdiv(.., d).
// USER-LABEL: func.func @wmean(
// USER-SAME: %[[X:[a-z0-9_-]+]]: memref<?xi16>, %[[WT:[a-z0-9_-]+]]: memref<64xi32>, %[[Z:[a-z0-9_-]+]]: memref<?xi16>, %[[D:[a-z0-9_-]+]]: memref<?xi32>, %[[Y:[a-z0-9_-]+]]: memref<?xi16>)
// USER-NOT: linalg.generic
// USER: %{{[a-z0-9_-]+}} = arith.constant 4 : i32
// USER: %[[C4:[a-z0-9_-]+]] = arith.constant 4 : i32
// USER: "kernel.launch"(%[[Y]], %[[WT]], %[[X]], %[[Z]], %[[D]], %[[C4]]) {callee = @wmean_i16, s = 4 : i32, source_order_matches = true, template = "user.wmean"}
// UREMARK: remark: matched user.wmean (1 op) -> @wmean_i16
#map = affine_map<(d0) -> (d0)>
func.func @wmean(%x: memref<?xi16>, %wt: memref<64xi32>, %z: memref<?xi16>, %d: memref<?xi32>, %y: memref<?xi16>) {
  %c4 = arith.constant 4 : i32
  linalg.generic {indexing_maps = [#map, #map, #map, #map], iterator_types = ["parallel"]} ins(%x, %z, %d : memref<?xi16>, memref<?xi16>, memref<?xi32>) outs(%y : memref<?xi16>) {
  ^bb0(%a: i16, %b: i16, %e: i32, %o: i16):
    %c0 = arith.constant 0 : i32
    %c2 = arith.constant 2 : i32
    %xa = arith.extsi %a : i16 to i32
    %xb = arith.extsi %b : i16 to i32
    %diff = arith.subi %xa, %xb : i32
    %neg = arith.cmpi slt, %diff, %c0 : i32
    %minus = arith.subi %c0, %diff : i32
    %abs = arith.select %neg, %minus, %diff : i32
    %sh = arith.shrsi %abs, %c4 : i32
    %k = arith.index_cast %sh : i32 to index
    %g = memref.load %wt[%k] : memref<64xi32>
    %q = arith.muli %xa, %g : i32
    %pos = arith.cmpi sge, %q, %c0 : i32
    %half = arith.divsi %e, %c2 : i32
    %up = arith.addi %q, %half : i32
    %r1 = arith.divsi %up, %e : i32
    %dn = arith.subi %half, %q : i32
    %r2 = arith.divsi %dn, %e : i32
    %r3 = arith.subi %c0, %r2 : i32
    %r = arith.select %pos, %r1, %r3 : i32
    %t = arith.trunci %r : i32 to i16
    linalg.yield %t : i16
  }
  return
}

// -----

// Near miss: `d < 0 ? d : 0 - d` is -abs(d), not abs(d).
// USER-LABEL: func.func @wmean_negabs
// USER: linalg.generic
#map = affine_map<(d0) -> (d0)>
func.func @wmean_negabs(%x: memref<?xi16>, %wt: memref<64xi32>, %z: memref<?xi16>, %d: memref<?xi32>, %y: memref<?xi16>) {
  %c4 = arith.constant 4 : i32
  linalg.generic {indexing_maps = [#map, #map, #map, #map], iterator_types = ["parallel"]} ins(%x, %z, %d : memref<?xi16>, memref<?xi16>, memref<?xi32>) outs(%y : memref<?xi16>) {
  ^bb0(%a: i16, %b: i16, %e: i32, %o: i16):
    %c0 = arith.constant 0 : i32
    %c2 = arith.constant 2 : i32
    %xa = arith.extsi %a : i16 to i32
    %xb = arith.extsi %b : i16 to i32
    %diff = arith.subi %xa, %xb : i32
    %neg = arith.cmpi slt, %diff, %c0 : i32
    %minus = arith.subi %c0, %diff : i32
    %abs = arith.select %neg, %diff, %minus : i32
    %sh = arith.shrsi %abs, %c4 : i32
    %k = arith.index_cast %sh : i32 to index
    %g = memref.load %wt[%k] : memref<64xi32>
    %q = arith.muli %xa, %g : i32
    %pos = arith.cmpi sge, %q, %c0 : i32
    %half = arith.divsi %e, %c2 : i32
    %up = arith.addi %q, %half : i32
    %r1 = arith.divsi %up, %e : i32
    %dn = arith.subi %half, %q : i32
    %r2 = arith.divsi %dn, %e : i32
    %r3 = arith.subi %c0, %r2 : i32
    %r = arith.select %pos, %r1, %r3 : i32
    %t = arith.trunci %r : i32 to i16
    linalg.yield %t : i16
  }
  return
}

// -----

// Near miss: the rounding arms divide by two different values (`(q + e/2) / e` and
// `(e/2 - q) / f`): no rdiv.
// USER-LABEL: func.func @wmean_two_divisors
// USER: linalg.generic
#map = affine_map<(d0) -> (d0)>
func.func @wmean_two_divisors(%x: memref<?xi16>, %wt: memref<64xi32>, %z: memref<?xi16>, %d: memref<?xi32>, %y: memref<?xi16>, %f: i32) {
  %c4 = arith.constant 4 : i32
  linalg.generic {indexing_maps = [#map, #map, #map, #map], iterator_types = ["parallel"]} ins(%x, %z, %d : memref<?xi16>, memref<?xi16>, memref<?xi32>) outs(%y : memref<?xi16>) {
  ^bb0(%a: i16, %b: i16, %e: i32, %o: i16):
    %c0 = arith.constant 0 : i32
    %c2 = arith.constant 2 : i32
    %xa = arith.extsi %a : i16 to i32
    %xb = arith.extsi %b : i16 to i32
    %diff = arith.subi %xa, %xb : i32
    %neg = arith.cmpi slt, %diff, %c0 : i32
    %minus = arith.subi %c0, %diff : i32
    %abs = arith.select %neg, %minus, %diff : i32
    %sh = arith.shrsi %abs, %c4 : i32
    %k = arith.index_cast %sh : i32 to index
    %g = memref.load %wt[%k] : memref<64xi32>
    %q = arith.muli %xa, %g : i32
    %pos = arith.cmpi sge, %q, %c0 : i32
    %half = arith.divsi %e, %c2 : i32
    %up = arith.addi %q, %half : i32
    %r1 = arith.divsi %up, %e : i32
    %dn = arith.subi %half, %q : i32
    %r2 = arith.divsi %dn, %f : i32
    %r3 = arith.subi %c0, %r2 : i32
    %r = arith.select %pos, %r1, %r3 : i32
    %t = arith.trunci %r : i32 to i16
    linalg.yield %t : i16
  }
  return
}

// -----

// Near miss: the divisors are 16-bit, widened in the body, where the template's `d`
// holds i32: the shim would read them as int32_t.
// USER-LABEL: func.func @wmean_short_divisor
// USER: linalg.generic
// UREMARK: remark: no template matches linalg.generic; closest user.wmean: d holds i16, the template i32
#map = affine_map<(d0) -> (d0)>
func.func @wmean_short_divisor(%x: memref<?xi16>, %wt: memref<64xi32>, %z: memref<?xi16>, %d: memref<?xi16>, %y: memref<?xi16>) {
  %c4 = arith.constant 4 : i32
  linalg.generic {indexing_maps = [#map, #map, #map, #map], iterator_types = ["parallel"]} ins(%x, %z, %d : memref<?xi16>, memref<?xi16>, memref<?xi16>) outs(%y : memref<?xi16>) {
  ^bb0(%a: i16, %b: i16, %e16: i16, %o: i16):
    %e = arith.extsi %e16 : i16 to i32
    %c0 = arith.constant 0 : i32
    %c2 = arith.constant 2 : i32
    %xa = arith.extsi %a : i16 to i32
    %xb = arith.extsi %b : i16 to i32
    %diff = arith.subi %xa, %xb : i32
    %neg = arith.cmpi slt, %diff, %c0 : i32
    %minus = arith.subi %c0, %diff : i32
    %abs = arith.select %neg, %minus, %diff : i32
    %sh = arith.shrsi %abs, %c4 : i32
    %k = arith.index_cast %sh : i32 to index
    %g = memref.load %wt[%k] : memref<64xi32>
    %q = arith.muli %xa, %g : i32
    %pos = arith.cmpi sge, %q, %c0 : i32
    %half = arith.divsi %e, %c2 : i32
    %up = arith.addi %q, %half : i32
    %r1 = arith.divsi %up, %e : i32
    %dn = arith.subi %half, %q : i32
    %r2 = arith.divsi %dn, %e : i32
    %r3 = arith.subi %c0, %r2 : i32
    %r = arith.select %pos, %r1, %r3 : i32
    %t = arith.trunci %r : i32 to i16
    linalg.yield %t : i16
  }
  return
}

