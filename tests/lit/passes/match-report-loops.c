// RUN: polylift-cc %s --function=sweeps | polylift-opt --raise-affine-to-linalg --match-kernels --remarks=all 2>&1 >/dev/null | FileCheck %s --check-prefix=SWEEPS
// RUN: polylift-cc %s --function=counted | polylift-opt --raise-affine-to-linalg --match-kernels --remarks=all 2>&1 >/dev/null | FileCheck %s --check-prefix=COUNTED
// RUN: polylift-cc %s --function=seeded | polylift-opt --raise-affine-to-linalg --match-kernels --remarks=all 2>&1 >/dev/null | FileCheck %s --check-prefix=SEEDED

// What the coverage counts as computation left outside launches: a loop that only
// repeats launches is not (the time loop of a stencil); a loop that also computes, and
// a store outside any loop, are.

void sweeps(int tsteps, int n, double A[restrict n], double B[restrict n])
{
  for (int t = 0; t < tsteps; t++) {
    for (int i = 1; i < n - 1; i++)
      B[i] = 0.5 * (A[i - 1] + A[i] + A[i + 1]);
    for (int i = 1; i < n - 1; i++)
      A[i] = 0.5 * (B[i - 1] + B[i] + B[i + 1]);
  }
}
// SWEEPS-COUNT-2: remark: matched stencil.jacobi1d (1 op)
// SWEEPS: remark: match-kernels: @sweeps: coverage FULL, 2 launch(es), 0 residual op(s)

// The time loop also counts its steps in memory.
void counted(int tsteps, int n, double A[restrict n], double B[restrict n], int steps[1])
{
  for (int t = 0; t < tsteps; t++) {
    for (int i = 1; i < n - 1; i++)
      B[i] = 0.5 * (A[i - 1] + A[i] + A[i + 1]);
    steps[0] = steps[0] + 1;
  }
}
// COUNTED: remark: matched stencil.jacobi1d (1 op)
// COUNTED: remark: match-kernels: @counted: coverage PARTIAL, 1 launch(es), 1 residual op(s)
// COUNTED-NEXT: remark:   residual affine.for at 24:3: loop not raised to linalg

// A boundary value written once, outside any loop.
void seeded(int n, double A[restrict n], double B[restrict n])
{
  for (int i = 1; i < n - 1; i++)
    B[i] = 0.5 * (A[i - 1] + A[i] + A[i + 1]);
  B[0] = A[0];
}
// SEEDED: remark: matched stencil.jacobi1d (1 op)
// SEEDED: remark: match-kernels: @seeded: coverage PARTIAL, 1 launch(es), 1 residual op(s)
// SEEDED-NEXT: remark:   residual affine.store at 39:3: store outside any loop or launch
