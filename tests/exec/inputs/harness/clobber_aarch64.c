/* A replacement for kernel_clobber that adds 2 (so a test sees that it ran) and then
   fills every caller-saved register of the AAPCS64 with junk before returning. */
void kernel_clobber(int n, double *x)
{
  for (int i = 0; i < n; i++)
    x[i] = x[i] + 2.0;
  __asm__ volatile(
      "mov x0, #0x7777\n mov x1, #0x7777\n mov x2, #0x7777\n mov x3, #0x7777\n"
      "mov x4, #0x7777\n mov x5, #0x7777\n mov x6, #0x7777\n mov x7, #0x7777\n"
      "mov x8, #0x7777\n mov x9, #0x7777\n mov x10, #0x7777\n mov x11, #0x7777\n"
      "mov x12, #0x7777\n mov x13, #0x7777\n mov x14, #0x7777\n mov x15, #0x7777\n"
      "mov x16, #0x7777\n mov x17, #0x7777\n"
      "movi v0.2d, #0xffffffffffffffff\n movi v1.2d, #0xffffffffffffffff\n"
      "movi v2.2d, #0xffffffffffffffff\n movi v3.2d, #0xffffffffffffffff\n"
      "movi v4.2d, #0xffffffffffffffff\n movi v5.2d, #0xffffffffffffffff\n"
      "movi v6.2d, #0xffffffffffffffff\n movi v7.2d, #0xffffffffffffffff\n"
      "movi v16.2d, #0xffffffffffffffff\n movi v17.2d, #0xffffffffffffffff\n"
      "movi v18.2d, #0xffffffffffffffff\n movi v19.2d, #0xffffffffffffffff\n"
      "movi v20.2d, #0xffffffffffffffff\n movi v21.2d, #0xffffffffffffffff\n"
      "movi v22.2d, #0xffffffffffffffff\n movi v23.2d, #0xffffffffffffffff\n"
      "movi v24.2d, #0xffffffffffffffff\n movi v25.2d, #0xffffffffffffffff\n"
      "movi v26.2d, #0xffffffffffffffff\n movi v27.2d, #0xffffffffffffffff\n"
      "movi v28.2d, #0xffffffffffffffff\n movi v29.2d, #0xffffffffffffffff\n"
      "movi v30.2d, #0xffffffffffffffff\n movi v31.2d, #0xffffffffffffffff\n"
      ::: "x0", "x1", "x2", "x3", "x4", "x5", "x6", "x7", "x8", "x9", "x10", "x11", "x12",
          "x13", "x14", "x15", "x16", "x17", "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7",
          "v16", "v17", "v18", "v19", "v20", "v21", "v22", "v23", "v24", "v25", "v26",
          "v27", "v28", "v29", "v30", "v31", "memory");
}
