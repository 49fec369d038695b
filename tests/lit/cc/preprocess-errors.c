// Input fuzzing (issue 22) found errors printed without a position: gcc's own
// preprocessing errors, and pycparser's syntax errors at the end of the input. Each is
// now placed in the user's file.
// RUN: printf '#if 1\nvoid f(void) {}\n' > %t.if.c
// RUN: not polylift-cc %t.if.c 2>&1 | FileCheck %s --check-prefix=IF
// RUN: printf 'void f(void) {}\n#include "no_such_header.h"\n' > %t.inc.c
// RUN: not polylift-cc %t.inc.c 2>&1 | FileCheck %s --check-prefix=INC
// RUN: printf 'void f(int n, double A[n])\n{\n  A[0] = 1.0;\n' > %t.end.c
// RUN: not polylift-cc %t.end.c 2>&1 | FileCheck %s --check-prefix=END
// RUN: printf 'void f(int n, double A[n])\n{\n  A[0] = (1.0 +\n' > %t.expr.c
// RUN: not polylift-cc %t.expr.c 2>&1 | FileCheck %s --check-prefix=EXPR
// RUN: rm -f %t.mlir && not polylift-cc %t.end.c -o %t.mlir && not test -e %t.mlir

// IF: preprocess-errors.c.tmp.if.c:1:1: error: preprocessing failed: unterminated #if
// IF-NOT: Traceback
// INC: preprocess-errors.c.tmp.inc.c:2:10: error: preprocessing failed: no_such_header.h: No such file or directory
// END: preprocess-errors.c.tmp.end.c:3:14: error: C syntax error: At end of input
// EXPR: preprocess-errors.c.tmp.expr.c:3:16: error: C syntax error: Invalid expression
