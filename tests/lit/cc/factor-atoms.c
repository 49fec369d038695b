// RUN: polylift-cc %s --function=factor_inline | FileCheck %s --check-prefix=INLINE
// RUN: polylift-cc %s --function=factor_local | FileCheck %s --check-prefix=LOCAL
// RUN: polylift-cc %s --function=factor_strided | FileCheck %s --check-prefix=STRIDED
// RUN: polylift-cc %s --function=refuted | FileCheck %s --check-prefix=REFUTED
// RUN: polylift-cc %s --function=refuted -o %t.refuted.mlir
// RUN: polylift-opt %t.refuted.mlir --raise-affine-to-linalg --remarks=missed 2>&1 >/dev/null | FileCheck %s --check-prefix=REFUTED-RAISE
// RUN: polylift-cc %s --function=reassigned | FileCheck %s --check-prefix=REASSIGNED
// RUN: polylift-cc %s --function=reassigned -o %t.reassigned.mlir
// RUN: polylift-opt %t.reassigned.mlir --raise-affine-to-linalg --remarks=missed 2>&1 >/dev/null | FileCheck %s --check-prefix=REASSIGNED-RAISE

// A row stride that is a difference: j*(a - b) would split into j*a - j*b, a counter
// subtracted, which no view takes; the factor a - b stands as an entry atom (computed
// at the entry in int, as C computes it), so y is a 2-D view of stride a - b under the
// guard a - b >= n. The flat version computes no atom.
void factor_inline(int rows, int a, int b, int n, float *restrict x)
{
  for (int j = 0; j < rows; j++)
    for (int i = 0; i < n; i++)
      x[j * (a - b) + i] = 1.0f;
}
// INLINE-LABEL: func.func @factor_inline(
// INLINE-SAME: %[[ROWS:[a-z0-9]+]]: index {{.*}}, %[[A:[a-z0-9]+]]: index {{.*}}, %[[B:[a-z0-9]+]]: index {{.*}}, %[[N:[a-z0-9]+]]: index {{.*}}, %[[X:[a-z0-9]+]]: memref<?xf32>
// INLINE-NEXT: %[[A32:.*]] = arith.index_cast %[[A]] : index to i32
// INLINE-NEXT: %[[B32:.*]] = arith.index_cast %[[B]] : index to i32
// INLINE-NEXT: %[[D:.*]] = arith.subi %[[A32]], %[[B32]] : i32
// INLINE-NEXT: %[[S:.*]] = arith.index_cast %[[D]] : i32 to index
// INLINE-NEXT: %[[OK:.*]] = arith.cmpi sge, %[[S]], %[[N]] : index
// INLINE-NEXT: scf.if %[[OK]] {
// INLINE: %[[V:.*]] = memref.reinterpret_cast %[[X]] to offset: [0], sizes: [%{{.*}}, %{{.*}}], strides: [%[[S]], 1] : memref<?xf32> to memref<?x?xf32, strided<[?, 1]>>
// INLINE-NEXT: func.call @factor_inline.delinearized(%[[ROWS]], %[[A]], %[[B]], %[[N]], %[[V]])
// INLINE-NEXT: } else {
// INLINE-NEXT: func.call @factor_inline.flat(%[[ROWS]], %[[A]], %[[B]], %[[N]], %[[X]])
// INLINE-LABEL: func.func private @factor_inline.delinearized(
// INLINE-SAME: %[[DX:[a-z0-9]+]]: memref<?x?xf32, strided<[?, 1]>>
// INLINE: arith.subi %{{.*}}, %{{.*}} : i32
// INLINE-NEXT: arith.index_cast %{{.*}} : i32 to index
// INLINE-NEXT: affine.for %[[J:arg[0-9]+]] {{.*}}= 0 to %{{.*}} {
// INLINE-NEXT: affine.for %[[I:arg[0-9]+]] {{.*}}= 0 to %{{.*}} {
// INLINE-NEXT: arith.constant
// INLINE-NEXT: affine.store %{{.*}}, %[[DX]][%[[J]], %[[I]]]
// INLINE-LABEL: func.func private @factor_inline.flat(
// INLINE-NEXT: arith.index_cast
// INLINE-NEXT: arith.index_cast
// INLINE-NEXT: affine.for
// INLINE: memref.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<?xf32>

// The same stride in a local set once (the route layer's `second`): the atom is the
// local's expression; the loop bound s is the local's own value, so the guard compares
// the two (a - b + b >= a).
void factor_local(int rows, int a, int b, float *restrict x)
{
  int s = a - b;
  for (int j = 0; j < rows; j++)
    for (int i = 0; i < s; i++)
      x[j * s + i] = 2.0f;
}
// LOCAL-LABEL: func.func @factor_local(
// LOCAL-SAME: %[[ROWS:[a-z0-9]+]]: index {{.*}}, %[[A:[a-z0-9]+]]: index {{.*}}, %[[B:[a-z0-9]+]]: index {{.*}}, %[[X:[a-z0-9]+]]: memref<?xf32>
// LOCAL: %[[D:.*]] = arith.subi %{{.*}}, %{{.*}} : i32
// LOCAL-NEXT: %[[S:.*]] = arith.index_cast %[[D]] : i32 to index
// LOCAL-NEXT: %[[SUM:.*]] = arith.addi %[[S]], %[[B]] : index
// LOCAL-NEXT: %[[OK:.*]] = arith.cmpi sge, %[[SUM]], %[[A]] : index
// LOCAL-NEXT: scf.if %[[OK]] {
// LOCAL: %[[V:.*]] = memref.reinterpret_cast %[[X]] to offset: [0], sizes: [%{{.*}}, %{{.*}}], strides: [%[[S]], 1]
// LOCAL-NEXT: func.call @factor_local.delinearized(%[[ROWS]], %[[A]], %[[B]], %[[V]])
// LOCAL-LABEL: func.func private @factor_local.delinearized(
// LOCAL-SAME: %[[DX:[a-z0-9]+]]: memref<?x?xf32, strided<[?, 1]>>
// LOCAL: affine.for %[[J:arg[0-9]+]] {{.*}}= 0 to %{{.*}} {
// LOCAL-NEXT: affine.for %[[I:arg[0-9]+]] {{.*}}= 0 to %{{.*}} {
// LOCAL-NEXT: arith.constant
// LOCAL-NEXT: affine.store %{{.*}}, %[[DX]][%[[J]], %[[I]]]

// An atom among strides that do not nest: a strided view (strided.py) of strides
// (p - q, go, 1), whose (S) conditions test the atom's value as any integer's:
// go >= n and p - q >= (groups - 1)*go + n.
void factor_strided(int batch, int groups, int n, int p, int q, int go, float *restrict y)
{
  for (int b = 0; b < batch; ++b)
    for (int g = 0; g < groups; ++g)
      for (int i = 0; i < n; ++i)
        y[b * (p - q) + g * go + i] = 3.0f;
}
// STRIDED-LABEL: func.func @factor_strided(
// STRIDED-SAME: %[[BATCH:[a-z0-9]+]]: index {{.*}}, %[[G:[a-z0-9]+]]: index {{.*}}, %[[N:[a-z0-9]+]]: index {{.*}}, %[[P:[a-z0-9]+]]: index {{.*}}, %[[Q:[a-z0-9]+]]: index {{.*}}, %[[GO:[a-z0-9]+]]: index {{.*}}, %[[Y:[a-z0-9]+]]: memref<?xf32>
// STRIDED: %[[D:.*]] = arith.subi %{{.*}}, %{{.*}} : i32
// STRIDED-NEXT: %[[S:.*]] = arith.index_cast %[[D]] : i32 to index
// STRIDED-NEXT: %[[LEFT:.*]] = arith.addi %[[S]], %[[GO]] : index
// STRIDED-NEXT: %[[SPAN:.*]] = arith.muli %[[GO]], %[[G]] : index
// STRIDED-NEXT: %[[RIGHT:.*]] = arith.addi %[[SPAN]], %[[N]] : index
// STRIDED-NEXT: %[[OUTER:.*]] = arith.cmpi sge, %[[LEFT]], %[[RIGHT]] : index
// STRIDED-NEXT: %[[INNER:.*]] = arith.cmpi sge, %[[GO]], %[[N]] : index
// STRIDED-NEXT: %[[OK:.*]] = arith.andi %[[OUTER]], %[[INNER]] : i1
// STRIDED-NEXT: scf.if %[[OK]] {
// STRIDED: %[[V:.*]] = memref.reinterpret_cast %[[Y]] to offset: [0], sizes: [%{{.*}}, %{{.*}}, %{{.*}}], strides: [%[[S]], %[[GO]], 1] : memref<?xf32> to memref<?x?x?xf32, strided<[?, ?, 1]>>
// STRIDED-NEXT: func.call @factor_strided.delinearized(%[[BATCH]], %[[G]], %[[N]], %[[P]], %[[Q]], %[[GO]], %[[V]])
// STRIDED-LABEL: func.func private @factor_strided.delinearized(
// STRIDED: affine.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] : memref<?x?x?xf32, strided<[?, ?, 1]>>

// Near miss: i starts at -1, so the inner subscript is refuted at compile time
// (0 <= i fails): no view, no atom, the store stays C's arithmetic on the flat pointer.
void refuted(int rows, int a, int b, int n, float *restrict x)
{
  for (int j = 0; j < rows; j++)
    for (int i = -1; i < n; i++)
      x[j * (a - b) + i] = 1.0f;
}
// REFUTED-LABEL: func.func @refuted(
// REFUTED-NOT: delinearized
// REFUTED-NOT: arith.subi
// REFUTED: affine.for
// REFUTED: affine.for
// REFUTED: arith.subi
// REFUTED: %[[SUB:.*]] = arith.index_cast %{{.*}} : i32 to index
// REFUTED-NEXT: memref.store %{{.*}}, %{{.*}}[%[[SUB]]] : memref<?xf32>
// REFUTED-RAISE: factor-atoms.c:[[@LINE-10]]:7: remark: not raised: 'memref.store' has a subscript that is not affine

// Near miss: s is assigned again after the loop, so it stands for no atom; the
// subscript j*s + i stays flat.
void reassigned(int rows, int a, int b, float *restrict x)
{
  int s = a - b;
  for (int j = 0; j < rows; j++)
    for (int i = 0; i < 4; i++)
      x[j * s + i] = 2.0f;
  s = a;
  x[s] = 1.0f;
}
// REASSIGNED-LABEL: func.func @reassigned(
// REASSIGNED-NOT: delinearized
// REASSIGNED: affine.for
// REASSIGNED: affine.for
// REASSIGNED: %[[SUB:.*]] = arith.index_cast %{{.*}} : i32 to index
// REASSIGNED-NEXT: memref.store %{{.*}}, %{{.*}}[%[[SUB]]] : memref<?xf32>
// REASSIGNED-RAISE: factor-atoms.c:[[@LINE-10]]:7: remark: not raised: 'memref.store' has a subscript that is not affine
