func.func @kernel_axpy(%n: index, %a: f32, %x: memref<?xf32>, %y: memref<?xf32>) {
  affine.for %i = 0 to %n {
    %xi = affine.load %x[%i] : memref<?xf32>
    %m = arith.mulf %a, %xi : f32
    %yi = affine.load %y[%i] : memref<?xf32>
    %s = arith.addf %m, %yi : f32
    affine.store %s, %y[%i] : memref<?xf32>
  }
  return
}
