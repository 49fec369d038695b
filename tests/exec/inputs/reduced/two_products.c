/* x = p.(x.q): two chained products, the second writing the first's input. */
#include <stdio.h>
#include <stdlib.h>

#define N 9

static void kernel_two_products(int n, float x[restrict n][n], float p[restrict n][n],
                                float q[restrict n][n], float t[restrict n][n])
{
  for (int a = 0; a < n; a++)
    for (int b = 0; b < n; b++) {
      float s = 0.0f;
      for (int c = 0; c < n; c++)
        s += x[a][c] * q[c][b];
      t[a][b] = s;
    }
  for (int a = 0; a < n; a++)
    for (int b = 0; b < n; b++) {
      float s = 0.0f;
      for (int c = 0; c < n; c++)
        s += p[a][c] * t[c][b];
      x[a][b] = s;
    }
}

int main(void)
{
  int n = N;
  float (*x)[N] = calloc(N * N, sizeof(float));
  float (*p)[N] = calloc(N * N, sizeof(float));
  float (*q)[N] = calloc(N * N, sizeof(float));
  float (*t)[N] = calloc(N * N, sizeof(float));
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      x[i][j] = (float)((i * 3 + j) % 7) / 7;
      p[i][j] = (float)((i + 2 * j) % 5) / 5 - 0.5f;
      q[i][j] = (float)((i * j + 1) % 11) / 11;
    }
  kernel_two_products(n, x, p, q, t);
  printf("%.9g %.9g\n", x[n - 1][0], t[0][n - 1]);
  free(x);
  free(p);
  free(q);
  free(t);
  return 0;
}
