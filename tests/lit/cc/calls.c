// RUN: polylift-cc %s --function=caller | FileCheck %s
// RUN: polylift-cc %s --function=caller | polylift-opt --raise-affine-to-linalg --remarks=all 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: polylift-cc %s --function=not_static_control | FileCheck %s --check-prefix=KEPT
// RUN: not polylift-cc %s --function=recursive 2>&1 | FileCheck %s --check-prefix=RECURSIVE
// RUN: not polylift-cc %s --function=passes_struct 2>&1 | FileCheck %s --check-prefix=STRUCT
// RUN: not polylift-cc %s --function=passes_short 2>&1 | FileCheck %s --check-prefix=SHORT
// RUN: not polylift-cc %s --function=variadic 2>&1 | FileCheck %s --check-prefix=VARIADIC

void fill(int n, float *x);  // declared, defined in another file
void log_line(const char *fmt, ...);
struct box { int n; float *x; };
void takes_box(struct box b);
void takes_short(short s, float *x);

// A function of the file that translates on its own is inlined: its ops keep its
// positions (the statement below is at line 20), so remarks point at the callee.
static void scale(int n, float a, float *x)
{
  for (int i = 0; i < n; i++)
    x[i] *= a;
}

// A function declared only stays a call through the C ABI, which may read and write
// every array its arguments reach: the arrays count as written, and nothing is raised
// or matched across the call.
void caller(int n, float *restrict x, float *restrict y)
{
  scale(n, 2.0f, x);
  fill(n, y + 1);
  scale(n, 3.0f, y);
}
// CHECK-LABEL: func.func @caller(
// CHECK-SAME: %[[N:[a-z0-9]+]]: index
// CHECK-SAME: %[[X:[a-z0-9]+]]: memref<?xf32> {llvm.noalias}
// CHECK-SAME: %[[Y:[a-z0-9]+]]: memref<?xf32> {llvm.noalias}
// CHECK-NEXT: %[[NI:.*]] = arith.index_cast %[[N]] : index to i32
// CHECK-NEXT: affine.for
// CHECK: %[[TWO:.*]] = arith.constant 2.000000e+00 : f32
// CHECK: arith.mulf %{{.*}}, %[[TWO]] : f32
// CHECK: %[[BASE:.*]] = memref.extract_aligned_pointer_as_index %[[Y]] : memref<?xf32> -> index
// CHECK-NEXT: %[[FOUR:.*]] = arith.constant 4 : index
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[OFF:.*]] = arith.muli %[[ONE]], %[[FOUR]] : index
// CHECK-NEXT: %[[ADDR:.*]] = arith.addi %[[BASE]], %[[OFF]] : index
// CHECK-NEXT: %[[WORD:.*]] = arith.index_cast %[[ADDR]] : index to i64
// CHECK-NEXT: %[[PTR:.*]] = llvm.inttoptr %[[WORD]] : i64 to !llvm.ptr
// CHECK-NEXT: call @fill(%[[NI]], %[[PTR]]) {polylift.opaque_call} : (i32, !llvm.ptr) -> ()
// CHECK: affine.for
// CHECK: %[[THREE:.*]] = arith.constant 3.000000e+00 : f32
// CHECK: arith.mulf %{{.*}}, %[[THREE]] : f32
// CHECK: func.func private @fill(i32, !llvm.ptr)

// REMARK: calls.c:29:3: remark: call to 'fill' kept: it may read and write every array its arguments reach, so nothing is raised or matched across it
// REMARK: calls.c:20:5: remark: raised to linalg.generic (parallel)
// REMARK: calls.c:20:5: remark: raised to linalg.generic (parallel)

// A function of the file outside the subset (a while loop) is not inlined: it stays a
// call, and the caller translates.
static int count_down(int n)
{
  int k = 0;
  while (n > 0) { n -= 2; k++; }
  return k;
}
void not_static_control(int n, int *out)
{
  out[0] = count_down(n);
}
// KEPT-LABEL: func.func @not_static_control(
// KEPT: %[[K:.*]] = call @count_down(%{{.*}}) {polylift.opaque_call} : (i32) -> i32
// KEPT: affine.store %[[K]], %{{.*}}[0] : memref<?xi32>
// KEPT: func.func private @count_down(i32) -> i32

int recursive(int n)
{
  return n <= 1 ? 1 : n * recursive(n - 1);
}
// RECURSIVE: calls.c:[[@LINE-2]]:27: error: unsupported recursive call to 'recursive'

void passes_struct(struct box b)
{
  takes_box(b);
}
// STRUCT: calls.c:[[@LINE-2]]:13: error: unsupported call to 'takes_box', which is not inlined, passing a struct or a pointer to one (only scalars and arrays of scalars)

void passes_short(short s, float *x)
{
  takes_short(s, x);
}
// SHORT: calls.c:[[@LINE-2]]:15: error: unsupported call to 'takes_short' passing a short (the C ABI extends it to an int, which the call cannot state)

void variadic(int n, float *x)
{
  log_line("%d", n);
  x[0] = 1.0f;
}
// VARIADIC: calls.c:[[@LINE-3]]:3: error: unsupported call to a variadic function
