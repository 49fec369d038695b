/* `continue` in a for loop's body: the statements after it run only where it does not
 * (inner loops first, the loop's step still runs). */
#include <math.h>

void kernel_skip_small(int n, float x[n], float y[n])
{
  for (int i = 0; i < n; i++) {
    y[i] = -1.0f;
    if (x[i] < 1.0f)
      continue;
    y[i] = sqrtf(x[i]);
  }
}

void kernel_rows_skip(int m, int n, double a[m][n], double s[m], double c[m])
{
  for (int i = 0; i < m; i++) {
    double t = 0.0;
    int k = 0;
    for (int j = 0; j < n; j++) {
      if (a[i][j] > 1.25)
        continue;
      t += a[i][j];
      k++;
    }
    s[i] = t;
    c[i] = k;
  }
}

void kernel_two_arms(int n, float x[n], float y[n], float z[n])
{
  for (int i = 0; i < n; i += 2) {
    z[i] = 0.0f;
    if (x[i] > 1.3f) {
      y[i] = 1.0f;
      continue;
    } else if (x[i] < 0.7f) {
      y[i] = -1.0f;
      continue;
    }
    {
      y[i] = x[i];
      if (x[i] > 1.0f)
        continue;
      z[i] = 2.0f * x[i];
    }
    z[i] += 1.0f;
  }
}

void kernel_last(int n, int v[n])
{
  for (int i = 0; i < n; i++) {
    v[i] = v[i] * 3 + 1;
    continue;
  }
}

void kernel_own_name(int n, float y[n])
{
  float t = 1.0f;
  for (int i = 0; i < n; i++) {
    if (i % 3 == 1) {
      float t = 2.0f;
      y[i] = t * y[i];
      continue;
    }
    y[i] = t + y[i];
  }
}
