#ifndef ATAX_H
#define ATAX_H
#ifdef MINI_DATASET
#define M 18
#define N 22
#else
#define M 38
#define N 42
#endif
#define DATA_TYPE double
#define DATA_PRINTF_MODIFIER "%0.2lf "
#endif
