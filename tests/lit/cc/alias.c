// RUN: polylift-cc %s --function=kernel_copy | FileCheck %s --check-prefix=COPY
// RUN: polylift-cc %s --function=kernel_restrict | FileCheck %s --check-prefix=RESTRICT
// RUN: polylift-cc %s --function=kernel_copy --assume-noalias | FileCheck %s --check-prefix=ASSUMED
// RUN: polylift-cc %s --function=kernel_types | FileCheck %s --check-prefix=TYPES
// RUN: polylift-cc %s --function=kernel_scatter | FileCheck %s --check-prefix=SCATTER
// RUN: polylift-cc %s --function=kernel_rows | FileCheck %s --check-prefix=ROWS

// x and y may overlap (a caller may pass y = x + 1): at entry the dispatcher compares
// the byte range y's writes cover, [y, y + 8n), with the one x's reads cover,
// [x + 8, x + 8(n + 1)), and calls the version that treats them as distinct only
// when they are apart (or one is empty).
void kernel_copy(int n, double *x, double *y)
{
  for (int i = 0; i < n; i++)
    y[i] = x[i + 1];
}
// COPY-LABEL: func.func @kernel_copy(%arg0: index {{.*}}, %arg1: memref<?xf64> {{.*}}, %arg2: memref<?xf64>
// COPY-NEXT: %[[Y:.*]] = memref.extract_aligned_pointer_as_index %arg2 : memref<?xf64> -> index
// COPY-NEXT: %[[C8:.*]] = arith.constant 8 : index
// COPY-NEXT: %[[YBYTES:.*]] = arith.muli %arg0, %[[C8]] : index
// COPY-NEXT: %[[YEND:.*]] = arith.addi %[[Y]], %[[YBYTES]] : index
// COPY-NEXT: %[[X:.*]] = memref.extract_aligned_pointer_as_index %arg1 : memref<?xf64> -> index
// COPY-NEXT: %[[C1:.*]] = arith.constant 1 : index
// COPY-NEXT: %[[XFIRST:.*]] = arith.muli %[[C1]], %[[C8]] : index
// COPY-NEXT: %[[XLO:.*]] = arith.addi %[[X]], %[[XFIRST]] : index
// COPY-NEXT: %[[XLAST:.*]] = arith.addi %[[C1]], %arg0 : index
// COPY-NEXT: %[[XLASTBYTES:.*]] = arith.muli %[[XLAST]], %[[C8]] : index
// COPY-NEXT: %[[XEND:.*]] = arith.addi %[[X]], %[[XLASTBYTES]] : index
// COPY-NEXT: %[[YBEFORE:.*]] = arith.cmpi sle, %[[YEND]], %[[XLO]] : index
// COPY-NEXT: %[[XBEFORE:.*]] = arith.cmpi sle, %[[XEND]], %[[Y]] : index
// COPY-NEXT: %[[YEMPTY:.*]] = arith.cmpi sge, %[[Y]], %[[YEND]] : index
// COPY-NEXT: %[[XEMPTY:.*]] = arith.cmpi sge, %[[XLO]], %[[XEND]] : index
// COPY-NEXT: %[[A:.*]] = arith.ori %[[YBEFORE]], %[[XBEFORE]] : i1
// COPY-NEXT: %[[B:.*]] = arith.ori %[[A]], %[[YEMPTY]] : i1
// COPY-NEXT: %[[APART:.*]] = arith.ori %[[B]], %[[XEMPTY]] : i1
// COPY-NEXT: scf.if %[[APART]] {
// COPY-NEXT: func.call @kernel_copy.noalias(%arg0, %arg1, %arg2)
// COPY-NEXT: } else {
// COPY-NEXT: func.call @kernel_copy.flat(%arg0, %arg1, %arg2)
// COPY-NEXT: }
// COPY-LABEL: func.func private @kernel_copy.noalias(
// COPY-SAME: attributes {polylift.alias_guarded = {{\[\["x", "y"\]\]}}, polylift.arg_names = ["n", "x", "y"]}
// COPY: affine.store
// COPY-LABEL: func.func private @kernel_copy.flat(
// COPY-SAME: attributes {polylift.arg_names = ["n", "x", "y"], polylift.may_alias = {{\[\["x", "y"\]\]}}}
// COPY: affine.store

// With y `restrict`, C promises that what is written through y is reached through no
// other pointer: no guard, one function, as before.
void kernel_restrict(int n, double *x, double *restrict y)
{
  for (int i = 0; i < n; i++)
    y[i] = x[i + 1];
}
// RESTRICT-LABEL: func.func @kernel_restrict(
// RESTRICT-SAME: %arg2: memref<?xf64> {llvm.noalias}
// RESTRICT-NOT: polylift.
// RESTRICT-NEXT: affine.for
// RESTRICT-NOT: scf.if
// RESTRICT-NOT: func.func

// --assume-noalias declares every array argument distinct, as if `restrict`.
// ASSUMED-LABEL: func.func @kernel_copy(
// ASSUMED-NOT: polylift.
// ASSUMED-NEXT: affine.for
// ASSUMED-NOT: func.func

// Effective types: a float is never read as a double, so f and d are apart; signed and
// unsigned int may be one object (s, u), and a char may be any object (d and c, u and
// c). f and c, s and c are only read: their overlap does not matter.
void kernel_types(int n, float *f, double *d, int *s, unsigned *u, char *c)
{
  for (int i = 0; i < n; i++) {
    d[i] = f[i];
    u[i] = s[i] + c[i];
  }
}
// TYPES-LABEL: func.func private @kernel_types.noalias(
// TYPES-SAME: polylift.alias_guarded = {{\[\["d", "c"\], \["s", "u"\], \["u", "c"\]\]}}

// y's subscript is data: no bound covers it, so y's range is its whole memref, which
// the guard compares with x's range (y's element count must be at most 2**40, or the
// guard fails: an extent the caller did not state).
void kernel_scatter(int n, int *idx, double *x, double *y)
{
  for (int i = 0; i < n; i++)
    y[idx[i]] = x[i];
}
// SCATTER-LABEL: func.func @kernel_scatter(
// SCATTER-SAME: %[[N:[a-z0-9]+]]: index
// SCATTER-SAME: %[[X:[a-z0-9]+]]: memref<?xf64>
// SCATTER-SAME: %[[Y:[a-z0-9]+]]: memref<?xf64>
// SCATTER: %[[DIM:.*]] = memref.dim %[[Y]], %{{.*}} : memref<?xf64>
// SCATTER-NEXT: %[[YBASE:.*]] = memref.extract_aligned_pointer_as_index %[[Y]]
// SCATTER-NEXT: %[[SIZE:.*]] = arith.constant 8 : index
// SCATTER-NEXT: %[[BYTES:.*]] = arith.muli %[[DIM]], %[[SIZE]] : index
// SCATTER-NEXT: %[[LIMIT:.*]] = arith.constant 1099511627776 : index
// SCATTER-NEXT: %[[SMALL:.*]] = arith.cmpi ule, %[[DIM]], %[[LIMIT]] : index
// SCATTER-NEXT: %[[YEND:.*]] = arith.addi %[[YBASE]], %[[BYTES]] : index
// SCATTER-NEXT: %[[XBASE:.*]] = memref.extract_aligned_pointer_as_index %[[X]]
// SCATTER: scf.if
// SCATTER-LABEL: func.func private @kernel_scatter.noalias(
// SCATTER-SAME: polylift.alias_guarded = {{\[\["x", "y"\]\]}}
// SCATTER-LABEL: func.func private @kernel_scatter.flat(
// SCATTER-SAME: polylift.may_alias = {{\[\["x", "y"\]\]}}

// Delinearisation and aliasing share one guard and one dispatcher: K <= lda and
// lda >= 0 for the view of A, and S's writes apart from A's reads, with A's range
// [A, A + 4((M - 1) lda + K)) from its flat subscripts.
void kernel_rows(int M, int K, int lda, float *A, float *S)
{
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k)
      S[i] += A[i * lda + k];
}
// ROWS-LABEL: func.func @kernel_rows(
// ROWS-NEXT: %[[KLDA:.*]] = arith.cmpi sge, %arg2, %arg1 : index
// ROWS-NEXT: %[[C0:.*]] = arith.constant 0 : index
// ROWS-NEXT: %[[LDA:.*]] = arith.cmpi sge, %arg2, %[[C0]] : index
// ROWS-NEXT: %[[VIEW:.*]] = arith.andi %[[KLDA]], %[[LDA]] : i1
// ROWS: %[[A:.*]] = memref.extract_aligned_pointer_as_index %arg3 : memref<?xf32> -> index
// ROWS-NEXT: %[[ML:.*]] = arith.muli %arg0, %arg2 : index
// ROWS-NEXT: %[[KML:.*]] = arith.addi %arg1, %[[ML]] : index
// ROWS: arith.ori
// ROWS-NEXT: arith.ori
// ROWS-NEXT: %[[APART:.*]] = arith.ori
// ROWS-NEXT: %[[BOTH:.*]] = arith.andi %[[VIEW]], %[[APART]] : i1
// ROWS-NEXT: scf.if %[[BOTH]] {
// ROWS: func.call @kernel_rows.delinearized(
// ROWS-NEXT: } else {
// ROWS-NEXT: func.call @kernel_rows.flat(
// ROWS-LABEL: func.func private @kernel_rows.delinearized(
// ROWS-SAME: polylift.alias_guarded = {{\[\["A", "S"\]\]}}
// ROWS-LABEL: func.func private @kernel_rows.flat(
// ROWS-SAME: polylift.may_alias = {{\[\["A", "S"\]\]}}
// ROWS-NOT: func.func
