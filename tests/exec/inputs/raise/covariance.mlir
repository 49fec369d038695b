// EXPECT-GENERICS: 4
// The mean and centering steps of covariance.
func.func @kernel_covariance_mean(%m: index, %n: index, %float_n: f64, %data: memref<?x?xf64>,
                                  %mean: memref<?xf64>) {
  %zero = arith.constant 0.0 : f64
  affine.for %j = 0 to %m {
    affine.store %zero, %mean[%j] : memref<?xf64>
    affine.for %i = 0 to %n {
      %d = affine.load %data[%i, %j] : memref<?x?xf64>
      %mv = affine.load %mean[%j] : memref<?xf64>
      %s = arith.addf %mv, %d : f64
      affine.store %s, %mean[%j] : memref<?xf64>
    }
    %mv = affine.load %mean[%j] : memref<?xf64>
    %q = arith.divf %mv, %float_n : f64
    affine.store %q, %mean[%j] : memref<?xf64>
  }
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %m {
      %d = affine.load %data[%i, %j] : memref<?x?xf64>
      %mv = affine.load %mean[%j] : memref<?xf64>
      %c = arith.subf %d, %mv : f64
      affine.store %c, %data[%i, %j] : memref<?x?xf64>
    }
  }
  return
}
