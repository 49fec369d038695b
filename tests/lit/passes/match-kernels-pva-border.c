// RUN: polylift-cc %s --function=whole | polylift-opt --raise-affine-to-linalg --match-kernels --remarks=all 2>&1 | FileCheck %s --check-prefix=WHOLE
// RUN: polylift-cc %s --function=fixed | polylift-opt --raise-affine-to-linalg --match-kernels 2>&1 | FileCheck %s --check-prefix=FIXED
// RUN: polylift-cc %s --function=three_corners | polylift-opt --raise-affine-to-linalg --match-kernels --remarks=all 2>&1 | FileCheck %s --check-prefix=THREE
// RUN: polylift-cc %s --function=shifted_top | polylift-opt --raise-affine-to-linalg --match-kernels --remarks=all 2>&1 | FileCheck %s --check-prefix=SHIFTED
// RUN: polylift-cc %s --function=zero_border | polylift-opt --raise-affine-to-linalg --match-kernels --remarks=all 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: polylift-cc %s --function=inside | polylift-opt --raise-affine-to-linalg --match-kernels --remarks=all 2>&1 | FileCheck %s --check-prefix=INSIDE
// RUN: polylift-cc %s --function=long_top | polylift-opt --raise-affine-to-linalg --match-kernels --remarks=all 2>&1 | FileCheck %s --check-prefix=LONG
// RUN: polylift-cc %s --function=corner_from_out | polylift-opt --raise-affine-to-linalg --match-kernels --remarks=all 2>&1 | FileCheck %s --check-prefix=FROMOUT

// A 3x3 gaussian with its border replicated by hand: the interior, then the rows,
// columns and corners with clamped subscripts. match-kernels takes all nine pieces as
// one whole-image launch (border = replicate) only when each is proved to be the
// interior's pixel with its reads clamped; otherwise the interior is a region launch.

#define PIXEL(r, c, r0, r1, r2, c0, c1, c2)                                                   \
  out[r][c] = (short)((in[r0][c0] + 2 * in[r0][c1] + in[r0][c2] + 2 * in[r1][c0]              \
                       + 4 * in[r1][c1] + 2 * in[r1][c2] + in[r2][c0] + 2 * in[r2][c1]        \
                       + in[r2][c2] + 8) >> 4)

#define INTERIOR                                                                              \
  for (int i = 1; i < h - 1; i++)                                                             \
    for (int j = 1; j < w - 1; j++)                                                           \
      PIXEL(i, j, i - 1, i, i + 1, j - 1, j, j + 1);

#define COLUMNS                                                                               \
  for (int i = 1; i < h - 1; i++) {                                                           \
    PIXEL(i, 0, i - 1, i, i + 1, 0, 0, 1);                                                    \
    PIXEL(i, w - 1, i - 1, i, i + 1, w - 2, w - 1, w - 1);                                    \
  }

#define ROWS                                                                                  \
  for (int j = 1; j < w - 1; j++) {                                                           \
    PIXEL(0, j, 0, 0, 1, j - 1, j, j + 1);                                                    \
    PIXEL(h - 1, j, h - 2, h - 1, h - 1, j - 1, j, j + 1);                                    \
  }

#define CORNERS_BUT_ONE                                                                       \
  PIXEL(0, w - 1, 0, 0, 1, w - 2, w - 1, w - 1);                                              \
  PIXEL(h - 1, 0, h - 2, h - 1, h - 1, 0, 0, 1);                                              \
  PIXEL(h - 1, w - 1, h - 2, h - 1, h - 1, w - 2, w - 1, w - 1);

void whole(int h, int w, short in[restrict h][w], short out[restrict h][w])
{
  INTERIOR
  ROWS
  COLUMNS
  PIXEL(0, 0, 0, 0, 1, 0, 0, 1);
  CORNERS_BUT_ONE
}
// WHOLE: remark: matched pva.gaussian3x3 (9 ops) -> @pva_gaussian3x3_i16
// WHOLE: coverage FULL, 1 launch(es), 0 residual op(s)
// WHOLE: func.func @whole(%[[H:.*]]: index, %[[W:.*]]: index, %[[IN:.*]]: memref<?x?xi16> {llvm.noalias}, %[[OUT:.*]]: memref<?x?xi16> {llvm.noalias})
// WHOLE-NEXT: %[[DST:.*]] = memref.subview %[[OUT]][0, 0] [%[[H]], %[[W]]] [1, 1]
// WHOLE-NEXT: %[[SRC:.*]] = memref.subview %[[IN]][0, 0] [%[[H]], %[[W]]] [1, 1]
// WHOLE-NEXT: "kernel.launch"(%[[DST]], %[[SRC]]) {anchor = "center", border = "replicate", callee = @pva_gaussian3x3_i16
// WHOLE-NEXT: return

// The corner (0, 0) is missing: the pieces do not cover the image.
void three_corners(int h, int w, short in[restrict h][w], short out[restrict h][w])
{
  INTERIOR
  ROWS
  COLUMNS
  CORNERS_BUT_ONE
}
// THREE: remark: pva.gaussian3x3 not matched: the interior is followed by 4 rank-1 piece(s) and 3 corner store(s), not 4 and 4
// THREE: remark: matched pva.gaussian3x3_roi (1 op)
// THREE: coverage PARTIAL, 1 launch(es), 7 residual op(s)
// THREE-COUNT-4: residual linalg.generic
// THREE-COUNT-3: residual affine.store at {{.*}}: store outside any loop or launch

// The top row reads rows 0, 1, 2 (the window moved down), not 0, 0, 1 (clamped).
void shifted_top(int h, int w, short in[restrict h][w], short out[restrict h][w])
{
  INTERIOR
  for (int j = 1; j < w - 1; j++) {
    PIXEL(0, j, 0, 1, 2, j - 1, j, j + 1);
    PIXEL(h - 1, j, h - 2, h - 1, h - 1, j - 1, j, j + 1);
  }
  COLUMNS
  PIXEL(0, 0, 0, 0, 1, 0, 0, 1);
  CORNERS_BUT_ONE
}
// SHIFTED: remark: pva.gaussian3x3 not matched: the top edge reads another element than the interior's window, clamped into the image
// SHIFTED: remark: matched pva.gaussian3x3_roi (1 op)

// A zero border is another operator.
void zero_border(int h, int w, short in[restrict h][w], short out[restrict h][w])
{
  INTERIOR
  for (int j = 1; j < w - 1; j++) {
    out[0][j] = 0;
    out[h - 1][j] = 0;
  }
  COLUMNS
  PIXEL(0, 0, 0, 0, 1, 0, 0, 1);
  CORNERS_BUT_ONE
}
// ZERO: remark: pva.gaussian3x3 not matched: the {{top|bottom}} edge computes another expression than the interior
// ZERO: remark: matched pva.gaussian3x3_roi (1 op)

// The right column is written one pixel in (w - 2): that is inside the image.
void inside(int h, int w, short in[restrict h][w], short out[restrict h][w])
{
  INTERIOR
  ROWS
  for (int i = 1; i < h - 1; i++) {
    PIXEL(i, 0, i - 1, i, i + 1, 0, 0, 1);
    PIXEL(i, w - 2, i - 1, i, i + 1, w - 3, w - 2, w - 1);
  }
  PIXEL(0, 0, 0, 0, 1, 0, 0, 1);
  CORNERS_BUT_ONE
}
// INSIDE: remark: pva.gaussian3x3 not matched: a piece after the interior writes inside the image, not on its edge
// INSIDE: remark: matched pva.gaussian3x3_roi (1 op)

// The top row runs into the corner column (j < w).
void long_top(int h, int w, short in[restrict h][w], short out[restrict h][w])
{
  INTERIOR
  for (int j = 1; j < w; j++)
    PIXEL(0, j, 0, 0, 1, j - 1, j, j + 1);
  for (int j = 1; j < w - 1; j++)
    PIXEL(h - 1, j, h - 2, h - 1, h - 1, j - 1, j, j + 1);
  COLUMNS
  PIXEL(0, 0, 0, 0, 1, 0, 0, 1);
  CORNERS_BUT_ONE
}
// LONG: remark: pva.gaussian3x3 not matched: the top edge does not stop one pixel before the corner
// LONG: remark: matched pva.gaussian3x3_roi (1 op)

// A corner copied from the pixel next to it reads the image the pieces write: moving
// that read before the launch would read another value.
void corner_from_out(int h, int w, short in[restrict h][w], short out[restrict h][w])
{
  INTERIOR
  ROWS
  COLUMNS
  out[0][0] = out[0][1];
  CORNERS_BUT_ONE
}
// FROMOUT: remark: pva.gaussian3x3 not matched: an op between the pieces reads the image they write
// FROMOUT: remark: matched pva.gaussian3x3_roi (1 op)

// Sizes known when compiling (the last function: h and w become macros): the views
// have static extents.
#define h 6
#define w 9
void fixed(short in[restrict h][w], short out[restrict h][w])
{
  INTERIOR
  ROWS
  COLUMNS
  PIXEL(0, 0, 0, 0, 1, 0, 0, 1);
  CORNERS_BUT_ONE
}
// FIXED-LABEL: func.func @fixed(
// FIXED-SAME: %[[IN:[a-z0-9_-]+]]: memref<6x9xi16> {llvm.noalias}, %[[OUT:[a-z0-9_-]+]]: memref<6x9xi16> {llvm.noalias})
// FIXED-NEXT: %[[DST:[a-z0-9_-]+]] = memref.subview %[[OUT]][0, 0] [6, 9] [1, 1] : memref<6x9xi16> to memref<6x9xi16, strided<[9, 1]>>
// FIXED-NEXT: %[[SRC:[a-z0-9_-]+]] = memref.subview %[[IN]][0, 0] [6, 9] [1, 1] : memref<6x9xi16> to memref<6x9xi16, strided<[9, 1]>>
// FIXED-NEXT: "kernel.launch"(%[[DST]], %[[SRC]]) {{{.*}}border = "replicate", callee = @pva_gaussian3x3_i16
// FIXED-NOT: linalg.generic
// FIXED-NOT: affine.store
