// Local pointers walked through a loop nest (the DSP style) are read at the subscripts
// they stand for: the counters' distances from their starts times the steps of one
// iteration, plus the steps earlier in the body. A walk the rewrite cannot read is
// refused with the reason, at the construct.
// RUN: polylift-cc %s -o %t.mlir 2>%t.notes
// RUN: FileCheck %s < %t.mlir
// RUN: FileCheck %s --check-prefix=NOTE < %t.notes
// RUN: polylift-opt %t.mlir --raise-affine-to-linalg --match-kernels --remarks=applied 2>&1 >/dev/null | FileCheck %s --check-prefix=LIFT

// `*p++` on both sides, pointers declared with `&x[0]`, `x`, and late.
void vmac(int n, const float *restrict a, const float *restrict b, const float *restrict c,
          float *restrict d)
{
  const float *p_a = a, *p_b = &b[0], *p_c;
  float *p_d = d;
  p_c = c;
  for (int i = 0; i < n; i++)
    *p_d++ = *p_c++ + *p_a++ * *p_b++;
}
// CHECK-LABEL: func.func @vmac(
// CHECK: affine.for %[[I:[a-z0-9]+]] {{.*}}= 0 to
// CHECK-NEXT: affine.load %{{.*}}[%[[I]]]
// CHECK-NEXT: affine.load %{{.*}}[%[[I]]]
// CHECK-NEXT: affine.load %{{.*}}[%[[I]]]
// CHECK: affine.store %{{.*}}, %{{.*}}[%[[I]]]

// Two loops: one step per inner iteration is `cols` steps per outer one.
void scale2d(int rows, int cols, const float *restrict in, float *restrict out, float k)
{
  const float *p_in = in;
  float *p_out = out;
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++)
      *p_out++ = *p_in++ * k;
}
// CHECK-LABEL: func.func private @scale2d.delinearized(
// CHECK: affine.for %[[R:[a-z0-9]+]] {{.*}}= 0 to
// CHECK-NEXT: affine.for %[[C:[a-z0-9]+]] {{.*}}= 0 to
// CHECK-NEXT: affine.load %{{.*}}[%[[R]], %[[C]]]
// CHECK: affine.store %{{.*}}, %{{.*}}[%[[R]], %[[C]]]
// LIFT: walked-pointers.c:[[@LINE-7]]:8: remark: matched ew.muls2d

// Declared in the outer body, read in a reduction: a FIR filter.
void fir(int n, int taps, const float *restrict x, const float *restrict h,
         float *restrict y)
{
  for (int i = 0; i < n; i++) {
    const float *p_x = &x[i];
    const float *p_h = h;
    float acc = 0.0f;
    for (int t = 0; t < taps; t++)
      acc += *p_x++ * *p_h++;
    y[i] = acc;
  }
}
// CHECK-LABEL: func.func @fir(
// CHECK: affine.for %[[I:[a-z0-9]+]] {{.*}}= 0 to
// CHECK: affine.for %[[T:[a-z0-9]+]] {{.*}}= 0 to
// CHECK-NEXT: affine.load %{{.*}}[%[[I]] + %[[T]]]
// CHECK-NEXT: affine.load %{{.*}}[%[[T]]]

// Stepped backwards, and a step on a statement of its own after a plain `*q`.
void reverse(int n, const float *restrict x, float *restrict y)
{
  const float *p = &x[n - 1];
  float *q = y;
  for (int i = 0; i < n; i++) {
    *q = *p--;
    q++;
  }
}
// CHECK-LABEL: func.func @reverse(
// CHECK: affine.for %[[I:[a-z0-9]+]] {{.*}}= 0 to
// CHECK-NEXT: affine.load %{{.*}}[-%[[I]] + symbol(%{{.*}}) - 1]
// CHECK-NEXT: affine.store %{{.*}}, %{{.*}}[%[[I]]]

// Two steps per iteration, `p[1]` between steps, `+= 2`, a loop from 1 to `<= n`.
void complex_mul(int n, const float *restrict a, const float *restrict b, float *restrict c)
{
  const float *pa = a, *pb = b;
  float *pc = c;
  for (int i = 1; i <= n; i++) {
    float ar = *pa++, ai = *pa++;
    float br = pb[0], bi = pb[1];
    pb += 2;
    *pc++ = ar * br - ai * bi;
    *pc++ = ar * bi + ai * br;
  }
}
// CHECK-LABEL: func.func @complex_mul(
// CHECK: affine.for %[[I:[a-z0-9]+]] {{.*}}= 1 to
// CHECK-NEXT: affine.load %{{.*}}[%[[I]] * 2 - 2]
// CHECK-NEXT: affine.load %{{.*}}[%[[I]] * 2 - 1]
// CHECK-NEXT: affine.load %{{.*}}[%[[I]] * 2 - 2]
// CHECK-NEXT: affine.load %{{.*}}[%[[I]] * 2 - 1]
// CHECK: affine.store %{{.*}}, %{{.*}}[%[[I]] * 2 - 2]
// CHECK: affine.store %{{.*}}, %{{.*}}[%[[I]] * 2 - 1]

// Pre-increment: the element after the step.
void shifted(int n, const float *restrict x, float *restrict y)
{
  const float *p = x;
  float *q = y;
  for (int i = 0; i < n; i++)
    *++q = *++p;
}
// CHECK-LABEL: func.func @shifted(
// CHECK: affine.load %{{.*}}[%{{.*}} + 1]
// CHECK-NEXT: affine.store %{{.*}}, %{{.*}}[%{{.*}} + 1]
// LIFT: walked-pointers.c:[[@LINE-5]]:8: remark: matched blas.copy

// Refused: a step under a test (how far it went depends on the data).
void compact(int n, const float *restrict x, float *restrict y)
{
  float *p = y;
  for (int i = 0; i < n; i++)
    if (x[i] > 0)
      *p++ = x[i];
}
// NOTE: note: skipped function 'compact': {{.*}}walked-pointers.c:[[@LINE-3]]:5: error: unsupported step of local pointer 'p': it is named under a test or in an inner block or loop

// Refused: an inner loop whose trip count depends on the outer counter.
void triangle(int n, const float *restrict x, float *restrict y)
{
  float *p = y;
  for (int r = 0; r < n; r++)
    for (int c = 0; c < r; c++)
      *p++ = x[c];
}
// NOTE: note: skipped function 'triangle': {{.*}}walked-pointers.c:[[@LINE-3]]:25: error: unsupported step of local pointer 'p': a bound of its nest may change from one pass to the next

// Refused: read after the nest that stepped it.
void read_after(int n, const float *restrict x, float *restrict y)
{
  float *p = y;
  for (int i = 0; i < n; i++)
    *p++ = x[i];
  *p = 0.0f;
}
// NOTE: note: skipped function 'read_after': {{.*}}walked-pointers.c:[[@LINE-2]]:4: error: unsupported step of local pointer 'p': it is named outside the one loop nest that steps it

// Refused: stepped and read again in one statement (unsequenced in C).
void unsequenced(int n, float *restrict y)
{
  float *p = y;
  for (int i = 0; i < n; i++)
    *p++ = *p + 1.0f;
}
// NOTE: note: skipped function 'unsequenced': {{.*}}walked-pointers.c:[[@LINE-2]]:6: error: unsupported step of local pointer 'p': a statement that steps it names it twice (unsequenced in C)

// Refused: a stride that is not a literal.
void strided(int n, int s, const float *restrict x, float *restrict y)
{
  const float *p = x;
  for (int i = 0; i < n; i++) {
    y[i] = *p;
    p += s;
  }
}
// NOTE: note: skipped function 'strided': {{.*}}walked-pointers.c:[[@LINE-3]]:5: error: unsupported step of local pointer 'p': it is stepped by an amount that is not an integer literal

// Refused: a search that stops early.
void search(int n, const float *restrict x, float *restrict y)
{
  float *p = y;
  for (int i = 0; i < n; i++) {
    if (x[i] < 0)
      break;
    *p++ = x[i];
  }
}
// NOTE: note: skipped function 'search': {{.*}}walked-pointers.c:[[@LINE-4]]:7: error: unsupported step of local pointer 'p': its loop nest has a break, continue, goto or return

// Refused: the pointer passed on as a value.
float first(const float *p);
void passed(int n, const float *restrict x, float *restrict y)
{
  const float *p = x;
  for (int i = 0; i < n; i++) {
    y[i] = first(p);
    p++;
  }
}
// NOTE: note: skipped function 'passed': {{.*}}walked-pointers.c:[[@LINE-4]]:18: error: unsupported step of local pointer 'p': it is used as a value, not read as *p or p[e]

// Refused: a `while` loop steps it (its trip count is not counted).
void walks_while(int n, const float *restrict x, float *restrict y)
{
  const float *p = x;
  int i = 0;
  while (i < n) {
    y[i] = *p++;
    i++;
  }
}
// NOTE: note: skipped function 'walks_while': {{.*}}walked-pointers.c:[[@LINE-4]]:13: error: unsupported step of local pointer 'p': it is stepped outside a counted `for` loop

// Refused: an inner block declares another pointer of the same name.
void hidden(int n, const float *restrict x, float *restrict y)
{
  const float *p = x;
  for (int i = 0; i < n; i++) {
    y[i] = *p++;
    for (int j = 0; j < 1; j++) {
      const float *p = y;
      (void)p;
    }
  }
}
// NOTE: note: skipped function 'hidden': {{.*}}walked-pointers.c:[[@LINE-8]]:3: error: unsupported step of local pointer 'p': its loop nest declares another variable of its name
