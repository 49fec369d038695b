// RUN: polylift-cc %s --function=kernel_groups | FileCheck %s --check-prefix=GROUPS
// RUN: polylift-cc %s --function=kernel_groups -o %t.mlir
// RUN: polylift-opt %t.mlir --raise-affine-to-linalg --remarks=all 2>&1 >/dev/null | FileCheck %s --check-prefix=RAISE
// RUN: polylift-cc %s --function=kernel_unit --assume-noalias | FileCheck %s --check-prefix=UNIT
// RUN: polylift-cc %s --function=kernel_overlap | FileCheck %s --check-prefix=OVERLAP
// RUN: polylift-cc %s --function=kernel_overlap -o %t.overlap.mlir
// RUN: polylift-opt %t.overlap.mlir --raise-affine-to-linalg --remarks=missed 2>&1 >/dev/null | FileCheck %s --check-prefix=OVERLAP-RAISE
// RUN: polylift-cc %s --function=kernel_product --assume-noalias | FileCheck %s --check-prefix=PRODUCT

// Groups of n values at separate run-time strides (a softmax layer's layout): a 3-D view
// of each pointer where stride == 1, group_offset >= n and batch_offset >= (groups - 1)
// * group_offset + n, and x and y do not overlap (no restrict); the flat version else.
void kernel_groups(int batch, int groups, int n, int batch_offset, int group_offset,
                   int stride, float *x, float *y)
{
  for (int b = 0; b < batch; ++b)
    for (int g = 0; g < groups; ++g)
      for (int i = 0; i < n; ++i)
        y[b * batch_offset + g * group_offset + i * stride] =
            x[b * batch_offset + g * group_offset + i * stride] * 2.0f;
}
// GROUPS-LABEL: func.func @kernel_groups(
// GROUPS-SAME: %[[BATCH:arg[0-9]+]]: index {{.*}}, %[[NGROUPS:arg[0-9]+]]: index {{.*}}, %[[N:arg[0-9]+]]: index {{.*}}, %[[BO:arg[0-9]+]]: index {{.*}}, %[[GO:arg[0-9]+]]: index {{.*}}, %[[STRIDE:arg[0-9]+]]: index {{.*}}, %[[X:arg[0-9]+]]: memref<?xf32> {{.*}}, %[[Y:arg[0-9]+]]: memref<?xf32>
// GROUPS-NEXT: %[[C1:.*]] = arith.constant 1 : index
// GROUPS-NEXT: %[[GE1:.*]] = arith.cmpi sge, %[[STRIDE]], %[[C1]] : index
// GROUPS-NEXT: %[[LE1:.*]] = arith.cmpi sge, %[[C1]], %[[STRIDE]] : index
// GROUPS-NEXT: %[[SPEC:.*]] = arith.andi %[[GE1]], %[[LE1]] : i1
// GROUPS-NEXT: %[[LEFT:.*]] = arith.addi %[[BO]], %[[GO]] : index
// GROUPS-NEXT: %[[SPAN:.*]] = arith.muli %[[GO]], %[[NGROUPS]] : index
// GROUPS-NEXT: %[[RIGHT:.*]] = arith.addi %[[SPAN]], %[[N]] : index
// GROUPS-NEXT: %[[OUTER:.*]] = arith.cmpi sge, %[[LEFT]], %[[RIGHT]] : index
// GROUPS-NEXT: %[[OK1:.*]] = arith.andi %[[SPEC]], %[[OUTER]] : i1
// GROUPS-NEXT: %[[INNER:.*]] = arith.cmpi sge, %[[GO]], %[[N]] : index
// GROUPS-NEXT: %[[OK2:.*]] = arith.andi %[[OK1]], %[[INNER]] : i1
// GROUPS: memref.extract_aligned_pointer_as_index %[[Y]]
// GROUPS: memref.extract_aligned_pointer_as_index %[[X]]
// GROUPS: %[[OK:.*]] = arith.andi %{{.*}}, %[[APART:.*]] : i1
// GROUPS-NEXT: scf.if %[[OK]] {
// GROUPS-NEXT: %[[EG:.*]] = arith.maxsi %[[NGROUPS]], %{{.*}} : index
// GROUPS-NEXT: %[[EN:.*]] = arith.maxsi %[[N]], %{{.*}} : index
// GROUPS: %[[VX:.*]] = memref.reinterpret_cast %[[X]] to offset: [0], sizes: [%{{.*}}, %[[EG]], %[[EN]]], strides: [%[[BO]], %[[GO]], 1] : memref<?xf32> to memref<?x?x?xf32, strided<[?, ?, 1]>>
// GROUPS: %[[VY:.*]] = memref.reinterpret_cast %[[Y]] to offset: [0], sizes: [%{{.*}}, %[[EG]], %[[EN]]], strides: [%[[BO]], %[[GO]], 1] : memref<?xf32> to memref<?x?x?xf32, strided<[?, ?, 1]>>
// GROUPS-NEXT: func.call @kernel_groups.delinearized(%[[BATCH]], %[[NGROUPS]], %[[N]], %[[BO]], %[[GO]], %[[STRIDE]], %[[VX]], %[[VY]])
// GROUPS-NEXT: } else {
// GROUPS-NEXT: func.call @kernel_groups.flat(%[[BATCH]], %[[NGROUPS]], %[[N]], %[[BO]], %[[GO]], %[[STRIDE]], %[[X]], %[[Y]])
// GROUPS-NEXT: }
// GROUPS-LABEL: func.func private @kernel_groups.delinearized(
// GROUPS-SAME: %[[DX:arg6]]: memref<?x?x?xf32, strided<[?, ?, 1]>> {{.*}}, %[[DY:arg7]]: memref<?x?x?xf32, strided<[?, ?, 1]>>
// GROUPS-SAME: polylift.alias_guarded = {{\[\[}}"x", "y"]]
// GROUPS-NEXT: affine.for %[[B:arg[0-9]+]] {{.*}}= 0 to %arg0
// GROUPS-NEXT: affine.for %[[G:arg[0-9]+]] {{.*}}= 0 to %arg1
// GROUPS-NEXT: affine.for %[[I:arg[0-9]+]] {{.*}}= 0 to %arg2
// GROUPS-NEXT: affine.load %[[DX]][%[[B]], %[[G]], %[[I]]] : memref<?x?x?xf32, strided<[?, ?, 1]>>
// GROUPS: affine.store %{{.*}}, %[[DY]][%[[B]], %[[G]], %[[I]]] : memref<?x?x?xf32, strided<[?, ?, 1]>>
// GROUPS-LABEL: func.func private @kernel_groups.flat(
// GROUPS-SAME: polylift.may_alias = {{\[\[}}"x", "y"]]
// GROUPS: memref.load %arg6[%{{.*}}] : memref<?xf32>
// GROUPS: memref.store %{{.*}}, %arg7[%{{.*}}] : memref<?xf32>
// RAISE: delinearize-strided.c:13:6: remark: may alias: x and y; guarded at entry (this version runs when their address ranges are apart)
// RAISE-NEXT: delinearize-strided.c:19:9: remark: raised to linalg.generic (parallel, parallel, parallel)
// RAISE-NEXT: delinearize-strided.c:13:6: remark: may alias: x and y; this version runs when they overlap and assumes nothing of them
// RAISE-NEXT: delinearize-strided.c:19:9: remark: not raised: may alias: x and y

// The unit stride is written out: no specialisation, only the strides' separation.
void kernel_unit(int rows, int groups, int n, int ld, int gs, float *x)
{
  for (int r = 0; r < rows; ++r)
    for (int g = 0; g < groups; ++g)
      for (int i = 0; i < n; ++i)
        x[r * ld + g * gs + i] = x[r * ld + g * gs + i] + 1.0f;
}
// UNIT-LABEL: func.func @kernel_unit(
// UNIT-SAME: %[[ROWS:arg[0-9]+]]: index {{.*}}, %[[NGROUPS:arg[0-9]+]]: index {{.*}}, %[[N:arg[0-9]+]]: index {{.*}}, %[[LD:arg[0-9]+]]: index {{.*}}, %[[GS:arg[0-9]+]]: index {{.*}}, %[[X:arg[0-9]+]]: memref<?xf32>
// UNIT-NEXT: %[[LEFT:.*]] = arith.addi %[[GS]], %[[LD]] : index
// UNIT-NEXT: %[[SPAN:.*]] = arith.muli %[[NGROUPS]], %[[GS]] : index
// UNIT-NEXT: %[[RIGHT:.*]] = arith.addi %[[SPAN]], %[[N]] : index
// UNIT-NEXT: %[[OUTER:.*]] = arith.cmpi sge, %[[LEFT]], %[[RIGHT]] : index
// UNIT-NEXT: %[[INNER:.*]] = arith.cmpi sge, %[[GS]], %[[N]] : index
// UNIT-NEXT: %[[OK:.*]] = arith.andi %[[OUTER]], %[[INNER]] : i1
// UNIT-NEXT: scf.if %[[OK]] {
// UNIT: %[[VX:.*]] = memref.reinterpret_cast %[[X]] to offset: [0], sizes: [%{{.*}}, %{{.*}}, %{{.*}}], strides: [%[[LD]], %[[GS]], 1]
// UNIT-NEXT: func.call @kernel_unit.delinearized(%[[ROWS]], %[[NGROUPS]], %[[N]], %[[LD]], %[[GS]], %[[VX]])
// UNIT-NEXT: } else {
// UNIT-NEXT: func.call @kernel_unit.flat(%[[ROWS]], %[[NGROUPS]], %[[N]], %[[LD]], %[[GS]], %[[X]])

// Near miss: j reaches s, where the next row starts when t == 1: the strides overlap,
// so x stays flat and its nest is not raised.
void kernel_overlap(int rows, int s, int t, float *x)
{
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j <= s; ++j)
      x[i * s + j * t] = x[i * s + j * t] * 0.5f;
}
// OVERLAP-LABEL: func.func @kernel_overlap(
// OVERLAP-NOT: reinterpret_cast
// OVERLAP: memref.load %arg3[%{{.*}}] : memref<?xf32>
// OVERLAP: memref.store %{{.*}}, %arg3[%{{.*}}] : memref<?xf32>
// OVERLAP-NOT: delinearized
// OVERLAP-RAISE: delinearize-strided.c:92:26: remark: not raised: the nest writes the table it reads at a computed subscript

// Near miss: the innermost stride is a product of two parameters, which no single
// unit-stride test makes 1: flat.
void kernel_product(int rows, int n, int ld, int s, int t, float *x)
{
  for (int r = 0; r < rows; ++r)
    for (int i = 0; i < n; ++i)
      x[r * ld + i * s * t] = 0.0f;
}
// PRODUCT-LABEL: func.func @kernel_product(
// PRODUCT-NOT: reinterpret_cast
// PRODUCT: memref.store %{{.*}}, %arg5[%{{.*}}] : memref<?xf32>
// PRODUCT-NOT: delinearized
