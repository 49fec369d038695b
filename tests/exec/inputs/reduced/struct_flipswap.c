/* Swaps each row's halves through a pointer into a struct's array at local flat indices
 * (the shape of a CNN framework's detection-layer code); its translation once failed
 * verification and took the whole file with it. */
#include <stdio.h>
#include <stdlib.h>

typedef struct { int w, h, n, classes, outputs; float *output; } layer_t;

/* POLYLIFT_EXTENT(l.output, 2 * l.outputs) */
static void kernel_struct_flipswap(layer_t l)
{
  float *flip = l.output + l.outputs;
  for (int j = 0; j < l.h; ++j)
    for (int i = 0; i < l.w / 2; ++i) {
      int i1 = j * l.w + i;
      int i2 = j * l.w + (l.w - i - 1);
      float swap = flip[i1];
      flip[i1] = flip[i2];
      flip[i2] = swap;
    }
}

int main(void)
{
  layer_t l = {7, 5, 1, 3, 35, 0};
  l.output = malloc(sizeof(float) * 70);
  for (int k = 0; k < 70; k++)
    l.output[k] = (float)((3 * k + 2) % 17 - 8) / 4;
  kernel_struct_flipswap(l);
  double s = 0;
  for (int k = 0; k < 70; k++)
    s += (k + 1) * l.output[k];
  printf("%.9g\n", s);
  free(l.output);
  return 0;
}
