/*
 * fdtd-2d: 2-D finite-difference time-domain (Yee) update of the electric fields ex, ey
 * and the magnetic field hz, with a source value driven along the first row of ey.
 */
#include "polylift_bench.h"

#if defined(MINI_DATASET)
#define TMAX 20
#define NX 20
#define NY 30
#elif defined(SMALL_DATASET)
#define TMAX 40
#define NX 60
#define NY 80
#elif defined(LARGE_DATASET)
#define TMAX 500
#define NX 1000
#define NY 1200
#elif defined(EXTRALARGE_DATASET)
#define TMAX 1000
#define NX 2000
#define NY 2600
#else
#define TMAX 100
#define NX 200
#define NY 240
#endif

static void kernel_fdtd_2d(int tmax, int nx, int ny, DATA_TYPE ex[restrict nx][ny],
                           DATA_TYPE ey[restrict nx][ny], DATA_TYPE hz[restrict nx][ny],
                           DATA_TYPE fict[restrict tmax])
{
  int t, i, j;

  for (t = 0; t < tmax; t++) {
    for (j = 0; j < ny; j++)
      ey[0][j] = fict[t];
    for (i = 1; i < nx; i++)
      for (j = 0; j < ny; j++)
        ey[i][j] = ey[i][j] - SCALAR_VAL(0.5) * (hz[i][j] - hz[i - 1][j]);
    for (i = 0; i < nx; i++)
      for (j = 1; j < ny; j++)
        ex[i][j] = ex[i][j] - SCALAR_VAL(0.5) * (hz[i][j] - hz[i][j - 1]);
    for (i = 0; i < nx - 1; i++)
      for (j = 0; j < ny - 1; j++)
        hz[i][j] = hz[i][j]
                   - SCALAR_VAL(0.7) * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] - ey[i][j]);
  }
}

int main(void)
{
  int tmax = TMAX, nx = NX, ny = NY;
  int i, j;
  DATA_TYPE (*ex)[ny] = POLYLIFT_ALLOC(nx * ny, DATA_TYPE);
  DATA_TYPE (*ey)[ny] = POLYLIFT_ALLOC(nx * ny, DATA_TYPE);
  DATA_TYPE (*hz)[ny] = POLYLIFT_ALLOC(nx * ny, DATA_TYPE);
  DATA_TYPE *fict = POLYLIFT_ALLOC(tmax, DATA_TYPE);

  for (i = 0; i < tmax; i++)
    fict[i] = (DATA_TYPE)i / tmax;
  for (i = 0; i < nx; i++)
    for (j = 0; j < ny; j++) {
      ex[i][j] = (DATA_TYPE)((i * (j + 1)) % nx) / nx;
      ey[i][j] = (DATA_TYPE)((i * (j + 2)) % ny) / ny;
      hz[i][j] = (DATA_TYPE)((i * (j + 3)) % nx) / nx;
    }

  kernel_fdtd_2d(tmax, nx, ny, ex, ey, hz, fict);

  POLYLIFT_CHECKSUM("ex", ex[0][0], nx * ny);
  POLYLIFT_CHECKSUM("ey", ey[0][0], nx * ny);
  POLYLIFT_CHECKSUM("hz", hz[0][0], nx * ny);
  free(ex);
  free(ey);
  free(hz);
  free(fict);
  return 0;
}
