func.func @left(%A: memref<8x8xf64>, %B: memref<8x8xf64>, %C: memref<8x8xf64>, %x: memref<8xf64>, %a: f64) {
  %At = memref.transpose %A (i, j) -> (j, i) : memref<8x8xf64> to memref<8x8xf64, strided<[1, 8]>>
  "kernel.launch"(%C, %At, %B, %a, %a) {callee = @gemm_f64, source_order_matches = true, template = "blas.gemm"} : (memref<8x8xf64>, memref<8x8xf64, strided<[1, 8]>>, memref<8x8xf64>, f64, f64) -> ()
  "kernel.launch"(%x, %a) {callee = @fill_f64, source_order_matches = true, template = "blas.fill"} : (memref<8xf64>, f64) -> ()
  "kernel.launch"(%x, %x) {callee = @mystery_f64, source_order_matches = true, template = "test.mystery"} : (memref<8xf64>, memref<8xf64>) -> ()
  return
}
