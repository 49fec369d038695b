// RUN: polylift-cc %s --function=kernel_rdiv --assume-noalias | FileCheck %s --check-prefix=RDIV
// RUN: polylift-cc %s --function=kernel_other | FileCheck %s --check-prefix=OTHER

// A rounding division by a computed divisor: both arms divide by d, and they trap for
// the same d (0, or -1 with the most negative x), so the `?:` runs both and selects.
void kernel_rdiv(int n, int x[n], int d[n], int y[n])
{
  for (int i = 0; i < n; i++)
    y[i] = x[i] >= 0 ? (x[i] + d[i] / 2) / d[i] : -((d[i] / 2 - x[i]) / d[i]);
}
// RDIV-LABEL: func.func @kernel_rdiv
// RDIV-NOT: scf.if
// RDIV: arith.select
// RDIV-NOT: scf.if

// Arms that divide by different values may trap apart: the `?:` stays a branch.
void kernel_other(int n, int x[n], int d[n], int e[n], int y[n])
{
  for (int i = 0; i < n; i++)
    y[i] = x[i] >= 0 ? (x[i] + d[i] / 2) / d[i] : -((d[i] / 2 - x[i]) / e[i]);
}
// OTHER-LABEL: func.func @kernel_other
// OTHER: scf.if
