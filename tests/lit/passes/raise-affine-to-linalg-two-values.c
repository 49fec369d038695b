// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --remarks=missed 2>&1 | FileCheck %s

// Found on code nobody wrote for polylift: a reduction that carries two values (a sum
// and a count) under a guard, inside an outer loop. The inner loop alone was taken for
// a reduction whose result a store reads, though the stored value combines both of the
// values it carries (an assertion failed, printed as a traceback). It stays as written,
// with a remark, and the output is the module.
void sf(const float *f, int n_f, const float *sf2, int n_sf2, float *result) {
  for (int i = 0; i < n_sf2; i++) {
    int count = 0; float v = sf2[i];
    for (int j = 0; j < n_f; j++)
      if ((j >= 1) && (j < n_f - i)) { float d = f[i + j] - f[i]; v = v + d * d; count = count + 1; }
    result[i] = v / count;
  }
}
// CHECK: raise-affine-to-linalg-two-values.c:12:7: remark: not raised: unsupported operation 'affine.if' in the nest
// CHECK-NOT: Traceback
// CHECK-LABEL: func.func private @sf.noalias(
// CHECK: affine.for
// CHECK: affine.for {{.*}} iter_args(
// CHECK: arith.divf
