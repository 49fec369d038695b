// RUN: not polylift-opt %s --no-such-pass 2>&1 | FileCheck %s --check-prefix=PASS
// RUN: not polylift-opt %S/Inputs/bad.mlir 2>&1 | FileCheck %s --check-prefix=PARSE
// RUN: rm -f %t.out && not polylift-opt %S/Inputs/bad.mlir -o %t.out && not test -e %t.out
// RUN: not polylift-opt %s --pass-pipeline='raise-affine-to-linalg' 2>&1 | FileCheck %s --check-prefix=PIPE

// PASS: polylift-opt: error: unknown option '--no-such-pass'
// PASS-NOT: Traceback
// PARSE: bad.mlir:3:3: error: custom op 'bogus' is unknown
// PARSE-NEXT: {{^}}  bogus
// PARSE-NEXT: {{^}}  ^
// PARSE-NOT: Traceback
// PIPE: error: pass pipeline must have the form 'builtin.module(...)'

func.func @f() {
  return
}
