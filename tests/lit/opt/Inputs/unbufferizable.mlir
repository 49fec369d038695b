func.func @f(%t: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "foo.bar"(%t) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
