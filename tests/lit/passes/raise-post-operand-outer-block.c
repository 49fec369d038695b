// RUN: polylift-cc %benchmarks/framework/avgpool.c -I %benchmarks/include -I %benchmarks/framework -DMINI_DATASET --function=forward_avgpool_layer | polylift-opt --raise-affine-to-linalg --remarks=missed 2>&1 | FileCheck %s

// The average of a window, `sum / (l.size * l.size)`: the divisor is computed at the
// function's entry, outside the block of the loop whose result it divides. Moving the
// post-op's operands ahead of that loop once crashed on a value of an enclosing block
// (it looked for it among the loop block's ops); such a value is defined before the loop.
// The version that reads the input through its window view raises (zero, window sum,
// division); the flat version, where input and output may overlap, keeps its loops.
// CHECK: avgpool.c:50:11: remark: not raised: may alias: net.input and l.output
// CHECK: avgpool.c:44:11: remark: not raised: no array is indexed by loop at 44:11 alone, so its range cannot be recovered
// CHECK-LABEL: func.func @forward_avgpool_layer(
// CHECK-LABEL: func.func private @forward_avgpool_layer.delinearized(
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]
// CHECK: %[[AREA:[a-z0-9_-]+]] = arith.sitofp %{{[a-z0-9_-]+}} : i32 to f32
// CHECK-NEXT: linalg.generic
// CHECK-NEXT: ^bb0(%[[OUT:[a-z0-9_-]+]]: f32):
// CHECK-NEXT: arith.divf %[[OUT]], %[[AREA]] : f32
// CHECK-LABEL: func.func private @forward_avgpool_layer.flat(
// CHECK: affine.for
