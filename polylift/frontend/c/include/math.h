/*
 * math.h for polylift's front end, found before pycparser's fake libc headers, which
 * define none of its constants. NAN, INFINITY, HUGE_VAL and HUGE_VALF expand to the
 * builtins gcc's own header uses, which the front end reads as the constants C gives
 * them: NAN a float quiet NaN with a clear sign and payload (the bits __builtin_nanf("")
 * has), INFINITY and HUGE_VALF float infinity, HUGE_VAL double infinity.
 */
#ifndef POLYLIFT_MATH_H
#define POLYLIFT_MATH_H
#include "_fake_defines.h"
#include "_fake_typedefs.h"
#define NAN (__builtin_nanf(""))
#define INFINITY (__builtin_inff())
#define HUGE_VALF (__builtin_huge_valf())
#define HUGE_VAL (__builtin_huge_val())
#endif
