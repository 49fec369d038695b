// RUN: polylift-cc %s | FileCheck %s
// RUN: not polylift-cc %s -DWRITES --function=writes_bounds 2>&1 | FileCheck %s --check-prefix=WRITES
// RUN: not polylift-cc %s -DCOUNTER --function=moves_counter 2>&1 | FileCheck %s --check-prefix=COUNTER
// RUN: not polylift-cc %s -DDOWN --function=counts_down 2>&1 | FileCheck %s --check-prefix=DOWN
// RUN: not polylift-cc %s -DUNSIGNED --function=unsigned_counter 2>&1 | FileCheck %s --check-prefix=UNSIGNED
// RUN: not polylift-cc %s -DCALL --function=calls_in_body 2>&1 | FileCheck %s --check-prefix=CALL
// RUN: not polylift-cc %s -DFIELD --function=writes_field 2>&1 | FileCheck %s --check-prefix=FIELD
// RUN: not polylift-cc %s -DCALLED --function=called_bound 2>&1 | FileCheck %s --check-prefix=CALLED

// Loops whose bounds are data (a CSR row's `rowptr[i]` to `rowptr[i+1]`) become scf.for:
// the bounds are read once, before the first iteration, converted to index; a scalar the
// loop carries is an iter_arg; the counter is a value, so its subscripts are memref
// accesses. Refused: a body that may write what the bound reads, or its own counter, and
// counters that do not run up by one as a signed integer.

// CHECK-LABEL: func.func @csr_row_sums(
// CHECK-SAME: %[[M:[^:]*]]: index {{.*}}, %[[PTR:[^:]*]]: memref<?xi32> {{.*}}, %[[COL:[^:]*]]: memref<?xi32> {{.*}}, %[[VAL:[^:]*]]: memref<?xf64> {{.*}}, %[[X:[^:]*]]: memref<?xf64> {{.*}}, %[[Y:[^:]*]]: memref<?xf64>
// CHECK: affine.for %[[I:[a-z0-9]+]] {{.*}}= 0 to %[[M]] {
// CHECK: %[[LO:.*]] = affine.load %[[PTR]][%[[I]]]
// CHECK-NEXT: %[[LB:.*]] = arith.index_cast %[[LO]] : i32 to index
// CHECK-NEXT: %[[HI:.*]] = affine.load %[[PTR]][%[[I]] + 1]
// CHECK-NEXT: %[[UB:.*]] = arith.index_cast %[[HI]] : i32 to index
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[SUM:.*]] = scf.for %[[K:.*]] = %[[LB]] to %[[UB]] step %[[ONE]] iter_args(%[[S:.*]] = %{{.*}}) -> (f64) {
// CHECK-NEXT: %[[KI:.*]] = arith.index_cast %[[K]] : index to i32
// CHECK-NEXT: %[[KV:.*]] = arith.index_cast %[[KI]] : i32 to index
// CHECK-NEXT: %[[V:.*]] = memref.load %[[VAL]][%[[KV]]]
// CHECK: %[[C:.*]] = memref.load %[[COL]][
// CHECK-NEXT: %[[CI:.*]] = arith.index_cast %[[C]] : i32 to index
// CHECK-NEXT: %[[XV:.*]] = memref.load %[[X]][%[[CI]]]
// CHECK-NEXT: %[[P:.*]] = arith.mulf %[[V]], %[[XV]]
// CHECK-NEXT: %[[T:.*]] = arith.addf %[[S]], %[[P]]
// CHECK-NEXT: scf.yield %[[T]] : f64
// CHECK-NEXT: }
// CHECK-NEXT: affine.store %[[SUM]], %[[Y]][%[[I]]]
void csr_row_sums(int m, const int *restrict rowptr, const int *restrict col,
                  const double *restrict val, const double *restrict x, double *restrict y)
{
  for (int i = 0; i < m; i++) {
    double s = 0.0;
    for (int k = rowptr[i]; k < rowptr[i + 1]; k++)
      s += val[k] * x[col[k]];
    y[i] = s;
  }
}

// An inclusive bound is one past it; a store of another element type than the bound's
// array leaves the bound as read.
// CHECK-LABEL: func.func @mark_ranges(
// CHECK-SAME: %{{[^:]*}}: memref<?xi32> {{.*}}, %[[LAST:[^:]*]]: memref<?xi32> {{.*}}, %{{[^:]*}}: memref<?xf32>
// CHECK: %[[HI:.*]] = affine.load %[[LAST]]
// CHECK-NEXT: %[[UB:.*]] = arith.index_cast %[[HI]] : i32 to index
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[END:.*]] = arith.addi %[[UB]], %[[ONE]] : index
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %[[END]] step
// CHECK: memref.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<?xf32>
void mark_ranges(int n, const int *restrict first, const int *restrict last, float *restrict y)
{
  for (int i = 0; i < n; i++)
    for (int k = first[i]; k <= last[i]; k++)
      y[k] = y[k] + 1.0f;
}

#ifdef WRITES
// WRITES: data-loops.c:[[@LINE+4]]:24: error: unsupported data loop bound reading what the body writes ('p' may hold an element of 'p')
void writes_bounds(int n, int *p)
{
  for (int i = 0; i < n; i++)
    for (int k = p[i]; k < p[i + 1]; k++)
      p[k] = 0;
}
#endif

#ifdef COUNTER
// COUNTER: data-loops.c:[[@LINE+4]]:43: error: unsupported data loop whose body assigns its counter 'k'
void moves_counter(int n, const int *restrict p, float *restrict y)
{
  for (int i = 0; i < n; i++)
    for (int k = p[i]; k < p[i + 1]; k++) {
      y[k] = 0.0f;
      k += 1;
    }
}
#endif

#ifdef DOWN
// DOWN: data-loops.c:[[@LINE+4]]:24: error: unsupported data loop bound (expected 'k < bound' or 'k <= bound' and 'k++')
void counts_down(int n, const int *restrict p, float *restrict y)
{
  for (int i = 0; i < n; i++)
    for (int k = p[i]; k > 0; k--)
      y[k] = 0.0f;
}
#endif

#ifdef UNSIGNED
// UNSIGNED: data-loops.c:[[@LINE+4]]:5: error: unsupported data loop counter 'k' of this type
void unsigned_counter(int n, const unsigned *restrict p, float *restrict y)
{
  for (int i = 0; i < n; i++)
    for (unsigned k = p[i]; k < p[i + 1]; k++)
      y[k] = 0.0f;
}
#endif

#ifdef CALL
// A call the front end cannot see into could write the bound's array: refused.
// CALL: data-loops.c:[[@LINE+5]]:24: error: unsupported data loop bound read from memory around a call to 'clear' (which may write it)
void clear(int *p, int k);
void calls_in_body(int n, int *p)
{
  for (int i = 0; i < n; i++)
    for (int k = p[i]; k < p[i + 1]; k++)
      clear(p, k);
}
#endif

#ifdef FIELD
// A store through a field's pointer may reach any int array: refused.
struct rows { int *count; };
// FIELD: data-loops.c:[[@LINE+4]]:24: error: unsupported data loop bound reading what the body writes (a store it cannot place may hold an element of 'p')
void writes_field(int n, const int *p, struct rows r)
{
  for (int i = 0; i < n; i++)
    for (int k = p[i]; k < p[i + 1]; k++)
      r.count[k] = 0;
}
#endif

#ifdef CALLED
// A bound C evaluates before every iteration by a call: refused (the call may change).
int limit(int i);
// CALLED: data-loops.c:[[@LINE+4]]:21: error: unsupported data loop bound with a call or a side effect (C evaluates it before every iteration)
void called_bound(int n, float *restrict y)
{
  for (int i = 0; i < n; i++)
    for (int k = 0; k < limit(i); k++)
      y[k] = 0.0f;
}
#endif
