#ifndef JACOBI_1D_H
#define JACOBI_1D_H
#ifdef MINI_DATASET
#define TSTEPS 6
#define N 30
#else
#define TSTEPS 20
#define N 120
#endif
#define DATA_TYPE double
#define SCALAR_VAL(x) x
#endif
