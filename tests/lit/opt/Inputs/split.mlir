func.func @a(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  %1 = arith.addi %x, %x : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}

// -----

module {
  func.func @b() {
    return
  }
}
// -----
func.func @c() {
  return
}
