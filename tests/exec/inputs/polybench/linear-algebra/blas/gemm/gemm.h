#ifndef GEMM_H
#define GEMM_H
#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && !defined(LARGE_DATASET)
#define SMALL_DATASET
#endif
#ifdef MINI_DATASET
#define NI 12
#define NJ 14
#define NK 16
#else
#define NI 40
#define NJ 44
#define NK 48
#endif
#define DATA_TYPE double
#define SCALAR_VAL(x) x
#define DATA_PRINTF_MODIFIER "%0.2lf "
#endif
