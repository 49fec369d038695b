// Input fuzzing (issue 22) found that polylift-opt, and the template loader behind
// --templates, ended in a UnicodeDecodeError traceback on a file that is not UTF-8 text.
// Both now name the first bad byte's line and column, exit 1 and write no output.
// RUN: printf 'func.func @f() {\n  \377\001\n}\n' > %t.mlir
// RUN: not polylift-opt %t.mlir 2>&1 | FileCheck %s --check-prefix=MLIR
// RUN: rm -f %t.out && not polylift-opt %t.mlir -o %t.out && not test -e %t.out
// RUN: rm -rf %t.tpl && mkdir %t.tpl && printf 'template user.x {\n  doc "\320"\n}\n' > %t.tpl/x.tpl
// RUN: not polylift-opt %s --match-kernels --templates=%t.tpl 2>&1 | FileCheck %s --check-prefix=TPL

// MLIR: binary-input.mlir.tmp.mlir:2:3: error: not a text file: byte 0xff is not UTF-8 text
// MLIR-NOT: Traceback
// TPL: x.tpl:2:8: error: not a template file: byte 0xd0 is not UTF-8 text
// TPL-NOT: Traceback

func.func @f() {
  return
}
