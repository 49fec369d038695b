/* Stand-in for PolyBench/C's utility code: zeroed, aligned heap arrays. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "polybench.h"

void *polybench_alloc_data(unsigned long long n, int elem_size) {
  size_t bytes = (size_t)n * (size_t)elem_size;
  void *p = NULL;
  if (posix_memalign(&p, 64, bytes ? bytes : 1) != 0) {
    fprintf(stderr, "polybench_alloc_data: out of memory\n");
    exit(1);
  }
  memset(p, 0, bytes);
  return p;
}
