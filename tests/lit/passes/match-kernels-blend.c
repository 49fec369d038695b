// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels --expressions=false | FileCheck %s
// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels --expressions=false --remarks=all 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --remarks=missed 2>&1 >/dev/null | FileCheck %s --check-prefix=RAISE
// Blends of 8-bit images (blend.tpl): unsigned pixels, C integer arithmetic.

#include <stdint.h>


// Multiply: the pixels promoted to int, the product divided (truncating) by 255.
// CHECK-LABEL: func.func @multiply(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: memref<?xi8> {llvm.noalias}, %[[B:[a-z0-9_-]+]]: memref<?xi8> {llvm.noalias}, %[[O:[a-z0-9_-]+]]: memref<?xi8> {llvm.noalias}
// CHECK: %[[SA:[a-z0-9_-]+]] = memref.subview %[[A]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SB:[a-z0-9_-]+]] = memref.subview %[[B]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SO:[a-z0-9_-]+]] = memref.subview %[[O]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SO]], %[[SA]], %[[SB]]) {callee = @blend_multiply_u8, source_order_matches = true, template = "blend.multiply"}
// CHECK-NOT: linalg.generic
void multiply(int n, uint8_t *restrict a, uint8_t *restrict b, uint8_t *restrict o)
{
  for (int i = 0; i < n; i++)
    o[i] = a[i] * b[i] / 255;
}

// Screen.
// CHECK-LABEL: func.func @screen(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: memref<?xi8> {llvm.noalias}, %[[B:[a-z0-9_-]+]]: memref<?xi8> {llvm.noalias}, %[[O:[a-z0-9_-]+]]: memref<?xi8> {llvm.noalias}
// CHECK: %[[SA:[a-z0-9_-]+]] = memref.subview %[[A]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SB:[a-z0-9_-]+]] = memref.subview %[[B]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SO:[a-z0-9_-]+]] = memref.subview %[[O]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SO]], %[[SA]], %[[SB]]) {callee = @blend_screen_u8, source_order_matches = true, template = "blend.screen"}
// CHECK-NOT: linalg.generic
void screen(int n, uint8_t *restrict a, uint8_t *restrict b, uint8_t *restrict o)
{
  for (int i = 0; i < n; i++)
    o[i] = 255 - (255 - a[i]) * (255 - b[i]) / 255;
}

// Darken: the smaller pixel.
// CHECK-LABEL: func.func @darken(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: memref<?xi8> {llvm.noalias}, %[[B:[a-z0-9_-]+]]: memref<?xi8> {llvm.noalias}, %[[O:[a-z0-9_-]+]]: memref<?xi8> {llvm.noalias}
// CHECK: %[[SA:[a-z0-9_-]+]] = memref.subview %[[A]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SB:[a-z0-9_-]+]] = memref.subview %[[B]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SO:[a-z0-9_-]+]] = memref.subview %[[O]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SO]], %[[SA]], %[[SB]]) {callee = @blend_darken_u8, source_order_matches = true, template = "blend.darken"}
// CHECK-NOT: linalg.generic
void darken(int n, uint8_t *restrict a, uint8_t *restrict b, uint8_t *restrict o)
{
  for (int i = 0; i < n; i++)
    o[i] = a[i] < b[i] ? a[i] : b[i];
}

// Lighten: the larger pixel.
// CHECK-LABEL: func.func @lighten(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: memref<?xi8> {llvm.noalias}, %[[B:[a-z0-9_-]+]]: memref<?xi8> {llvm.noalias}, %[[O:[a-z0-9_-]+]]: memref<?xi8> {llvm.noalias}
// CHECK: %[[SA:[a-z0-9_-]+]] = memref.subview %[[A]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SB:[a-z0-9_-]+]] = memref.subview %[[B]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SO:[a-z0-9_-]+]] = memref.subview %[[O]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SO]], %[[SA]], %[[SB]]) {callee = @blend_lighten_u8, source_order_matches = true, template = "blend.lighten"}
// CHECK-NOT: linalg.generic
void lighten(int n, uint8_t *restrict a, uint8_t *restrict b, uint8_t *restrict o)
{
  for (int i = 0; i < n; i++)
    o[i] = a[i] > b[i] ? a[i] : b[i];
}

// Linear burn: a + b - 255, below 0 saturated (`v < 0 ? 0 : v` is max(v, 0)).
// CHECK-LABEL: func.func @linear_burn(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: memref<?xi8> {llvm.noalias}, %[[B:[a-z0-9_-]+]]: memref<?xi8> {llvm.noalias}, %[[O:[a-z0-9_-]+]]: memref<?xi8> {llvm.noalias}
// CHECK: %[[SA:[a-z0-9_-]+]] = memref.subview %[[A]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SB:[a-z0-9_-]+]] = memref.subview %[[B]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SO:[a-z0-9_-]+]] = memref.subview %[[O]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SO]], %[[SA]], %[[SB]]) {callee = @blend_linear_burn_u8, source_order_matches = true, template = "blend.linear_burn"}
// CHECK-NOT: linalg.generic
void linear_burn(int n, uint8_t *restrict a, uint8_t *restrict b, uint8_t *restrict o)
{
  for (int i = 0; i < n; i++) {
    int v = a[i] + b[i] - 255;
    o[i] = v < 0 ? 0 : v;
  }
}

// Linear dodge (add): above 255 saturated.
// CHECK-LABEL: func.func @linear_dodge(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: memref<?xi8> {llvm.noalias}, %[[B:[a-z0-9_-]+]]: memref<?xi8> {llvm.noalias}, %[[O:[a-z0-9_-]+]]: memref<?xi8> {llvm.noalias}
// CHECK: %[[SA:[a-z0-9_-]+]] = memref.subview %[[A]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SB:[a-z0-9_-]+]] = memref.subview %[[B]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SO:[a-z0-9_-]+]] = memref.subview %[[O]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SO]], %[[SA]], %[[SB]]) {callee = @blend_linear_dodge_u8, source_order_matches = true, template = "blend.linear_dodge"}
// CHECK-NOT: linalg.generic
void linear_dodge(int n, uint8_t *restrict a, uint8_t *restrict b, uint8_t *restrict o)
{
  for (int i = 0; i < n; i++) {
    int v = a[i] + b[i];
    o[i] = v > 255 ? 255 : v;
  }
}

// Subtract, saturated at 0.
// CHECK-LABEL: func.func @subtract(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: memref<?xi8> {llvm.noalias}, %[[B:[a-z0-9_-]+]]: memref<?xi8> {llvm.noalias}, %[[O:[a-z0-9_-]+]]: memref<?xi8> {llvm.noalias}
// CHECK: %[[SA:[a-z0-9_-]+]] = memref.subview %[[A]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SB:[a-z0-9_-]+]] = memref.subview %[[B]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SO:[a-z0-9_-]+]] = memref.subview %[[O]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SO]], %[[SA]], %[[SB]]) {callee = @blend_subtract_u8, source_order_matches = true, template = "blend.subtract"}
// CHECK-NOT: linalg.generic
void subtract(int n, uint8_t *restrict a, uint8_t *restrict b, uint8_t *restrict o)
{
  for (int i = 0; i < n; i++) {
    int v = a[i] - b[i];
    o[i] = v < 0 ? 0 : v;
  }
}

// Difference: |a - b| as C writes it with ?:.
// CHECK-LABEL: func.func @difference(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: memref<?xi8> {llvm.noalias}, %[[B:[a-z0-9_-]+]]: memref<?xi8> {llvm.noalias}, %[[O:[a-z0-9_-]+]]: memref<?xi8> {llvm.noalias}
// CHECK: %[[SA:[a-z0-9_-]+]] = memref.subview %[[A]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SB:[a-z0-9_-]+]] = memref.subview %[[B]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SO:[a-z0-9_-]+]] = memref.subview %[[O]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SO]], %[[SA]], %[[SB]]) {callee = @blend_difference_u8, source_order_matches = true, template = "blend.difference"}
// CHECK-NOT: linalg.generic
void difference(int n, uint8_t *restrict a, uint8_t *restrict b, uint8_t *restrict o)
{
  for (int i = 0; i < n; i++)
    o[i] = a[i] > b[i] ? a[i] - b[i] : b[i] - a[i];
}

// The average, truncated.
// CHECK-LABEL: func.func @average(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: memref<?xi8> {llvm.noalias}, %[[B:[a-z0-9_-]+]]: memref<?xi8> {llvm.noalias}, %[[O:[a-z0-9_-]+]]: memref<?xi8> {llvm.noalias}
// CHECK: %[[SA:[a-z0-9_-]+]] = memref.subview %[[A]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SB:[a-z0-9_-]+]] = memref.subview %[[B]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SO:[a-z0-9_-]+]] = memref.subview %[[O]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SO]], %[[SA]], %[[SB]]) {callee = @blend_average_u8, source_order_matches = true, template = "blend.average"}
// CHECK-NOT: linalg.generic
void average(int n, uint8_t *restrict a, uint8_t *restrict b, uint8_t *restrict o)
{
  for (int i = 0; i < n; i++)
    o[i] = (a[i] + b[i]) / 2;
}

// Overlay: the branch on a stores one pixel in each arm, which the raising turns into
// a select (both arms divide by a constant, so evaluating both cannot trap).
// CHECK-LABEL: func.func @overlay(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: memref<?xi8> {llvm.noalias}, %[[B:[a-z0-9_-]+]]: memref<?xi8> {llvm.noalias}, %[[O:[a-z0-9_-]+]]: memref<?xi8> {llvm.noalias}
// CHECK: %[[SA:[a-z0-9_-]+]] = memref.subview %[[A]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SB:[a-z0-9_-]+]] = memref.subview %[[B]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SO:[a-z0-9_-]+]] = memref.subview %[[O]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SO]], %[[SA]], %[[SB]]) {callee = @blend_overlay_u8, source_order_matches = true, template = "blend.overlay"}
// CHECK-NOT: linalg.generic
void overlay(int n, uint8_t *restrict a, uint8_t *restrict b, uint8_t *restrict o)
{
  for (int i = 0; i < n; i++) {
    if (a[i] < 128)
      o[i] = 2 * a[i] * b[i] / 255;
    else
      o[i] = 255 - 2 * (255 - a[i]) * (255 - b[i]) / 255;
  }
}

// Hard light is overlay with the layers swapped (the test is on b): the overlay launch,
// its a bound to b and its b to a (for integers `2 * b * a` is `2 * a * b`).
// CHECK-LABEL: func.func @hard_light(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: memref<?xi8> {llvm.noalias}, %[[B:[a-z0-9_-]+]]: memref<?xi8> {llvm.noalias}, %[[O:[a-z0-9_-]+]]: memref<?xi8> {llvm.noalias}
// CHECK: %[[SB:[a-z0-9_-]+]] = memref.subview %[[B]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SA:[a-z0-9_-]+]] = memref.subview %[[A]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SO:[a-z0-9_-]+]] = memref.subview %[[O]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SO]], %[[SB]], %[[SA]]) {callee = @blend_overlay_u8, source_order_matches = false, template = "blend.overlay"}
// CHECK-NOT: linalg.generic
void hard_light(int n, uint8_t *restrict a, uint8_t *restrict b, uint8_t *restrict o)
{
  for (int i = 0; i < n; i++)
    o[i] = b[i] < 128 ? 2 * a[i] * b[i] / 255 : 255 - 2 * (255 - a[i]) * (255 - b[i]) / 255;
}

// Near misses. Signed pixels: C sign-extends them, the templates read unsigned ones.
// CHECK-LABEL: func.func @multiply_signed(
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
// REMARK: remark: no template matches linalg.generic; closest blend.multiply: payload has 'sext' where the template reads a[i]
void multiply_signed(int n, int8_t *restrict a, int8_t *restrict b, int8_t *restrict o)
{
  for (int i = 0; i < n; i++)
    o[i] = a[i] * b[i] / 255;
}

// A wrong constant: / 256 is no multiply blend.
// CHECK-LABEL: func.func @multiply_256(
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
// REMARK: remark: no template matches linalg.generic; closest blend.multiply: payload has constant 256 where the template has 255
void multiply_256(int n, uint8_t *restrict a, uint8_t *restrict b, uint8_t *restrict o)
{
  for (int i = 0; i < n; i++)
    o[i] = a[i] * b[i] / 256;
}

// `<=` for `<`: a = 128 takes the other arm.
// CHECK-LABEL: func.func @overlay_le(
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
// REMARK: remark: no template matches linalg.generic; closest blend.overlay: the op compares otherwise than the template (a[i] < 128)
void overlay_le(int n, uint8_t *restrict a, uint8_t *restrict b, uint8_t *restrict o)
{
  for (int i = 0; i < n; i++)
    o[i] = a[i] <= 128 ? 2 * a[i] * b[i] / 255 : 255 - 2 * (255 - a[i]) * (255 - b[i]) / 255;
}

// Darken written with `if`/`else` into a local, compared the other way round: the
// pixels are compared as C promotes them (to int) and the one picked is stored, which
// is min(b, a) of the pixels; the branch reads only pixels the condition read.
// CHECK-LABEL: func.func @darken_if_else(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: memref<?xi8> {llvm.noalias}, %[[B:[a-z0-9_-]+]]: memref<?xi8> {llvm.noalias}, %[[O:[a-z0-9_-]+]]: memref<?xi8> {llvm.noalias}
// CHECK: %[[SA:[a-z0-9_-]+]] = memref.subview %[[A]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SB:[a-z0-9_-]+]] = memref.subview %[[B]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SO:[a-z0-9_-]+]] = memref.subview %[[O]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SO]], %[[SB]], %[[SA]]) {callee = @blend_darken_u8, source_order_matches = true, template = "blend.darken"}
// CHECK-NOT: linalg.generic
void darken_if_else(int n, uint8_t *restrict a, uint8_t *restrict b, uint8_t *restrict o)
{
  for (int i = 0; i < n; i++) {
    uint8_t px;
    if (a[i] > b[i]) px = b[i]; else px = a[i];
    o[i] = px;
  }
}

// Near miss: signed pixels, promoted by sign extension: their minimum is another
// function of the bits than the unsigned template's.
// CHECK-LABEL: func.func @darken_signed(
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
// REMARK: remark: no template matches linalg.generic; closest blend.darken: payload has 'sext' where the template reads a[i]
void darken_signed(int n, int8_t *restrict a, int8_t *restrict b, int8_t *restrict o)
{
  for (int i = 0; i < n; i++)
    o[i] = a[i] > b[i] ? b[i] : a[i];
}

// The arm not taken where b[i] is 255 reads a[i], which the body reads nowhere else:
// evaluating both arms may read out of bounds, so the loop stays (its division by
// 255 - b[i], which may be 0 there, alone would divide by 1 where the arm is not taken).
// CHECK-LABEL: func.func @color_dodge(
// CHECK-NOT: kernel.launch
// CHECK: scf.if
// RAISE: remark: not raised: a branch reads an element that the body does not read whichever way it goes, so evaluating both arms may read out of bounds
// REMARK: remark: no template matches the loop nest; closest blend.difference: the op compares otherwise than the template (a[i] > b[i])
void color_dodge(int n, uint8_t *restrict a, uint8_t *restrict b, uint8_t *restrict o)
{
  for (int i = 0; i < n; i++) {
    if (b[i] == 255)
      o[i] = 255;
    else {
      int v = a[i] * 255 / (255 - b[i]);
      o[i] = v > 255 ? 255 : v;
    }
  }
}
