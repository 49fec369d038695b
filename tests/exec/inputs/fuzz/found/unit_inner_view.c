/* Found by polylift fuzz (seed 22, program 821), shrunk: D[j][k][i] for one k and
   one i is a 2-D fill of a view whose innermost dim has one element and the stride of
   the dim it stands in; the launch lowering refused it ("no backend claimed", FAIL),
   though the stride of a dim of one element is never used. */
#include "polylift_bench.h"

static void kernel_unit_inner_view(int n, int p, float D[restrict 1][1][2])
{
  int i, j, k;
  for (i = 0; i < n - 1; i++) {
    for (j = i; j < p; j++) {
      for (k = 0; k < 1; k++) {
        D[j][k][i] = 2.0f;
      }
    }
  }
}

int main(void)
{
  size_t k;
  float (*D)[1][2] = POLYLIFT_ALLOC(1 * 1 * 2, float);
  for (k = 0; k < (size_t)(1 * 1 * 2); k++)
    ((float *)D)[k] = (float)((k * 7 + 1) % 13) / 13;
  kernel_unit_inner_view(3, 1, D);
  polylift_checksum_f32("D", (float *)D, 1 * 1 * 2);
  free(D);
  return 0;
}
