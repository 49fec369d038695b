/* Shared by the programs of this directory: their kernels' arrays are `restrict` only
   under -DALIAS_RESTRICT, whose programs make only the calls on distinct arrays. */
#include <stdio.h>
#include <stdlib.h>

#ifdef ALIAS_RESTRICT
#define R restrict
#else
#define R
#endif
