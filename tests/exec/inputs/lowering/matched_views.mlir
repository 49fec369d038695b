// Views the matcher binds through (used by test_matched_views_are_bit_exact).
func.func @views(%A: memref<?x?xf64>, %B: memref<?x?xf64>, %C: memref<?x?xf64>,
                 %x: memref<?xf64>, %y: memref<?xf64>, %a: f64, %z: memref<16xf32>,
                 %w: memref<?xf32>, %m: index, %n: index, %k: index) {
  %sA = memref.subview %A[0, 0] [%m, %k] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1]>>
  %sB = memref.subview %B[0, 0] [%n, %k] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1]>>
  %tB = memref.transpose %sB (i, j) -> (j, i) : memref<?x?xf64, strided<[?, 1]>> to memref<?x?xf64, strided<[1, ?]>>
  %sC = memref.subview %C[0, 0] [%m, %n] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1]>>
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%sA, %tB : memref<?x?xf64, strided<[?, 1]>>, memref<?x?xf64, strided<[1, ?]>>) outs(%sC : memref<?x?xf64, strided<[?, 1]>>) {
  ^bb0(%va: f64, %vb: f64, %vc: f64):
    %0 = arith.mulf %va, %vb : f64
    %1 = arith.addf %vc, %0 : f64
    linalg.yield %1 : f64
  }
  %sx = memref.subview %x[1] [%k] [1] : memref<?xf64> to memref<?xf64, strided<[1], offset: 1>>
  %sy = memref.subview %y[3] [%k] [1] : memref<?xf64> to memref<?xf64, strided<[1], offset: 3>>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%sx : memref<?xf64, strided<[1], offset: 1>>) outs(%sy : memref<?xf64, strided<[1], offset: 3>>) {
  ^bb0(%vx: f64, %vy: f64):
    %0 = arith.mulf %a, %vx : f64
    %1 = arith.addf %vy, %0 : f64
    linalg.yield %1 : f64
  }
  %cz = memref.cast %z : memref<16xf32> to memref<?xf32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%cz : memref<?xf32>) outs(%w : memref<?xf32>) {
  ^bb0(%vz: f32, %vw: f32):
    linalg.yield %vz : f32
  }
  return
}
