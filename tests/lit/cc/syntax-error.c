// A syntax error is reported at the user's line and column, through the line markers
// of the headers included before it; no output file is left.
// RUN: not polylift-cc %s 2>&1 | FileCheck %s
// RUN: rm -f %t.mlir && not polylift-cc %s -o %t.mlir && not test -e %t.mlir
#include <math.h>
#include <stdlib.h>

void kernel_syn(int n, double A[n])
{
  for (int i = 0; i < n; i++)
    A[i] = A[i] +;
}
// CHECK: syntax-error.c:11:18: error: C syntax error: Invalid expression
// CHECK-NEXT: {{^}}    A[i] = A[i] +;
// CHECK-NEXT: {{^}}                 ^
// CHECK-NOT: Traceback
