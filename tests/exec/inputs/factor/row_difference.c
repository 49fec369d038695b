/* Rows of n values accumulated into rows a - b apart (the route layer's second copy
 * with a run-time row stride that is a difference): the view of y, whose stride is the
 * entry atom a - b, is exact where a - b >= n, and the flat version runs where rows
 * overlap (a - b < n) or do not advance (a - b == 0). */
void kernel_row_difference(int rows, int n, int a, int b, const float *restrict x,
                           float *restrict y)
{
  for (int j = 0; j < rows; ++j)
    for (int i = 0; i < n; ++i)
      y[j * (a - b) + i] = y[j * (a - b) + i] * 0.5f + x[j * n + i];
}
