// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels --expressions=false | FileCheck %s
// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels --expressions=false --remarks=all 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// Loop nests the raising keeps, matched as a whole: a scatter (a histogram writes at a
// subscript computed from the pixel) and a recurrence (a running sum reads what its
// previous iteration wrote), with the store before the loop as a step of its own.

// CHECK-LABEL: func.func @histogram(
// CHECK-SAME: %[[H:[^:]*]]: index, %[[W:[^:]*]]: index, %[[IN:[^:]*]]: memref<?x?xi8>{{.*}}, %[[HIST:[^:]*]]: memref<256xi32>
// CHECK-NEXT: %[[BOX:.*]] = memref.subview %[[IN]][0, 0] [%[[H]], %[[W]]] [1, 1]
// CHECK-NEXT: "kernel.launch"(%[[HIST]], %[[BOX]]) {callee = @pva_histogram_i8, source_order_matches = true, template = "pva.histogram"}
// CHECK-NEXT: return
void histogram(int h, int w, unsigned char in[restrict h][w], int hist[restrict 256])
{
  for (int k = 0; k < 256; k++)
    hist[k] = 0;
  for (int i = 0; i < h; i++)
    for (int j = 0; j < w; j++)
      hist[in[i][j]] += 1;
}

// Near miss: the bin is the pixel plus 128, not its bits read as unsigned.
// CHECK-LABEL: func.func @shifted_keys(
// CHECK-NOT: kernel.launch
// CHECK: affine.for
void shifted_keys(int h, int w, signed char in[restrict h][w], int hist[restrict 256])
{
  for (int k = 0; k < 256; k++)
    hist[k] = 0;
  for (int i = 0; i < h; i++)
    for (int j = 0; j < w; j++)
      hist[in[i][j] + 128] += 1;
}

// CHECK-LABEL: func.func @running_sum(
// CHECK-SAME: %[[N:[^:]*]]: index, %[[X:[^:]*]]: memref<?xf64>{{.*}}, %[[Y:[^:]*]]: memref<?xf64>
// CHECK-NEXT: %[[YS:.*]] = memref.subview %[[Y]][0] [%[[N]]] [1]
// CHECK-NEXT: "kernel.launch"(%[[YS]], %[[X]]) {callee = @cumsum_f64, source_order_matches = true, template = "scan.cumsum"}
// CHECK-NEXT: return
void running_sum(int n, double x[restrict n], double y[restrict n])
{
  y[0] = x[0];
  for (int k = 1; k < n; k++)
    y[k] = y[k - 1] + x[k];
}

// Near miss: each element adds the previous input, not its own.
// CHECK-LABEL: func.func @lagged_sum(
// CHECK-NOT: kernel.launch
// CHECK: affine.for
void lagged_sum(int n, double x[restrict n], double y[restrict n])
{
  y[0] = x[0];
  for (int k = 1; k < n; k++)
    y[k] = y[k - 1] + x[k - 1];
}

// Near miss: another store between the first element and the loop, so the two are not
// one run; each stays.
// CHECK-LABEL: func.func @separated(
// CHECK-NOT: kernel.launch
// CHECK: affine.for
void separated(int n, double x[restrict n], double y[restrict n], double z[restrict n])
{
  y[0] = x[0];
  z[0] = 1.0;
  for (int k = 1; k < n; k++)
    y[k] = y[k - 1] + x[k];
}

// Near miss: the running sum starts at its second element.
// CHECK-LABEL: func.func @late_start(
// CHECK-NOT: kernel.launch
// CHECK: affine.for
void late_start(int n, double x[restrict n], double y[restrict n])
{
  y[1] = x[1];
  for (int k = 2; k < n; k++)
    y[k] = y[k - 1] + x[k];
}

// REMARK: loops.c:17:3: remark: matched pva.histogram (2 ops) -> @pva_histogram_i8
// REMARK: loops.c:30:3: remark: no template matches the loop nest; closest sparse.histogram: payload has '+' where the template has 'unsigned(x[k])'
// REMARK: loops.c:43:3: remark: matched scan.cumsum (2 ops) -> @cumsum_f64
// REMARK: loops.c:54:3: remark: no template matches the loop nest; closest scan.cumsum: step 2 {{.*}}: no view of x starts at the template's origin
// REMARK: loops.c:67:3: remark: no template matches the loop nest; closest scan.cumsum: the op is step 2 of scan.cumsum; step 1 (y[0] = x[0]) is missing before it
// REMARK: loops.c:78:3: remark: no template matches the loop nest; closest ew.add: the op is masked to d0 - 2 >= 0, the template has no 'where'
// REMARK: remark: match-kernels: @histogram: coverage FULL, 1 launch(es), 0 residual op(s)
// REMARK: remark: match-kernels: @running_sum: coverage FULL, 1 launch(es), 0 residual op(s)
// REMARK: remark: match-kernels: @separated: coverage NONE, 0 launch(es), 3 residual op(s)
// REMARK-NEXT: residual affine.store at 65:3: store outside any loop or launch
// REMARK-NEXT: residual affine.store at 66:3: store outside any loop or launch
