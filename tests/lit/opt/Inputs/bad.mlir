func.func @g() {
  %0 = arith.constant 1.0 : f64
  bogus
}
