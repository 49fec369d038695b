/* Stand-in for PolyBench/C's utility header: the macro conventions only. */
#ifndef POLYBENCH_H
#define POLYBENCH_H

#include <stdlib.h>

#ifndef POLYBENCH_PADDING_FACTOR
#define POLYBENCH_PADDING_FACTOR 0
#endif

#ifdef POLYBENCH_USE_RESTRICT
#define POLYBENCH_RESTRICT restrict
#else
#define POLYBENCH_RESTRICT
#endif

/* Kernel prototypes take the run-time sizes with C99 VLAs, the constants otherwise. */
#ifdef POLYBENCH_USE_C99_PROTO
#define POLYBENCH_C99_SELECT(x, y) y
#else
#define POLYBENCH_C99_SELECT(x, y) x
#endif

#define POLYBENCH_1D(var, dim1, ddim1) \
  var[POLYBENCH_RESTRICT POLYBENCH_C99_SELECT(dim1, ddim1) + POLYBENCH_PADDING_FACTOR]
#define POLYBENCH_2D(var, dim1, dim2, ddim1, ddim2)                                  \
  var[POLYBENCH_RESTRICT POLYBENCH_C99_SELECT(dim1, ddim1) + POLYBENCH_PADDING_FACTOR] \
     [POLYBENCH_C99_SELECT(dim2, ddim2) + POLYBENCH_PADDING_FACTOR]

#define POLYBENCH_1D_ARRAY_DECL(var, type, dim1, ddim1)                   \
  type(*var)[dim1 + POLYBENCH_PADDING_FACTOR] = polybench_alloc_data(     \
      (dim1) + POLYBENCH_PADDING_FACTOR, sizeof(type))
#define POLYBENCH_2D_ARRAY_DECL(var, type, dim1, dim2, ddim1, ddim2)                       \
  type(*var)[dim1 + POLYBENCH_PADDING_FACTOR][dim2 + POLYBENCH_PADDING_FACTOR] =           \
      polybench_alloc_data(((dim1) + POLYBENCH_PADDING_FACTOR) *                           \
                               ((dim2) + POLYBENCH_PADDING_FACTOR), sizeof(type))
#define POLYBENCH_ARRAY(x) *x
#define POLYBENCH_FREE_ARRAY(x) free((void *)x)

#define polybench_start_instruments
#define polybench_stop_instruments
#define polybench_print_instruments
/* Prints only in a run no one makes, so the compiler keeps the results alive. */
#define polybench_prevent_dce(func) \
  if (argc > 42 && !argv[0][0]) func

#define POLYBENCH_DUMP_TARGET stderr

void *polybench_alloc_data(unsigned long long n, int elem_size);

#endif
