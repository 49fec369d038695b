/*
 * deriche: Deriche's recursive smoothing filter on a w x h image.  Each row is filtered by
 * a causal and an anticausal second-order recursion whose results are summed, then each
 * column of that result likewise.  Coefficients for smoothing parameter alpha:
 *   k  = (1 - e^-a)^2 / (1 + 2 a e^-a - e^-2a)
 *   a1 = a5 = k,  a2 = a6 = k e^-a (a - 1),  a3 = a7 = k e^-a (a + 1),  a4 = a8 = -k e^-2a
 *   b1 = 2 e^-a,  b2 = -e^-2a,  c1 = c2 = 1.
 */
#include "polylift_bench.h"

#if defined(MINI_DATASET)
#define W 64
#define H 64
#elif defined(SMALL_DATASET)
#define W 192
#define H 128
#elif defined(LARGE_DATASET)
#define W 4096
#define H 2160
#elif defined(EXTRALARGE_DATASET)
#define W 7680
#define H 4320
#else
#define W 720
#define H 480
#endif

static void kernel_deriche(int w, int h, DATA_TYPE alpha, DATA_TYPE imgIn[restrict w][h],
                           DATA_TYPE imgOut[restrict w][h], DATA_TYPE y1[restrict w][h],
                           DATA_TYPE y2[restrict w][h])
{
  int i, j;
  DATA_TYPE xm1, tm1, ym1, ym2;
  DATA_TYPE xp1, xp2;
  DATA_TYPE tp1, tp2;
  DATA_TYPE yp1, yp2;
  DATA_TYPE k;
  DATA_TYPE a1, a2, a3, a4, a5, a6, a7, a8;
  DATA_TYPE b1, b2, c1, c2;

  k = (SCALAR_VAL(1.0) - EXP_FUN(-alpha)) * (SCALAR_VAL(1.0) - EXP_FUN(-alpha))
      / (SCALAR_VAL(1.0) + SCALAR_VAL(2.0) * alpha * EXP_FUN(-alpha)
         - EXP_FUN(SCALAR_VAL(-2.0) * alpha));
  a1 = a5 = k;
  a2 = a6 = k * EXP_FUN(-alpha) * (alpha - SCALAR_VAL(1.0));
  a3 = a7 = k * EXP_FUN(-alpha) * (alpha + SCALAR_VAL(1.0));
  a4 = a8 = -k * EXP_FUN(SCALAR_VAL(-2.0) * alpha);
  b1 = SCALAR_VAL(2.0) * EXP_FUN(-alpha);
  b2 = -EXP_FUN(SCALAR_VAL(-2.0) * alpha);
  c1 = c2 = SCALAR_VAL(1.0);

  /* rows, causal */
  for (i = 0; i < w; i++) {
    ym1 = SCALAR_VAL(0.0);
    ym2 = SCALAR_VAL(0.0);
    xm1 = SCALAR_VAL(0.0);
    for (j = 0; j < h; j++) {
      y1[i][j] = a1 * imgIn[i][j] + a2 * xm1 + b1 * ym1 + b2 * ym2;
      xm1 = imgIn[i][j];
      ym2 = ym1;
      ym1 = y1[i][j];
    }
  }
  /* rows, anticausal */
  for (i = 0; i < w; i++) {
    yp1 = SCALAR_VAL(0.0);
    yp2 = SCALAR_VAL(0.0);
    xp1 = SCALAR_VAL(0.0);
    xp2 = SCALAR_VAL(0.0);
    for (j = h - 1; j >= 0; j--) {
      y2[i][j] = a3 * xp1 + a4 * xp2 + b1 * yp1 + b2 * yp2;
      xp2 = xp1;
      xp1 = imgIn[i][j];
      yp2 = yp1;
      yp1 = y2[i][j];
    }
  }
  for (i = 0; i < w; i++)
    for (j = 0; j < h; j++)
      imgOut[i][j] = c1 * (y1[i][j] + y2[i][j]);
  /* columns, causal */
  for (j = 0; j < h; j++) {
    tm1 = SCALAR_VAL(0.0);
    ym1 = SCALAR_VAL(0.0);
    ym2 = SCALAR_VAL(0.0);
    for (i = 0; i < w; i++) {
      y1[i][j] = a5 * imgOut[i][j] + a6 * tm1 + b1 * ym1 + b2 * ym2;
      tm1 = imgOut[i][j];
      ym2 = ym1;
      ym1 = y1[i][j];
    }
  }
  /* columns, anticausal */
  for (j = 0; j < h; j++) {
    tp1 = SCALAR_VAL(0.0);
    tp2 = SCALAR_VAL(0.0);
    yp1 = SCALAR_VAL(0.0);
    yp2 = SCALAR_VAL(0.0);
    for (i = w - 1; i >= 0; i--) {
      y2[i][j] = a7 * tp1 + a8 * tp2 + b1 * yp1 + b2 * yp2;
      tp2 = tp1;
      tp1 = imgOut[i][j];
      yp2 = yp1;
      yp1 = y2[i][j];
    }
  }
  for (i = 0; i < w; i++)
    for (j = 0; j < h; j++)
      imgOut[i][j] = c2 * (y1[i][j] + y2[i][j]);
}

int main(void)
{
  int w = W, h = H;
  int i, j;
  DATA_TYPE alpha = SCALAR_VAL(0.25);
  DATA_TYPE (*imgIn)[h] = POLYLIFT_ALLOC(w * h, DATA_TYPE);
  DATA_TYPE (*imgOut)[h] = POLYLIFT_ALLOC(w * h, DATA_TYPE);
  DATA_TYPE (*y1)[h] = POLYLIFT_ALLOC(w * h, DATA_TYPE);
  DATA_TYPE (*y2)[h] = POLYLIFT_ALLOC(w * h, DATA_TYPE);

  for (i = 0; i < w; i++)
    for (j = 0; j < h; j++)
      imgIn[i][j] = (DATA_TYPE)((37 * i + 101 * j) % 256) / SCALAR_VAL(255.0);

  kernel_deriche(w, h, alpha, imgIn, imgOut, y1, y2);

  POLYLIFT_CHECKSUM("imgOut", imgOut[0][0], w * h);
  POLYLIFT_CHECKSUM("y1", y1[0][0], w * h);
  POLYLIFT_CHECKSUM("y2", y2[0][0], w * h);
  free(imgIn);
  free(imgOut);
  free(y1);
  free(y2);
  return 0;
}
