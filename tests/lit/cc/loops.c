// RUN: polylift-cc %s --function=kernel_nest --assume-noalias | FileCheck %s --check-prefix=NEST
// RUN: polylift-cc %s --function=kernel_down | FileCheck %s --check-prefix=DOWN
// RUN: polylift-cc %s --function=kernel_minmax | FileCheck %s --check-prefix=MINMAX

void kernel_nest(int ni, int nj, double alpha, double C[ni][nj], double A[ni][nj])
{
  for (int i = 0; i < ni; i++)
    for (int j = 1; j <= nj - 1; j += 2)
      C[i][j] += alpha * A[i][j - 1];
}
// NEST-LABEL: func.func @kernel_nest(%arg0: index loc({{.*}}), %arg1: index loc({{.*}}), %arg2: f64 loc({{.*}}), %arg3: memref<?x?xf64> loc({{.*}}), %arg4: memref<?x?xf64> loc({{.*}})) {
// NEST-NEXT: affine.for %arg5 loc("{{.*}}loops.c":7:3) = 0 to %arg0 {
// NEST-NEXT: affine.for %arg6 loc("{{.*}}loops.c":8:5) = 1 to %arg1 step 2 {
// NEST-NEXT: %0 = affine.load %arg4[%arg5, %arg6 - 1] : memref<?x?xf64> loc([[A:#loc[0-9]+]])
// NEST-NEXT: %1 = arith.mulf %arg2, %0 : f64
// NEST-NEXT: %2 = affine.load %arg3[%arg5, %arg6] : memref<?x?xf64>
// NEST-NEXT: %3 = arith.addf %2, %1 : f64
// NEST-NEXT: affine.store %3, %arg3[%arg5, %arg6] : memref<?x?xf64>
// NEST: [[A]] = loc("{{.*}}loops.c":9:26)

void kernel_down(int n, float A[n], float B[n])
{
  for (int i = n - 1; i >= 0; i--)
    B[i] = A[i];
  for (int i = n - 1; i > 0; i -= 3)
    B[i] = 0.0f;
}
// DOWN: #[[REV:map[0-9]*]] = affine_map<()[s0] -> ((s0 - 1) ceildiv 3)>
// DOWN-LABEL: func.func @kernel_down
// DOWN: affine.for %[[T:arg[0-9]+]] {{.*}}= 0 to %arg0 {
// DOWN-NEXT: affine.load %arg1[-%[[T]] + symbol(%arg0) - 1] : memref<?xf32>
// DOWN-NEXT: affine.store {{.*}}, %arg2[-%[[T]] + symbol(%arg0) - 1] : memref<?xf32>
// DOWN: affine.for %[[U:arg[0-9]+]] {{.*}}= 0 to #[[REV]]()[%arg0] {
// DOWN: affine.store {{.*}}, %arg2[%[[U]] * -3 + symbol(%arg0) - 1] : memref<?xf32>

#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
void kernel_minmax(int n, int m, double A[n][m])
{
  for (int i = 0; i < n; i++)
    for (int j = MAX(0, i - 2); j < MIN(m, i + 3) && j < n; j++)
      A[i][j] = 0.0;
}
// MINMAX-DAG: #[[LB:map[0-9]*]] = affine_map<(d0) -> (0, d0 - 2)>
// MINMAX-DAG: #[[UB:map[0-9]*]] = affine_map<(d0)[s0, s1] -> (s0, d0 + 3, s1)>
// MINMAX-LABEL: func.func @kernel_minmax
// MINMAX: affine.for %[[I:arg[0-9]+]] {{.*}}= 0 to %arg0 {
// MINMAX-NEXT: affine.for %[[J:arg[0-9]+]] {{.*}}= max #[[LB]](%[[I]]) to min #[[UB]](%[[I]])[%arg1, %arg0] {
// MINMAX: affine.store %{{.*}}, %arg2[%[[I]], %[[J]]] : memref<?x?xf64>
