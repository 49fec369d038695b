/* Loop forms: decreasing, strided, min/max bounds, affine ifs, scalar promotion. */
#include <math.h>
#define N 23
#define M 17
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))

void kernel_reverse(int n, double A[n], double B[n])
{
  int i;
  for (i = n - 1; i >= 0; i--)
    B[n - 1 - i] = A[i];
  for (i = n - 2; i > 1; i -= 3)
    A[i] = A[i] * 0.5 + B[i - 1];
}

void kernel_bounds(int n, int m, double A[n][m], double s[2])
{
  int i, j;
  double acc = 0.0, peak = -1.0;
  for (i = 0; i < n; i += 2)
    for (j = MAX(0, i - 3); j < MIN(m, i + 4) && j <= n - i; j++) {
      acc += A[i][j];
      if (i == j || j > 5)
        A[i][j] = sqrt(A[i][j]) + acc;
      else
        A[i][j] = pow(A[i][j], 1.5) - exp(-acc);
      peak = A[i][j] > peak ? A[i][j] : peak;
    }
  s[0] = acc;
  s[1] = peak;
}

void kernel_scalars(int n, float A[n], float B[n], float out[3])
{
  float sum = 0.0f, last;
  int count = 0;
  for (int i = 0; i < n; i++) {
    float t = A[i] - B[i];
    if (t > 0.0f) {
      last = t;
      count++;
    } else {
      last = -t * 0.25f;
    }
    sum += fabsf(last) + (i > 0 ? A[i - 1] : 0.0f);
    B[i] = last;
  }
  out[0] = sum;
  out[1] = (float)count;
  out[2] = n > 2 && A[0] > 1.0f ? sqrtf(sum) : expf(-sum);
}

void kernel_local(int n, double A[n], double B[n])
{
  double tmp[N];
  double row[n];
  for (int i = 0; i < n; i++) {
    tmp[i] = A[i] * 2.0;
    row[i] = tmp[i] + 1.0;
  }
  for (int i = 1; i < n; i++)
    B[i] = row[i] - tmp[i - 1];
}
