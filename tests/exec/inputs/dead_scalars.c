/* Scalars that loops set: dead after the loop (not carried) or live (carried), and
 * conditional expressions whose arms divide by a literal (computed, then selected). */
#define N 19
#define M 13

void kernel_dead_and_live(int n, int m, int A[n][m], int B[n][m], int out[4])
{
  int s, t = 5;
  /* dead after the nest: what follows sets it before any read */
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      s = A[i][j] * 3 - t;
      B[i][j] = s >= 0 ? (s + 3) / 7 : -((3 - s) / 7);
    }
  /* live after the loop: the last iteration's value (or this one, if it runs none) */
  s = -1;
  for (int i = 0; i < n; i++) {
    s = A[i][0] - A[i][m - 1];
    B[i][0] = s % 5;
  }
  out[0] = s;
  /* set on one path only: the loop's value may reach the read */
  for (int j = 0; j < m; j++) {
    t = A[0][j];
    B[0][j] += t;
  }
  if (A[1][1] > 0)
    t = 100;
  out[1] = t;
  /* read before set in each iteration: the previous iteration's value */
  s = 0;
  for (int j = 0; j < m; j++) {
    B[1][j] = s;
    s = A[1][j] + j;
  }
  out[2] = s;
  /* the inner loop may run no iteration when i is 0: the outer body reads the old value */
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i && j < m; j++)
      s = A[i][j];
    B[i][m - 1] = s;
  }
  {
    int s = 11;
    out[3] = s;
  }
}

void kernel_round_i16(int n, int m, short A[n][m], short B[n][m])
{
  int s;
  for (int i = 1; i < n - 1; i++)
    for (int j = 0; j < m; j++) {
      s = A[i - 1][j] - 2 * A[i][j] + A[i + 1][j];
      B[i][j] = (short)(s >= 0 ? (s + 2) / 5 : -((2 - s) / 5));
    }
  for (int j = 0; j < m; j++) {
    s = A[0][j] - A[1][j];
    B[0][j] = (short)(s > 0 ? s / 3 : s % 3);
  }
}
