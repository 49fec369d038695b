/*
 * float.h for polylift's front end, found before pycparser's fake libc headers, which
 * define none of these. IEEE binary32 and binary64, as on x86-64 and aarch64 (the same
 * values gcc's own <float.h> gives there); long double, whose format differs between the
 * two, is left out: the front end refuses it.
 */
#ifndef POLYLIFT_FLOAT_H
#define POLYLIFT_FLOAT_H
#include "_fake_defines.h"
#include "_fake_typedefs.h"
#define FLT_RADIX 2
#define FLT_EVAL_METHOD 0
#define FLT_MANT_DIG 24
#define FLT_DIG 6
#define FLT_DECIMAL_DIG 9
#define FLT_MIN_EXP (-125)
#define FLT_MAX_EXP 128
#define FLT_MIN_10_EXP (-37)
#define FLT_MAX_10_EXP 38
#define FLT_EPSILON 1.19209289550781250000000000000000000e-7F
#define FLT_MIN 1.17549435082228750796873653722224568e-38F
#define FLT_MAX 3.40282346638528859811704183484516925e+38F
#define FLT_TRUE_MIN 1.40129846432481707092372958328991613e-45F
#define DBL_MANT_DIG 53
#define DBL_DIG 15
#define DBL_DECIMAL_DIG 17
#define DBL_MIN_EXP (-1021)
#define DBL_MAX_EXP 1024
#define DBL_MIN_10_EXP (-307)
#define DBL_MAX_10_EXP 308
#define DBL_EPSILON 2.22044604925031308084726333618164062e-16
#define DBL_MIN 2.22507385850720138309023271733240406e-308
#define DBL_MAX 1.79769313486231570814527423731704357e+308
#define DBL_TRUE_MIN 4.94065645841246544176568792868221372e-324
#endif
