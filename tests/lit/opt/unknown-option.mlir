// An unknown flag is an unknown option, with mlir-opt's "Did you mean" over the
// driver's options, polylift's passes and their options, and upstream's passes; exit
// 1, no traceback, nothing written.
// RUN: not polylift-opt %s -canonicalise 2>&1 | FileCheck %s --check-prefix=UPSTREAM
// UPSTREAM: polylift-opt: error: unknown option '-canonicalise'
// UPSTREAM-NEXT: polylift-opt: Did you mean '--canonicalize'?
// UPSTREAM-NOT: Traceback
// RUN: not polylift-opt %s --raise-affine-to-linalgg 2>&1 | FileCheck %s --check-prefix=POLYLIFT
// POLYLIFT: polylift-opt: error: unknown option '--raise-affine-to-linalgg'
// POLYLIFT-NEXT: polylift-opt: Did you mean '--raise-affine-to-linalg'?
// RUN: not polylift-opt %s --mlir-print-ir-afer-all 2>&1 | FileCheck %s --check-prefix=DRIVER
// DRIVER: Did you mean '--mlir-print-ir-after-all'?
// RUN: not polylift-opt %s -templatess=lib 2>&1 | FileCheck %s --check-prefix=VALUE
// VALUE: polylift-opt: error: unknown option '-templatess=lib'
// VALUE-NEXT: polylift-opt: Did you mean '--templates=lib'?
// RUN: not polylift-opt %s --xyzzy 2>&1 | FileCheck %s --check-prefix=FAR
// FAR: polylift-opt: error: unknown option '--xyzzy'
// FAR-NOT: Did you mean
// RUN: not polylift-opt %s --pass-pipeline='builtin.module(func.func(canonicalise))' 2>&1 | FileCheck %s --check-prefix=PIPE
// PIPE: polylift-opt: error: unknown pass 'canonicalise'
// PIPE-NEXT: polylift-opt: Did you mean 'canonicalize'?
// RUN: not polylift-opt %s --mlir-print-ir-after=csee 2>&1 | FileCheck %s --check-prefix=FILTER
// FILTER: polylift-opt: error: for the --mlir-print-ir-after option: Cannot find option named 'csee'!
// RUN: not polylift-opt %s -verify-each=maybe 2>&1 | FileCheck %s --check-prefix=BOOL
// BOOL: polylift-opt: error: for the --verify-each option: 'maybe' is invalid value for boolean argument! Try 0 or 1
// RUN: not polylift-opt %s -o 2>&1 | FileCheck %s --check-prefix=NOVALUE
// NOVALUE: polylift-opt: error: for the -o option: requires a value!
// The unknown option is found before the input is read or anything written.
// RUN: rm -f %t.out && not polylift-opt %t.missing -cse -canonicalise -o %t.out 2>&1 | FileCheck %s --check-prefix=UPSTREAM
// RUN: not test -e %t.out

func.func @f() {
  return
}
