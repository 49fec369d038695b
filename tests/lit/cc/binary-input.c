// A file that is not UTF-8 text (a binary, here an ELF header) names its first bad byte's
// line and column, exits 1 and prints no traceback; a NUL byte likewise.
// RUN: printf 'int x;\n\177ELF\002\001\001\320\001' > %t.c
// RUN: not polylift-cc %t.c 2>&1 | FileCheck %s --check-prefix=UTF8
// RUN: rm -f %t.mlir && not polylift-cc %t.c -o %t.mlir && not test -e %t.mlir
// RUN: printf 'void f(void)\n{ \000 }\n' > %t.nul.c
// RUN: not polylift-cc %t.nul.c 2>&1 | FileCheck %s --check-prefix=NUL
// UTF8: binary-input.c.tmp.c:2:8: error: not a C source file: byte 0xd0 is not UTF-8 text
// UTF8-NOT: Traceback
// NUL: binary-input.c.tmp.nul.c:2:3: error: not a C source file: it contains a NUL byte
// NUL-NOT: Traceback
