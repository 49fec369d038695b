// RUN: not polylift-cc %s --function=use_while 2>&1 | FileCheck %s --check-prefix=WHILE
// RUN: not polylift-cc %s --function=use_pointer 2>&1 | FileCheck %s --check-prefix=PTR
// RUN: not polylift-cc %s --function=use_call 2>&1 | FileCheck %s --check-prefix=CALL
// RUN: not polylift-cc %s --function=use_bound 2>&1 | FileCheck %s --check-prefix=BOUND
// RUN: not polylift-cc %s --function=use_struct 2>&1 | FileCheck %s --check-prefix=STRUCT
// RUN: not polylift-cc %s --function=use_goto 2>&1 | FileCheck %s --check-prefix=GOTO
// RUN: not polylift-cc %s --function=use_counter 2>&1 | FileCheck %s --check-prefix=COUNTER
// RUN: rm -f %t.mlir && not polylift-cc %s --function=use_while -o %t.mlir && not test -e %t.mlir
// RUN: not polylift-cc %s --function=missing 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: polylift-cc %s -o %t.all.mlir 2>&1 | FileCheck %s --check-prefix=STAR
// RUN: FileCheck %s --check-prefix=STAR-OUT < %t.all.mlir

void use_while(int n, double A[n])
{
  int i = 0;
  while (i < n) A[i++] = 0.0;
}
// WHILE: errors.c:16:3: error: unsupported while loop
// WHILE-NEXT: {{^}}  while (i < n) A[i++] = 0.0;
// WHILE-NEXT: {{^}}  ^
// WHILE-NOT: Traceback

void use_pointer(int n, double *A)
{
  for (int i = 0; i < n; i++)
    *(A - i) = 1.0;
}
// PTR: errors.c:26:7: error: unsupported pointer dereference

void use_call(int n, double A[n])
{
  for (int i = 0; i < n; i++)
    A[i] = mystery(A[i]);
}
// CALL: errors.c:33:12: error: unsupported call to 'mystery', which is declared nowhere
// CALL-NEXT: {{^}}    A[i] = mystery(A[i]);
// CALL-NEXT: {{^}}           ^

void use_bound(int n, double A[n])
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i * i && j < n; j++)
      A[j] = 1.0;
}
// BOUND: errors.c:42:25: error: unsupported non-affine loop bound

struct pair { double v[2]; };
void use_struct(int n, struct pair p, double A[n])
{
  A[0] = p.v[0];
}
// STRUCT: errors.c:50:10: error: unsupported use of field 'v': array member of a struct

void use_goto(int n, double A[n])
{
  goto done;
done:
  A[0] = 1.0;
}
// GOTO: errors.c:56:3: error: unsupported goto

void use_counter(int n, double A[n])
{
  int i;
  for (i = 0; i < n; i++)
    A[i] = 0.0;
  A[0] = i;
}
// COUNTER: errors.c:67:10: error: unsupported read of loop counter 'i' after its loop

// MISSING: polylift-cc: error: no function 'missing' is defined in '{{.*}}errors.c'

void ok_kernel(int n, double A[n])
{
  for (int i = 0; i < n; i++)
    A[i] = 2.0;
}
// STAR: polylift-cc: note: skipped function 'use_while': {{.*}}errors.c:16:3: error: unsupported while loop
// STAR-OUT: func.func @ok_kernel
// STAR-OUT-NOT: func.func @use_
